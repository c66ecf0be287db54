-- IMS: every worked example of ims.md section 21 (I1-I18): value, items (names, values,
-- order), limit and payments. Hands are given with the winning tile included.
local lu = require "luaunit"

-- A situation with the IMS defaults filled in.
local function sit(t)
  t.rules = "ims"
  t.flags = t.flags or {}
  return t
end

local check = require "expect"

-- items: { {name, value[, unit]} ... }; unit defaults to "fan".
local function expect(s, value, items, payments, limit)
  assert(payments, "an example states its payments")
  local want = {}
  for i, it in ipairs(items) do want[i] = { it[1], it[2], it[3] or "fan" } end
  return check.win(jong.score(s), { value = value, items = want, payments = payments, limit = limit })
end

local function refused(s, reason_part) check.no_win(jong.score(s), reason_part) end

function test_I01_smallest_hand()
  local s = sit { seat = "S", round = "E", hand = "345m567p789s99p [234m]@E",
                  win_tile = "9p", win_by = "discard", from = "W" }
  expect(s, { fan = 0, aux = 0, adjusted = 0, basic = 4, total = 4 }, {},
         { E = 0, S = 4, W = -4, N = 0 })
  s.options = { minimum_fan = 1 }
  refused(s, "Minimum Fan")
end

function test_I02_all_sequences_self_fed_one_flower()
  expect(sit { seat = "W", round = "E", hand = "123m456m678p345s22s f2",
               win_tile = "2s", win_by = "self" },
         { fan = 2, aux = 1, adjusted = 2, basic = 16, total = 24 },
         { { "All Sequences", 1 }, { "Totally Concealed", 1 }, { "Flower Tiles", 1, "aux" } },
         { E = -8, S = -8, W = 24, N = -8 })
end

function test_I03_dealer_double_wind_quadruplet()
  expect(sit { seat = "E", round = "E", hand = "234p678s99m [1111z]@S [555z]@W f1 g1",
               win_tile = "9m", win_by = "discard", from = "N" },
         { fan = 3, aux = 3, adjusted = 3.5, basic = 40, total = 60 },
         { { "Dragon Sets", 1 }, { "Wind Sets", 2 },
           { "Revealed Quadruplets", 1, "aux" }, { "Flower Tiles", 2, "aux" } },
         { E = 60, S = 0, W = 0, N = -60 })
end

function test_I04_mixed_one_suit_fully_private_concealed_quadruplet()
  expect(sit { seat = "N", round = "S", hand = "345p678p99p777z [2222p]c",
               win_tile = "7z", win_by = "discard", from = "E" },
         { fan = 4, aux = 2, adjusted = 4.5, basic = 64, total = 64 },
         { { "Dragon Sets", 1 }, { "One Suit", 3 }, { "Concealed Quadruplets", 2, "aux" } },
         { E = -64, S = 0, W = 0, N = 64 })
end

function test_I05_seven_little_pairs_pure_one_suit()
  expect(sit { seat = "S", round = "E", hand = "112233556688s99s f3 g3 g4",
               win_tile = "9s", win_by = "self" },
         { fan = 10, aux = 3, adjusted = 10.5, basic = 124, total = 186 },
         { { "Totally Concealed", 1 }, { "7 Little Pairs", 3 }, { "One Suit", 6 },
           { "Flower Tiles", 3, "aux" } },
         { E = -62, S = 186, W = -62, N = -62 })
end

function test_I06_all_terminals_with_add_ons()
  expect(sit { seat = "S", round = "E", hand = "123m123p123s999s99m",
               win_tile = "9s", win_by = "discard", from = "W" },
         { fan = 5, aux = 0, adjusted = 5, basic = 76, total = 76 },
         { { "Equal Sequences in Three Suits", 2 }, { "All Terminals", 3 } },
         { E = 0, S = 76, W = -76, N = 0 })
end

function test_I07a_all_triplets_grabbed()
  expect(sit { seat = "S", round = "E", hand = "222m444s777s55p [888p]@W",
               win_tile = "7s", win_by = "discard", from = "N" },
         { fan = 3, aux = 0, adjusted = 3, basic = 32, total = 32 },
         { { "No Terminals", 1 }, { "All Triplets", 2 } },
         { E = 0, S = 32, W = 0, N = -32 })
end

function test_I07b_all_triplets_self_drawn()
  expect(sit { seat = "S", round = "E", hand = "222m444s777s55p [888p]@W",
               win_tile = "7s", win_by = "self" },
         { fan = 5, aux = 0, adjusted = 5, basic = 76, total = 114 },
         { { "No Terminals", 1 }, { "All Triplets", 2 }, { "3 Concealed Triplets", 2 } },
         { E = -38, S = 114, W = -38, N = -38 })
end

function test_I08_major_three_dragons_liability()
  expect(sit { seat = "N", round = "E", hand = "234m99p [555z]@E [666z]@S [777z]@W",
               win_tile = "9p", win_by = "self" },
         { fan = 12, aux = 0, adjusted = 12, basic = 132, total = 198 },
         { { "Dragon Sets", 3 }, { "Major 3 Dragons", 12 } },
         { E = 0, S = 0, W = -198, N = 198 }, "Major 3 Dragons")
end

function test_I09_four_chows_liability_with_flowers()
  local s = sit { seat = "S", round = "E",
                  hand = "2p2p [123m]@E [456m]@E [678p]@E [345s]@E f2 g2 g3 g4",
                  win_tile = "2p", win_by = "self" }
  expect(s, { fan = 0, aux = 4, adjusted = 1, basic = 8, total = 12 },
         { { "Flower Tiles", 4, "aux" } },
         { E = -12, S = 12, W = 0, N = 0 })
  s.options = { minimum_fan = 1 }
  refused(s, "Minimum Fan")
