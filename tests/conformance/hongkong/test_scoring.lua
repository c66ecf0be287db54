-- Hong Kong Old Style: one case per faan item (§12), the definitions of §13 (overlaps,
-- superseded items), the minimum (§11.2), the limit (§11.3), the money tables (§14) and
-- every option of the registry (§15).
local lu = require "luaunit"
local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")

local function each_pays(winner, n)        -- a self-drawn win: every loser pays n
  local p = { E = -n, S = -n, W = -n, N = -n }
  p[winner] = 3 * n
  return p
end

---------------------------------------------------------------------------------------------
TestHandShape = {}   -- §12.1

function TestHandShape.test_H1_chicken_hand()
  hk.wins({ seat = "S", round = "E", hand = "234m678p345s55s [888m]", win_tile = "5s",
            win_by = "discard", from = "W", options = { min_faan = 0 } },
          { faan = 0, items = { { "Chicken hand", 0 } },
            payments = { S = 4, W = -2, E = -1, N = -1 } })
end

function TestHandShape.test_H2_common_hand_any_pair()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s11z", win_tile = "4s",
            win_by = "discard", from = "E", options = { min_faan = 0 } },
          { faan = 2, items = { { "Common hand", 1 }, { "Concealed hand", 1 } },
            payments = { S = 16, E = -8, W = -4, N = -4 } })
end

function TestHandShape.test_H2_common_hand_pair_suited_option()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s11z", win_tile = "4s",
            win_by = "discard", from = "E", options = { min_faan = 0, common_hand_pair = "suited" } },
          { faan = 1, items = { { "Concealed hand", 1 } } })
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s11s", win_tile = "4s",
            win_by = "discard", from = "E", options = { min_faan = 0, common_hand_pair = "suited" } },
          { faan = 2, items = { { "Common hand", 1 }, { "Concealed hand", 1 } } })
end

function TestHandShape.test_H3_all_pungs_with_a_kong()          -- §13.4 a kong counts as a pung
  hk.wins({ seat = "S", round = "E", hand = "222m888p55s [333s]@W [6666m]@N", win_tile = "5s",
            win_by = "discard", from = "W" },
          { faan = 3, items = { { "All pungs", 3 } },
            payments = { S = 32, W = -16, E = -8, N = -8 } })
end

function TestHandShape.test_H4_four_concealed_pungs_self_drawn()
  hk.wins({ seat = "S", round = "E", hand = "222m888p555s666m99s", win_tile = "5s", win_by = "self" },
          { faan = 10, items = { { "Four concealed pungs", 8 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } },
            payments = each_pays("S", 128) })
end

-- §13.1: a pung completed by a discarded winning tile is exposed for H4 only (H15 stays).
function TestHandShape.test_H4_not_when_a_discard_completes_a_pung()
  hk.wins({ seat = "S", round = "E", hand = "222m888p555s666m99s", win_tile = "5s",
            win_by = "discard", from = "N" },
          { faan = 4, items = { { "All pungs", 3 }, { "Concealed hand", 1 } } })
end

function TestHandShape.test_H4_when_a_discard_completes_the_pair()
  hk.wins({ seat = "S", round = "E", hand = "222m888p555s666m99s", win_tile = "9s",
            win_by = "discard", from = "N" },
          { faan = 9, items = { { "Four concealed pungs", 8 }, { "Concealed hand", 1 } } })
end

function TestHandShape.test_H4_with_a_concealed_kong_but_no_H15()
  hk.wins({ seat = "S", round = "E", hand = "888p555s666m99s [2222m]c", win_tile = "5s", win_by = "self" },
          { faan = 9, items = { { "Four concealed pungs", 8 }, { "Self-drawn", 1 } } })
end

function TestHandShape.test_H4_limit_option()
  hk.wins({ seat = "S", round = "E", hand = "222m888p555s666m99s", win_tile = "9s",
            win_by = "discard", from = "N", options = { four_concealed = "limit", faan_limit = 13 } },
          { faan = 13, limit = "Four concealed pungs",
            items = { { "Four concealed pungs", 13 }, { "Concealed hand", 1 } } })
