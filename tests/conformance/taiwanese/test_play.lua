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

os.exit(lu.LuaUnit.run())
