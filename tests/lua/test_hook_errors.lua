-- Errors in hooks name the author's hook, the ruleset, file:line and the seat and action
-- refused; the claimer's action is refused, not the discarder's (docs/hooks.md).
local lu = require "luaunit"

local EAST, WEST, NORTH = "11m99p33s1122z3457z", "247m1238p1569s45z", "689m677p4689s123z"
local TANYAO = "2345m456p234s678s"       -- South waits on 5m with tanyao

local function game(rules)
  return assert(jong.scenario { rules = rules, seed = 1, draws = "6z6z6z5m",
    hands = { E = EAST, S = TANYAO, W = WEST, N = NORTH } })
end

function test_may_win_error_refuses_the_claimer()
  local g = game("tests/lua/rules/broken_may_win.lua")
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" } })
  -- East's discard of the tile South waits on is not refused ...
  lu.assertTrue(g:play("E", "d 5m"))
  -- ... South's win is, with the hook's own name, the ruleset, file:line, seat and action
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook may_win of rules broken_may_win")
  lu.assertStrContains(err, "broken_may_win.lua:5")
  lu.assertStrContains(err, "refusing S win 5m")
  lu.assertStrContains(err, "broken_may_win.lua:7: attempt to index")
  lu.assertNotStrContains(err, "may_act")
  lu.assertStrContains(err, "stack traceback:")
  -- the game goes on: South may still pass
  lu.assertTrue(g:play("S", "pass"))
end

function test_run_names_the_move_and_the_reason()
  local g = game("japanese")
  local ok, err, i = g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "pung" } }
  lu.assertNil(ok)
  lu.assertEquals(i, 3)
  lu.assertStrContains(err, "move 3 (W pung): ")
  local ok2, msg = pcall(function() assert(g:run { { "W", "d 1m" } }) end)
  lu.assertFalse(ok2)
  lu.assertStrContains(tostring(msg), "move 1 (W d 1m): ")
end

-- A message the engine must cut is cut at a word, never inside one.
function test_cut_at_a_word()
  local cut = jong.cut_message("alpha beta gamma delta epsilon zeta eta theta", 24)
  lu.assertEquals(cut, "alpha beta gamma ...")
end

os.exit(lu.LuaUnit.run())
