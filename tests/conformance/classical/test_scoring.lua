-- Chinese Classical scoring, item by item: Table A (§14), Table B (§15), Table C (§16),
-- the definitions of §17, the limit and rounding (§13), losers (§17.10, §9.2) and the
-- payments (§19). Spec: /work/shared/rules/classical.md.
-- Each case asserts the value and the items (full list where short, else the item at stake).
local lu = require "luaunit"

local function P(name, v) return { name, v, "points" } end
local function D(name, v) return { name, v, "doubles" } end

local function run(s)
  s.rules = s.rules or "classical"
  s.round = s.round or "E"
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  return r
end

local items_of = require("expect").items

-- value = {points, doubles, score}; items: the full list, or nil to skip
local function check(s, value, items, payments)
  local r = run(s)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.value, { points = value[1], doubles = value[2], score = value[3] })
  if items then lu.assertEquals(items_of(r), items) end
  if payments then lu.assertEquals(r.payments, payments) end
  return r
end

local function has(r, name, value, unit)
  for _, it in ipairs(r.items) do
    if it.name == name then
      lu.assertEquals({ it.value, it.unit }, { value, unit })
      return
    end
  end
  lu.fail("no item '" .. name .. "' in " .. jong.json_encode(r.items))
end

local function lacks(r, name)
  for _, it in ipairs(r.items) do
    if it.name == name then lu.fail("unexpected item '" .. name .. "'") end
  end
end

local function limit_of(r)
  if r.limit == jong.json_null then return nil end
  return r.limit
end

-- A plain South hand won on a discard from West: two-sided wait 78p on 6p.
local function south(hand, extra)
  local s = { seat = "S", hand = hand, win_tile = "6p", win_by = "discard", from = "W" }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

------------------------------------------------------------------------------------------
TestTableA = {}

function TestTableA.test_A1_pung_of_simples_exposed_2_concealed_4()
  check(south("345m678p222s99m [555p]"), { 26, 0, 26 },
    { P("Mah Jong", 20), P("pung of simples", 4), P("pung of simples", 2) })
end

