-- Taking back and loading a long game cost what playing it did: `g:undo(n)` takes back n
-- actions with one replay, `jong.replay` applies a log once (the REPL's `undo N` and
-- `load`). A match of 120 deals (over 10,000 actions) is taken back whole and loaded in
-- well under a second.
local lu = require "luaunit"

local RULES = "tests/lua/rules/long_match.lua"

local function long_game()
  local g = assert(jong.game { rules = RULES, seed = 5 })
  while g:state().phase ~= "match_end" do
    local n = assert(g:run_bots(nil, "random", 100000))
    if n == 0 then break end
  end
  return g
end

local g = long_game()
local n = #g.core:actions()

function test_the_match_is_long()
  lu.assertEquals(g:state().phase, "match_end")
  lu.assertTrue(n > 10000, n .. " actions")
end

function test_load_is_linear()
  local text = g:log_json()
  local t0 = os.clock()
  local copy = assert(jong.replay(text, { rules = RULES, seed = 5 }))
  local took = os.clock() - t0
  lu.assertEquals(#copy.core:actions(), n)
  lu.assertTrue(took < 1.0, string.format("loading %d actions took %.2f s", n, took))
end

function test_undo_all_is_one_replay()
  local text = g:log_json()
  local copy = assert(jong.replay(text, { rules = RULES, seed = 5 }))
  local t0 = os.clock()
  lu.assertEquals(copy:undo(n), n)
  local took = os.clock() - t0
  lu.assertEquals(#copy.core:actions(), 0)
  lu.assertEquals(#copy.redo_stack, n)
  lu.assertTrue(took < 1.0, string.format("taking back %d actions took %.2f s", n, took))
  -- the actions taken back come back in order
  lu.assertTrue(copy:redo())
  lu.assertEquals(copy.core:actions()[1], g.core:actions()[1])
end

function test_undo_some()
  local copy = assert(jong.replay(g:log_json(), { rules = RULES, seed = 5 }))
  lu.assertEquals(copy:undo(3), 3)
  lu.assertEquals(#copy.core:actions(), n - 3)
  lu.assertEquals(copy:undo(n), n - 3)   -- no more than there are
  lu.assertNil(copy:undo())
end

os.exit(lu.LuaUnit.run())
