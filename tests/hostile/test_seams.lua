-- Attacks on the seams added for speed: the bot_targets hook, the fast win test, results
-- read without a copy, the allocator's reuse, the situation read in C (docs/hooks.md).
local lu = require "luaunit"

local DIR = "tests/hostile/rules/"
local function rule(name) return DIR .. name .. ".lua" end

-- The default bot plays a few actions of a game of the rules; ok, message.
local function bots_play(name)
  local g = assert(jong.game { rules = rule(name), seed = 1 })
  local ok, err = pcall(g.run_bots, g, nil, "default", 30)
  g:close()
  return ok, err
end

-- The error names the hook, the rules, the hook's file and line, and what is wrong.
local function refused(name, line, ...)
  local ok, err = bots_play(name)
  lu.assertFalse(ok)
  err = jong.first_line(err)
  lu.assertStrContains(err, "hook bot_targets of rules " .. name .. " (" .. rule(name) .. ":" .. line .. ")")
  for _, text in ipairs { ... } do lu.assertStrContains(err, text) end
  return err
end

TestBotTargets = {}
function TestBotTargets.test_an_error_is_named()
  refused("bot_targets_errors", 3, "failed: " .. rule("bot_targets_errors") .. ":4: no targets today")
end
function TestBotTargets.test_an_endless_loop_is_stopped()
  refused("bot_targets_loops", 3, "instruction budget")
end
function TestBotTargets.test_a_runaway_list_is_stopped()
  refused("bot_targets_huge", 3, "memory cap")
end
function TestBotTargets.test_a_result_that_is_no_list_is_refused()
  refused("bot_targets_not_list", 3, "returned a string, not a list of targets")
end
function TestBotTargets.test_bad_targets_are_refused()
  local r = jong.load_rules(rule("bot_targets_bad_entries"))
  local why = {
    "target 2 needs tiles = {three lowest tiles}",
    "target 2 tile 3 (7z) is no chow's lowest tile",
    "target 2 needs points, a positive integer",
    "target 2 needs points, a positive integer",
    "target 2 tile 1 (1) is not a tile",
    "target 2 is a number, not a table",
  }
  for i, text in ipairs(why) do
    r.helpers.which = i
    refused("bot_targets_bad_entries", 12, text)
  end
end
function TestBotTargets.test_many_targets_are_played()
  lu.assertTrue(bots_play("bot_targets_many"))
  -- and MCR's own still play
  local g = assert(jong.game { rules = "mcr", seed = 1 })
  lu.assertTrue(g:run_bots(nil, "default", 30) > 0)
  g:close()
end

-- The fast win test is a cache of score's answer, never a second opinion: a child that
-- changes a yaku or the situation of a win is judged in play as its score judges it.
-- self-play (and its presets), every win the engine asks about and every hand the
-- default bot asks about after a call (g:would_win) is judged as score judges it on the
-- situation of that win.

local function score_says(g, win)
  local f = assert(jong.facts(g:situation(win, false)))
  local r = g.rules.score(f)
  return r ~= nil and r.wins == true
end

