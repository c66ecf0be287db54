-- MCR: every worked example of mcr.md section 17 (E01-E29): wins, value, every item
-- (name, value, count, in order) and the payments. Hands include the winning tile.
local lu = require "luaunit"

local expect = require "expect"

local REF = expect.MCR_REFERENCE   -- the reference profile (s16)
local sit, wins, below = expect.mcr_situation, expect.mcr_win, expect.mcr_below

function test_E01_chicken_hand()
  wins(sit { seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W", win_tile = "9p",
             win_by = "discard", from = "N" },
       8, 0, { { "Chicken Hand", 8 } }, { E = -8, S = 32, W = -8, N = -16 })
end

function test_E02_below_the_minimum()
  below(sit { seat = "W", round = "S", hand = "234m456p11z [567s]@S [999s]@N f1 f3 g2", win_tile = "4m",
              win_by = "discard", from = "E" },
        1, 3, { { "Pung of Terminals or Honors", 1 }, { "Flower Tiles", 1, 3 } })
end

function test_E03_flowers_after_the_minimum()
  wins(sit { seat = "N", round = "E", hand = "234789m234p23455s f2 g4", win_tile = "9m",
             win_by = "discard", from = "W" },
       12, 2, { { "Mixed Triple Chow", 8 }, { "Concealed Hand", 2 }, { "All Chows", 2 }, { "Flower Tiles", 1, 2 } },
       { E = -8, S = -8, W = -22, N = 38 })
end

function test_E04_self_drawn_concealed()
  wins(sit { seat = "E", round = "E", hand = "234678m234p23499s", win_tile = "6m", win_by = "self" },
       14, 0, { { "Mixed Triple Chow", 8 }, { "Fully Concealed Hand", 4 }, { "All Chows", 2 } },
       { E = 66, S = -22, W = -22, N = -22 })
end

function test_E05_account_once_four_chows()
  wins(sit { seat = "N", round = "W", hand = "234567s234567p99m", win_tile = "7p", win_by = "self" },
       9, 0, { { "Fully Concealed Hand", 4 }, { "All Chows", 2 }, { "Mixed Double Chow", 1, 2 }, { "Short Straight", 1 } },
       { E = -17, S = -17, W = -17, N = 51 })
end

function test_E06_non_identical()
  wins(sit { seat = "S", round = "S", hand = "223344567p234s88m", win_tile = "8m", win_by = "discard", from = "E" },
       10, 0, { { "Concealed Hand", 2 }, { "All Chows", 2 }, { "All Simples", 2 }, { "Pure Double Chow", 1 },
                { "Mixed Double Chow", 1 }, { "Short Straight", 1 }, { "Single Wait", 1 } },
       { E = -18, S = 34, W = -8, N = -8 })
end

function test_E07_pure_straight_and_a_fourth_chow()
  wins(sit { seat = "W", round = "E", hand = "123456789456m77z", win_tile = "7z", win_by = "discard", from = "S" },
       26, 0, { { "Pure Straight", 16 }, { "Half Flush", 6 }, { "Concealed Hand", 2 }, { "Pure Double Chow", 1 },
                { "Single Wait", 1 } },
       { E = -8, S = -34, W = 50, N = -8 })
end

function test_E08_seven_pairs_on_a_discard()
  wins(sit { seat = "E", round = "S", hand = "114477m2255p3399s", win_tile = "3s", win_by = "discard", from = "W" },
       25, 0, { { "Seven Pairs", 24 }, { "No Honors", 1 } }, { E = 49, S = -8, W = -33, N = -8 })
end

function test_E09_seven_pairs_self_drawn()
  wins(sit { seat = "E", round = "S", hand = "114477m2255p3399s", win_tile = "3s", win_by = "self" },
       29, 0, { { "Seven Pairs", 24 }, { "Fully Concealed Hand", 4 }, { "No Honors", 1 } },
       { E = 111, S = -37, W = -37, N = -37 })
end

function test_E10_seven_pairs_reference_profile()
  wins(sit { seat = "E", round = "S", hand = "114477m2255p3399s", win_tile = "3s", win_by = "self", options = REF },
       26, 0, { { "Seven Pairs", 24 }, { "No Honors", 1 }, { "Self-Drawn", 1 } },
       { E = 102, S = -34, W = -34, N = -34 })
end

function test_E11_thirteen_orphans_with_a_flower()
  wins(sit { seat = "N", round = "N", hand = "119m19p19s1234567z g1", win_tile = "1m", win_by = "discard", from = "E" },
       88, 1, { { "Thirteen Orphans", 88 }, { "Flower Tiles", 1 } }, { E = -97, S = -8, W = -8, N = 113 })
end

