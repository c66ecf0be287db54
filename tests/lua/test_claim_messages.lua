-- What a refused move says while a claim window is open (an author's scenario that forgets
-- a seat's pass gets a message naming its own move).
local lu = require "luaunit"

-- East discards 5z; South may pung it, so the window waits for South.
local function game()
  local g = assert(jong.scenario { rules = "base", seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "147m258p369s1255z",
              W = "11m22m33p44p55s66s7z", N = "11p22p33s44s55m66m7z" } })
  assert(g:play("E", "d 5z"))
  return g
end

function test_discard_during_a_claim_window_names_its_tile()
  local g = game()
  local ok, why = g:play("S", "d 1m")
  lu.assertNil(ok)
  lu.assertStrContains(why, "seat S cannot discard 1m: a discard is waiting for its claims")
end

-- A ruleset's may_claim reason reaches the player also when the window does not wait for
-- the seat (its only claim was refused).
function test_refused_claim_gives_the_rulesets_reason()
  local g = assert(jong.scenario { rules = "tests/lua/rules/no_pung.lua", seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "147m258p369s1234z",
              W = "11m22m33p44p55s55z7z", N = "11p22p33s44s55m66m7z" } })
  assert(g:play("E", "d 5z"))                 -- South may win on it; West's pung is refused
  local ok, why = g:play("W", "pung")
  lu.assertNil(ok)
  lu.assertStrContains(why, "seat W cannot pung 5z: no pungs here")
end

os.exit(lu.LuaUnit.run())
