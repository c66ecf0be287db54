-- MCR clauses the worked examples do not reach, computed by hand from mcr.md:
-- §10.2 (a concealed pung completed by a discard stays concealed when a concealed chow of the
-- arrangement holds the winning tile's kind) and §12.5 (the wait elements of a Knitted
-- Straight hand are judged on the set and pair outside the body; with one meld, Single Wait
-- only outside the body or with three of the kind concealed).
local lu = require "luaunit"
local expect = require "expect"

local function mcr(t) return expect.mcr_situation(t) end

-- §10.2: 456m 555m 777p 999s 22p won on a discarded 5m: 555m stays concealed, so three
-- concealed pungs (16); four 5m, not a kong: Tile Hog. The 13 tiles waited on 5m or 2p: no
-- wait element. W pays 22 + 8.
function test_10_2_pung_beside_a_chow_of_the_winning_kind_stays_concealed()
  local s = mcr { seat = "S", round = "E", hand = "455556m777p999s22p", win_tile = "5m", win_by = "discard", from = "W" }
  expect.mcr_win(s, 22, 0, { { "Three Concealed Pungs", 16 }, { "Concealed Hand", 2 }, { "Tile Hog", 2 },
                             { "Pung of Terminals or Honors", 1 }, { "No Honors", 1 } },
                 { E = -8, S = 46, W = -30, N = -8 })
  -- self-drawn: Fully Concealed Hand instead of Concealed Hand
  s = mcr { seat = "S", round = "E", hand = "455556m777p999s22p", win_tile = "5m", win_by = "self" }
  expect.mcr_win(s, 24, 0, { { "Three Concealed Pungs", 16 }, { "Fully Concealed Hand", 4 }, { "Tile Hog", 2 },
                             { "Pung of Terminals or Honors", 1 }, { "No Honors", 1 } },
                 { E = -32, S = 96, W = -32, N = -32 })
end

-- §10.2 without such a chow: 555m completed by the discard is melded, leaving two concealed
-- pungs; 6 points is below the minimum.
function test_10_2_pung_completed_by_a_discard_is_melded()
  expect.mcr_below(mcr { seat = "S", round = "E", hand = "555m777p999s123s22p", win_tile = "5m", win_by = "discard",
                         from = "W" },
                   6, 0, { { "Concealed Hand", 2 }, { "Two Concealed Pungs", 2 }, { "Pung of Terminals or Honors", 1 },
                           { "No Honors", 1 } })
end

-- §12.5, one meld ([777z], Red): Single Wait on the White pair outside the body; on 1m when
-- the concealed part holds three 1m (body 1m + pair 11m); none when the winning 4m only
-- completes the body.
function test_12_5_knitted_straight_with_a_meld()
  local function s(hand, tile)
    return mcr { seat = "S", round = "E", hand = hand .. " [777z]", win_tile = tile, win_by = "discard", from = "N" }
  end
  expect.mcr_win(s("147m258p369s55z", "5z"), 15, 0, { { "Knitted Straight", 12 }, { "Dragon Pung", 2 }, { "Single Wait", 1 } },
                 { E = -8, S = 39, W = -8, N = -23 })
  expect.mcr_win(s("1147m258p369s1m", "1m"), 15, 0, { { "Knitted Straight", 12 }, { "Dragon Pung", 2 }, { "Single Wait", 1 } },
                 { E = -8, S = 39, W = -8, N = -23 })
  expect.mcr_win(s("147m258p369s55z", "4m"), 14, 0, { { "Knitted Straight", 12 }, { "Dragon Pung", 2 } },
                 { E = -8, S = 38, W = -8, N = -22 })
end

-- §12.5, concealed: the set 345m and pair 55z outside the body hold the winning 4m and their
-- other four tiles (35m 55z) wait on 4m alone: Closed Wait, although 4m is also in the body.
-- A winning tile that only completes the body scores no wait element.
function test_12_5_knitted_straight_concealed_waits()
  expect.mcr_win(mcr { seat = "S", round = "E", hand = "147m258p369s345m55z", win_tile = "4m", win_by = "discard", from = "N" },
                 15, 0, { { "Knitted Straight", 12 }, { "Concealed Hand", 2 }, { "Closed Wait", 1 } },
                 { E = -8, S = 39, W = -8, N = -23 })
  expect.mcr_win(mcr { seat = "S", round = "E", hand = "147m258p369s55z777z", win_tile = "4m", win_by = "discard", from = "N" },
                 16, 0, { { "Knitted Straight", 12 }, { "Dragon Pung", 2 }, { "Concealed Hand", 2 } },
                 { E = -8, S = 40, W = -8, N = -24 })
end

-- §9.4 / §14: Chicken Hand only for a hand that scores nothing at all. E01's hand self-drawn
-- scores Self-Drawn 1, so it is no Chicken Hand and falls below the minimum of 8.
function test_self_drawn_chicken_hand_is_below_the_minimum()
  expect.mcr_below(mcr { seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W", win_tile = "9p",
                         win_by = "self" },
                   1, 0, { { "Self-Drawn", 1 } })
end

-- §11 No. 38: Big Three Winds excludes Pung of Terminals or Honors only for its three wind
-- pungs: a fourth pung of 999m still scores it. South seat, East round: the East pung is
-- Prevalent Wind, the South pung Seat Wind (not Pung of Terminals or Honors either, §10.8).
function test_big_three_winds_keeps_a_fourth_terminal_pung()
  expect.mcr_win(mcr { seat = "S", round = "E", hand = "999m55p [111z] [222z] [333z]", win_tile = "5p",
                       win_by = "discard", from = "N" },
                 25, 0, { { "Big Three Winds", 12 }, { "All Pungs", 6 }, { "Prevalent Wind", 2 }, { "Seat Wind", 2 },
                          { "Pung of Terminals or Honors", 1 }, { "One Voided Suit", 1 }, { "Single Wait", 1 } },
                 { E = -8, S = 49, W = -8, N = -33 })
end

-- §15.1 with mcr.base_points: E01 (8, on North's discard) with base 0 is paid by North
-- alone; E04 (14, self-drawn) with base 5: each loser pays 14 + 5.
function test_base_points_option()
  expect.mcr_win(mcr { seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W", win_tile = "9p",
                       win_by = "discard", from = "N", options = { ["mcr.base_points"] = 0 } },
                 8, 0, { { "Chicken Hand", 8 } }, { E = 0, S = 8, W = 0, N = -8 })
  expect.mcr_win(mcr { seat = "E", round = "E", hand = "234678m234p23499s", win_tile = "6m", win_by = "self",
                       options = { ["mcr.base_points"] = 5 } },
                 14, 0, { { "Mixed Triple Chow", 8 }, { "Fully Concealed Hand", 4 }, { "All Chows", 2 } },
                 { E = 57, S = -19, W = -19, N = -19 })
end

os.exit(lu.LuaUnit.run())
