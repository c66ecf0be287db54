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

os.exit(lu.LuaUnit.run())
