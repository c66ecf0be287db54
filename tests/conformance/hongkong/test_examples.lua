-- Hong Kong Old Style: every worked example of the spec (shared/rules/hongkong.md §16),
-- asserting the faan, the items (names, values, order) and the payments.
-- Items are listed in the order of the spec's tables (§12.7 limit hands, then H1-H25).
local lu = require "luaunit"
local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")

TestExamples = {}

-- Example 1: East self-drawn, 2 faan (needs hk.min_faan = 0).
function TestExamples.test_01_east_self_drawn_two_faan()
  local s = { seat = "E", round = "E", hand = "555m234s11z [1111p]c [666z]",
              win_tile = "1z", win_by = "self", options = { min_faan = 0 } }
  hk.wins(s, { faan = 2,
               items = { { "Dragon pung/kong", 1 }, { "Self-drawn", 1 } },
               payments = { E = 24, S = -8, W = -8, N = -8 } })
  -- with the default minimum of 3 the hand cannot be declared
  s.options = nil
  hk.refused(s, "below the minimum of 3")
end

-- Example 2: West on East's discard, 1 faan (needs hk.min_faan <= 1).
function TestExamples.test_02_west_on_east_discard_one_faan()
  hk.wins({ seat = "W", round = "E", hand = "555m234s11z66z6z [1111p]c",
            win_tile = "6z", win_by = "discard", from = "E", options = { ["hk.min_faan"] = 1 } },
          { faan = 1,
            items = { { "Dragon pung/kong", 1 } },
            payments = { W = 8, E = -4, S = -2, N = -2 } })
end

-- Example 3: North on East's discard, 3 faan.
function TestExamples.test_03_north_on_east_discard_three_faan()
  hk.wins({ seat = "N", round = "E", hand = "555678p11z [234p]@W [789p]@W",
            win_tile = "8p", win_by = "discard", from = "E" },
          { faan = 3,
            items = { { "Mixed one suit", 3 } },
            payments = { N = 32, E = -16, S = -8, W = -8 } })
end

-- Example 4: mixed one suit with a dragon, self-drawn.
function TestExamples.test_04_mixed_one_suit_with_dragon_self_drawn()
  hk.wins({ seat = "S", round = "E", hand = "123456789s99s [777z]",
            win_tile = "9s", win_by = "self" },
          { faan = 5,
            items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Self-drawn", 1 } },
            payments = { S = 96, E = -32, W = -32, N = -32 } })
end

-- Example 5: concealed pure one suit, self-drawn.
function TestExamples.test_05_concealed_pure_one_suit_self_drawn()
  hk.wins({ seat = "W", round = "S", hand = "111234567789p55p",
            win_tile = "8p", win_by = "self" },
          { faan = 9,
            items = { { "Pure one suit", 7 }, { "Self-drawn", 1 }, { "Concealed hand", 1 } },
            payments = { W = 192, E = -64, S = -64, N = -64 } })
end

-- Example 6: dealer, all pungs with double East, on a discard; no dealer bonus.
function TestExamples.test_06_dealer_all_pungs_double_east()
  hk.wins({ seat = "E", round = "E", hand = "777m99s555p [111z] [333p]",
            win_tile = "5p", win_by = "discard", from = "N" },
          { faan = 5,
            items = { { "All pungs", 3 }, { "Seat-wind pung/kong", 1 }, { "Prevailing-wind pung/kong", 1 } },
            payments = { E = 64, N = -32, S = -16, W = -16 } })
end

-- Example 7: small three dragons with mixed one suit (a chee for the win from any player).
function TestExamples.test_07_small_three_dragons_mixed_one_suit()
  hk.wins({ seat = "N", round = "E", hand = "234678m77z [555z] [666z]",
            win_tile = "8m", win_by = "discard", from = "S" },
          { faan = 8,
            items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                      { "Small three dragons", 3 } },
            payments = { N = 128, S = -64, E = -32, W = -32 } })
end

