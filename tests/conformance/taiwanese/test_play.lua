-- Taiwanese in the engine: a stacked deal of 16 tiles (the dealer 17) won with five sets
-- and a pair, scored and paid as `jong score` says, and the dealer's streak (§5.3) kept
-- across deals and passed to scoring as dealer_streak.
local lu = require "luaunit"

local in_play = require "in_play"
local play, last_event = in_play.play, in_play.last_event

function test_five_set_win_and_the_dealer_streak()
  -- A stacked deal (§6.2, four passes of four, then one more to the dealer): the dealer's
  -- 17 tiles, 16 for the others, then the tiles drawn after the deal.
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = "1s",
    hands = { E = "234567m345p345s9s111z7z", S = "9s258m369p147s258p369m", W = "114477m114477p2255s",
              N = "6688s2233445566z1p9p" } }
  lu.assertNotNil(g, err)
  lu.assertEquals(#g:state().seats.E.hand:gsub("%s.*", ""):gsub("[mpsz]", ""), 17)
  play(g, "E", "d 7z")   -- no seat can claim it: South draws
  play(g, "S", "d 9s")
  play(g, "E", "win")
  local win = last_event(g, "win")
  lu.assertEquals(win.seat, "E")
  -- Example 3's items on a discard at streak 0: seat and round wind, single wait,
  -- concealed hand; the dealer's tai in S's payment: 30 + 10 x (4 + 1).
  lu.assertEquals(last_event(g, "settle").payments, { E = 80, S = -80, W = 0, N = 0 })
  g:run_bots(nil, "greedy", 1)
  local nd = last_event(g, "next_deal")
  lu.assertNotNil(nd)
  lu.assertEquals(g:brief().honba, 1)       -- the dealer kept the deal: streak 1
end

-- §6.2: 16 tiles each (bonus tiles replaced) and the dealer 17.
function test_the_deal_and_the_reserve()
  local g = assert(jong.game { rules = "taiwanese", seed = 7 })
  local st = g:state()
  for _, seat in ipairs { "S", "W", "N" } do
    local size = 0
    for _ in st.seats[seat].hand:gsub("%[.-%]", ""):gsub("[fg]%d", ""):gmatch("%d") do size = size + 1 end
    lu.assertEquals(size, 16)
  end
  g:run_bots(nil, "greedy", 300)
end

local function items_of(g)
  local out = {}
  for _, it in ipairs(g.last_results[1].result.items) do out[#out + 1] = { it.name, it.value } end
  return out
end

local function stacked(hands)
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = "9s", hands = hands }
  lu.assertNotNil(g, err)
  return g
end

-- §9.2 in play: seven pairs and a pung wins as `jong score` says. S waits on any of his
-- pairs; E's first discard 3m completes 33m into the pung, S not having discarded and no
-- claim made: Humanly win too (T29), both 8; 30 + 10 x (16 + 1) from the dealer.
function test_seven_pairs_and_a_pung_won_in_play()
  local g = stacked { E = "234567m345p345s9s666z7z", S = "113355m7799p224466s", W = "114477m114477p2255s",
                      N = "6688s22334455z99m1p9p" }
  play(g, "E", "d 3m")
  play(g, "S", "win")
  lu.assertEquals(items_of(g), { { "Seven pairs and a pung", 8 }, { "Humanly win", 8 }, { "Dealer", 1 } })
  lu.assertEquals(last_event(g, "settle").payments, { E = -200, S = 200, W = 0, N = 0 })
end

-- T27 in play: the dealer's 17 dealt tiles are complete: he wins before discarding.
function test_heavenly_win_in_play()
  local g = stacked { E = "234567m345p345s99s111z", S = "123456789m234p2s7z55z", W = "114477m114477p2255s",
                      N = "6688s22334455z99m1p9p" }
  play(g, "E", "win")
  lu.assertEquals(items_of(g), { { "Seat wind", 1 }, { "Round wind", 1 }, { "Heavenly win", 16 }, { "Dealer", 1 } })
  lu.assertEquals(last_event(g, "settle").payments, { E = 660, S = -220, W = -220, N = -220 })
end

-- T8 in play (§7.4): N pungs E's 7s, later draws the fourth and adds it; W, waiting on
-- 4s or 7s, robs it: Concealed hand, Robbing a kong, All chows (56s two-sided); the
-- declarer pays as the discarder, 30 + 10 x 4.
function test_robbing_a_promoted_kong_in_play()
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = "7z7z7z7s",
    hands = { E = "123456789m123p457s11z", S = "258m369p149s1234566z", W = "123456m456p789p56s88s",
              N = "8m8p99p77s2233445566z" } }
  lu.assertNotNil(g, err)
  play(g, "E", "d 7s")
  play(g, "W", "pass")          -- W could win on it; he waits
  play(g, "N", "pung")
  play(g, "N", "d 8m")
  play(g, "E", "pass")
  play(g, "E", "d 7z")
  play(g, "S", "d 7z")
  play(g, "W", "d 7z")
  play(g, "N", "kong 7s")       -- N draws the fourth 7s and adds it to his pung
  play(g, "W", "win")
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.tile, win.by, win.from }, { "W", "7s", "rob", "N" })
  lu.assertEquals(items_of(g), { { "Concealed hand", 1 }, { "Robbing a kong", 1 }, { "All chows", 2 } })
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = 0, W = 70, N = -70 })
end

-- Example 19 in play (§7.3): E's first discard 4p completes S (23p) and N (56p), both
-- concealed five chows on their first go-round (All chows 2, Humanly win 8, the dealer
-- discarding: 30 + 10 x 11). Nearest: S alone is paid; all: E pays each.
local function two_winners(multi_win)
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, options = { multi_win = multi_win },
    hands = { E = "4p111z222z333z444z555z6z", S = "123456789m23p567s88s", W = "11334499s1199p7777z",
              N = "123456m56789p678s22s" } }
  lu.assertNotNil(g, err)
  play(g, "E", "d 4p")
  play(g, "S", "win")
  play(g, "N", "win")
  local paid = {}
  for _, r in ipairs(g.last_results) do
    local its = {}
    for _, it in ipairs(r.result.items) do its[#its + 1] = { it.name, it.value } end
    lu.assertEquals(its, { { "All chows", 2 }, { "Humanly win", 8 }, { "Dealer", 1 } })
    paid[#paid + 1] = r.seat
  end
  return paid, last_event(g, "settle").payments
end

function test_two_winners_on_one_discard()
  local paid, payments = two_winners("nearest")
  lu.assertEquals(paid, { "S" })
  lu.assertEquals(payments, { E = -140, S = 140, W = 0, N = 0 })
  paid, payments = two_winners("all")
  lu.assertEquals(paid, { "S", "N" })
  lu.assertEquals(payments, { E = -280, S = 140, W = 0, N = 140 })
end

os.exit(lu.LuaUnit.run())
