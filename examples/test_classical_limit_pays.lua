-- Classical with the discarder paying for a limit hand (examples/rules/classical_limit_pays.lua):
-- settle in jong score and in play on a stacked wall, the losers' settlement kept, ordinary
-- wins and the parent untouched.
local lu = require "luaunit"

local RULES = "examples/rules/classical_limit_pays.lua"

local function score(rules, hand, tile, options)
  return jong.score { rules = rules, options = options, seat = "S", hand = hand, win_tile = tile,
                      win_by = "discard", from = "W" }
end

function test_jong_score()
  local orphans = "19m19p19s12345677z"
  lu.assertEquals(score(RULES, orphans, "7z").payments, { E = 0, S = 2000, W = -2000, N = 0 })
  lu.assertEquals(score("classical", orphans, "7z").payments, { E = -1000, S = 2000, W = -500, N = -500 })
  lu.assertEquals(score(RULES, orphans, "7z", { limit_discarder_pays = false }).payments,
                  { E = -1000, S = 2000, W = -500, N = -500 })
  -- an ordinary hand: Classical's payments
  lu.assertEquals(score(RULES, "123m456p789s123s55z", "5z").payments, { E = -56, S = 112, W = -28, N = -28 })
  lu.assertEquals(score("classical", "123m456p789s123s55z", "5z").payments, { E = -56, S = 112, W = -28, N = -28 })
end

-- South holds thirteen orphans ready on any of thirteen tiles; East discards 1m at once.
-- West holds a concealed pung of dragons: the losers settle among themselves (§19.2).
local function won(rules)
  local g = assert(jong.scenario { rules = rules, seed = 1,
    hands = { E = "1m2m3m5m6m7m8m2p3p4p6s7s8s5m", S = "19m19p19s1234567z",
              W = "555z33p44p55s66s8s4m", N = "55p66p33s44s22p77m8m" } })
  assert(g:play("E", "d 1m"))
  local expected   -- what jong score gives for the situation of this win in play
  for _, a in ipairs(g:legal("S")) do
    if a.type == "win" then expected = jong.score(g:situation(g:pending_win(a))) end
  end
  assert(g:play("S", "win"))
  lu.assertEquals(expected.payments, g:last_payments())
  return g
end

function test_in_play()
  local g = won(RULES)
  local result = g.last_results[1].result
  lu.assertEquals(result.limit, "Thirteen Orphans")
  lu.assertEquals(result.losers.W.value.score, 16)
  -- East pays 2000 for all (500 x 2 as East, 500 for West, 500 for North) and 32 to West;
  -- North pays West 16
  lu.assertEquals(g:last_payments(), { E = -2032, S = 2000, W = 48, N = -16 })
  lu.assertEquals(won("classical"):last_payments(), { E = -1032, S = 2000, W = -452, N = -516 })
end

os.exit(lu.LuaUnit.run())