-- Example 8: big three dragons reaches the limit (12 faan -> 10).
function TestExamples.test_08_big_three_dragons_limit()
  hk.wins({ seat = "W", round = "S", hand = "777z234s99s [555z] [666z]",
            win_tile = "9s", win_by = "self" },
          { faan = 10, limit = "Limit",
            items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                      { "Dragon pung/kong", 1 }, { "Big three dragons", 5 }, { "Self-drawn", 1 } },
            payments = { W = 384, E = -128, S = -128, N = -128 } })
end

-- Example 9: thirteen orphans on a discard (13 + concealed 1 -> limit 10).
function TestExamples.test_09_thirteen_orphans_on_discard()
  hk.wins({ seat = "S", round = "E", hand = "19m199p19s1234567z",
            win_tile = "9p", win_by = "discard", from = "W" },
          { faan = 10, limit = "Thirteen orphans",
            items = { { "Thirteen orphans", 13 }, { "Concealed hand", 1 } },
            payments = { S = 256, W = -128, E = -64, N = -64 } })
end

-- Example 10: win on a kong replacement after promoting [222m].
function TestExamples.test_10_win_on_kong_replacement()
  hk.wins({ seat = "N", round = "S", hand = "345678999m11z [2222m]+",
            win_tile = "9m", win_by = "self", flags = { "kong_replacement" } },
          { faan = 5,
            items = { { "Mixed one suit", 3 }, { "Self-drawn", 1 }, { "Win on kong replacement", 1 } },
            payments = { N = 96, E = -32, S = -32, W = -32 } })
end

-- Example 11: the dealer robs South's promoted kong of 5s; South pays as the discarder.
function TestExamples.test_11_dealer_robs_a_kong()
  hk.wins({ seat = "E", round = "E", hand = "123345678999s11z",
            win_tile = "5s", win_by = "discard", from = "S", flags = { "robbing_kong" } },
          { faan = 5,
            items = { { "Mixed one suit", 3 }, { "Concealed hand", 1 }, { "Robbing a kong", 1 } },
            payments = { E = 64, S = -32, W = -16, N = -16 } })
end

-- Example 12: calling 9 pieces, North discards the winning tile and pays for all.
function TestExamples.test_12_calling_9_pieces_on_discard()
  hk.wins({ seat = "W", round = "E", hand = "22255p [123p]@S [456p]@S [789p]@S",
            win_tile = "5p", win_by = "discard", from = "N" },
          { faan = 7,
            items = { { "Pure one suit", 7 } },
            payments = { W = 128, N = -128, E = 0, S = 0 } })
end

-- Example 13: calling 12 pieces, East fed the fourth bamboo set; South self-draws.
function TestExamples.test_13_calling_12_pieces_self_draw()
  hk.wins({ seat = "S", round = "W", hand = "88s [111s]@W [456s]@E [789s]@E [222s]@E",
            win_tile = "8s", win_by = "self" },
          { faan = 8,
            items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { S = 192, E = -192, W = 0, N = 0 } })
end

-- Example 14: with flowers, common hand, concealed, self-drawn, seat flower f1 (g3 is West's).
function TestExamples.test_14_flowers_common_hand_seat_flower()
  hk.wins({ seat = "E", round = "S", hand = "234567m345p55678s f1 g3",
            win_tile = "8s", win_by = "self", options = { use_flowers = true } },
          { faan = 4,
            items = { { "Common hand", 1 }, { "Self-drawn", 1 }, { "Concealed hand", 1 },
                      { "Seat flower / seat season", 1 } },
            payments = { E = 96, S = -32, W = -32, N = -32 } })
end

-- Example 15: false Mah Jong: an incomplete hand, or a complete one under the minimum,
-- is refused; the penalty hook makes the offender pay 128 to each other player.
function TestExamples.test_15_false_mah_jong()
  hk.refused({ seat = "S", round = "E", hand = "789s22235p [123m] [456p]",
               win_tile = "2p", win_by = "discard", from = "E" }, "not a complete hand")
  hk.refused({ seat = "S", round = "E", hand = "234m678p345s99m [555z]",
               win_tile = "9m", win_by = "discard", from = "E" }, "1 faan, below the minimum of 3")
  local payments = hk.rules().penalty("false_win", "S")
  lu.assertEquals(payments, { S = -384, E = 128, W = 128, N = 128 })
end

os.exit(lu.LuaUnit.run())
