-- Taiwanese: every worked example of taiwanese.md §17 (Examples 1-20): value, every item
-- (name, value, in order) and the payments. Hands include the winning tile.
local lu = require "luaunit"
local expect = require "expect"

local function sit(t)
  t.rules = "taiwanese"
  return t
end

local function tai(items)
  local out = {}
  for i, it in ipairs(items) do out[i] = { it[1], it[2], "tai" } end
  return out
end

local function wins(s, value, items, payments)
  return expect.win(jong.score(sit(s)), { value = value, items = tai(items), payments = payments })
end

local function with(s, options)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  t.options = options
  return t
end

function test_01_all_chows_between_non_dealers()
  wins({ seat = "S", hand = "456789m234p567s88s [123m]@E", win_tile = "4p", win_by = "discard", from = "W" },
       { tai = 2, dealer_tai = 0 }, { { "All chows", 2 } }, { E = 0, S = 50, W = -50, N = 0 })
end

function test_02_concealed_self_draw()
  wins({ seat = "S", hand = "123456789m234p567s88s", win_tile = "4p", win_by = "self" },
       { tai = 3, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Dealer", 1 } },
       { E = -70, S = 190, W = -60, N = -60 })
end

function test_03_dealer_streak_self_draw()
  wins({ seat = "E", round = "E", dealer_streak = 2, hand = "234567m345p345s99s [111z]@N", win_tile = "9s",
         win_by = "self" },
       { tai = 4, dealer_tai = 5 },
       { { "Self-drawn", 1 }, { "Seat wind", 1 }, { "Round wind", 1 }, { "Single wait", 1 }, { "Dealer", 1 },
         { "Dealer streak", 4 } },
       { E = 360, S = -120, W = -120, N = -120 })
end

function test_04_dealer_deals_in_streak_1()
  wins({ seat = "W", dealer_streak = 1, hand = "555999m444s22p [777p]@N [333s]@S", win_tile = "5m",
         win_by = "discard", from = "E" },
       { tai = 4, dealer_tai = 3 }, { { "All pungs", 4 }, { "Dealer", 1 }, { "Dealer streak", 2 } },
       { E = -100, S = 0, W = 100, N = 0 })
end

function test_05_seat_flower_and_season_set()
  local s = { seat = "S", hand = "678m234p456s777s99p [345m]@E g1 g2 g3 g4 f2", win_tile = "4p", win_by = "discard",
              from = "N" }
  wins(s, { tai = 3, dealer_tai = 0 }, { { "Seat flower", 1 }, { "Flower set", 2 } },
       { E = 0, S = 60, W = 0, N = -60 })
  wins(with(s, { flower_set = "add" }), { tai = 4, dealer_tai = 0 },
       { { "Seat flower", 1 }, { "Seat flower", 1 }, { "Flower set", 2 } }, { E = 0, S = 70, W = 0, N = -70 })
end

function test_06_concealed_all_chows_on_the_dealer()
  wins({ seat = "N", hand = "123456m345789p678s22s", win_tile = "3p", win_by = "discard", from = "E" },
       { tai = 3, dealer_tai = 1 }, { { "Concealed hand", 1 }, { "All chows", 2 }, { "Dealer", 1 } },
       { E = -70, S = 0, W = 0, N = 70 })
end

function test_07_all_melded()
  wins({ seat = "N", hand = "55p [123m]@W [456p]@W [777s]@S [999m]@E [234s]@W", win_tile = "5p",
         win_by = "discard", from = "S" },
       { tai = 3, dealer_tai = 0 }, { { "Single wait", 1 }, { "All melded", 2 } }, { E = 0, S = -60, W = 0, N = 60 })
end

function test_08_half_melded_streak_3()
  wins({ seat = "W", dealer_streak = 3, hand = "33s [234m]@S [678p]@S [555s]@N [999p]@E [789m]@S", win_tile = "3s",
         win_by = "self" },
       { tai = 3, dealer_tai = 7 },
       { { "Self-drawn", 1 }, { "Single wait", 1 }, { "Half melded", 1 }, { "Dealer", 1 }, { "Dealer streak", 6 } },
       { E = -130, S = -60, W = 250, N = -60 })
end

function test_09_pure_one_suit_dealer_wins()
  wins({ seat = "E", hand = "12233445667899p [777p]@N", win_tile = "6p", win_by = "discard", from = "S" },
       { tai = 8, dealer_tai = 1 }, { { "Pure one suit", 8 }, { "Dealer", 1 } }, { E = 120, S = -120, W = 0, N = 0 })
end

function test_10_big_three_dragons()
  wins({ seat = "W", hand = "111m88999s777z [555z]@S [666z]@N", win_tile = "9s", win_by = "self" },
       { tai = 15, dealer_tai = 1 },
       { { "Self-drawn", 1 }, { "Three concealed pungs", 2 }, { "All pungs", 4 }, { "Big three dragons", 8 },
         { "Dealer", 1 } },
       { E = -190, S = -180, W = 550, N = -180 })
end

function test_11_small_four_winds()
  wins({ seat = "N", round = "S", hand = "234567m44z [111z]@E [222z]@W [333z]@W", win_tile = "7m",
         win_by = "discard", from = "E" },
       { tai = 13, dealer_tai = 1 },
       { { "Round wind", 1 }, { "Mixed one suit", 4 }, { "Small four winds", 8 }, { "Dealer", 1 } },
       { E = -170, S = 0, W = 0, N = 170 })
end

function test_12_eight_flowers()
  wins({ seat = "S", hand = "123456m789p345s1z [678s]@E f1 f2 f3 f4 g1 g2 g3 g4", win_tile = "g4",
         win_by = "flowers" },
       { tai = 8, dealer_tai = 1 }, { { "Eight flowers", 8 }, { "Dealer", 1 } },
       { E = -120, S = 340, W = -110, N = -110 })
end

function test_13_seven_rob_one()
  local s = { seat = "W", hand = "123456m789p345s1z [678s]@S f1 f2 f3 f4 g1 g2 g3 g4", win_tile = "f4",
              win_by = "flowers", from = "N" }
  wins(s, { tai = 8, dealer_tai = 0 }, { { "Seven rob one", 8 } }, { E = 0, S = 0, W = 110, N = -110 })
  wins(with(s, { seven_rob_one_payer = "all" }), { tai = 8, dealer_tai = 1 },
       { { "Seven rob one", 8 }, { "Dealer", 1 } }, { E = -120, S = -110, W = 340, N = -110 })
end

function test_14_seven_pairs_and_a_pung()
  local s = { seat = "S", hand = "113355m7799p2244666s", win_tile = "4s", win_by = "discard", from = "W" }
  wins(s, { tai = 8, dealer_tai = 0 }, { { "Seven pairs and a pung", 8 } }, { E = 0, S = 110, W = -110, N = 0 })
  expect.no_win(jong.score(sit(with(s, { ligu = false }))), "not a complete hand")
end

function test_15_heavenly_win()
  local s = { seat = "E", hand = "123456789m234p567s88s", win_tile = "8s", win_by = "self", flags = { "first_turn" } }
  wins(s, { tai = 16, dealer_tai = 1 }, { { "Heavenly win", 16 }, { "Dealer", 1 } },
       { E = 600, S = -200, W = -200, N = -200 })
  wins(with(s, { heavenly = 24 }), { tai = 24, dealer_tai = 1 }, { { "Heavenly win", 24 }, { "Dealer", 1 } },
       { E = 840, S = -280, W = -280, N = -280 })
end

function test_16_robbing_a_kong_with_all_chows()
  wins({ seat = "W", hand = "456m23478999p567s [123m]@S", win_tile = "7s", win_by = "discard", from = "N",
         flags = { "robbing_kong" } },
       { tai = 3, dealer_tai = 0 }, { { "Robbing a kong", 1 }, { "All chows", 2 } }, { E = 0, S = 0, W = 60, N = -60 })
end

function test_17_four_concealed_pungs()
  wins({ seat = "S", hand = "111234m33399p555777s", win_tile = "9p", win_by = "self" },
       { tai = 9, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Single wait", 1 },
         { "Four concealed pungs", 5 }, { "Dealer", 1 } },
       { E = -130, S = 370, W = -120, N = -120 })
end

function test_18_five_concealed_pungs()
  local s = { seat = "W", hand = "111333m555777p22999s", win_tile = "9s", win_by = "self" }
  wins(s, { tai = 10, dealer_tai = 1 },
       { { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Five concealed pungs", 8 }, { "Dealer", 1 } },
       { E = -140, S = -130, W = 400, N = -130 })
  wins(with(s, { five_concealed_stacks = true }), { tai = 15, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Five concealed pungs", 8 },
         { "All pungs", 4 }, { "Dealer", 1 } },
       { E = -190, S = -180, W = 550, N = -180 })
end

function test_19_two_winners_on_one_discard()
  -- Default (nearest): S wins alone. With multi_win = all, N is paid as well.
  local s = { seat = "S", hand = "456789m234p567s88s [123m]@E", win_tile = "4p", win_by = "discard", from = "E" }
  wins(s, { tai = 2, dealer_tai = 1 }, { { "All chows", 2 }, { "Dealer", 1 } }, { E = -60, S = 60, W = 0, N = 0 })
  local n = { seat = "N", hand = "123456m456789p678s22s", win_tile = "4p", win_by = "discard", from = "E",
              options = { multi_win = "all" } }
  wins(n, { tai = 3, dealer_tai = 1 }, { { "Concealed hand", 1 }, { "All chows", 2 }, { "Dealer", 1 } },
       { E = -70, S = 0, W = 0, N = 70 })
end

function test_20_refused_a_hand_of_14()
  local r = jong.score(sit { seat = "S", hand = "123456789m234p55s", win_tile = "5s", win_by = "self" })
  lu.assertFalse(r.ok)
  lu.assertEquals(r.error, "a hand holds 16 or 17 tiles (a meld counts 3); this one holds 14")
end

-- Refusals of §15.1.
function test_refused_situations()
  local r = jong.score(sit { seat = "N", hand = "55p [123m]@E [456p]@W [777s]@S [999m]@E [234s]@W", win_tile = "5p",
                             win_by = "discard", from = "S" })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "a chow is claimed only from the player on the left")
  r = jong.score(sit { seat = "S", hand = "123456789m234p567s88s", win_tile = "4p", win_by = "self",
                       flags = { "heavenly_ready" } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "ready_declarations")
  r = jong.score(sit { seat = "S", hand = "123456789m234p567s88s", win_tile = "4p", win_by = "self",
                       flags = { "riichi" } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "unknown flag")
end

-- §10.5: the cap on the hand tai.
function test_max_tai()
  local r = jong.score(sit { seat = "W", hand = "111m88999s777z [555z]@S [666z]@N", win_tile = "9s", win_by = "self",
                             options = { max_tai = 10 } })
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.value, { tai = 10, dealer_tai = 1 })
  lu.assertEquals(r.limit, "Cap")
  lu.assertEquals(r.payments, { E = -140, S = -130, W = 400, N = -130 })
end

os.exit(lu.LuaUnit.run())
