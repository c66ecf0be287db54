-- Atomic actions (docs/hooks.md, "What a rule file cannot do"): an action refused for any
-- reason, here a hook failing on a fixed schedule, leaves the full state, the event log
-- and the action log byte-identical; undo and replay never lose the game.
local lu = require "luaunit"

local RULES = "tests/hostile/rules/fails_sometimes.lua"

local snapshot = require "snapshot"

local function helpers() return jong.load_rules(RULES).helpers end

TestAtomic = {}

-- Tries, at every step, one of the seat's legal actions or one of many that the engine or
-- a failing hook refuses, for every seat and every action type; every refusal is checked.
local TRIES = { "d 1z", "d 5m", "discard 9s", "pung", "chow 1m", "chow 3p", "kong 5p", "kong", "win",
  "pass", "next", "riichi 5m" }
function TestAtomic.test_refused_actions_change_nothing()
  local g = assert(jong.game { rules = RULES, seed = 3 })
  local refusals, played, step = 0, 0, 0
  while played < 1500 and g:state().phase ~= "match_end" do
    step = step + 1
    local seats = g:seats()
    local seat = seats[step % #seats + 1]
    local waiting = g:waiting()
    local legal = g:legal(seat)
    local action
    if step % 3 == 0 and #legal > 0 then
      action = legal[step % #legal + 1]
    elseif step % 3 == 1 then
      action = TRIES[step % #TRIES + 1]
    else
      seat = waiting[1]
      legal = g:legal(seat)
      lu.assertTrue(#legal > 0, "seat " .. seat .. " is awaited but has no legal action")
      action = legal[(step // 3) % #legal + 1]
    end
    local before = snapshot(g)
    local ok = g:play(seat, action)
    if ok then
      played = played + 1
    else
      refusals = refusals + 1
      lu.assertEquals(snapshot(g), before)
    end
  end
  lu.assertEquals(g:check(), true)
  lu.assertTrue(refusals > 100, "refusals: " .. refusals)
  lu.assertTrue(played > 100, "played: " .. played)
  g:close()
end

-- A hook that fails during the replay behind undo keeps the game as it was.
function TestAtomic.test_undo_keeps_the_game_when_a_hook_fails()
  local h = helpers()
  h.failing = false
  local g = assert(jong.game { rules = RULES, seed = 5 })
  assert(g:run_bots({}, "random", 60))
  local before = snapshot(g)
  h.failing, h.every, h.calls = true, 1, 0   -- every hook call fails from now on
  local ok, err = g:undo(1)
  lu.assertNil(ok)   -- the replay behind undo asks the failing hooks
  lu.assertStrContains(err, "replay: action")
  lu.assertEquals(snapshot(g), before)
  h.failing = false
  lu.assertEquals(g:check(), true)
  lu.assertEquals(g:undo(1), 1)   -- and once the hooks answer again, undo works
  g:close()
end

os.exit(lu.LuaUnit.run())
