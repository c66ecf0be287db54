-- The orchard family (examples/rules/orchard.lua): its special hand scored by `jong score`
-- and offered as a win in play, its claiming exception, its items; and whole matches.
local lu = require "luaunit"

local RULES = "examples/rules/orchard.lua"

function test_special_hand_scored()
  local s = { rules = RULES, seat = "S", hand = "147m258p369s12345z", win_tile = "5z", win_by = "discard", from = "W" }
  local r = jong.score(s)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.items, { { name = "Orchard win", value = 2, unit = "points" },
                             { name = "Scattered orchard", value = 8, unit = "points" } })
  lu.assertEquals(r.payments, { E = 0, S = 10, W = -10, N = 0 })
  s.options = { scattered = false }
  lu.assertEquals(jong.score(s).reason, "not a complete hand")
  s.options, s.hand = nil, "147m258p369s12335z"       -- 2p and 3p too close: not scattered
  lu.assertEquals(jong.score(s).reason, "not a complete hand")
end

-- South holds 147m 258p 369s 1234z: ready on 5z, 6z or 7z for the special hand.
local function game(options)
  return assert(jong.scenario { rules = RULES, options = options, seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "147m258p369s1234z",
              W = "11m22m33p44p55s55z7z", N = "11p22p33s44s55m66m7z" } })
end

local function types(g, seat)
  local t = {}
  for _, a in ipairs(g:legal(seat)) do t[a.type] = true end
  return t
end

function test_special_hand_in_play()
  local g = game()
  lu.assertEquals(g:waits("S"), { "5z", "6z", "7z" })
  assert(g:play("E", "d 5z"))
  lu.assertTrue(types(g, "S").win)
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.items[2], { name = "Scattered orchard", value = 8, unit = "points" })
  lu.assertEquals(g:last_payments(), { E = -10, S = 10, W = 0, N = 0 })
  g = game { scattered = false }
  lu.assertEquals(g:waits("S"), {})
  assert(g:play("E", "d 5z"))
  lu.assertNil((g:play("S", "win")))
end

-- No chow at all; no pung from the seat across (West, of East's discard); North may.
function test_claims()
  local g = game()
  assert(g:play("E", "d 5z"))                        -- South may win on it, West holds 55z
  lu.assertNil(types(g, "W").pung)
  local ok, why = g:play("W", "pung")
  lu.assertNil(ok)
  lu.assertStrContains(why, "no pung from the seat across")
  -- when no seat may claim a discard there is no claim window: the next seat draws
  g = game()
  assert(g:play("E", "d 1m"))                        -- West holds 11m, nobody else may claim it
  lu.assertEquals(g:brief().turn, "S")
  lu.assertEquals(g:state().phase, "turn")
  g = game()
  assert(g:play("E", "d 2p"))                        -- North holds 22p; South could chow 2p3p4p? no: no chow
  lu.assertTrue(types(g, "N").pung)
  lu.assertNil(types(g, "S").chow)
end

function test_matches()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = RULES, seed = seed })
    g:run_bots({}, "default")
    lu.assertEquals(g:brief().phase, "match_end")
    lu.assertTrue(g:check())
  end
end

os.exit(lu.LuaUnit.run())