end

-- §11.1: the arrangement that gives the most faan (three pungs beat three chows here).
function TestHandShape.test_best_arrangement()
  hk.wins({ seat = "S", round = "E", hand = "111222333m555p99s", win_tile = "5p", win_by = "self" },
          { faan = 10, items = { { "Four concealed pungs", 8 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } } })
end

---------------------------------------------------------------------------------------------
TestSuit = {}   -- §12.2, §13.2

function TestSuit.test_H5_mixed_one_suit_counts_the_melds()
  hk.wins({ seat = "S", round = "E", hand = "123456p99p [777p]@N [333z]@W", win_tile = "9p",
            win_by = "discard", from = "W" },
          { faan = 3, items = { { "Mixed one suit", 3 } } })
end

function TestSuit.test_H6_pure_one_suit_and_its_option()
  local s = { seat = "S", round = "E", hand = "123456p99p [777p]@N [345p]@E", win_tile = "9p",
              win_by = "discard", from = "W" }
  hk.wins(s, { faan = 7, items = { { "Pure one suit", 7 } }, payments = { S = 128, W = -64, E = -32, N = -32 } })
  s.options = { pure_suit_faan = 6 }
  hk.wins(s, { faan = 6, items = { { "Pure one suit", 6 } }, payments = { S = 64, W = -32, E = -16, N = -16 } })
end

function TestSuit.test_two_suits_score_no_suit_item()
  hk.refused({ seat = "S", round = "E", hand = "123456p99s [777p]@N [345p]@E", win_tile = "9s",
               win_by = "discard", from = "W" }, "0 faan")
end

---------------------------------------------------------------------------------------------
TestTerminalsAndHonours = {}   -- §12.3, §12.4, §13.5

-- H7 with H3 = 4; the pair of the seat wind scores nothing (§13.5).
function TestTerminalsAndHonours.test_H7_mixed_orphans_with_all_pungs()
  hk.wins({ seat = "S", round = "E", hand = "111m999p111s22z [999s]@E", win_tile = "2z",
            win_by = "discard", from = "W" },
          { faan = 4, items = { { "All pungs", 3 }, { "Mixed orphans", 1 } },
            payments = { S = 64, W = -32, E = -16, N = -16 } })
end

function TestTerminalsAndHonours.test_H8_each_dragon_pung_and_kong()
  hk.wins({ seat = "S", round = "E", hand = "123m456p11s [5555z]@N [666z]@W", win_tile = "1s",
            win_by = "discard", from = "W", options = { min_faan = 0 } },
          { faan = 2, items = { { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 } } })
end

function TestTerminalsAndHonours.test_H9_seat_wind_only()
  hk.wins({ seat = "W", round = "E", hand = "123m456p11s [333z]@N [789s]@S", win_tile = "1s",
            win_by = "discard", from = "N", options = { min_faan = 0 } },
          { faan = 1, items = { { "Seat-wind pung/kong", 1 } } })
end

function TestTerminalsAndHonours.test_H10_prevailing_wind_only()
  hk.wins({ seat = "W", round = "S", hand = "123m456p11s [222z]@N [789s]@S", win_tile = "1s",
            win_by = "discard", from = "N", options = { min_faan = 0 } },
          { faan = 1, items = { { "Prevailing-wind pung/kong", 1 } } })
end

function TestTerminalsAndHonours.test_pairs_never_score()
  hk.wins({ seat = "E", round = "E", hand = "123m456p11z [777s]@W [345m]@N", win_tile = "1z",
            win_by = "discard", from = "S", options = { min_faan = 0 } },
          { faan = 0, items = { { "Chicken hand", 0 } } })
end

function TestTerminalsAndHonours.test_H13_small_four_winds()
  hk.wins({ seat = "S", round = "E", hand = "222z33z44z123m3z [111z]@W", win_tile = "3z",
            win_by = "discard", from = "W" },
          { faan = 8, items = { { "Mixed one suit", 3 }, { "Seat-wind pung/kong", 1 },
                                { "Prevailing-wind pung/kong", 1 }, { "Small four winds", 3 } } })
