-- Taiwanese: items the worked examples do not reach (taiwanese.md §11), computed by hand.
local lu = require "luaunit"
local expect = require "expect"

local function wins(s, value, items, payments)
  s.rules = "taiwanese"
  local want = {}
  for i, it in ipairs(items) do want[i] = { it[1], it[2], "tai" } end
  return expect.win(jong.score(s), { value = value, items = want, payments = payments })
end

local CHOWS = "123456789m234p567s88s"

-- T7 is judged by shape (W3): 45p waits on 3p and 6p although the four 6p are in a kong.
function test_single_wait_by_shape()
  wins({ seat = "W", hand = "111234m345p567s88s [6666p]c", win_tile = "3p", win_by = "discard", from = "S" },
       { tai = 1, dealer_tai = 0 }, { { "Concealed hand", 1 } }, { E = 0, S = -40, W = 40, N = 0 })
end

function test_earthly_win()
  wins({ seat = "S", hand = CHOWS, win_tile = "8s", win_by = "self", flags = { "first_turn" } },
       { tai = 16, dealer_tai = 1 }, { { "Earthly win", 16 }, { "Dealer", 1 } },
       { E = -200, S = 580, W = -190, N = -190 })
end

function test_humanly_win()
  wins({ seat = "N", hand = CHOWS, win_tile = "4p", win_by = "discard", from = "W", flags = { "first_turn" } },
       { tai = 10, dealer_tai = 0 }, { { "All chows", 2 }, { "Humanly win", 8 } }, { E = 0, S = 0, W = -130, N = 130 })
end

function test_big_four_winds()
  wins({ seat = "S", round = "E", hand = "111222333444z55789m", win_tile = "5m", win_by = "discard", from = "N" },
       { tai = 27, dealer_tai = 0 },
       { { "Concealed hand", 1 }, { "Single wait", 1 }, { "Four concealed pungs", 5 }, { "Mixed one suit", 4 },
         { "Big four winds", 16 } },
       { E = 0, S = 300, W = 0, N = -300 })
end

function test_all_honours_big_three_dragons()
  wins({ seat = "E", round = "E", hand = "11155566677722z [333z]@S", win_tile = "2z", win_by = "self" },
       { tai = 33, dealer_tai = 1 },
       { { "Self-drawn", 1 }, { "Seat wind", 1 }, { "Round wind", 1 }, { "Single wait", 1 },
         { "Four concealed pungs", 5 }, { "All honours", 16 }, { "Big three dragons", 8 }, { "Dealer", 1 } },
       { E = 1110, S = -370, W = -370, N = -370 })
end

function test_replacement_win_on_the_last_tile()
  wins({ seat = "W", hand = CHOWS, win_tile = "4p", win_by = "self", flags = { "kong_replacement", "last_tile" } },
       { tai = 5, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Replacement win", 1 },
         { "Last tile", 1 }, { "Dealer", 1 } },
       { E = -90, S = -80, W = 250, N = -80 })
end

function test_last_discard()
  wins({ seat = "N", hand = CHOWS, win_tile = "4p", win_by = "discard", from = "S", flags = { "last_tile" } },
       { tai = 4, dealer_tai = 0 }, { { "Concealed hand", 1 }, { "Last discard", 1 }, { "All chows", 2 } },
       { E = 0, S = -70, W = 0, N = 70 })
end

-- T7 counts every kind that completes the 16 tiles, seven pairs and a pung (§9.2) included:
-- 1122334455666899s waits on 7s (five sets) and on 8s (pairs 11 22 33 44 55 88 99, pung 666),
-- so winning on its only 7s is no single wait.
function test_single_wait_counts_a_seven_pairs_and_a_pung_wait()
  wins({ seat = "S", hand = "11223344556667899s", win_tile = "7s", win_by = "self" },
       { tai = 11, dealer_tai = 1 },
       { { "Concealed hand", 1 }, { "Self-drawn", 1 }, { "Concealed self-draw", 1 }, { "Pure one suit", 8 },
         { "Dealer", 1 } },
       { E = -150, S = 430, W = -140, N = -140 })
end

os.exit(lu.LuaUnit.run())
