-- Sichuan with a house value (examples/rules/sichuan_golden.lua): the golden single wait
-- is worth 3 fan; scored so by `jong score`, and whole matches play to the end.
local lu = require "luaunit"

local RULES = "examples/rules/sichuan_golden.lua"

local function score(rules)
  return jong.score { rules = rules, seat = "S", hand = "[111p][222p][333s][444s]5s5s", win_tile = "5s",
                      win_by = "discard", from = "E", missing_suit = "m" }
end

function test_scored()
  lu.assertEquals(score("sichuan").items, { { name = "Golden single wait", value = 2, unit = "fan" } })
  local r = score(RULES)
  lu.assertEquals(r.items, { { name = "Golden single wait", value = 3, unit = "fan" } })
  lu.assertEquals(r.value, { fan = 3, points = 8 })
  lu.assertEquals(r.payments, { E = -8, S = 8, W = 0, N = 0 })
end

-- As `jong sim --rules examples/rules/sichuan_golden.lua` plays them: every match ends,
-- the points still sum to the start.
function test_matches()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = RULES, seed = seed })
    g:run_bots({}, "default")
    lu.assertEquals(g:brief().phase, "match_end")
    lu.assertTrue(g:check())
  end
end

os.exit(lu.LuaUnit.run())