end

---------------------------------------------------------------------------------------------
TestLimitHands = {}   -- §12.7, §11.5: limit hands replace H1-H13; winning-way items add

function TestLimitHands.test_L1_all_honours()
  hk.wins({ seat = "S", round = "E", hand = "111z222z555z66z [777z]@W", win_tile = "6z", win_by = "self" },
          { faan = 10, limit = "All honours", items = { { "All honours", 10 }, { "Self-drawn", 1 } },
            payments = each_pays("S", 128) })
end

function TestLimitHands.test_L2_orphans()
  hk.wins({ seat = "S", round = "E", hand = "111m999m111p99p [999s]@N", win_tile = "9p",
            win_by = "discard", from = "W" },
          { faan = 10, limit = "Orphans", items = { { "Orphans", 10 } },
            payments = { S = 256, W = -128, E = -64, N = -64 } })
end

function TestLimitHands.test_L3_nine_gates()
  hk.wins({ seat = "S", round = "E", hand = "11123455678999m", win_tile = "5m", win_by = "self" },
          { faan = 10, limit = "Nine gates",
            items = { { "Nine gates", 10 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } } })
end

function TestLimitHands.test_L4_big_four_winds()
  hk.wins({ seat = "S", round = "E", hand = "111z222z333z444z55m", win_tile = "5m",
            win_by = "discard", from = "W" },
          { faan = 10, limit = "Big four winds", items = { { "Big four winds", 13 }, { "Concealed hand", 1 } } })
end

function TestLimitHands.test_L6_all_kongs()
  hk.wins({ seat = "S", round = "E", hand = "55m [1111m]@W [2222p]@W [3333s]c [4444z]@N",
            win_tile = "5m", win_by = "self" },
          { faan = 10, limit = "All kongs", items = { { "All kongs", 13 }, { "Self-drawn", 1 } } })
end

function TestLimitHands.test_L7_heavenly_hand()
  hk.wins({ seat = "E", round = "E", hand = "123m456m789p234s55p", win_tile = "5p", win_by = "self",
            flags = { "first_turn" } },
          { faan = 10, limit = "Heavenly hand",
            items = { { "Heavenly hand", 13 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } },
            payments = each_pays("E", 128) })
end

function TestLimitHands.test_L8_earthly_hand()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p",
            win_by = "discard", from = "E", flags = { "first_turn" } },
          { faan = 10, limit = "Earthly hand", items = { { "Earthly hand", 13 }, { "Concealed hand", 1 } } })
end

function TestLimitHands.test_humanly_hand_option()
  local s = { seat = "W", round = "E", hand = "123m456m789p234s55p", win_tile = "5p",
              win_by = "discard", from = "S", flags = { "first_turn" }, options = { min_faan = 0 } }
  hk.wins(s, { faan = 2, items = { { "Common hand", 1 }, { "Concealed hand", 1 } } })
  s.options.humanly_hand = true
  hk.wins(s, { faan = 10, limit = "Humanly hand", items = { { "Humanly hand", 13 }, { "Concealed hand", 1 } } })
end

