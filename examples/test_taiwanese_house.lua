-- Taiwanese with house values (examples/rules/taiwanese_house.lua): All chows 3 tai and
-- 1 tai per dealer continuation, scored so by `jong score`, and whole matches play to the end.
local lu = require "luaunit"

local RULES = "examples/rules/taiwanese_house.lua"

-- Example 1 of taiwanese.md: all chows between two non-dealers (底 30 / 台 10).
local function all_chows(rules)
  return jong.score { rules = rules, seat = "S", round = "E", hand = "456789m234p567s88s [123m]@E",
                      win_tile = "4p", win_by = "discard", from = "W" }
end

-- The dealer wins on a discard on his second continuation: Dealer 1 + Dealer streak.
local function dealer_streak(rules)
  return jong.score { rules = rules, seat = "E", round = "E", hand = "456789m234p567s88s [123m]@N",
                      win_tile = "4p", win_by = "discard", from = "S", dealer_streak = 2 }
end

function test_all_chows()
  lu.assertEquals(all_chows("taiwanese").items, { { name = "All chows", value = 2, unit = "tai" } })
  local r = all_chows(RULES)
  lu.assertEquals(r.items, { { name = "All chows", value = 3, unit = "tai" } })
  lu.assertEquals(r.value, { tai = 3, dealer_tai = 0 })
  lu.assertEquals(r.payments, { E = 0, S = 60, W = -60, N = 0 })
end

function test_dealer_streak()
  local parent, child = dealer_streak("taiwanese"), dealer_streak(RULES)
  lu.assertEquals(parent.value, { tai = 2, dealer_tai = 5 })
  lu.assertEquals(parent.items[#parent.items], { name = "Dealer streak", value = 4, unit = "tai" })
  lu.assertEquals(child.value, { tai = 3, dealer_tai = 3 })
  lu.assertEquals(child.items[#child.items], { name = "Dealer streak", value = 2, unit = "tai" })
  lu.assertEquals(child.payments, { E = 30 + 10 * 6, S = -(30 + 10 * 6), W = 0, N = 0 })
end

-- As `jong sim --rules examples/rules/taiwanese_house.lua` plays them: every match ends
-- and passes the engine's checks.
function test_matches()
  for seed = 1, 2 do
    local g = assert(jong.game { rules = RULES, seed = seed })
    g:run_bots({}, "default")
    lu.assertEquals(g:brief().phase, "match_end")
    lu.assertTrue(g:check())
  end
end

os.exit(lu.LuaUnit.run())
