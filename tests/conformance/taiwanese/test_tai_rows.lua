-- Rows of taiwanese.md §11 that neither the worked examples nor test_scoring.lua reach:
-- T6 (one line per dragon pung), T22, T21 with the honour items that add to it, T14's
-- conditions (no bonus tile, pinghu_self_draw), T15 against T16 when a discard completes a
-- pung, T9 after a concealed and after a claimed kong; computed by hand from the spec.
local lu = require "luaunit"
local expect = require "expect"

local function wins(s, value, items, payments)
  s.rules = "taiwanese"
  s.round = s.round or "E"
  local want = {}
  for i, it in ipairs(items) do want[i] = { it[1], it[2], "tai" } end
  return expect.win(jong.score(s), { value = value, items = want, payments = payments })
end

-- T6: 1 tai for each dragon pung, one line each; 78m waited on 6m or 9m (no T7); two suits.
-- South wins on West's discard: the dealer takes no part (30 + 2 x 10).
function test_T6_each_dragon_pung()
  wins({ seat = "S", hand = "123m456m789m22p [555z] [666z]", win_tile = "9m", win_by = "discard", from = "W" },
       { tai = 2, dealer_tai = 0 }, { { "Dragon pung", 1 }, { "Dragon pung", 1 } },
       { E = 0, S = 50, W = -50, N = 0 })
end

-- T22 replaces T6; characters and honours: T19.
function test_T22_small_three_dragons()
  wins({ seat = "S", hand = "123m456m789m77z [555z] [666z]", win_tile = "9m", win_by = "discard", from = "W" },
       { tai = 8, dealer_tai = 0 }, { { "Mixed one suit", 4 }, { "Small three dragons", 4 } },
       { E = 0, S = 110, W = -110, N = 0 })
end

-- T21 replaces T18; T4 (South pung, South seat), T5 (East pung, East round), T7 (only 7z
-- completes) and T22 (White and Green pungs, Red pair) add: 1 + 1 + 1 + 16 + 4 = 23.
-- Three wind pungs with a dragon pair are not T24.
function test_T21_all_honours_with_the_items_that_add()
  wins({ seat = "S", hand = "555z666z77z [111z] [222z] [333z]", win_tile = "7z", win_by = "discard", from = "N" },
       { tai = 23, dealer_tai = 0 },
       { { "Seat wind", 1 }, { "Round wind", 1 }, { "Single wait", 1 }, { "All honours", 16 },
         { "Small three dragons", 4 } },
       { E = 0, S = 260, W = 0, N = -260 })
end

-- T14 needs no bonus tile at all (f1 is not South's flower: no F1 either), and a discard
-- unless tw.pinghu_self_draw; 56p waits on 4p or 7p.
function test_T14_conditions()
  local hand = "123m456m789m234p567p88p"
  wins({ seat = "S", hand = hand, win_tile = "7p", win_by = "discard", from = "W" },
       { tai = 3, dealer_tai = 0 }, { { "Concealed hand", 1 }, { "All chows", 2 } },
       { E = 0, S = 60, W = -60, N = 0 })
  wins({ seat = "S", hand = hand .. " f1", win_tile = "7p", win_by = "discard", from = "W" },
       { tai = 1, dealer_tai = 0 }, { { "Concealed hand", 1 } }, { E = 0, S = 40, W = -40, N = 0 })
  wins({ seat = "S", hand = hand, win_tile = "7p", win_by = "self" },
       { tai = 3, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Dealer", 1 } },
       { E = -70, S = 190, W = -60, N = -60 })
  wins({ seat = "S", hand = hand, win_tile = "7p", win_by = "self", options = { pinghu_self_draw = true } },
       { tai = 5, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "All chows", 2 },
         { "Dealer", 1 } },
       { E = -90, S = 250, W = -80, N = -80 })
end

-- §12.1: a pung completed by a discard is not concealed. 111m 333p 555s 777s 234m with
-- the 9p pair won on a discarded 9p: the 16 tiles waited on 9p alone (T7) and all four pungs
-- are concealed (T16 5). The same tiles won on a discarded 5s (they waited on 5s or 9p: no
-- T7): 555s is not concealed, leaving T15.
function test_T15_T16_and_the_discard()
  local hand = "111m333p555s777s234m99p"
  wins({ seat = "S", hand = hand, win_tile = "9p", win_by = "discard", from = "W" },
       { tai = 7, dealer_tai = 0 }, { { "Concealed hand", 1 }, { "Single wait", 1 }, { "Four concealed pungs", 5 } },
       { E = 0, S = 100, W = -100, N = 0 })
  wins({ seat = "S", hand = hand, win_tile = "5s", win_by = "discard", from = "W" },
       { tai = 3, dealer_tai = 0 }, { { "Concealed hand", 1 }, { "Three concealed pungs", 2 } },
       { E = 0, S = 60, W = -60, N = 0 })
end

-- T9 after a concealed kong keeps T1/T3; after a claimed kong only T2 and T9.
function test_T9_after_a_concealed_and_a_claimed_kong()
  wins({ seat = "S", hand = "123m456m789m567p88p [2222s]c", win_tile = "7p", win_by = "self",
         flags = { "kong_replacement" } },
       { tai = 4, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Replacement win", 1 },
         { "Dealer", 1 } },
       { E = -80, S = 220, W = -70, N = -70 })
  wins({ seat = "S", hand = "123m456m789m567p88p [2222s]", win_tile = "7p", win_by = "self",
         flags = { "kong_replacement" } },
       { tai = 2, dealer_tai = 1 }, { { "Self-drawn", 1 }, { "Replacement win", 1 }, { "Dealer", 1 } },
       { E = -60, S = 160, W = -50, N = -50 })
end

-- T12 needs five melded sets from claims: with a concealed kong among the five sets there
-- is no T12 (T2 and T7 only); with a claimed kong T12 adds 1; won on a discard: T13 2 with T7.
-- West seat (his chows come from South, on his left).
function test_T12_T13_and_a_concealed_kong()
  wins({ seat = "W", hand = "88p [123m] [456m] [789p] [222s] [3333s]c", win_tile = "8p", win_by = "self" },
       { tai = 2, dealer_tai = 1 }, { { "Self-drawn", 1 }, { "Single wait", 1 }, { "Dealer", 1 } },
       { E = -60, S = -50, W = 160, N = -50 })
  wins({ seat = "W", hand = "88p [123m] [456m] [789p] [222s] [3333s]", win_tile = "8p", win_by = "self" },
       { tai = 3, dealer_tai = 1 }, { { "Self-drawn", 1 }, { "Single wait", 1 }, { "Half melded", 1 }, { "Dealer", 1 } },
       { E = -70, S = -60, W = 190, N = -60 })
  wins({ seat = "W", hand = "88p [123m] [456m] [789p] [222s] [3333s]", win_tile = "8p", win_by = "discard", from = "N" },
       { tai = 3, dealer_tai = 0 }, { { "Single wait", 1 }, { "All melded", 2 } },
       { E = 0, S = 0, W = 60, N = -60 })
end

os.exit(lu.LuaUnit.run())