function TestLimitHands.test_unlimited_faan_adds_everything()
  hk.wins({ seat = "S", round = "E", hand = "111z222z555z66z [777z]@W", win_tile = "6z", win_by = "self",
            options = { unlimited_faan = true, faan_limit = "none", money_table = "doubling" } },
          { faan = 21, limit = "All honours",
            items = { { "All honours", 10 }, { "All pungs", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                      { "Seat-wind pung/kong", 1 }, { "Prevailing-wind pung/kong", 1 },
                      { "Small three dragons", 3 }, { "Self-drawn", 1 } },
            payments = each_pays("S", 2 * (1 << 21)) })
end

---------------------------------------------------------------------------------------------
TestWayOfWinning = {}   -- §12.5

function TestWayOfWinning.test_H15_concealed_kong_option()
  local s = { seat = "S", round = "E", hand = "123m456m789m11z [5555p]c", win_tile = "1z",
              win_by = "self", options = { min_faan = 0 } }
  hk.wins(s, { faan = 1, items = { { "Self-drawn", 1 } } })
  s.options.concealed_kong_ok = true
  hk.wins(s, { faan = 2, items = { { "Self-drawn", 1 }, { "Concealed hand", 1 } } })
end

function TestWayOfWinning.test_H17_kong_upon_kong_replaces_H16()
  hk.wins({ seat = "S", round = "E", hand = "678999m11z [2222m]+ [5555p]c", win_tile = "9m",
            win_by = "self", flags = { "kong_replacement", "kong_upon_kong" } },
          { faan = 9, items = { { "Self-drawn", 1 }, { "Kong upon kong", 8 } } })
end

function TestWayOfWinning.test_H19_last_tile()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p", win_by = "self",
            flags = { "last_tile" } },
          { faan = 4, items = { { "Common hand", 1 }, { "Self-drawn", 1 }, { "Concealed hand", 1 },
                                { "Last tile", 1 } } })
end

function TestWayOfWinning.test_H20_last_discard_needs_its_option()
  local s = { seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p",
              win_by = "discard", from = "N", flags = { "last_tile" } }
  hk.invalid(s, "hk.last_discard")
  s.options = { last_discard = true }
  hk.wins(s, { faan = 3, items = { { "Common hand", 1 }, { "Concealed hand", 1 }, { "Last discard", 1 } } })
end

---------------------------------------------------------------------------------------------
TestBonusTiles = {}   -- §12.6

function TestBonusTiles.test_H22_complete_set_replaces_H21()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s55p f1 f2 f3 f4 g2", win_tile = "5p",
            win_by = "self", options = { use_flowers = true } },
          { faan = 6, items = { { "Common hand", 1 }, { "Self-drawn", 1 }, { "Concealed hand", 1 },
                                { "Seat flower / seat season", 1 }, { "Complete set", 2 } } })
end

function TestBonusTiles.test_H23_no_bonus_tiles()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p",
            win_by = "self", options = { use_flowers = true } },
          { faan = 4, items = { { "Common hand", 1 }, { "Self-drawn", 1 }, { "Concealed hand", 1 },
                                { "No bonus tiles", 1 } } })
end

function TestBonusTiles.test_concealed_with_flowers_option()
  hk.wins({ seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p",
            win_by = "self", options = { use_flowers = true, concealed_with_flowers = false, min_faan = 0 } },
          { faan = 3, items = { { "Common hand", 1 }, { "Self-drawn", 1 }, { "No bonus tiles", 1 } } })
end

-- §11.2: bonus-tile faan do not count toward the minimum.
function TestBonusTiles.test_bonus_faan_do_not_reach_the_minimum()
  hk.refused({ seat = "S", round = "E", hand = "123m456m789p234s55p f2 g2", win_tile = "5p",
               win_by = "discard", from = "E", options = { use_flowers = true } }, "2 faan, below the minimum")
end

function TestBonusTiles.test_H24_seven_bonus_tiles_paid_as_self_drawn()
  hk.wins({ seat = "S", round = "E", hand = "1479m258p369s1234z f1 f2 f3 f4 g1 g2 g3", win_tile = "4z",
            win_by = "self", options = { use_flowers = true } },
          { faan = 3, items = { { "Seven bonus tiles", 3 } }, payments = each_pays("S", 16) })
end

function TestBonusTiles.test_H25_eight_bonus_tiles()
  hk.wins({ seat = "S", round = "E", hand = "1479m258p369s1234z f1 f2 f3 f4 g1 g2 g3 g4", win_tile = "4z",
            win_by = "self", options = { use_flowers = true } },
          { faan = 8, items = { { "Eight bonus tiles", 8 } }, payments = each_pays("S", 64) })
end