function test_E12_knitted_straight_set_and_pair()
  wins(sit { seat = "S", round = "E", hand = "147m258p369s22555z", win_tile = "2z", win_by = "discard", from = "N" },
       23, 0, { { "Knitted Straight", 12 }, { "All Types", 6 }, { "Dragon Pung", 2 }, { "Concealed Hand", 2 },
                { "Single Wait", 1 } },
       { E = -8, S = 47, W = -8, N = -31 })
end

function test_E13_lesser_honors_knitted_last_tile()
  local s = sit { seat = "W", round = "W", hand = "147m258p369s13567z", win_tile = "6z", win_by = "self",
                  flags = { "last_tile" } }
  wins(s, 36, 0, { { "Lesser Honors and Knitted Tiles", 12 }, { "Knitted Straight", 12 }, { "Last Tile Draw", 8 },
                   { "Fully Concealed Hand", 4 } },
       { E = -44, S = -44, W = 132, N = -44 })
  s.options = REF
  wins(s, 32, 0, { { "Lesser Honors and Knitted Tiles", 12 }, { "Knitted Straight", 12 }, { "Last Tile Draw", 8 } },
       { E = -40, S = -40, W = 120, N = -40 })
end

function test_E14_greater_honors_and_knitted()
  wins(sit { seat = "S", round = "S", hand = "147m25p36s1234567z", win_tile = "4m", win_by = "discard", from = "W" },
       24, 0, { { "Greater Honors and Knitted Tiles", 24 } }, { E = -8, S = 48, W = -32, N = -8 })
end

function test_E15_big_three_winds()
  wins(sit { seat = "S", round = "E", hand = "11m999p [111z]@W [222z]@N [333z]@E", win_tile = "1m",
             win_by = "discard", from = "W" },
       50, 0, { { "All Terminals and Honors", 32 }, { "Big Three Winds", 12 }, { "Prevalent Wind", 2 },
                { "Seat Wind", 2 }, { "One Voided Suit", 1 }, { "Single Wait", 1 } },
       { E = -8, S = 74, W = -58, N = -8 })
end

function test_E16_little_four_winds()
  wins(sit { seat = "N", round = "E", hand = "44z666m [222z]@S [333z]@E [111z]@W", win_tile = "4z", win_by = "self" },
       80, 0, { { "Little Four Winds", 64 }, { "All Pungs", 6 }, { "Half Flush", 6 }, { "Prevalent Wind", 2 },
                { "Single Wait", 1 }, { "Self-Drawn", 1 } },
       { E = -88, S = -88, W = -88, N = 264 })
end

function test_E17_melded_and_concealed_kong()
  wins(sit { seat = "E", round = "S", hand = "567m11s [2222p]@N [7777s]c [345p]@N", win_tile = "6m",
             win_by = "discard", from = "W" },
       8, 0, { { "Two Melded Kongs", 4 }, { "Concealed Kong", 2 }, { "No Honors", 1 }, { "Closed Wait", 1 } },
       { E = 32, S = -8, W = -16, N = -8 })
end

function test_E18_reference_profile_not_a_win()
  below(sit { seat = "E", round = "S", hand = "567m11s [2222p]@N [7777s]c [345p]@N", win_tile = "6m",
              win_by = "discard", from = "W", options = REF },
        7, 0, { { "Concealed Kong and Melded Kong", 5 }, { "No Honors", 1 }, { "Closed Wait", 1 } })
end

function test_E19_two_concealed_kongs_replacement()
  local s = sit { seat = "W", round = "N", hand = "234m456p66s [8888m]c [1111z]c", win_tile = "6s", win_by = "self",
                  flags = { "kong_replacement" } }
  wins(s, 22, 0, { { "Out with Replacement Tile", 8 }, { "Two Concealed Kongs", 8 }, { "Fully Concealed Hand", 4 },
                   { "Pung of Terminals or Honors", 1 }, { "Single Wait", 1 } },
       { E = -30, S = -30, W = 90, N = -30 })
  s.options = REF
  wins(s, 20, 0, { { "Out with Replacement Tile", 8 }, { "Two Concealed Kongs", 6 }, { "Fully Concealed Hand", 4 },
                   { "Pung of Terminals or Honors", 1 }, { "Single Wait", 1 } },
       { E = -28, S = -28, W = 84, N = -28 })
end

function test_E20_robbing_the_kong()
  wins(sit { seat = "N", round = "S", hand = "123m567p55789s [555z]@E", win_tile = "2m", win_by = "discard",
             from = "S", flags = { "robbing_kong" } },
       11, 0, { { "Robbing the Kong", 8 }, { "Dragon Pung", 2 }, { "Closed Wait", 1 } },
       { E = -8, S = -19, W = -8, N = 35 })
end

