-- The house yaku Sanrenkou (examples/rules/sanrenkou.lua): scored by `jong score`, offered
-- and awarded in play on a stacked wall, and gone in both when its option is off.
local lu = require "luaunit"

local RULES = "examples/rules/sanrenkou.lua"

-- South has ponned 2m and wins on 4m: 222m 333m 444m 678s 99p, an open hand whose only
-- yaku is the house's.
local function score(rules, options)
  return jong.score { rules = rules, options = options, seat = "S", hand = "[222m]333m44m678s99p4m",
                      win_tile = "4m", win_by = "discard", from = "W" }
end

function test_scored()
  local r = score(RULES)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.items[1], { name = "Sanrenkou", value = 2, unit = "han" })
  lu.assertEquals(r.value, { han = 2, fu = 30 })
  lu.assertEquals(r.payments, { E = 0, S = 2000, W = -2000, N = 0 })
  lu.assertEquals(score(RULES, { sanrenkou = false }).reason, "no yaku")
  lu.assertEquals(score("japanese").reason, "no yaku")
end

-- East discards 2m, South pons it and discards 1z, East passes (he could pon 1z), West
-- draws 6z and discards 4m: is South offered the ron? Returns it and the game.
local function offered(rules, options)
  local g = assert(jong.scenario { rules = rules, options = options, seed = 1, draws = "6z",
    hands = { E = "2m1m99p33s1122z3457z", S = "22m333m44m678s99p1z",
              W = "4m7m1238p1569s566z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 2m" }, { "S", "pung" }, { "S", "d 1z" }, { "E", "pass" }, { "W", "d 4m" } })
  for _, a in ipairs(g:legal("S")) do
    if a.type == "win" then return true, g, a end
  end
  return false, g
end

function test_in_play()
  lu.assertFalse((offered("japanese")))
  lu.assertFalse((offered(RULES, { sanrenkou = false })))
  local wins, g, action = offered(RULES)
  lu.assertTrue(wins)
  -- what `jong score` says of this win, asked before it is played
  local scored = jong.score(g:situation(g:pending_win(action)))
  assert(g:play("S", action))
  local result = g.last_results[1].result
  lu.assertEquals(result.items[1], { name = "Sanrenkou", value = 2, unit = "han" })
  lu.assertEquals(result.value, { han = 2, fu = 30 })
  lu.assertEquals(g:last_payments(), { E = 0, S = 2000, W = -2000, N = 0 })
  lu.assertEquals(scored.items, result.items)        -- play and `jong score` agree
  lu.assertEquals(scored.payments, g:last_payments())
end

os.exit(lu.LuaUnit.run())