-- A flower win as play makes it (§12.6: at once, before the replacement): win_by "flowers",
-- the 13 tiles held and the bonus tile that made seven as win_tile; no from, no flags.
function TestBonusTiles.test_H24_win_by_flowers()
  local s = { seat = "S", round = "E", hand = "123m456p789s555s1z f1 f2 f3 f4 g1 g2 g3", win_tile = "g3",
              win_by = "flowers", options = { use_flowers = true } }
  hk.wins(s, { faan = 3, items = { { "Seven bonus tiles", 3 } }, payments = each_pays("S", 16) })
  s.from = "E"
  hk.invalid(s, "paid as self-drawn: no from")
  s.from, s.hand, s.win_tile = nil, "123m456p789s555s1z f1 f2 f3 f4 g1 g2", "g2"
  hk.refused(s, "not a complete hand")
end

-- §9.2 covers a self-drawn pure one-suit hand: a flower win of a player calling 12 pieces
-- is paid by all three as self-drawn, not by the feeder of his fourth set.
function TestBonusTiles.test_flower_win_carries_no_liability()
  hk.wins({ seat = "W", round = "E", hand = "5p [111p]@E [444p]@N [777p]@E [222p]@E f1 f2 f3 f4 g1 g2 g3",
            win_tile = "g3", win_by = "flowers", options = { use_flowers = true } },
          { faan = 3, items = { { "Seven bonus tiles", 3 } }, payments = each_pays("W", 16) })
  hk.wins({ seat = "W", round = "E", hand = "56p [111p]@E [444p]@N [777p]@E [222p]@E f1 f2 f3 f4 g1 g2 g3",
            win_tile = "6p", win_by = "self", options = { use_flowers = true } },
          { faan = 3, items = { { "Seven bonus tiles", 3 } }, payments = each_pays("W", 16) })
end

function TestBonusTiles.test_flower_wins_option_off()
  hk.refused({ seat = "S", round = "E", hand = "1479m258p369s1234z f1 f2 f3 f4 g1 g2 g3", win_tile = "4z",
               win_by = "self", options = { use_flowers = true, flower_wins = false } }, "not a complete hand")
end

function TestBonusTiles.test_bonus_tiles_need_the_flowers_option()
  hk.invalid({ seat = "S", round = "E", hand = "123m456m789p234s55p f1", win_tile = "5p", win_by = "self" },
             "hk.use_flowers")
end

---------------------------------------------------------------------------------------------
TestLimitAndMoney = {}   -- §11.3, §14

local EX5 = { seat = "W", round = "S", hand = "111234567789p55p", win_tile = "8p", win_by = "self" }
local function ex5(options)
  local s = {}
  for k, v in pairs(EX5) do s[k] = v end
  s.options = options
  return s
end
local EX5_ITEMS = { { "Pure one suit", 7 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } }

function TestLimitAndMoney.test_tiered_table_by_faan()
  -- u = 1, 2, 4, 8, 16 (4-6), 32 (7-9), 64 (10+): a discard win pays 4u in all
  local cases = {
    { "234m678p345s55s [888m]", "5s", 0, 1 },
    { "555m234s11z66z6z [1111p]c", "6z", 1, 2 },
    { "555678p11z [234p]@W [789p]@W", "8p", 3, 8 },
  }
  for _, c in ipairs(cases) do
    local r = hk.score({ seat = "N", round = "E", hand = c[1], win_tile = c[2], win_by = "discard",
                         from = "E", options = { min_faan = 0 } })
    lu.assertEquals(r.value.faan, c[3])
    lu.assertEquals(r.payments.N, 4 * c[4])
    lu.assertEquals(r.payments.E, -2 * c[4])
  end
end

function TestLimitAndMoney.test_faan_limit_8()
  hk.wins(ex5({ faan_limit = 8 }), { faan = 8, limit = "Limit", items = EX5_ITEMS, payments = each_pays("W", 128) })
end

function TestLimitAndMoney.test_faan_limit_13_changes_nothing_on_the_tiered_table()
  hk.wins({ seat = "W", round = "S", hand = "777z234s99s [555z] [666z]", win_tile = "9s", win_by = "self",
            options = { faan_limit = 13 } },
          { faan = 12, items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                                 { "Dragon pung/kong", 1 }, { "Big three dragons", 5 }, { "Self-drawn", 1 } },
            payments = each_pays("W", 128) })