function test_E21_last_tile_draw_last_tile_tile_hog()
  wins(sit { seat = "S", round = "W", hand = "123333m444p22s [789s]@E", win_tile = "1m", win_by = "self",
             flags = { "last_of_kind", "last_tile" } },
       17, 0, { { "Last Tile Draw", 8 }, { "Last Tile", 4 }, { "Tile Hog", 2 }, { "Two Concealed Pungs", 2 },
                { "No Honors", 1 } },
       { E = -25, S = 75, W = -25, N = -25 })
end

function test_E22_melded_hand_last_tile_claim()
  wins(sit { seat = "E", round = "E", hand = "77m [456m]@N [111z]@S [123p]@N [789p]@N", win_tile = "7m",
             win_by = "discard", from = "S", flags = { "last_tile" } },
       20, 0, { { "Last Tile Claim", 8 }, { "Melded Hand", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 },
                { "Two Terminal Chows", 1 }, { "One Voided Suit", 1 } },
       { E = 44, S = -28, W = -8, N = -8 })
end

function test_E23_nine_gates_on_a_five()
  wins(sit { seat = "W", round = "S", hand = "11123455678999p", win_tile = "5p", win_by = "discard", from = "E" },
       91, 0, { { "Nine Gates", 88 }, { "Two Concealed Pungs", 2 }, { "Pung of Terminals or Honors", 1 } },
       { E = -99, S = -8, W = 115, N = -8 })
end

function test_E24_all_terminals()
  local s = sit { seat = "N", round = "S", hand = "111999m111p99s [999p]@E", win_tile = "9s", win_by = "discard",
                  from = "W" }
  wins(s, 81, 0, { { "All Terminals", 64 }, { "Three Concealed Pungs", 16 }, { "Single Wait", 1 } },
       { E = -8, S = -8, W = -89, N = 105 })
  s.options = { ["mcr.all_terminals_double_pung"] = true }
  wins(s, 85, 0, { { "All Terminals", 64 }, { "Three Concealed Pungs", 16 }, { "Double Pung", 2, 2 },
                   { "Single Wait", 1 } },
       { E = -8, S = -8, W = -93, N = 109 })
end

function test_E25_all_green_with_green_dragon()
  local s = sit { seat = "S", round = "N", hand = "22334466s666z [888s]@E", win_tile = "3s", win_by = "discard",
                  from = "N" }
  wins(s, 92, 0, { { "All Green", 88 }, { "Dragon Pung", 2 }, { "Pure Double Chow", 1 }, { "Closed Wait", 1 } },
       { E = -8, S = 116, W = -8, N = -100 })
  s.options = { ["mcr.all_green_half_flush"] = true }
  wins(s, 98, 0, { { "All Green", 88 }, { "Half Flush", 6 }, { "Dragon Pung", 2 }, { "Pure Double Chow", 1 },
                   { "Closed Wait", 1 } },
       { E = -8, S = 122, W = -8, N = -106 })
end

function test_E26_choosing_the_arrangement()
  wins(sit { seat = "W", round = "E", hand = "111222333m456s99p", win_tile = "6s", win_by = "self" },
       46, 0, { { "Pure Shifted Pungs", 24 }, { "Three Concealed Pungs", 16 }, { "Fully Concealed Hand", 4 },
                { "Pung of Terminals or Honors", 1 }, { "No Honors", 1 } },
       { E = -54, S = -54, W = 162, N = -54 })
end

function test_E27_last_tile_implied()
  wins(sit { seat = "E", round = "S", hand = "345m456p11s [444m]@S [567s]@N", win_tile = "4m", win_by = "discard",
             from = "W" },
       14, 0, { { "Mixed Shifted Chows", 6 }, { "Last Tile", 4 }, { "Tile Hog", 2 }, { "No Honors", 1 },
                { "Closed Wait", 1 } },
       { E = 38, S = -8, W = -22, N = -8 })
end

function test_E28_min_points_zero()
  wins(sit { seat = "W", round = "S", hand = "234m456p11z [567s]@S [999s]@N f1 f3 g2", win_tile = "4m",
             win_by = "discard", from = "E", options = { ["mcr.min_points"] = 0 } },
       1, 3, { { "Pung of Terminals or Honors", 1 }, { "Flower Tiles", 1, 3 } },
       { E = -12, S = -8, W = 28, N = -8 })
end

function test_E29_not_a_winning_hand()
  local r = jong.score(sit { seat = "W", round = "S", hand = "234m456p12z [567s]@S [999s]@N", win_tile = "4m",
                             win_by = "discard", from = "E" })
  lu.assertTrue(r.ok, r.error)
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, "not a winning hand")
  lu.assertNil(r.value)
end

os.exit(lu.LuaUnit.run())
