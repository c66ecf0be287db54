-- IMS with All Sequences revalued (examples/rules/ims_sequences.lua): jong score, play on a
-- stacked wall (with a 2-fan minimum, the hand wins only under the house value), the parent
-- untouched.
local lu = require "luaunit"

local RULES = "examples/rules/ims_sequences.lua"

local function score(rules, options)
  return jong.score { rules = rules, options = options, seat = "S", hand = "123m456p789s234s55m", win_tile = "5m",
                      win_by = "discard", from = "W" }
end

function test_scored_by_jong_score()
  local r = score(RULES)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.items, { { name = "All Sequences", value = 2, unit = "fan" } })
  lu.assertEquals(r.value, { fan = 2, aux = 0, adjusted = 2, basic = 16, total = 16 })
  lu.assertEquals(r.payments, { E = 0, S = 16, W = -16, N = 0 })
  r = score("ims")                                       -- the parent's value
  lu.assertEquals(r.items, { { name = "All Sequences", value = 1, unit = "fan" } })
  lu.assertEquals(r.payments, { E = 0, S = 8, W = -8, N = 0 })
  lu.assertEquals(score("ims", { minimum_fan = 2 }).reason, "Minimum Fan: fan 1 is below 2")
  lu.assertTrue(score(RULES, { minimum_fan = 2 }).wins)
end

-- East discards 7z; South, West and North draw and discard a 6z each; East draws 5m and
-- discards it: South (all sequences, waiting on 5m) may ron only where it makes 2 fan.
local function offered(rules)
  local g = assert(jong.scenario { rules = rules, seed = 1, options = { minimum_fan = 2 }, draws = "6z6z6z5m",
    hands = { E = "7z1m1m9m9m1p9p9p1s1s9s1z2z3z", S = "123m456p789s234s5m", W = "2m3m4m7m8m2p3p5p6p4s5s6s7s",
              N = "6m7m8m3p4p6p7p8s8s9s4z6z7z" } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
  for _, a in ipairs(g:legal("S")) do
    if a.type == "win" then return true, g, a end
  end
  return false, g
end

function test_in_play()
  lu.assertFalse((offered("ims")))
  local wins, g, action = offered(RULES)
  lu.assertTrue(wins)
  local expected = jong.score(g:situation(g:pending_win(action)))   -- what play will score
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.items, { { name = "All Sequences", value = 2, unit = "fan" } })
  lu.assertEquals(g.last_results[1].result.value.total, 16)
  lu.assertEquals(g:last_payments(), { E = -16, S = 16, W = 0, N = 0 })
  lu.assertEquals(expected.payments, g:last_payments())
end

os.exit(lu.LuaUnit.run())
