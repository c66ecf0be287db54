-- IMS with an item added by data (examples/rules/ims_fives.lua): jong score, play on a
-- stacked wall (with a 2-fan minimum the hand wins only with the new item), the parent
-- untouched.
local lu = require "luaunit"

local RULES = "examples/rules/ims_fives.lua"

local function score(rules, hand, tile)
  return jong.score { rules = rules, options = { minimum_fan = 2 }, seat = "S", hand = hand, win_tile = tile,
                      win_by = "discard", from = "W" }
end

function test_scored_by_jong_score()
  local r = score(RULES, "123m456p789s234s55m", "5m")
  lu.assertEquals(r.items, { { name = "All Sequences", value = 1, unit = "fan" },
                             { name = "Fives Pair", value = 1, unit = "fan" } })
  lu.assertEquals(r.payments, { E = 0, S = 16, W = -16, N = 0 })
  lu.assertEquals(score("ims", "123m456p789s234s55m", "5m").reason, "Minimum Fan: fan 1 is below 2")
  lu.assertEquals(score(RULES, "123m456p789s234s66m", "6m").reason, "Minimum Fan: fan 1 is below 2")
end

-- The stacked wall of examples/test_ims_sequences.lua: South (all sequences, a pair of
-- 5m to come) rons East's 5m.
local function offered(rules)
  local g = assert(jong.scenario { rules = rules, seed = 1, options = { minimum_fan = 2 }, draws = "6z6z6z5m",
    hands = { E = "7z1m1m9m9m1p9p9p1s1s9s1z2z3z", S = "123m456p789s234s5m", W = "2m3m4m7m8m2p3p5p6p4s5s6s7s",
              N = "6m7m8m3p4p6p7p8s8s9s4z6z7z" } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
  for _, a in ipairs(g:legal("S")) do
    if a.type == "win" then return true, g end
  end
  return false, g
end

function test_in_play()
  lu.assertFalse((offered("ims")))
  local wins, g = offered(RULES)
  lu.assertTrue(wins)
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.items[2], { name = "Fives Pair", value = 1, unit = "fan" })
  lu.assertEquals(g:last_payments(), { E = -16, S = 16, W = 0, N = 0 })
end

os.exit(lu.LuaUnit.run())