end

function TestLimitAndMoney.test_faan_limit_none()
  hk.wins({ seat = "S", round = "E", hand = "19m199p19s1234567z", win_tile = "9p", win_by = "self",
            options = { faan_limit = "none", money_table = "doubling" } },
          { faan = 15, limit = "Thirteen orphans",
            items = { { "Thirteen orphans", 13 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } },
            payments = each_pays("S", 2 * (1 << 15)) })
end

function TestLimitAndMoney.test_doubling_table()
  hk.wins(ex5({ money_table = "doubling" }), { faan = 9, items = EX5_ITEMS, payments = each_pays("W", 1024) })
  hk.wins(ex5({ money_table = "doubling", faan_limit = 7 }),
          { faan = 7, limit = "Limit", items = EX5_ITEMS, payments = each_pays("W", 256) })
end

function TestLimitAndMoney.test_half_spicy_table()
  hk.wins(ex5({ money_table = "half_spicy" }), { faan = 9, items = EX5_ITEMS, payments = each_pays("W", 192) })
end

function TestLimitAndMoney.test_full_gun()
  hk.wins({ seat = "N", round = "E", hand = "555678p11z [234p]@W [789p]@W", win_tile = "8p",
            win_by = "discard", from = "E", options = { discard_payment = "full_gun" } },
          { faan = 3, items = { { "Mixed one suit", 3 } }, payments = { N = 32, E = -32, S = 0, W = 0 } })
end

function TestLimitAndMoney.test_mjc_preset()
  local o = { faan_preset = "mjc" }
  hk.wins({ seat = "N", round = "E", hand = "234678m77z [555z] [666z]", win_tile = "8m",
            win_by = "discard", from = "S", options = o },
          { faan = 6, items = { { "Mixed one suit", 2 }, { "Small three dragons", 4 } },
            payments = { N = 64, S = -32, E = -16, W = -16 } })
  hk.wins({ seat = "E", round = "E", hand = "777m99s555p [111z] [333p]", win_tile = "5p",
            win_by = "discard", from = "N", options = o },
          { faan = 4, items = { { "All pungs", 2 }, { "Seat-wind pung/kong", 1 }, { "Prevailing-wind pung/kong", 1 } } })
  hk.wins({ seat = "W", round = "S", hand = "777z234s99s [555z] [666z]", win_tile = "9s", win_by = "self", options = o },
          { faan = 10, limit = "Big three dragons", items = { { "Big three dragons", 10 }, { "Self-drawn", 1 } } })
  hk.wins(ex5(o), { faan = 6, items = { { "Pure one suit", 4 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } } })
end

-- §12.8: under mjc all terminals (L2 Orphans) is worth the limit, like Big three dragons;
-- in the standard table it is 10 whatever the limit (§12.7).
function TestLimitAndMoney.test_mjc_all_terminals_is_worth_the_limit()
  local s = { seat = "S", round = "E", hand = "111999m111p99p [999s]@E", win_tile = "9p", win_by = "discard",
              from = "E", options = { faan_preset = "mjc", faan_limit = 13, money_table = "doubling" } }
  hk.wins(s, { faan = 13, limit = "Orphans", items = { { "Orphans", 13 } },
               payments = { S = 4 * 8192, E = -2 * 8192, W = -8192, N = -8192 } })
  s.options.faan_preset = nil
  hk.wins(s, { faan = 10, limit = "Orphans", items = { { "Orphans", 10 } },
               payments = { S = 4 * 1024, E = -2 * 1024, W = -1024, N = -1024 } })
end

function TestLimitAndMoney.test_penalty_amounts()
  local R = hk.rules()
  lu.assertEquals(R.penalty("wrong_hand_size", "E"), { E = -384, S = 128, W = 128, N = 128 })
  lu.assertEquals(R.penalty("mistaken_claim", "N", { penalty_amount = 50 }), { E = 50, S = 50, W = 50, N = -150 })
  lu.assertEquals(R.penalty("false_win", "W", { money_table = "doubling", faan_limit = 7 }),
                  { E = 256, S = 256, W = -768, N = 256 })
  lu.assertNil((R.penalty("dozing", "W")))