local function play_checked(rules, seeds)
  local would_win = jong.Game.would_win
  local asked = { bot = 0, engine = 0, bot_wins = 0, wrong = {} }
  jong.Game.would_win = function(self, seat, hand, tile, how, from)
    local answer = would_win(self, seat, hand, tile, how, from)
    local win = { seat = seat, tile = tile, how = how, hand = hand, from = from,
                  last_tile = false, first_turn = false, loose = false }
    -- (an error here would be swallowed: the bot takes a failing test as no answer)
    if answer ~= score_says(self, win) then
      asked.wrong[#asked.wrong + 1] = rules .. ": bot asks " .. hand .. " + " .. tile .. " by " .. how
    end
    asked.bot = asked.bot + 1
    if answer then asked.bot_wins = asked.bot_wins + 1 end
    return answer
  end
  local ok, err = pcall(function()
    for seed = 1, seeds do
      local g = assert(jong.game { rules = rules, seed = seed })
      while g:state().phase ~= "match_end" do
        local seat = g:waiting()[1]
        if not seat then break end
        for _, a in ipairs(g:legal(seat)) do
          if a.type == "win" then   -- offered: score says it wins (the fast path said so)
            lu.assertTrue(score_says(g, g:pending_win(a)), rules .. ": offered " .. seat .. " win " .. a.tile)
            asked.engine = asked.engine + 1
          end
        end
        assert(g:play(seat, assert(g:bot(seat, "default"))))
      end
      g:close()
    end
  end)
  jong.Game.would_win = would_win
  if not ok then error(err, 0) end
  lu.assertEquals(asked.wrong, {})
  return asked
end

function test_japanese_fast_path_is_score()
  local asked = play_checked("japanese", 4)
  lu.assertTrue(asked.engine > 20)
  lu.assertTrue(asked.bot > 5 and asked.bot_wins > 0 and asked.bot_wins < asked.bot)
end

function test_tenhou_fast_path_is_score()
  local asked = play_checked("tenhou", 2)
  lu.assertTrue(asked.engine > 10)
end

TestFastWin = {}
function TestFastWin.test_a_child_without_riichi_yaku_is_judged_by_its_score()
  local asked = play_checked(rule("fast_win_no_riichi"), 3)
  lu.assertTrue(asked.engine > 5)
end
function TestFastWin.test_a_child_without_tanyao_is_judged_by_its_score()
  local asked = play_checked(rule("fast_win_no_tanyao"), 3)
  lu.assertTrue(asked.engine > 5)
end
function TestFastWin.test_a_child_with_its_own_situation_is_judged_by_its_score()
  local asked = play_checked(rule("fast_win_situation"), 3)
  lu.assertTrue(asked.engine > 5)
end
-- A hook's own field named win_check in its view (one that would refuse every win) is not
-- the engine's win test: the child plays as its parent, action for action.
function TestFastWin.test_a_field_of_the_view_is_not_the_win_test()
  local function played(rules, seed)
    local g = assert(jong.game { rules = rules, seed = seed })
    lu.assertTrue(g:run_bots(nil, "default") > 0)
    local log = g:log_json()
    g:close()
    return (log:gsub('"rules":"[^"]*"', ""))
  end
  for seed = 1, 3 do
    lu.assertEquals(played(rule("view_win_check"), seed), played("japanese", seed))
  end
end

-- What the engine keeps of a win is its own: a rule that changes the result it returned
-- in later hook calls changes only its own table.
local function raw_copy(v, depth)
  if type(v) ~= "table" then return v end
  lu.assertNil(getmetatable(v) and getmetatable(v) ~= jong.json_object and getmetatable(v) or nil)
  lu.assertTrue((depth or 0) < 16)
  local out = {}
  for k, x in next, v do out[k] = raw_copy(x, (depth or 0) + 1) end
  return out
end

TestKeptResults = {}
function TestKeptResults.test_a_rule_cannot_change_a_kept_result()
  local r = jong.load_rules(rule("keeps_result"))
  local g = assert(jong.game { rules = rule("keeps_result"), seed = 1 })
  local seen, copy, wins = nil, nil, 0
  for _ = 1, 400 do
    assert(g:run_bots(nil, "default", 1))
    if g.last_results ~= seen then
      seen, wins = g.last_results, wins + 1
      copy = raw_copy(seen)
      lu.assertEquals(copy[1].result.value.points, 10)
    end
  end
  lu.assertTrue(wins >= 2)
  lu.assertTrue(r.helpers.changed > 0)          -- the rule changed what it returned
  lu.assertEquals(raw_copy(g.last_results), copy)  -- not what the engine kept
  lu.assertEquals(g.last_results[1].result.value.points, 10)
  lu.assertEquals(g:check(), true)
  g:close()
end
function TestKeptResults.test_a_rule_cannot_change_what_jong_score_answered()
  local s = { rules = rule("keeps_settled"), seat = "S", round = "E", hand = "345678m34599p678s",
    win_tile = "5m", win_by = "discard", from = "W", flags = { "riichi" }, dora = "9s" }
  local first = jong.score(s)
  lu.assertTrue(first.wins)
  local before = jong.json_encode(first)
  lu.assertEquals({ first.value.han, first.items[1].name, first.limit }, { 2, "Riichi", jong.json_null })
  local second = jong.score(s)   -- the rule changes the tables it kept from the first call
  lu.assertEquals(jong.json_encode(first), before)
  lu.assertEquals({ first.value.han, first.items[1].name, first.limit }, { 2, "Riichi", jong.json_null })
  lu.assertEquals(jong.json_encode(second), before)
end
function TestKeptResults.test_a_result_of_shared_tables_is_stopped()
  local s = { rules = rule("shared_result"), seat = "S", hand = "345678m34599p678s", win_tile = "5m",
    win_by = "discard", from = "W" }
  local r = jong.score(s)
  lu.assertFalse(r.ok)
  -- (its copies meet the memory cap, or the text cap first when the state's garbage is
  -- collected as they are made)
  lu.assertNotNil(r.error:find("^hook score of shared_result: [^\n]-memory cap exceeded")
    or r.error:find("hook score of shared_result: the result of hook score of shared_result holds more than 64 MiB of text", 1, true),
    r.error)
  -- in play too: the win is refused with the hook named, the game goes on
  local g = assert(jong.game { rules = rule("shared_result"), seed = 1 })
  local ok, err = pcall(g.run_bots, g, nil, "default", 200)
  if not ok then lu.assertStrContains(err, "shared_result") end
  lu.assertEquals(g:check(), true)
  g:close()
end

os.exit(lu.LuaUnit.run())