end

function test_I10_thirteen_orphans_dealer_self_fed()
  expect(sit { seat = "E", round = "E", hand = "19m19p19s11234567z f1 f4",
               win_tile = "1z", win_by = "self" },
         { fan = 12, aux = 2, adjusted = 12, basic = 132, total = 198 },
         { { "Totally Concealed", 1 }, { "13 Orphans", 12 }, { "Flower Tiles", 2, "aux" } },
         { E = 198, S = -66, W = -66, N = -66 }, "13 Orphans")
end

function test_I11_thirteen_individuals_on_grab()
  local s = sit { seat = "W", round = "E", hand = "147m258p369s12355z",
                  win_tile = "3z", win_by = "discard", from = "S" }
  expect(s, { fan = 5, aux = 0, adjusted = 5, basic = 76, total = 76 },
         { { "13 Individuals", 5 } },
         { E = 0, S = -76, W = 76, N = 0 })
  -- the example's aside: self-drawn
  s.win_by, s.from = "self", nil
  expect(s, { fan = 6, aux = 0, adjusted = 6, basic = 92, total = 138 },
         { { "Totally Concealed", 1 }, { "13 Individuals", 5 } },
         { E = -46, S = -46, W = 138, N = -46 })
end

function test_I12_robbing_a_kong()
  expect(sit { seat = "W", round = "S", hand = "456p123s789s567m88m",
               win_tile = "6p", win_by = "discard", from = "N", flags = { "robbing_kong" } },
         { fan = 2, aux = 0, adjusted = 2, basic = 16, total = 16 },
         { { "All Sequences", 1 }, { "Robbing a Kong", 1 } },
         { E = 0, S = 0, W = 16, N = -16 })
end

function test_I13_under_the_sea_after_a_kong_dealer()
  expect(sit { seat = "E", round = "N", hand = "123p456p789p55z [9999m]+@S g1 g2 g3",
               win_tile = "5z", win_by = "self", flags = { "kong_replacement", "last_tile" } },
         { fan = 3, aux = 4, adjusted = 4, basic = 52, total = 78 },
         { { "Straight", 1 }, { "Under the Sea", 1 }, { "Winning after a Kong", 1 },
           { "Revealed Quadruplets", 1, "aux" }, { "Flower Tiles", 3, "aux" } },
         { E = 78, S = -26, W = -26, N = -26 })
end

function test_I14_two_winners_on_one_discard()
  local opts = { allow_multiple_wins = true }
  expect(sit { seat = "N", round = "E", hand = "123p456p789p456s22z", options = opts,
               win_tile = "5s", win_by = "discard", from = "W" },
         { fan = 3, aux = 0, adjusted = 3, basic = 32, total = 32 },
         { { "All Sequences", 1 }, { "Straight", 2 } },
         { E = 0, S = 0, W = -32, N = 32 })
  expect(sit { seat = "E", round = "E", hand = "567m345s555z666z77z", options = opts,
               win_tile = "5s", win_by = "discard", from = "W" },
         { fan = 4, aux = 0, adjusted = 4, basic = 52, total = 78 },
         { { "Dragon Sets", 2 }, { "Minor 3 Dragons", 2 } },
         { E = 78, S = 0, W = -78, N = 0 })
end

function test_I15_equal_sister_all_sequences_self_fed()
  expect(sit { seat = "S", round = "E", hand = "123m123m123p123s55p",
               win_tile = "5p", win_by = "self" },
         { fan = 5, aux = 0, adjusted = 5, basic = 76, total = 114 },
         { { "All Sequences", 1 }, { "Equal Sequences in Three Suits", 2 },
           { "Sister Sequences", 1 }, { "Totally Concealed", 1 } },
         { E = -38, S = 114, W = -38, N = -38 })
end

function test_I16_heavenly_mahjong()
  expect(sit { seat = "E", round = "E", hand = "234m567m345p678s88p f1",
               win_tile = "8p", win_by = "self", flags = { "first_turn" } },
         { fan = 12, aux = 1, adjusted = 12, basic = 132, total = 198 },
         { { "All Sequences", 1 }, { "No Terminals", 1 }, { "Totally Concealed", 1 },
           { "Heavenly / Earthly / Humanly", 12 }, { "Flower Tiles", 1, "aux" } },
         { E = 198, S = -66, W = -66, N = -66 }, "Heavenly / Earthly / Humanly")
end

function test_I17_minimum_fan_versus_aux()
  local s = sit { seat = "S", round = "E", hand = "456s234p99s [3333m]c [7777p]c",
                  win_tile = "9s", win_by = "discard", from = "N" }
  expect(s, { fan = 0, aux = 4, adjusted = 1, basic = 8, total = 8 },
         { { "Concealed Quadruplets", 4, "aux" } },
         { E = 0, S = 8, W = 0, N = -8 })
  s.options = { minimum_fan = 1 }
  refused(s, "Minimum Fan")
end

function test_I18_standard_reading_beats_seven_pairs()
  expect(sit { seat = "W", round = "S", hand = "11223344556677m",
               win_tile = "7m", win_by = "self" },
         { fan = 11, aux = 0, adjusted = 11, basic = 128, total = 192 },
         { { "All Sequences", 1 }, { "Sister Sequences", 3 }, { "Totally Concealed", 1 },
           { "One Suit", 6 } },
         { E = -64, S = -64, W = 192, N = -64 })
end

os.exit(lu.LuaUnit.run())
