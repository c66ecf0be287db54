-- MCR: hands valued by the reference scorer (spec s2 "REF", commit abc04ea) under the reference
-- profile (s16), found by a random cross-check of jong against it: one hand for every element,
-- then flags the scorer drops or implies, knitted-straight waits and the choice of reading.
-- Hands include the winning tile; items are listed in GB order (s11, s14).
local lu = require "luaunit"

local expect = require "expect"

local PROFILE = expect.MCR_REFERENCE
local function sit(t) return expect.mcr_situation(t, PROFILE) end
local ref, below = expect.mcr_win, expect.mcr_below

-- One hand for each element (numbered by GB; 57b is the profile's Concealed Kong and Melded Kong).

function test_01_big_four_winds()
  ref(sit { seat = "E", round = "E", hand = "99m [1111z]c [222z] [333z] [4444z]+", win_tile = "9m",
            win_by = "discard", from = "W" },
      132, 0, { { "Big Four Winds", 88 }, { "All Terminals and Honors", 32 }, { "Half Flush", 6 },
                { "Concealed Kong and Melded Kong", 5 }, { "Single Wait", 1 } })
end

function test_02_big_three_dragons()
  ref(sit { seat = "E", round = "N", hand = "11p555666z [7777z]c [3333m]c", win_tile = "1p",
            win_by = "self" },
      161, 0, { { "Big Three Dragons", 88 }, { "Four Concealed Pungs", 64 }, { "Two Concealed Kongs", 6 },
                { "One Voided Suit", 1 }, { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_03_all_green()
  ref(sit { seat = "N", round = "N", hand = "3344666688s6666z g1 g4 f2 f4 g2 f1", win_tile = "8s",
            win_by = "discard", from = "W", flags = { "last_tile" } },
      124, 6, { { "All Green", 88 }, { "Seven Pairs", 24 }, { "Last Tile Claim", 8 }, { "Tile Hog", 2, 2 },
                { "Flower Tiles", 1, 6 } })
end

function test_04_nine_gates()
  ref(sit { seat = "S", round = "S", hand = "11123456778999m", win_tile = "7m", win_by = "self" },
      90, 0, { { "Nine Gates", 88 }, { "Short Straight", 1 }, { "Self-Drawn", 1 } })
end

function test_05_four_kongs()
  ref(sit { seat = "S", round = "W", hand = "11z [6666s]+ [3333z] [4444z]+ [2222z]+", win_tile = "1z",
            win_by = "discard", from = "N" },
      168, 0, { { "Four Kongs", 88 }, { "Little Four Winds", 64 }, { "Half Flush", 6 },
                { "Melded Hand", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 } })
end

function test_06_seven_shifted_pairs()
  ref(sit { seat = "W", round = "N", hand = "22334455667788s", win_tile = "7s", win_by = "self" },
      91, 0, { { "Seven Shifted Pairs", 88 }, { "All Simples", 2 }, { "Self-Drawn", 1 } })
end

function test_07_thirteen_orphans()
  ref(sit { seat = "E", round = "E", hand = "19m19p19s12334567z g3 f2 f3 f1 g1 g4 f4 g2", win_tile = "7z",
            win_by = "self", flags = { "last_of_kind" } },
      93, 8, { { "Thirteen Orphans", 88 }, { "Last Tile", 4 }, { "Self-Drawn", 1 },
               { "Flower Tiles", 1, 8 } })
end

function test_08_all_terminals()
  ref(sit { seat = "N", round = "N", hand = "111199m111199p99s", win_tile = "1m", win_by = "discard",
            from = "S" },
      92, 0, { { "All Terminals", 64 }, { "Seven Pairs", 24 }, { "Tile Hog", 2, 2 } })
end

function test_09_little_four_winds()
  ref(sit { seat = "S", round = "W", hand = "11z [6666s]+ [3333z] [4444z]+ [2222z]+", win_tile = "1z",
            win_by = "discard", from = "N" },
      168, 0, { { "Four Kongs", 88 }, { "Little Four Winds", 64 }, { "Half Flush", 6 },
                { "Melded Hand", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 } })
end

function test_10_little_three_dragons()
  ref(sit { seat = "E", round = "S", hand = "77z [123s] [5555z]+ [789m] [6666z]c", win_tile = "7z",
            win_by = "discard", from = "S", flags = { "last_tile" } },
      83, 0, { { "Little Three Dragons", 64 }, { "Last Tile Claim", 8 }, { "Outside Hand", 4 },
               { "Concealed Kong and Melded Kong", 5 }, { "One Voided Suit", 1 }, { "Single Wait", 1 } })
end

function test_11_all_honors()
  ref(sit { seat = "S", round = "S", hand = "55z [4444z]c [111z] [222z] [333z] f3 f4 g3 g4 f2 g2 g1 f1",
            win_tile = "5z", win_by = "discard", from = "E", flags = { "last_tile" } },
      163, 8, { { "Big Four Winds", 88 }, { "All Honors", 64 }, { "Last Tile Claim", 8 },
                { "Concealed Kong", 2 }, { "Single Wait", 1 }, { "Flower Tiles", 1, 8 } })
end

function test_12_four_concealed_pungs()
  ref(sit { seat = "E", round = "N", hand = "11p555666z [7777z]c [3333m]c", win_tile = "1p",
            win_by = "self" },
      161, 0, { { "Big Three Dragons", 88 }, { "Four Concealed Pungs", 64 }, { "Two Concealed Kongs", 6 },
                { "One Voided Suit", 1 }, { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_13_pure_terminal_chows()
  ref(sit { seat = "S", round = "E", hand = "11223355m [789m] [789m]", win_tile = "3m", win_by = "self" },
      66, 0, { { "Pure Terminal Chows", 64 }, { "Edge Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_14_quadruple_chow()
  ref(sit { seat = "W", round = "W", hand = "777888999p22s [789p]", win_tile = "8p", win_by = "discard",
            from = "N", flags = { "last_of_kind" } },
      51, 0, { { "Quadruple Chow", 48 }, { "All Chows", 2 }, { "One Voided Suit", 1 } })
end

function test_15_four_pure_shifted_pungs()
  ref(sit { seat = "W", round = "N", hand = "11p [6666s]c [7777s]+ [8888s]+ [5555s] f3 f4 g3",
            win_tile = "1p", win_by = "discard", from = "E" },
      138, 3, { { "Four Kongs", 88 }, { "Four Pure Shifted Pungs", 48 }, { "One Voided Suit", 1 },
                { "No Honors", 1 }, { "Flower Tiles", 1, 3 } })
end

function test_16_four_pure_shifted_chows()
  ref(sit { seat = "E", round = "E", hand = "44s [789s] [456s] [678s] [567s]", win_tile = "4s",
            win_by = "discard", from = "S" },
      64, 0, { { "Four Pure Shifted Chows", 32 }, { "Full Flush", 24 }, { "Melded Hand", 6 },
               { "All Chows", 2 } })
end

function test_17_three_kongs()
  ref(sit { seat = "S", round = "W", hand = "33p234s [8888p]c [9999m]c [7777s]c", win_tile = "3s",
            win_by = "discard", from = "N", flags = { "last_tile" } },
      69, 0, { { "Three Kongs", 32 }, { "Three Concealed Pungs", 16 }, { "Mixed Shifted Pungs", 8 },
               { "Last Tile Claim", 8 }, { "Concealed Hand", 2 }, { "Pung of Terminals or Honors", 1 },
               { "No Honors", 1 }, { "Closed Wait", 1 } })
end

function test_18_all_terminals_and_honors()
  ref(sit { seat = "E", round = "E", hand = "99m [1111z]c [222z] [333z] [4444z]+", win_tile = "9m",
            win_by = "discard", from = "W" },
      132, 0, { { "Big Four Winds", 88 }, { "All Terminals and Honors", 32 }, { "Half Flush", 6 },
                { "Concealed Kong and Melded Kong", 5 }, { "Single Wait", 1 } })
end

function test_19_seven_pairs()
  ref(sit { seat = "N", round = "N", hand = "3344666688s6666z g1 g4 f2 f4 g2 f1", win_tile = "8s",
            win_by = "discard", from = "W", flags = { "last_tile" } },
      124, 6, { { "All Green", 88 }, { "Seven Pairs", 24 }, { "Last Tile Claim", 8 }, { "Tile Hog", 2, 2 },
                { "Flower Tiles", 1, 6 } })
end

function test_20_greater_honors_and_knitted_tiles()
  ref(sit { seat = "W", round = "W", hand = "17m258p69s1234567z", win_tile = "5z", win_by = "self",
            flags = { "last_tile", "last_of_kind" } },
      36, 0, { { "Greater Honors and Knitted Tiles", 24 }, { "Last Tile Draw", 8 }, { "Last Tile", 4 } })
end

function test_21_all_even_pungs()
  ref(sit { seat = "N", round = "W", hand = "44m [8888m] [4444p]+ [8888p]c [8888s]", win_tile = "4m",
            win_by = "discard", from = "S" },
      128, 0, { { "Four Kongs", 88 }, { "All Even Pungs", 24 }, { "Triple Pung", 16 } })
end

function test_22_full_flush()
  ref(sit { seat = "S", round = "E", hand = "23333444455678p", win_tile = "8p", win_by = "discard",
            from = "E" },
      34, 0, { { "Full Flush", 24 }, { "Concealed Hand", 2 }, { "Tile Hog", 2, 2 },
               { "Two Concealed Pungs", 2 }, { "All Simples", 2 } })
end

function test_23_pure_triple_chow()
  ref(sit { seat = "N", round = "N", hand = "44s [789p] [789p] [666z] [789p]", win_tile = "4s",
            win_by = "discard", from = "W" },
      33, 0, { { "Pure Triple Chow", 24 }, { "Melded Hand", 6 }, { "Dragon Pung", 2 },
               { "One Voided Suit", 1 } })
end

function test_24_pure_shifted_pungs()
  ref(sit { seat = "S", round = "S", hand = "333s44z [2222s] [9999m]+ [444s]", win_tile = "3s",
            win_by = "self" },
      37, 0, { { "Pure Shifted Pungs", 24 }, { "All Pungs", 6 }, { "Two Melded Kongs", 4 },
               { "Pung of Terminals or Honors", 1 }, { "One Voided Suit", 1 }, { "Self-Drawn", 1 } })
end

function test_25_upper_tiles()
  ref(sit { seat = "N", round = "N", hand = "789m78889s [789s] [789m]", win_tile = "7m", win_by = "self" },
      34, 0, { { "Upper Tiles", 24 }, { "All Chows", 2 }, { "Tile Hog", 2 }, { "Pure Double Chow", 1, 2 },
               { "Mixed Double Chow", 1 }, { "One Voided Suit", 1 }, { "Edge Wait", 1 },
               { "Self-Drawn", 1 } })
end

function test_26_middle_tiles()
  ref(sit { seat = "W", round = "E", hand = "445566m456p45556s", win_tile = "5m", win_by = "self" },
      56, 0, { { "Middle Tiles", 24 }, { "All Fives", 16 }, { "Mixed Triple Chow", 8 },
               { "Fully Concealed Hand", 4 }, { "All Chows", 2 }, { "Pure Double Chow", 1 },
               { "Closed Wait", 1 } })
end

function test_27_lower_tiles()
  ref(sit { seat = "W", round = "N", hand = "111222333m11p [123m]", win_tile = "1m", win_by = "discard",
            from = "N" },
      79, 0, { { "Quadruple Chow", 48 }, { "Lower Tiles", 24 }, { "Outside Hand", 4 }, { "All Chows", 2 },
               { "One Voided Suit", 1 } })
end

function test_28_pure_straight()
  ref(sit { seat = "E", round = "W", hand = "222m12344456789s", win_tile = "4s", win_by = "discard",
            from = "W", flags = { "last_tile", "robbing_kong" } },
      28, 0, { { "Pure Straight", 16 }, { "Last Tile Claim", 8 }, { "Concealed Hand", 2 },
               { "One Voided Suit", 1 }, { "No Honors", 1 } })
end

function test_29_three_suited_terminal_chows()
  ref(sit { seat = "S", round = "S", hand = "55m [123p] [123s] [789s] [789p] f3 f1 g2 g4 g3 f2",
            win_tile = "5m", win_by = "self" },
      18, 6, { { "Three-Suited Terminal Chows", 16 }, { "Single Wait", 1 }, { "Self-Drawn", 1 },
               { "Flower Tiles", 1, 6 } })
end

function test_30_pure_shifted_chows()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_31_all_fives()
  ref(sit { seat = "W", round = "E", hand = "445566m456p45556s", win_tile = "5m", win_by = "self" },
      56, 0, { { "Middle Tiles", 24 }, { "All Fives", 16 }, { "Mixed Triple Chow", 8 },
               { "Fully Concealed Hand", 4 }, { "All Chows", 2 }, { "Pure Double Chow", 1 },
               { "Closed Wait", 1 } })
end

function test_32_triple_pung()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_33_three_concealed_pungs()
  ref(sit { seat = "S", round = "W", hand = "33p234s [8888p]c [9999m]c [7777s]c", win_tile = "3s",
            win_by = "discard", from = "N", flags = { "last_tile" } },
      69, 0, { { "Three Kongs", 32 }, { "Three Concealed Pungs", 16 }, { "Mixed Shifted Pungs", 8 },
               { "Last Tile Claim", 8 }, { "Concealed Hand", 2 }, { "Pung of Terminals or Honors", 1 },
               { "No Honors", 1 }, { "Closed Wait", 1 } })
end

function test_34_lesser_honors_and_knitted_tiles()
  ref(sit { seat = "E", round = "E", hand = "147m258p39s123467z", win_tile = "2z", win_by = "discard",
            from = "N", flags = { "last_tile", "robbing_kong" } },
      28, 0, { { "Lesser Honors and Knitted Tiles", 12 }, { "Last Tile Claim", 8 },
               { "Robbing the Kong", 8 } })
end

function test_35_knitted_straight()
  ref(sit { seat = "N", round = "E", hand = "123369m25558p147s", win_tile = "8p", win_by = "discard",
            from = "W" },
      16, 0, { { "Knitted Straight", 12 }, { "Concealed Hand", 2 }, { "All Chows", 2 } })
end

function test_36_upper_four()
  ref(sit { seat = "E", round = "S", hand = "666789m99p666s [6666p]c", win_tile = "8m", win_by = "discard",
            from = "N", flags = { "last_tile" } },
      57, 0, { { "Triple Pung", 16 }, { "Three Concealed Pungs", 16 }, { "Upper Four", 12 },
               { "Last Tile Claim", 8 }, { "Concealed Hand", 2 }, { "Concealed Kong", 2 },
               { "Closed Wait", 1 } })
end

function test_37_lower_four()
  ref(sit { seat = "N", round = "W", hand = "1133m3344p111144s", win_tile = "1s", win_by = "self" },
      39, 0, { { "Seven Pairs", 24 }, { "Lower Four", 12 }, { "Tile Hog", 2 }, { "Self-Drawn", 1 } })
end

function test_38_big_three_winds()
  ref(sit { seat = "S", round = "S", hand = "44s [111z] [222z] [444z] [6666z]c", win_tile = "4s",
            win_by = "self", flags = { "kong_replacement" } },
      41, 0, { { "Big Three Winds", 12 }, { "Out with Replacement Tile", 8 }, { "All Pungs", 6 },
               { "Half Flush", 6 }, { "Dragon Pung", 2 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 },
               { "Concealed Kong", 2 }, { "Single Wait", 1 } })
end

function test_39_mixed_straight()
  ref(sit { seat = "E", round = "E", hand = "789m123456p12223s", win_tile = "8m", win_by = "self" },
      16, 0, { { "Mixed Straight", 8 }, { "Fully Concealed Hand", 4 }, { "All Chows", 2 },
               { "Mixed Double Chow", 1 }, { "Closed Wait", 1 } })
end

function test_40_reversible_tiles()
  ref(sit { seat = "S", round = "S", hand = "22244455p [1111p]+ [234p]", win_tile = "2p",
            win_by = "discard", from = "W" },
      38, 0, { { "Full Flush", 24 }, { "Reversible Tiles", 8 }, { "Tile Hog", 2, 2 },
               { "Pung of Terminals or Honors", 1 }, { "Melded Kong", 1 } })
end

function test_41_mixed_triple_chow()
  ref(sit { seat = "W", round = "E", hand = "445566m456p45556s", win_tile = "5m", win_by = "self" },
      56, 0, { { "Middle Tiles", 24 }, { "All Fives", 16 }, { "Mixed Triple Chow", 8 },
               { "Fully Concealed Hand", 4 }, { "All Chows", 2 }, { "Pure Double Chow", 1 },
               { "Closed Wait", 1 } })
end

function test_42_mixed_shifted_pungs()
  ref(sit { seat = "S", round = "W", hand = "33p234s [8888p]c [9999m]c [7777s]c", win_tile = "3s",
            win_by = "discard", from = "N", flags = { "last_tile" } },
      69, 0, { { "Three Kongs", 32 }, { "Three Concealed Pungs", 16 }, { "Mixed Shifted Pungs", 8 },
               { "Last Tile Claim", 8 }, { "Concealed Hand", 2 }, { "Pung of Terminals or Honors", 1 },
               { "No Honors", 1 }, { "Closed Wait", 1 } })
end

function test_43_chicken_hand()
  ref(sit { seat = "E", round = "E", hand = "333m678p345s11z [789p]", win_tile = "3s", win_by = "discard",
            from = "S" },
      8, 0, { { "Chicken Hand", 8 } })
end

function test_44_last_tile_draw()
  ref(sit { seat = "E", round = "E", hand = "12223555678999m", win_tile = "2m", win_by = "self",
            flags = { "last_tile" } },
      40, 0, { { "Full Flush", 24 }, { "Last Tile Draw", 8 }, { "Fully Concealed Hand", 4 },
               { "Two Concealed Pungs", 2 }, { "Pung of Terminals or Honors", 1 }, { "Closed Wait", 1 } })
end

function test_45_last_tile_claim()
  ref(sit { seat = "N", round = "N", hand = "3344666688s6666z g1 g4 f2 f4 g2 f1", win_tile = "8s",
            win_by = "discard", from = "W", flags = { "last_tile" } },
      124, 6, { { "All Green", 88 }, { "Seven Pairs", 24 }, { "Last Tile Claim", 8 }, { "Tile Hog", 2, 2 },
                { "Flower Tiles", 1, 6 } })
end

function test_46_out_with_replacement_tile()
  ref(sit { seat = "N", round = "W", hand = "77789m456p123s [8888s]c", win_tile = "7m", win_by = "self",
            flags = { "kong_replacement" } },
      24, 0, { { "Mixed Straight", 8 }, { "Out with Replacement Tile", 8 }, { "Fully Concealed Hand", 4 },
               { "Concealed Kong", 2 }, { "No Honors", 1 }, { "Edge Wait", 1 } })
end

function test_47_robbing_the_kong()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_48_two_concealed_kongs()
  ref(sit { seat = "E", round = "N", hand = "11p555666z [7777z]c [3333m]c", win_tile = "1p",
            win_by = "self" },
      161, 0, { { "Big Three Dragons", 88 }, { "Four Concealed Pungs", 64 }, { "Two Concealed Kongs", 6 },
                { "One Voided Suit", 1 }, { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_49_all_pungs()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_50_half_flush()
  ref(sit { seat = "S", round = "W", hand = "11z [6666s]+ [3333z] [4444z]+ [2222z]+", win_tile = "1z",
            win_by = "discard", from = "N" },
      168, 0, { { "Four Kongs", 88 }, { "Little Four Winds", 64 }, { "Half Flush", 6 },
                { "Melded Hand", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 } })
end

function test_51_mixed_shifted_chows()
  ref(sit { seat = "W", round = "E", hand = "456s66z [345m] [567p] [234p]", win_tile = "6z",
            win_by = "discard", from = "E", flags = { "last_of_kind" } },
      8, 0, { { "Mixed Shifted Chows", 6 }, { "Short Straight", 1 }, { "Single Wait", 1 } })
end

function test_52_all_types()
  ref(sit { seat = "N", round = "N", hand = "666m66z [678p] [567s] [2222z]", win_tile = "6m",
            win_by = "self" },
      9, 0, { { "All Types", 6 }, { "Pung of Terminals or Honors", 1 }, { "Melded Kong", 1 },
              { "Self-Drawn", 1 } })
end

function test_53_melded_hand()
  ref(sit { seat = "E", round = "E", hand = "44s [789s] [456s] [678s] [567s]", win_tile = "4s",
            win_by = "discard", from = "S" },
      64, 0, { { "Four Pure Shifted Chows", 32 }, { "Full Flush", 24 }, { "Melded Hand", 6 },
               { "All Chows", 2 } })
end

function test_54_two_dragon_pungs()
  ref(sit { seat = "W", round = "W", hand = "11m567p [7777z]c [6666m]c [5555z]c", win_tile = "1m",
            win_by = "self", flags = { "kong_replacement" } },
      68, 0, { { "Three Kongs", 32 }, { "Three Concealed Pungs", 16 }, { "Out with Replacement Tile", 8 },
               { "Two Dragon Pungs", 6 }, { "Fully Concealed Hand", 4 }, { "One Voided Suit", 1 },
               { "Single Wait", 1 } })
end

function test_55_outside_hand()
  ref(sit { seat = "W", round = "E", hand = "789m22244z [3333z]c [111z]", win_tile = "8m",
            win_by = "self" },
      84, 0, { { "Little Four Winds", 64 }, { "Half Flush", 6 }, { "Outside Hand", 4 },
               { "Prevalent Wind", 2 }, { "Seat Wind", 2 }, { "Two Concealed Pungs", 2 },
               { "Concealed Kong", 2 }, { "Closed Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_56_fully_concealed_hand()
  ref(sit { seat = "E", round = "E", hand = "12223555678999m", win_tile = "2m", win_by = "self",
            flags = { "last_tile" } },
      40, 0, { { "Full Flush", 24 }, { "Last Tile Draw", 8 }, { "Fully Concealed Hand", 4 },
               { "Two Concealed Pungs", 2 }, { "Pung of Terminals or Honors", 1 }, { "Closed Wait", 1 } })
end

function test_57_two_melded_kongs()
  ref(sit { seat = "S", round = "S", hand = "333s44z [2222s] [9999m]+ [444s]", win_tile = "3s",
            win_by = "self" },
      37, 0, { { "Pure Shifted Pungs", 24 }, { "All Pungs", 6 }, { "Two Melded Kongs", 4 },
               { "Pung of Terminals or Honors", 1 }, { "One Voided Suit", 1 }, { "Self-Drawn", 1 } })
end

function test_58_last_tile()
  ref(sit { seat = "S", round = "S", hand = "33369m147p258s [678s]", win_tile = "7p", win_by = "discard",
            from = "E", flags = { "last_of_kind" } },
      18, 0, { { "Knitted Straight", 12 }, { "Last Tile", 4 }, { "All Chows", 2 } })
end

function test_59_dragon_pung()
  ref(sit { seat = "N", round = "N", hand = "44s [789p] [789p] [666z] [789p]", win_tile = "4s",
            win_by = "discard", from = "W" },
      33, 0, { { "Pure Triple Chow", 24 }, { "Melded Hand", 6 }, { "Dragon Pung", 2 },
               { "One Voided Suit", 1 } })
end

function test_60_prevalent_wind()
  ref(sit { seat = "E", round = "S", hand = "445566m555p55s [2222z]c", win_tile = "4m", win_by = "self",
            flags = { "last_of_kind" } },
      11, 0, { { "Fully Concealed Hand", 4 }, { "Prevalent Wind", 2 }, { "Two Concealed Pungs", 2 },
               { "Concealed Kong", 2 }, { "Pure Double Chow", 1 } })
end

function test_61_seat_wind()
  ref(sit { seat = "S", round = "W", hand = "11z [6666s]+ [3333z] [4444z]+ [2222z]+", win_tile = "1z",
            win_by = "discard", from = "N" },
      168, 0, { { "Four Kongs", 88 }, { "Little Four Winds", 64 }, { "Half Flush", 6 },
                { "Melded Hand", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 } })
end

function test_62_concealed_hand()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_63_all_chows()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_64_tile_hog()
  ref(sit { seat = "S", round = "E", hand = "23333444455678p", win_tile = "8p", win_by = "discard",
            from = "E" },
      34, 0, { { "Full Flush", 24 }, { "Concealed Hand", 2 }, { "Tile Hog", 2, 2 },
               { "Two Concealed Pungs", 2 }, { "All Simples", 2 } })
end

function test_65_double_pung()
  ref(sit { seat = "E", round = "E", hand = "55p [6666p]c [2222p]c [6666s]+ [9999p]+ f3 g2 f2 g4 f1 g1 g3",
            win_tile = "5p", win_by = "discard", from = "N", flags = { "last_tile" } },
      103, 7, { { "Four Kongs", 88 }, { "Last Tile Claim", 8 }, { "Double Pung", 2 },
                { "Two Concealed Pungs", 2 }, { "Pung of Terminals or Honors", 1 },
                { "One Voided Suit", 1 }, { "No Honors", 1 }, { "Flower Tiles", 1, 7 } })
end

function test_66_two_concealed_pungs()
  ref(sit { seat = "S", round = "E", hand = "23333444455678p", win_tile = "8p", win_by = "discard",
            from = "E" },
      34, 0, { { "Full Flush", 24 }, { "Concealed Hand", 2 }, { "Tile Hog", 2, 2 },
               { "Two Concealed Pungs", 2 }, { "All Simples", 2 } })
end

function test_67_concealed_kong()
  ref(sit { seat = "N", round = "W", hand = "77789m456p123s [8888s]c", win_tile = "7m", win_by = "self",
            flags = { "kong_replacement" } },
      24, 0, { { "Mixed Straight", 8 }, { "Out with Replacement Tile", 8 }, { "Fully Concealed Hand", 4 },
               { "Concealed Kong", 2 }, { "No Honors", 1 }, { "Edge Wait", 1 } })
end

function test_68_all_simples()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_69_pure_double_chow()
  ref(sit { seat = "N", round = "N", hand = "789m78889s [789s] [789m]", win_tile = "7m", win_by = "self" },
      34, 0, { { "Upper Tiles", 24 }, { "All Chows", 2 }, { "Tile Hog", 2 }, { "Pure Double Chow", 1, 2 },
               { "Mixed Double Chow", 1 }, { "One Voided Suit", 1 }, { "Edge Wait", 1 },
               { "Self-Drawn", 1 } })
end

function test_70_mixed_double_chow()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_71_short_straight()
  ref(sit { seat = "W", round = "E", hand = "456s66z [345m] [567p] [234p]", win_tile = "6z",
            win_by = "discard", from = "E", flags = { "last_of_kind" } },
      8, 0, { { "Mixed Shifted Chows", 6 }, { "Short Straight", 1 }, { "Single Wait", 1 } })
end

function test_72_two_terminal_chows()
  ref(sit { seat = "E", round = "W", hand = "12222344477789s", win_tile = "4s", win_by = "self" },
      33, 0, { { "Full Flush", 24 }, { "Fully Concealed Hand", 4 }, { "Tile Hog", 2 },
               { "Two Concealed Pungs", 2 }, { "Two Terminal Chows", 1 } })
end

function test_73_pung_of_terminals_or_honors()
  ref(sit { seat = "N", round = "N", hand = "66p777s [888m] [333p] [111z]", win_tile = "6p",
            win_by = "self", flags = { "last_of_kind" } },
      9, 0, { { "All Pungs", 6 }, { "Pung of Terminals or Honors", 1 }, { "Single Wait", 1 },
              { "Self-Drawn", 1 } })
end

function test_74_melded_kong()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_75_one_voided_suit()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_76_no_honors()
  ref(sit { seat = "W", round = "W", hand = "55p999s [9999p]c [9999m] [567p]", win_tile = "5p",
            win_by = "discard", from = "S" },
      28, 0, { { "Triple Pung", 16 }, { "Concealed Kong and Melded Kong", 5 }, { "Two Concealed Pungs", 2 },
               { "Pung of Terminals or Honors", 1, 3 }, { "No Honors", 1 }, { "Single Wait", 1 } })
end

function test_77_edge_wait()
  ref(sit { seat = "N", round = "W", hand = "77789m456p123s [8888s]c", win_tile = "7m", win_by = "self",
            flags = { "kong_replacement" } },
      24, 0, { { "Mixed Straight", 8 }, { "Out with Replacement Tile", 8 }, { "Fully Concealed Hand", 4 },
               { "Concealed Kong", 2 }, { "No Honors", 1 }, { "Edge Wait", 1 } })
end

function test_78_closed_wait()
  ref(sit { seat = "E", round = "E", hand = "23445667888p456s g2", win_tile = "5p", win_by = "discard",
            from = "S", flags = { "robbing_kong" } },
      33, 1, { { "Pure Shifted Chows", 16 }, { "Robbing the Kong", 8 }, { "Concealed Hand", 2 },
               { "All Chows", 2 }, { "All Simples", 2 }, { "Mixed Double Chow", 1 },
               { "One Voided Suit", 1 }, { "Closed Wait", 1 }, { "Flower Tiles", 1 } })
end

function test_79_single_wait()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_80_self_drawn()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_57b_concealed_kong_and_melded_kong()
  ref(sit { seat = "W", round = "W", hand = "55p999s [9999p]c [9999m] [567p]", win_tile = "5p",
            win_by = "discard", from = "S" },
      28, 0, { { "Triple Pung", 16 }, { "Concealed Kong and Melded Kong", 5 }, { "Two Concealed Pungs", 2 },
               { "Pung of Terminals or Honors", 1, 3 }, { "No Honors", 1 }, { "Single Wait", 1 } })
end

-- Flags, knitted-straight waits, readings.

function test_last_tile_implied_by_the_winners_melds()
  ref(sit { seat = "N", round = "N", hand = "234s66z [234s] [234s] [234s]", win_tile = "3s",
            win_by = "discard", from = "E", flags = { "last_tile" } },
      149, 0, { { "All Green", 88 }, { "Quadruple Chow", 48 }, { "Last Tile Claim", 8 }, { "Last Tile", 4 },
                { "Closed Wait", 1 } })
end

function test_last_of_kind_dropped_when_the_hand_holds_another_copy()
  ref(sit { seat = "E", round = "E", hand = "55m [888p] [4444s] [888s] [888m]", win_tile = "5m",
            win_by = "self", flags = { "last_of_kind" } },
      27, 0, { { "Triple Pung", 16 }, { "All Pungs", 6 }, { "All Simples", 2 }, { "Melded Kong", 1 },
               { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_robbing_kong_dropped_when_the_hand_holds_the_kind()
  ref(sit { seat = "N", round = "N", hand = "99s [6666s]+ [7777p]c [8888p]+ [5555m]c", win_tile = "9s",
            win_by = "discard", from = "S", flags = { "robbing_kong" } },
      99, 0, { { "Four Kongs", 88 }, { "Mixed Shifted Pungs", 8 }, { "Two Concealed Pungs", 2 },
               { "No Honors", 1 } })
end

function test_kong_replacement_dropped_without_a_kong()
  ref(sit { seat = "W", round = "N", hand = "147m35666679p258s g2 f2 f1 g3", win_tile = "6p",
            win_by = "self", flags = { "kong_replacement" } },
      21, 4, { { "Knitted Straight", 12 }, { "Fully Concealed Hand", 4 }, { "All Chows", 2 },
               { "Tile Hog", 2 }, { "Closed Wait", 1 }, { "Flower Tiles", 1, 4 } })
end

function test_robbing_the_kong_with_last_tile_claim()
  ref(sit { seat = "E", round = "E", hand = "147m258p39s123467z", win_tile = "2z", win_by = "discard",
            from = "N", flags = { "last_tile", "robbing_kong" } },
      28, 0, { { "Lesser Honors and Knitted Tiles", 12 }, { "Last Tile Claim", 8 },
               { "Robbing the Kong", 8 } })
end

function test_replacement_tile_with_last_tile_draw()
  ref(sit { seat = "E", round = "W", hand = "666m777s11z [8888p]c [7777z]c g4 f2", win_tile = "7s",
            win_by = "self", flags = { "last_tile", "kong_replacement" } },
      102, 2, { { "Four Concealed Pungs", 64 }, { "Mixed Shifted Pungs", 8 }, { "Last Tile Draw", 8 },
                { "Out with Replacement Tile", 8 }, { "Two Concealed Kongs", 6 }, { "All Types", 6 },
                { "Dragon Pung", 2 }, { "Flower Tiles", 1, 2 } })
end

function test_knitted_straight_with_a_melded_set()
  ref(sit { seat = "S", round = "E", hand = "35569m258p147s [999m]", win_tile = "5m", win_by = "self" },
      18, 0, { { "Knitted Straight", 12 }, { "Tile Hog", 2 }, { "Pung of Terminals or Honors", 1 },
               { "No Honors", 1 }, { "Single Wait", 1 }, { "Self-Drawn", 1 } })
end

function test_knitted_straight_wait_outside_the_body()
  ref(sit { seat = "N", round = "N", hand = "123369m24458p147s", win_tile = "3m", win_by = "self" },
      19, 0, { { "Knitted Straight", 12 }, { "Fully Concealed Hand", 4 }, { "All Chows", 2 },
               { "Edge Wait", 1 } })
end

function test_seven_pairs_beaten_by_a_standard_reading()
  ref(sit { seat = "E", round = "N", hand = "445566p44555566s f2 g1 f1 g4 g2 g3 f3", win_tile = "6p",
            win_by = "self", flags = { "last_tile" } },
      60, 7, { { "Middle Tiles", 24 }, { "All Fives", 16 }, { "Last Tile Draw", 8 },
               { "Fully Concealed Hand", 4 }, { "All Chows", 2 }, { "Tile Hog", 2 },
               { "Pure Double Chow", 1, 2 }, { "Mixed Double Chow", 1 }, { "One Voided Suit", 1 },
               { "Flower Tiles", 1, 7 } })
end

function test_below_the_minimum()
  below(sit { seat = "N", round = "N", hand = "334455m22567789s", win_tile = "4m", win_by = "discard",
              from = "S", flags = { "robbing_kong" } },
      7, 0, { { "Concealed Hand", 2 }, { "All Chows", 2 }, { "Pure Double Chow", 1 },
              { "One Voided Suit", 1 }, { "Closed Wait", 1 } })
end

-- The same hand by default (s13 D3): Seven Pairs self-drawn scores Fully Concealed Hand, and then
-- the Seven Pairs reading (24 + 24 + 8 + 4 + 2 + 1 = 63) beats the standard one (60).
function test_seven_pairs_beats_the_standard_reading_by_default()
  ref(sit { seat = "E", round = "N", hand = "445566p44555566s f2 g1 f1 g4 g2 g3 f3", win_tile = "6p",
            win_by = "self",
            flags = { "last_tile" }, options = {} },
      63, 7, { { "Seven Pairs", 24 }, { "Middle Tiles", 24 }, { "Last Tile Draw", 8 },
               { "Fully Concealed Hand", 4 },
               { "Tile Hog", 2 }, { "One Voided Suit", 1 }, { "Flower Tiles", 1, 7 } })
end

-- Two readings of 8: 123p 123p 789p 234m + 44p (Pure Double Chow, Two Terminal Chows, Edge Wait:
-- the reference scorer's pick) and 234p 234p 234m 789p + 11p (Pure Double Chow, Mixed Double Chow,
-- Closed Wait); s9 step 3 takes the one whose sorted element numbers come first (70 before 72).
function test_equal_readings_follow_the_spec_order()
  ref(sit { seat = "W", round = "N", hand = "234m11223344789p", win_tile = "3p", win_by = "discard",
            from = "S",
            flags = { "last_of_kind" } },
      8, 0, { { "Concealed Hand", 2 }, { "All Chows", 2 }, { "Pure Double Chow", 1 },
              { "Mixed Double Chow", 1 },
              { "One Voided Suit", 1 }, { "Closed Wait", 1 } })
end

os.exit(lu.LuaUnit.run())