function TestTableA.test_A2_pung_of_terminals_exposed_4_concealed_8()
  check(south("345m678p111s99m [999p]"), { 32, 0, 32 },
    { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of terminals", 4) })
end

function TestTableA.test_A3_pung_of_honours_exposed_4_concealed_8()
  check(south("345m678p333z99m [444z]"), { 32, 0, 32 },
    { P("Mah Jong", 20), P("pung of honours", 8), P("pung of honours", 4) })
end

function TestTableA.test_A4_kong_of_simples_claimed_8_concealed_16_promoted_8()
  check(south("345m678p99m [5555p] [2222s]c"), { 44, 0, 44 },
    { P("Mah Jong", 20), P("kong of simples", 8), P("kong of simples", 16) })
  check(south("345m678p99m [5555s]+ [234s]"), { 28, 0, 28 },
    { P("Mah Jong", 20), P("kong of simples", 8) })
end

function TestTableA.test_A5_kong_of_terminals_16_32()
  check(south("345m678p99m [1111p] [9999s]c"), { 68, 0, 68 },
    { P("Mah Jong", 20), P("kong of terminals", 16), P("kong of terminals", 32) })
end

function TestTableA.test_A6_kong_of_honours_16_32()
  check(south("345m678p99m [3333z] [4444z]c"), { 68, 0, 68 },
    { P("Mah Jong", 20), P("kong of honours", 16), P("kong of honours", 32) })
end

function TestTableA.test_A7_chows_score_nothing_A8_pair_of_dragons()
  check(south("345m678p123s456s77z"), { 22, 0, 22 },
    { P("Mah Jong", 20), P("pair of dragons", 2) })
end

function TestTableA.test_A9_pair_of_own_wind()
  check(south("345m678p123s456s22z"), { 22, 0, 22 },
    { P("Mah Jong", 20), P("pair of own wind", 2) })
end

function TestTableA.test_A10_pair_of_prevailing_wind()
  check(south("345m678p123s456s11z"), { 22, 0, 22 },
    { P("Mah Jong", 20), P("pair of prevailing wind", 2) })
end

function TestTableA.test_A9_A10_both_for_a_double_wind_pair()
  check({ seat = "E", round = "E", hand = "345m678p123s456s11z", win_tile = "6p",
          win_by = "discard", from = "W" }, { 24, 0, 24 },
    { P("Mah Jong", 20), P("pair of own wind", 2), P("pair of prevailing wind", 2) },
    { E = 144, S = -48, W = -48, N = -48 })
end

function TestTableA.test_A11_other_pair_scores_nothing()
  -- a West-wind pair for South in the East round: zero-point hand (B13)
  check(south("345m678p123s456s33z"), { 20, 1, 40 },
    { P("Mah Jong", 20), D("zero-point hand", 1) })
end

function TestTableA.test_A12_each_flower_or_season_4()
  local r = check(south("345m678p123s456s77z f2 g4"), { 30, 0, 30 })
  has(r, "each flower or season", 4, "points")
end

function TestTableA.test_A13_mahjong_points_option_10()
  check(south("345m678p123s456s77z", { options = { mahjong_points = 10 } }), { 12, 0, 12 },
    { P("Mah Jong", 10), P("pair of dragons", 2) })
end

function TestTableA.test_A14_self_drawn_not_for_a_discard()
  check(south("345m678p123s456s77z", { win_by = "self", from = jong.json_null }), { 24, 1, 48 },
    { P("Mah Jong", 20), P("pair of dragons", 2), P("winning tile self-drawn", 2),
      D("concealed hand", 1) })
end

function TestTableA.test_A15_closed_wait_13m_on_2m()
  check(south("123m678p123s456s77z", { win_tile = "2m" }), { 24, 0, 24 },
    { P("Mah Jong", 20), P("pair of dragons", 2), P("winning tile is the only possible tile", 2) })
end

function TestTableA.test_A15_edge_wait_12m_on_3m()
  check(south("123m678p123s456s77z", { win_tile = "3m" }), { 24, 0, 24 },
    { P("Mah Jong", 20), P("pair of dragons", 2), P("winning tile is the only possible tile", 2) })
end

function TestTableA.test_A15_not_for_a_two_sided_wait()
  local r = check(south("234m678p123s456s77z", { win_tile = "2m" }), { 22, 0, 22 })
  lacks(r, "winning tile is the only possible tile")
end

function TestTableA.test_A15_not_for_two_pairs_waiting()
  -- 11p 11s waiting for either: the 1s pung is completed by the discard (exposed, 4)
  check(south("111p111s345m678p99m", { win_tile = "1s" }), { 32, 0, 32 },
    { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of terminals", 4) })
end

function TestTableA.test_A15_not_when_another_arrangement_waits_elsewhere()
  -- 1234m waits on 1m and 4m; 3335m waits on 4m and 5m (§17.4)
  check(south("12344m567p123s555s", { win_tile = "4m" }), { 26, 0, 26 },
    { P("Mah Jong", 20), P("pung of simples", 4),
      P("winning tile completes the pair, pair of simples", 2) })
  check(south("33345m567p123s555s", { win_tile = "4m" }), { 24, 0, 24 },
    { P("Mah Jong", 20), P("pung of simples", 4) })
end

function TestTableA.test_A16_A17_single_wait_on_terminal_pair()
  -- the pair earns no base points: a zero-point hand too (B13 ignores winner-only points)
  check(south("345m678p123s456s99m", { win_tile = "9m" }), { 26, 1, 52 },
    { P("Mah Jong", 20), P("winning tile is the only possible tile", 2),
      P("winning tile completes the pair, pair of terminals or honours", 4),
      D("zero-point hand", 1) })
end

function TestTableA.test_A15_A16_A17_options_off()
  check(south("345m678p123s456s99m", { win_tile = "9m",
        options = { only_possible_points = false, pair_completion_points = false } }),
    { 20, 1, 40 }, { P("Mah Jong", 20), D("zero-point hand", 1) })
end

function TestTableA.test_wd_table_wait_points_and_concealed_hand_10()
  -- concealed kong, self-drawn kong replacement into a single wait
  check({ seat = "S", hand = "234m123p567p88s [5555s]c", win_tile = "8s", win_by = "self",
          flags = { "kong_replacement" }, options = { wd_table = true } }, { 50, 1, 100 },
    { P("Mah Jong", 20), P("kong of simples", 16), P("winning tile self-drawn", 2),
      P("edge, closed or single wait", 2), P("concealed hand", 10),
      D("winning tile is a kong replacement", 1) })
end

------------------------------------------------------------------------------------------
TestTableB = {}

function TestTableB.test_B2_B3_double_wind_pung_two_doubles()
  check({ seat = "E", round = "E", hand = "345m678p123s99m [111z]", win_tile = "6p",
          win_by = "discard", from = "W" }, { 24, 2, 96 },
    { P("Mah Jong", 20), P("pung of honours", 4), D("pung or kong of own wind", 1),
      D("pung or kong of prevailing wind", 1) })
end

function TestTableB.test_B1_each_dragon_pung_or_kong()
  check(south("345m678p99m [555z] [6666z]"), { 40, 2, 160 },
    { P("Mah Jong", 20), P("pung of honours", 4), P("kong of honours", 16),
      D("pung or kong of dragons", 1), D("pung or kong of dragons", 1) })
end

function TestTableB.test_B4_own_flower_alone_gives_nothing()
  local r = check(south("345m678p123s456s77z f2"), { 26, 0, 26 })
  lacks(r, "own flower and own season")
end

function TestTableB.test_B4_own_bonus_each_option()
  local r = check(south("345m678p123s456s77z f2 g2", { options = { own_bonus = "each" } }),
    { 30, 2, 120 })
  has(r, "own flower", 1, "doubles")
  has(r, "own season", 1, "doubles")
  lacks(r, "own flower and own season")
  r = check(south("345m678p123s456s77z f2 g3", { options = { own_bonus = "each" } }), { 30, 1, 60 })
  has(r, "own flower", 1, "doubles")
end

function TestTableB.test_B6_all_four_seasons()
  local r = check(south("345m678p123s456s77z g1 g2 g3 g4"), { 38, 1, 76 })
  has(r, "all four seasons", 1, "doubles")
  lacks(r, "own flower and own season")
end

function TestTableB.test_B7_claimed_kong_counts_concealed()
  -- 111p, 222s concealed + claimed kong 5555s; self-drawn 8m (5678m also waits on 5m)
  check({ seat = "S", hand = "111p222s567m88m [5555s]", win_tile = "8m", win_by = "self" },
    { 44, 2, 176 },
    { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of simples", 4),
      P("kong of simples", 8), P("winning tile self-drawn", 2),
      P("winning tile completes the pair, pair of simples", 2),
      D("three concealed pungs", 1), D("concealed hand", 1) })
end

function TestTableB.test_B7_pung_completed_by_a_discard_is_exposed()
  -- §17.3: 111p 222s 44m 88m waiting on 4m or 8m
  check(south("111p222s444m567m88m", { win_tile = "4m" }), { 34, 0, 34 },
    { P("Mah Jong", 20), P("pung of simples", 2), P("pung of terminals", 8),
      P("pung of simples", 4) })
  check(south("111p222s444m567m88m", { win_tile = "4m", win_by = "self", from = jong.json_null }),
    { 38, 2, 152 },
    { P("Mah Jong", 20), P("pung of simples", 4), P("pung of terminals", 8),
      P("pung of simples", 4), P("winning tile self-drawn", 2),
      D("three concealed pungs", 1), D("concealed hand", 1) })
end

function TestTableB.test_B8_no_chow_B12_terminals_and_honours()
  check({ seat = "S", hand = "999s333z44z [111m] [999p]", win_tile = "4z", win_by = "discard",
          from = "W" }, { 50, 2, 200 },
    { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of honours", 8),
      P("pung of terminals", 4), P("pung of terminals", 4),
      P("winning tile is the only possible tile", 2),
      P("winning tile completes the pair, pair of terminals or honours", 4),
      D("no chow", 1), D("only terminals and honours", 1) })
end

function TestTableB.test_B9_concealed_hand_needs_self_draw()
  local r = check(south("345m678p123s456s77z", { win_by = "self", from = jong.json_null }), { 24, 1, 48 })
  has(r, "concealed hand", 1, "doubles")
  lacks(check(south("345m678p123s456s77z"), { 22, 0, 22 }), "concealed hand")
end

function TestTableB.test_B10_one_suit_with_honours_B11_one_suit_no_honours()
  local r = check(south("345p678p123p456p77z"), { 22, 1, 44 })
  has(r, "one suit with honours", 1, "doubles")
  r = check(south("345p678p123p456p99p"), { 20, 4, 320 })
  has(r, "one suit, no honours", 3, "doubles")
  has(r, "zero-point hand", 1, "doubles")
end

function TestTableB.test_B13_zero_point_hand_not_with_own_wind_pair()
  local r = check(south("345m678p123s456s22z"), { 22, 0, 22 })
  lacks(r, "zero-point hand")
end

function TestTableB.test_B14_kong_replacement()
  check({ seat = "S", hand = "234m123p567p88s [5555s]c", win_tile = "8s", win_by = "self",
          flags = { "kong_replacement" } }, { 42, 2, 168 },
    { P("Mah Jong", 20), P("kong of simples", 16), P("winning tile self-drawn", 2),
      P("winning tile is the only possible tile", 2),
      P("winning tile completes the pair, pair of simples", 2),
      D("concealed hand", 1), D("winning tile is a kong replacement", 1) })
end

function TestTableB.test_B15_last_tile_self_drawn_B16_last_discard()
  local r = check(south("345m678p123s456s77z", { win_by = "self", from = jong.json_null,
                                                 flags = { "last_tile" } }), { 24, 2, 96 })
  has(r, "winning tile is the last tile of the live wall", 1, "doubles")
  r = check(south("345m678p123s456s77z", { flags = { "last_tile" } }), { 22, 1, 44 })
  has(r, "winning on the discard made after the last live-wall tile was drawn", 1, "doubles")
end

------------------------------------------------------------------------------------------
TestTableC = {}

local function limit_case(s, name)
  local r = run(s)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(limit_of(r), name)
  lu.assertEquals(r.value, { points = 0, doubles = 0, score = 500 })
  lu.assertEquals(items_of(r), { { name, 500, "limit" } })
  return r
end

function TestTableC.test_C1_concealed_pure_suit()
  limit_case({ seat = "S", hand = "123m345m567m789m99m", win_tile = "9m", win_by = "self" },
    "Concealed pure suit")
end

function TestTableC.test_C2_nine_gates_on_a_discard()
  limit_case(south("11123455678999m", { win_tile = "5m" }), "Nine Gates")
end

function TestTableC.test_C2_two_to_eight_option()
  -- the ninth tile is 1m: no limit; best reading 111m concealed + 123m, one suit no honours
  check(south("11112345678999m", { win_tile = "1m", options = { nine_gates = "two_to_eight" } }),
    { 28, 3, 224 }, { P("Mah Jong", 20), P("pung of terminals", 8), D("one suit, no honours", 3) })
  limit_case(south("11112345678999m", { win_tile = "1m" }), "Nine Gates")
end

function TestTableC.test_C3_all_honours()
  limit_case({ seat = "S", hand = "555z66z [111z] [222z] [333z]", win_tile = "6z",
               win_by = "discard", from = "N" }, "All honours")
end

function TestTableC.test_C5_hidden_treasure_claimed_kong_allowed()
  limit_case({ seat = "S", hand = "111m222p333s444z55z", win_tile = "5z", win_by = "self" },
    "Hidden Treasure")
  limit_case({ seat = "S", hand = "111m333s444z55z [5555p]", win_tile = "5z", win_by = "self" },
    "Hidden Treasure")
end

function TestTableC.test_C5_not_with_a_promoted_kong_or_on_a_discard()
  local r = run({ seat = "S", hand = "111m333s444z55z [5555p]+", win_tile = "5z", win_by = "self" })
  lu.assertNotEquals(limit_of(r), "Hidden Treasure")
  r = run({ seat = "S", hand = "111m222p333s444z55z", win_tile = "5z", win_by = "discard", from = "W" })
  lu.assertNotEquals(limit_of(r), "Hidden Treasure")
end

function TestTableC.test_C6_fourfold_plenty()
  limit_case({ seat = "S", hand = "55z [1111m] [2222p]c [3333s] [4444z]", win_tile = "5z",
               win_by = "discard", from = "W" }, "Fourfold Plenty")
end

function TestTableC.test_C8_four_blessings()
  limit_case({ seat = "S", hand = "222z333z444z55m [111z]", win_tile = "5m",
               win_by = "discard", from = "W" }, "Four Blessings Hovering over the Door")
end

function TestTableC.test_C9_imperial_jade_with_all_six_kinds()
  limit_case({ seat = "S", hand = "234s234s666s888s66z", win_tile = "6z", win_by = "discard",
               from = "W" }, "Imperial Jade")
end

function TestTableC.test_C10_thirteen_orphans_robbing_a_concealed_kong()
  limit_case({ seat = "S", hand = "19m19p19s12345677z", win_tile = "1m", win_by = "discard",
               from = "W", flags = { "robbing_kong" } }, "Thirteen Orphans")
end

function TestTableC.test_C11_blessing_of_heaven_and_three_doubles_option()
  local s = { seat = "E", hand = "345m678p123s456s77z", win_tile = "7z", win_by = "self",
              flags = { "first_turn" } }
  limit_case(s, "Blessing of Heaven")
  s.options = { heaven_blessing = "three_doubles" }
  local r = check(s, { 30, 4, 480 })
  has(r, "Blessing of Heaven", 3, "doubles")
end

function TestTableC.test_C12_blessing_of_earth()
  limit_case(south("345m678p123s456s77z", { from = "E", flags = { "first_turn" } }),
    "Blessing of Earth")
  -- first self-draw only with the option
  local s = south("345m678p123s456s77z", { win_by = "self", from = jong.json_null, flags = { "first_turn" } })
  lu.assertNil(limit_of(run(s)))
  s.options = { earth_blessing_first_draw = true }
  limit_case(s, "Blessing of Earth")
end

function TestTableC.test_C13_plum_blossom()
  limit_case({ seat = "S", hand = "345m678p456p55p [5555s]c", win_tile = "5p", win_by = "self",
               flags = { "kong_replacement" } }, "Gathering the Plum Blossom from the Roof")
end

function TestTableC.test_C14_moon_from_the_bottom_of_the_sea()
  local s = { seat = "S", hand = "345m678p123s456s11p", win_tile = "1p", win_by = "self",
              flags = { "last_tile" } }
  limit_case(s, "Plucking the Moon from the Bottom of the Sea")
  s.win_by, s.from = "discard", "W"           -- the last discard is B16, not C14
  lu.assertNil(limit_of(run(s)))
end

function TestTableC.test_C15_scratching_a_carrying_pole()
  limit_case({ seat = "S", hand = "345m678p123s456p99m", win_tile = "2s", win_by = "discard",
               from = "W", flags = { "robbing_kong" } }, "Scratching a Carrying Pole")
end

function TestTableC.test_C16_twofold_fortune()
  limit_case({ seat = "S", hand = "345m678p456p99m [1111s]c", win_tile = "9m", win_by = "self",
               flags = { "kong_replacement", "kong_upon_kong" } }, "Twofold Fortune")
end

function TestTableC.test_C17_east_nth_consecutive_win()
  local s = { seat = "E", hand = "345m678p123s456s77z", win_tile = "6p", win_by = "discard",
              from = "W", streak = 9 }
  limit_case(s, "East's Nth consecutive win")
  s.streak = 8
  lu.assertNil(limit_of(run(s)))
  s.streak, s.options = 9, { east_streak_limit = 13 }
  lu.assertNil(limit_of(run(s)))
end

------------------------------------------------------------------------------------------
TestLimitAndRounding = {}

local EX9 = { seat = "E", hand = "111222555789s77z f1 f2 f3 f4", win_tile = "7z", win_by = "self" }
local function ex9(options)
  local s = { options = options }
  for k, v in pairs(EX9) do s[k] = v end
  return s
end

function TestLimitAndRounding.test_limit_1000_and_300()
  local r = check(ex9({ limit = 1000 }), { 62, 4, 992 })
  lu.assertNil(limit_of(r))
  r = check(ex9({ limit = 300 }), { 62, 4, 300 })
  lu.assertEquals(limit_of(r), "limit")
end

function TestLimitAndRounding.test_roof_off()
  check(ex9({ limit = "roof_off" }), { 62, 4, 992 }, nil, { E = 5952, S = -1984, W = -1984, N = -1984 })
end

function TestLimitAndRounding.test_rounding()
  check(south("345m678p123s456s77z", { options = { rounding = "up10" } }), { 22, 0, 30 })
  check(south("345m678p123s456s77z", { options = { rounding = "nearest10" } }), { 22, 0, 20 })
end

------------------------------------------------------------------------------------------
TestLosersAndPayments = {}

local EX12 = { seat = "S", round = "W", hand = "234m567p789s22z [333z]", win_tile = "9s",
               win_by = "self", losers = { E = "111m [7777z]+", W = "[555p] f3", N = "" } }
local function ex12(extra)
  local s = {}
  for k, v in pairs(EX12) do s[k] = v end
  for k, v in pairs(extra) do s[k] = v end
  return s
end

function TestLosersAndPayments.test_loser_settlement_off()
  check(ex12({ options = { loser_settlement = false } }), { 28, 1, 56 }, nil,
    { E = -112, S = 224, W = -56, N = -56 })
end

function TestLosersAndPayments.test_dead_hand_scores_nothing_and_pays()
  -- §12.2: East's hand is dead: 0, pays the winner and West's 6 (doubled)
  check(ex12({ dead = { "E" } }), { 28, 1, 56 }, nil, { E = -124, S = 224, W = -38, N = -62 })
end

function TestLosersAndPayments.test_discarder_pays_option()
  check(south("234m55m678p999s [444p]", { win_tile = "7p", options = { discarder_pays = true } }),
    { 32, 0, 32 }, nil, { E = 0, S = 128, W = -128, N = 0 })
end

function TestLosersAndPayments.test_four_identical_concealed_tiles_are_a_pung_and_a_single()
  -- §9.2: the loser's 1111m is a concealed pung of terminals (8), not a kong
  check(south("234m55m678p999s [444p]", { win_tile = "7p", losers = { N = "1111m" } }),
    { 32, 0, 32 }, nil, { E = -64 - 16, S = 128, W = -32 - 8, N = -32 + 24 })
end

function TestLosersAndPayments.test_loser_doubles_and_the_limit()
  -- West: three concealed dragon kongs: 96 points, 3 + 1 (B7) doubles = 1536, capped at 500
  check(south("234m55m678p999s [444p]", { win_tile = "7p",
                                          losers = { W = "[5555z]c [6666z]c [7777z]c" } }),
    { 32, 0, 32 }, nil, { E = -1064, S = 128, W = 1468, N = -532 })
end

function TestLosersAndPayments.test_loser_own_flower_and_season_and_prevailing_pair()
  -- East (round E): pair of East is own and prevailing wind (4); own flower and season: x2 -> 24
  check(south("234m55m678p999s [444p]", { win_tile = "7p", losers = { E = "11z f1 g1" } }),
    { 32, 0, 32 }, nil, { E = -64 + 96, S = 128, W = -32 - 48, N = -32 - 48 })
end

------------------------------------------------------------------------------------------
TestInvalid = {}

function TestInvalid.test_impossible_flags()
  local function bad(s)
    s.rules = "classical"
    local r = jong.score(s)
    lu.assertFalse(r.ok)
  end
  bad(south("345m678p123s456s77z", { win_by = "self", from = jong.json_null, flags = { "robbing_kong" } }))
  bad(south("345m678p123s456s77z", { flags = { "kong_replacement" } }))
  bad(south("345m678p123s456s77z", { flags = { "riichi" } }))
  bad(south("345m678p123s456s77z", { flags = { "first_turn" } }))   -- from W, not East's discard
end

function TestInvalid.test_not_a_complete_hand()
  local r = run(south("345m678p123s456s17z", { win_tile = "6p" }))
  lu.assertFalse(r.wins)
end

os.exit(lu.LuaUnit.run())
