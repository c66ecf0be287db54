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

-- South wins on 5m, by East's discard (how "discard") or by his own draw ("self").
local function at_the_win(rules, how, options)
  local g = assert(jong.scenario { rules = rules, options = options, seed = 1,
    draws = how == "self" and "6z6z6z6z5m" or "6z6z6z5m", hands = { E = EAST, S = TANYAO, W = WEST, N = NORTH } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" } })
  if how == "self" then assert(g:run { { "E", "d 6z" } }) else assert(g:run { { "E", "d 5m" } }) end
  return g
end

-- score and settle are called at a win through the engine's own functions: the error
-- still names the ruleset's hook, its file and line, and the win refused.
function test_score_error_names_the_rule_file()
  local g = at_the_win("tests/lua/rules/broken_score.lua", "self")
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook score of rules broken_score (tests/lua/rules/broken_score.lua:6) failed, refusing S win 5m")
  lu.assertStrContains(err, "broken_score.lua:8: house rule not written yet")
  lu.assertNotStrContains(jong.first_line(err), "game.lua")
  lu.assertTrue(g:play("S", "d 5m"))       -- the game goes on
end

function test_settle_error_names_settle()
  local g = at_the_win("tests/lua/rules/broken_settle.lua", "discard")
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook settle of rules broken_settle (tests/lua/rules/broken_settle.lua:8) failed, refusing S win 5m: ")
  lu.assertStrContains(err, "returned a number, not a payments table")
  lu.assertNotStrContains(err, "settle_win")
  g = at_the_win("tests/lua/rules/broken_settle.lua", "discard", { how = "half" })
  ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook settle of rules broken_settle (tests/lua/rules/broken_settle.lua:8) failed, refusing S win 5m: ")
  lu.assertStrContains(err, "gave seat E a payment of")
  g = at_the_win("tests/lua/rules/broken_settle.lua", "discard", { how = "unbalanced" })
  ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook settle of rules broken_settle (tests/lua/rules/broken_settle.lua:8) failed, refusing S win 5m: ")
  lu.assertStrContains(err, "payments sum to 1000, not 0")
  -- payments are read raw, as jong score reads them: a payment behind __index is not one
  g = at_the_win("tests/lua/rules/broken_settle.lua", "discard", { how = "hidden" })
  ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook settle of rules broken_settle (tests/lua/rules/broken_settle.lua:8) failed, refusing S win 5m: ")
  lu.assertStrContains(err, "payments sum to 1300, not 0")
end

-- jong score refuses what play refuses, with the hook's name
function test_score_refuses_what_play_refuses()
  local s = { rules = "tests/lua/rules/broken_settle.lua", seat = "S", hand = TANYAO .. "5m",
              win_tile = "5m", win_by = "discard", from = "E" }
  local r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertEquals(r.error, "hook settle of broken_settle returned a number, not a payments table")
  s.options = { how = "half" }
  r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "hook settle of broken_settle gave seat E a payment of -433.33")
  s.options = { how = "unbalanced" }
  r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertEquals(r.error, "hook settle of broken_settle: the payments sum to 1000, not 0 (no deposits on the table)")
  s.options = { how = "hidden" }
  r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertEquals(r.error, "hook settle of broken_settle: the payments sum to 1300, not 0 (no deposits on the table)")
end

-- A result whose value, items or limit has the wrong type is refused by jong score and
-- in play alike, naming the field (not a line of the prelude's).
function test_a_result_field_of_the_wrong_type()
  local expect = {
    value = "hook score of bad_result returned a number as value, not a table of figures",
    items = "hook score of bad_result returned a number as items, not a list of items",
    limit = "hook score of bad_result returned a table as limit, not a limit's name",
  }
  for _, field in ipairs { "value", "items", "limit" } do
    local s = { rules = "tests/lua/rules/bad_result.lua", seat = "S", hand = TANYAO .. "5m",
                win_tile = "5m", win_by = "discard", from = "E", options = { field = field } }
    local r = jong.score(s)
    lu.assertFalse(r.ok)
    lu.assertEquals(r.error, expect[field])
    local text = jong.score_json(jong.json_encode(s))
    lu.assertEquals(jong.json_decode(text).error, expect[field])
    local g = at_the_win("tests/lua/rules/bad_result.lua", "discard", { field = field })
    local ok, err = g:play("S", "win")
    lu.assertNil(ok)
    lu.assertStrContains(err, "hook score of rules bad_result (tests/lua/rules/bad_result.lua:7) failed, refusing S win 5m: ")
    lu.assertStrContains(err, expect[field])
  end
end

-- A may_claim answering a reason alone does not allow the claim: it is refused as by a
-- hook that failed, saying what the hook should answer.
function test_a_reason_alone_is_not_a_permission()
  local g = assert(jong.scenario { rules = "tests/lua/rules/claim_string.lua", seed = 1, draws = "6z",
    hands = { E = "11m3m99p33s1122z345z", S = "1234567892345m", W = WEST, N = NORTH } })
  assert(g:play("E", "d 3m"))
  for _, a in ipairs(g:legal("S")) do lu.assertNotEquals(a.type, "chow") end
  local ok, err = g:play("S", "chow 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook may_claim of rules claim_string (tests/lua/rules/claim_string.lua:5) failed, "
    .. "refusing S chow 1m: returned the string 'no chows at this table', not true, or false and the reason")
  lu.assertTrue(g:play("S", "pung"))
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
