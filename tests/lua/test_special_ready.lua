-- Readiness follows special_complete in play (docs/hooks.md, "Wins in play"): a child that
-- adds a complete hand through special_complete is waiting on it (g:waits), is offered the
-- win, may declare riichi on it, and is furiten when it discarded a wait. An error in
-- special_complete names the hook, the ruleset and the hook's file and line.
local lu = require "luaunit"

local CHILD = "tests/lua/rules/truth_japanese_special.lua"
-- South: 13 individuals waiting on a fourth honour kind (1z, 4z, 6z or 7z)
local HANDS = { E = "11m99p33s1122z3457z", S = "147m258p369s2355z", W = "247m1238p1569s45z",
                N = "689m677p4689s123z" }

local function game(rules, draws)
  return assert(jong.scenario { rules = rules, seed = 1, hands = HANDS, draws = draws })
end

local function has(g, seat, type_)
  for _, a in ipairs(g:legal(seat)) do if a.type == type_ then return true end end
  return false
end

-- Everybody passes the claim window, South only when told to.
local function pass_all(g)
  while g:state().phase == "claim" do
    local waiting = g:waiting()
    if #waiting == 0 then break end
    for _, seat in ipairs(waiting) do assert(g:play(seat, "pass")) end
  end
end

TestSpecialReady = {}

function TestSpecialReady.test_waits_follow_special_complete()
  lu.assertEquals(game(CHILD, "8m6z"):waits("S"), { "1z", "4z", "6z", "7z" })
  lu.assertEquals(game("japanese", "8m6z"):waits("S"), {})
end

function TestSpecialReady.test_ron_and_riichi_on_the_special_hand()
  for _, case in ipairs { { CHILD, true }, { "japanese", false } } do
    local rules, special = case[1], case[2]
    local g = game(rules, "8m6z")
    assert(g:play("E", "d 3z"))
    pass_all(g)
    -- South draws 8m: discarding it leaves the hand ready, so riichi is offered
    lu.assertEquals(has(g, "S", "riichi"), special, rules .. " riichi")
    assert(g:play("S", "d 8m"))
    pass_all(g)
    assert(g:play("W", "d 6z"))
    lu.assertEquals(has(g, "S", "win"), special, rules .. " ron")
    if special then
      assert(g:play("S", "win"))
      lu.assertEquals(g.last_results[1].result.items[1].name, "Thirteen individuals")
      lu.assertEquals(g:last_payments().S, 32000)
    end
  end
end

function TestSpecialReady.test_furiten_on_a_discarded_wait()
  local g = game(CHILD, "1z6z")
  assert(g:play("E", "d 3z"))
  pass_all(g)
  lu.assertTrue(has(g, "S", "win"))           -- tsumo on 1z, let pass
  assert(g:play("S", "d 1z"))                 -- 1z is a wait: South is furiten now
  pass_all(g)
  assert(g:play("W", "d 6z"))
  lu.assertFalse(has(g, "S", "win"))
end

function TestSpecialReady.test_error_names_hook_ruleset_and_line()
  local g = assert(jong.scenario { rules = "tests/lua/rules/broken_special.lua", seed = 1, hands = HANDS, draws = "8m" })
  local ok, err = pcall(function() return g:waits("S") end)
  lu.assertFalse(ok)
  err = tostring(err)
  lu.assertStrContains(err, "hook special_complete of rules broken_special")
  lu.assertStrContains(err, "broken_special.lua:5")
  lu.assertStrContains(err, "broken_special.lua:6: attempt to index")
  -- a win the hook would have to judge is refused with the same words ...
  local played, why = g:play("E", "tsumo")
  lu.assertNil(played)
  lu.assertStrContains(why, "hook special_complete of rules broken_special")
  -- ... the seat keeps the actions the hook does not judge, and the list says why
  local legal, failed = g:legal("E")
  lu.assertTrue(#legal > 0)
  for _, a in ipairs(legal) do lu.assertNotEquals(a.type, "win") end
  lu.assertStrContains(failed, "hook special_complete of rules broken_special")
  -- ... and the discard goes through: the hook failing on the others' hands refuses their
  -- wins, not East's discard
  assert(g:play("E", "d 3z"))
  for _, seat in ipairs { "S", "W", "N" } do
    for _, a in ipairs(g:legal(seat)) do lu.assertNotEquals(a.type, "win") end
  end
end

os.exit(lu.LuaUnit.run())