end

---------------------------------------------------------------------------------------------
TestSituation = {}   -- situations that cannot hold

function TestSituation.test_chee_only_from_the_left()
  hk.invalid({ seat = "N", round = "E", hand = "555678p11z [234p]@E [789p]@W", win_tile = "8p",
               win_by = "discard", from = "E" }, "player on the left")
end

function TestSituation.test_flags_that_cannot_hold()
  local base = { seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p" }
  local function with(t)
    for k, v in pairs(base) do if t[k] == nil then t[k] = v end end
    return t
  end
  hk.invalid(with { win_by = "self", flags = { "kong_replacement" } }, "kong_replacement")
  hk.invalid(with { win_by = "self", flags = { "robbing_kong" } }, "robbing_kong")
  hk.invalid(with { win_by = "discard", from = "S", flags = {} }, "own seat")
  hk.invalid(with { win_by = "discard", from = "E", flags = { "first_turn" }, hand = "123m456m55p [789p]@E [234s]@E" },
             "first_turn")
  hk.invalid(with { win_by = "self", flags = { "riichi" } }, "unknown flag")
end

function TestSituation.test_bad_option_values()
  local s = { seat = "S", round = "E", hand = "123m456m789p234s55p", win_tile = "5p", win_by = "self" }
  s.options = { faan_limit = 0 }
  hk.invalid(s, "faan_limit")
  s.options = { money_table = "spicy" }
  hk.invalid(s, "money_table")
  s.options = { ["hk.min_faan"] = -1 }
  hk.invalid(s, "min_faan")
end

---------------------------------------------------------------------------------------------
TestRegistry = {}   -- §15: every option with its default; the play options through the hooks

function TestRegistry.test_every_option_and_default()
  local want = {
    use_flowers = false, min_faan = 3, faan_limit = 10, money_table = "tiered", discard_payment = "half_gun",
    multi_win = "first_in_turn", rob_kong = "promoted", dead_wall14 = false, last_discard = false,
    draw_keeps_dealer = true, liability_announce = "auto", liability_hands = "pure_suit",
    fifth_tile_penalty = false, pure_suit_faan = 7, four_concealed = 8, common_hand_pair = "any",
    concealed_kong_ok = false, concealed_with_flowers = true, flower_wins = true, humanly_hand = false,
    unlimited_faan = false, faan_preset = "standard", penalty_amount = "max", seating = "wind_draw", rounds = 4,
  }
  local R = hk.rules()
  lu.assertEquals(R.option_prefix, "hk.")
  local got = {}
  for name, spec in pairs(R.options) do
    got[name] = spec.default
    lu.assertStrContains(spec.doc, "§")
  end
  lu.assertEquals(got, want)
end

-- §4, §6, §7, §8: the play options become engine settings (docs/hooks.md).
function TestRegistry.test_engine_settings()
  local R = hk.rules()
  lu.assertEquals(R.tiles, 136)
  lu.assertNil(R.chow_from)          -- §7.2 chee only from the left: the engine's default relation
  lu.assertEquals(R.forms, { "standard", "thirteen_orphans" })
  local e = jong.engine_settings(R, assert(jong.resolve_options(R, {})))
  lu.assertEquals({ e.bonus, e.side, e.dice, e.dead_policy, e.reserve, e.multi_win, e.last_discard, e.rounds },
                  { false, 17, 3, "none", 0, "nearest", "none", 4 })
  lu.assertEquals(e.precedence, { win = 3, kong = 2, pung = 2, chow = 1 })
  e = jong.engine_settings(R, assert(jong.resolve_options(R, { ["hk.use_flowers"] = true, dead_wall14 = true,
        multi_win = "all", last_discard = true, rounds = 2 })))
  lu.assertEquals({ e.bonus, e.side, e.reserve, e.multi_win, e.last_discard, e.rounds },
                  { true, 18, 14, "all", "win_only", 2 })
end

os.exit(lu.LuaUnit.run())
