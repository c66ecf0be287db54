-- The hostile-rules suite: each file in tests/hostile/rules/ is an attack on the sandbox
-- (docs/hooks.md, "What a rule file cannot do"); each test asserts it is contained.
local lu = require "luaunit"

local DIR = "tests/hostile/rules/"
local function rule(name) return DIR .. name .. ".lua" end

local function situation(t)
  local s = { rules = "base", seat = "S", hand = "345678m34599p678s", win_tile = "5m",
    win_by = "discard", from = "W" }
  for k, v in pairs(t or {}) do s[k] = v end
  return s
end

local function score(name, t) return jong.score(situation(t and setmetatable(t, nil) or { rules = rule(name) })) end

-- After every attack, the shipped rulesets and the host's libraries answer as before.
local function healthy()
  local r = jong.score(situation())
  lu.assertTrue(r.wins)
  lu.assertEquals(r.value.points, 10)
  lu.assertEquals(r.payments.W, -10)
  lu.assertEquals(table.pack(1, 2).n, 2)
  lu.assertEquals(("ab"):rep(2), "abab")
  lu.assertEquals(jong.SEATS[1], "E")
  lu.assertNotNil(jong.Game.play)
end

local function refused(name, ...)
  local r = score(name)
  lu.assertFalse(r.ok)
  for _, text in ipairs { ... } do lu.assertStrContains(r.error, text) end
  healthy()
  return r
end

TestEscapes = {}
function TestEscapes.test_no_file_reader_or_finder()
  refused("reads_rules_finder", "attempt to call a nil value")
end
function TestEscapes.test_require_takes_no_absolute_path()
  refused("requires_absolute", "not by absolute path")
end
function TestEscapes.test_require_takes_no_dotdot()
  refused("requires_dotdot", "'..' is not allowed")
end
function TestEscapes.test_libraries_and_module_are_read_only()
  local r = jong.load_rules(rule("replaces_libraries"))
  lu.assertNotNil(r)
  for _, part in ipairs { "table.pack", "string.rep", "rawset string", "math.floor", "string metatable",
      "setmetatable string table", "jong.score", "jong.SEATS", "jong.Game", "jong metatable", "jong.TILES" } do
    lu.assertStrContains(r.helpers.tried, part .. "=false")
  end
  lu.assertEquals(getmetatable("").__index, string)
  lu.assertEquals(#jong.TILES, 34)
  healthy()
end
function TestEscapes.test_no_finalizers()
  local r = jong.load_rules(rule("finalizer"))
  lu.assertStrContains(r.helpers.refused, "__gc")
  -- added to the metatable later (at load, in a hook): the collection runs no rule code
  lu.assertTrue(r.helpers.later)
  lu.assertTrue(score("finalizer").ok)
  collectgarbage()
  collectgarbage()
  healthy()
end

TestPoisoning = {}
function TestPoisoning.test_a_child_cannot_change_its_parent()
  local r = jong.load_rules(rule("poisons_parent"))
  lu.assertEquals(r.helpers.tried, "field=false rawset=false metatable=false options=false")
  local won = score(nil, { rules = rule("poisons_parent") })
  lu.assertTrue(won.wins)   -- parent.score(f) works through the view
  lu.assertEquals(won.value.points, 10)
  local base = jong.load_rules("base")
  lu.assertEquals(base.options.payment.default, 10)
  lu.assertEquals(getmetatable(r), false)
  healthy()
  -- a hand base does not score still does not score
  local lost = jong.score(situation { hand = "13579m2468p1357s", win_tile = "1m" })
  lu.assertFalse(lost.ok)
end

function TestPoisoning.test_the_module_hands_out_no_other_ruleset_to_write()
  local r = jong.load_rules(rule("poisons_through_module"))
  lu.assertNotNil(r)
  lu.assertEquals(r.helpers.tried, "facts options=false facts rules=false game options=false game rules=false "
    .. "situation rules=false situation game rules=false situation game options=false "
    .. "resolve_options=false load_rules=false")
  healthy()
end

function TestPoisoning.test_a_games_metatable_is_read_only()
  local r = jong.load_rules(rule("poisons_game_methods"))
  lu.assertEquals(r.helpers.tried, "play=false close=false index=false metatable=false")
  lu.assertTrue(r.helpers.same)   -- getmetatable(g) == jong.Game, as for the program
  local g = assert(jong.game { rules = "base", seed = 1 })
  lu.assertEquals(getmetatable(g), jong.Game)
  assert(g:play("E", g:legal("E")[1]))
  lu.assertEquals(#g.core:actions(), 1)
  g:close()
  healthy()
end

function TestPoisoning.test_a_rulesets_own_data_keeps_no_metatable()
  for _, options in ipairs { {}, { x = 2 } } do
    local r = score(nil, { rules = rule("poisons_own_data"), options = options })
    lu.assertEquals(r.reason, "rules=false options=false option x=false values=false resolved=false")
  end
end

-- A child that changes the lines of the results its parent hands it changes none of the
-- parent's later answers (the parent's lines were interned and shared by every result).
function TestPoisoning.test_a_child_cannot_change_its_parents_later_results()
  for parent, hand in pairs { hongkong = "11122233344455m", classical = "345678m34599p678s" } do
    local s = { rules = parent, seat = "S", round = "E", hand = hand, win_tile = "5m", win_by = "self",
      losers = parent == "classical" and { E = "123m456p789s11z" } or nil }
    local before = jong.score(s)
    lu.assertTrue(before.wins, parent)
    local child = jong.score { rules = rule("changes_" .. parent .. "_lines"), seat = "S", round = "E", hand = hand,
      win_tile = "5m", win_by = "self", losers = s.losers }
    lu.assertTrue(child.wins, parent)
    lu.assertEquals(child.items[1].name, "POISONED")   -- (its settle changed its own answer)
    lu.assertEquals(jong.score(s), before)
  end
  healthy()
end

-- A hook that puts a table with endless metamethods in a field of its own ruleset: the
-- engine's next reads of the ruleset (outside any budget) run them under a budget.
local REPLACED = { "options", "options.x", "options.x.values", "options.y.types", "options.x.presets",
  "options.x.default", "flags", "flag_set", "situation_fields", "option_prefix", "forms", "form_set",
  "name", "absent_tiles", "hand_size", "default_options", "default_options.x", "engine" }
function TestPoisoning.test_replaced_own_data_runs_no_code_outside_rule_code()
  local path = rule("replaces_own_data")
  local attacks = {}
  for _, field in ipairs(REPLACED) do attacks[#attacks + 1] = field; attacks[#attacks + 1] = field .. "!" end
  for _, field in ipairs(attacks) do
    jong.reload_rules()
    local first = score(nil, { rules = path, attack = field })
    lu.assertEquals(first.reason, "replaced " .. field)
    -- the engine reads the ruleset again, outside any budget: each read ends
    local uses = {
      function() return jong.score(situation { rules = path }) end,
      function() return jong.score(situation { rules = path, options = { ["r.x"] = 2 }, flags = { "riichi" } }) end,
      function() return jong.facts(situation { rules = path, options = { x = 2 } }) end,
      function() local r = jong.load_rules(path); return jong.resolve_options(r, { x = 2, y = "c" }) end,
      function() local g = jong.game { rules = path, seed = 1 }; if g then g:close() end end,
      function() local r = jong.load_rules(path); return "rules " .. r.name end,
      function() local r = jong.load_rules(path); for k in pairs(r.options) do local _ = tostring(k) end; return #r.flags end,
    }
    for i, use in ipairs(uses) do
      local ok, a, b = pcall(use)
      local text = tostring(not ok and a or type(a) == "table" and a.error or b)
      if text:find("metamethod", 1, true) then
        lu.assertStrContains(text, "cannot run outside rule code", false, field .. " use " .. i)
      end
    end
  end
  jong.reload_rules()
  healthy()
end

-- Every kind of metamethod rule code gives a table, met by the program outside any budget:
-- it raises at once (a loop of the engine over such a table would call it for ever).
function TestPoisoning.test_no_metamethod_of_rule_code_runs_outside_rule_code()
  jong.reload_rules()
  local path = rule("replaces_own_data")
  score(nil, { rules = path, attack = "bombs" })
  local b = jong.load_rules(path).helpers.bombs
  local uses = {
    index = function() return b.index.x end, newindex = function() b.newindex.x = 1 end,
    call = function() return b.call() end, tostring = function() return tostring(b.tostring) end,
    len = function() return #b.len end, pairs = function() return pairs(b.pairs) end,
    iterator = function() for _ in pairs(b.iterator) do end end,
    eq = function() return b.eq == {} end, lt = function() return b.lt < b.lt end,
    le = function() return b.le <= b.le end, concat = function() return b.concat .. "x" end,
    unm = function() return -b.unm end, add = function() return b.add + 1 end,
    sub = function() return b.sub - 1 end, mul = function() return b.mul * 1 end,
    div = function() return b.div / 1 end, mod = function() return b.mod % 1 end,
    pow = function() return b.pow ^ 1 end, idiv = function() return b.idiv // 1 end,
    band = function() return b.band & 1 end, bor = function() return b.bor | 1 end,
    bxor = function() return b.bxor ~ 1 end, shl = function() return b.shl << 1 end,
    shr = function() return b.shr >> 1 end, bnot = function() return ~b.bnot end,
    close = function() local x <close> = b.close end,
  }
  local n = 0
  for kind, use in pairs(uses) do
    local ok, err = pcall(use)
    lu.assertFalse(ok, kind)
    lu.assertStrContains(err, "metamethod of rule code (" .. path, false, kind)
    lu.assertStrContains(err, "cannot run outside rule code", false, kind)
    n = n + 1
  end
  lu.assertEquals(n, 26)
  jong.reload_rules()
  healthy()
end

TestBudget = {}
function TestBudget.test_pcall_cannot_swallow_the_budget()
  refused("pcall_swallows_budget", "instruction budget", "pcall_swallows_budget.lua")
end
function TestBudget.test_close_and_handlers_cannot_go_on()
  refused("coroutine_loops", "instruction budget")
end
function TestBudget.test_library_calls_in_a_loop_meet_a_time_limit()
  refused("library_loops", "CPU time of 3000 ms exceeded", "library_loops.lua:7")
end
function TestBudget.test_nested_calls_share_the_budget()
  refused("nested_budget", "instruction budget")
end
function TestBudget.test_pattern_matching_is_bounded()
  refused("pattern_bomb", "too costly")
  refused("pattern_bomb_number", "too costly")
end
function TestBudget.test_library_loops_are_bounded()
  -- one C call each, hours of work the watchdog cannot end: refused before it starts
  local r = jong.load_rules(rule("library_bombs"))
  lu.assertEquals(#r.helpers.hows, 10)
  for _, how in ipairs(r.helpers.hows) do
    local answer = score(nil, { rules = rule("library_bombs"), how = how })
    if how == "rep" or how == "rep_sep" then   -- what it makes, at once
      lu.assertEquals(answer.reason, "", how)
    else
      lu.assertFalse(answer.ok, how)
      lu.assertStrContains(answer.error, "too costly", false, how)
    end
  end
  healthy()
  -- programs are not limited: the same calls in a program run as Lua runs them
  lu.assertEquals(("ab"):rep(3, ","), "ab,ab,ab")
  lu.assertEquals(table.move({ 1, 2, 3 }, 1, 3, 2), { 1, 1, 2, 3 })
end
function TestBudget.test_pattern_sets_and_replacements_are_bounded()
  -- the cost of a set and of gsub's replacement counts: refused before the matcher starts
  local r = jong.load_rules(rule("pattern_set_bombs"))
  lu.assertEquals(#r.helpers.hows, 4)
  for _, how in ipairs(r.helpers.hows) do
    local answer = score(nil, { rules = rule("pattern_set_bombs"), how = how })
    lu.assertFalse(answer.ok, how)
    lu.assertStrContains(answer.error, "too costly", false, how)
    lu.assertStrContains(answer.error, "pattern_set_bombs.lua:", false, how)
  end
  healthy()
  -- the same calls on small strings answer as Lua answers them
  lu.assertEquals(score(nil, { rules = rule("pattern_set_bombs"), how = "none" }).reason, "nil")
  lu.assertEquals(("ab"):gsub("", "%0-"), "-a-b-")
end
function TestBudget.test_error_values_run_no_code()
  refused("error_tostring", "error value of type table")
  refused("error_plain_table", "hook score of error_plain_table: tests/hostile/rules/error_plain_table.lua:4: (an error value of type table)")
end
function TestBudget.test_results_are_read_as_plain_data()
  refused("result_metamethods", "cycle")
end
function TestBudget.test_results_hold_bounded_text()
  -- a result that costs the state little, huge once written (a long string, a big table
  -- met many times over): refused, in jong.score, jong score's writer and play
  local path = rule("shares_long_text")
  local r = jong.load_rules(path)
  lu.assertEquals(#r.helpers.hows, 4)
  for _, how in ipairs(r.helpers.hows) do
    local answer = score(nil, { rules = path, how = how })
    lu.assertFalse(answer.ok, how)
    lu.assertStrContains(answer.error, "hook score of shares_long_text", false, how)
    -- (the big table of numbers meets the memory cap as it is copied, or the text cap
    -- first: the copy's garbage is collected)
    local function says_why(text)
      if how == "numbers" and text:find("memory cap exceeded", 1, true) then return true end
      return text:find("holds more than 64 MiB of text", 1, true) ~= nil
    end
    lu.assertTrue(says_why(answer.error), how .. ": " .. answer.error)
    local text, fine = jong.score_json(jong.json_encode(situation { rules = path, how = how }))
    lu.assertFalse(fine, how)
    lu.assertTrue(#text < 2000, how)
    lu.assertTrue(says_why(text), how .. ": " .. text)
    collectgarbage()   -- (the long strings of each call)
  end
  lu.assertTrue(score(nil, { rules = path, how = "none" }).wins)
  healthy()
end
function TestBudget.test_json_text_of_rule_code_is_bounded()
  local r = score(nil, { rules = rule("encodes_long_text") })
  lu.assertEquals(r.reason, "false cannot encode as JSON: more than 64 MiB of text in rule code; "
    .. "false cannot encode as JSON: more than 64 MiB of text in rule code; {\"small\":\"text\"}")
  -- a program is not limited
  lu.assertEquals(#jong.json_encode { ("\1"):rep(20000000) }, 120000004)
  collectgarbage()
  healthy()
end
function TestBudget.test_configure_runs_under_the_budget()
  local g, err = jong.game { rules = rule("configure_loops") }
  lu.assertNil(g)
  lu.assertStrContains(err, "instruction budget")
  healthy()
end
function TestBudget.test_ruleset_tables_with_metatables_are_refused()
  refused("ruleset_metatable", "has a metatable")
  refused("data_metatable", "dead_wall has a metatable")
end

TestLoading = {}
function TestLoading.test_loader_fields_are_the_loaders()
  refused("gives_loader_fields", "gives_loader_fields.lua: field 'default_options' is set by the loader, not by a rule file")
end
function TestLoading.test_errors_show_no_addresses()
  local r = refused("bad_flag_entry", "field 'flags' entry 2 (a table) must be a string, not a table")
  lu.assertFalse(r.error:find("0x", 1, true) ~= nil)
end
function TestLoading.test_cycles_are_named()
  refused("cycle_a", "cycle", "cycle_a.lua -> ", "cycle_b.lua -> ", "cycle_a.lua")
end
function TestLoading.test_self_require_is_named()
  refused("requires_itself", "requires itself", "requires_itself.lua -> ")
end
function TestLoading.test_only_regular_files()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir " .. dir))
  for _, path in ipairs { "/dev/zero", "/dev/stdin", "/tmp", "tests/hostile" } do
    local r = jong.score(situation { rules = path })   -- not a .lua file: not read
    lu.assertFalse(r.ok)
    lu.assertStrContains(r.error, "'" .. path .. "': a rules path must name a .lua file")
    -- a .lua name for it: looked at, refused without reading
    local link = dir .. "/x.lua"
    assert(os.execute("ln -s " .. (path:sub(1, 1) == "/" and path or os.getenv("PWD") .. "/" .. path) .. " " .. link))
    r = jong.score(situation { rules = link })
    lu.assertFalse(r.ok)
    lu.assertStrContains(r.error, "not a regular file")
    os.remove(link)
  end
  os.remove(dir)
end
function TestLoading.test_a_rules_path_names_a_lua_file()
  -- any other file is not read: a parse error would quote it
  for _, path in ipairs { "/etc/passwd", "/proc/self/environ", "tests/hostile/test_programs.sh", "./README.md" } do
    local r = jong.score(situation { rules = path })
    lu.assertFalse(r.ok)
    lu.assertEquals(r.error, "'" .. path .. "': a rules path must name a .lua file")
    local g, err = jong.game { rules = path }
    lu.assertNil(g)
    lu.assertEquals(err, "'" .. path .. "': a rules path must name a .lua file")
  end
end
function TestLoading.test_rule_code_is_not_told_the_rules_path()
  -- require's error names no folder and no environment variable (JONG_RULES_PATH)
  local r = score(nil, { rules = rule("reads_rules_path") })
  lu.assertEquals(r.reason, "no ruleset 'nothing_here' beside the file or in the rules path")
  lu.assertFalse(r.reason:find("JONG_RULES_PATH", 1, true) ~= nil)
end
function TestLoading.test_rule_code_is_not_told_the_rules_folders()
  -- a ruleset's path and a shipped file's errors name it "rules/NAME", no folder
  local r = score(nil, { rules = rule("reads_rules_dir") })
  local parts = {}
  for part in (r.reason .. " | "):gmatch("(.-) | ") do parts[#parts + 1] = part end
  lu.assertEquals(#parts, 6)
  lu.assertEquals(parts[1], "rules/japanese.lua")
  lu.assertEquals(parts[2], "rules/base.lua")
  lu.assertEquals(parts[3], "rules/japanese.lua")
  lu.assertStrContains(parts[4], "rules/japanese.lua:")
  lu.assertStrContains(parts[5], "rules/lib/tiles.lua:")
  lu.assertEquals(parts[6], "rules/japanese.lua")
  for dir in jong.rules_path():gmatch("[^:]+") do
    if dir ~= "rules" then lu.assertFalse(r.reason:find(dir, 1, true) ~= nil, dir) end
  end
  -- the program still has the file's path
  local path = jong.load_rules("japanese").path
  lu.assertTrue(path == "rules/japanese.lua" or path:sub(1, 1) == "/", path)
end
function TestLoading.test_a_name_from_rule_code_is_a_lua_file()
  -- "beside/secret" is beside/secret.lua, never the file beside/secret (its parse error
  -- would quote it)
  local r = score(nil, { rules = rule("requires_non_lua") })
  lu.assertEquals(r.reason, "false no ruleset 'beside/secret' beside the file or in the rules path")
  lu.assertFalse(r.reason:find("words", 1, true) ~= nil)
end
function TestLoading.test_names_resolve_beside_the_naming_file()
  local r, err = jong.load_rules(rule("beside/child_beside"))
  lu.assertNotNil(r, err)
  lu.assertEquals(r.helpers.says, "found beside")
  lu.assertEquals(r.parent.name, "parent_beside")
  lu.assertTrue(score(nil, { rules = rule("beside/child_beside") }).wins)
end

function TestLoading.test_a_rule_file_is_at_most_4_mib()
  -- a file of 5 MiB (a comment) is refused unread, given as the rules or reached by
  -- extends or require from another rule file
  local base = os.tmpname()
  local name = base:match("[^/]+$") .. "_big"
  local files = { big = base .. "_big.lua", child = base .. "_child.lua", req = base .. "_req.lua" }
  local function write(path, text) local f = assert(io.open(path, "w")); f:write(text); f:close() end
  write(files.big, "-- " .. ("x"):rep(5 << 20) .. "\nreturn { name = 'big', extends = 'base' }\n")
  write(files.child, "return { name = 'child', extends = '" .. name .. "' }\n")
  write(files.req, "local b = require '" .. name .. "'\nreturn { name = 'req', extends = 'base' }\n")
  for _, which in ipairs { "big", "child", "req" } do
    local r = jong.score(situation { rules = files[which] })
    lu.assertFalse(r.ok, which)
    lu.assertStrContains(r.error, name .. ".lua is larger than a rule file may be (4 MiB)", false, which)
  end
  for _, path in pairs(files) do os.remove(path) end
  os.remove(base)
  healthy()
end

TestMemory = {}
function TestMemory.test_games_count_against_the_cap()
  refused("keeps_games", "memory cap exceeded")
  collectgarbage()
end
function TestMemory.test_garbage_does_not_count_against_a_call()
  -- 100 MiB made, 60 MiB of it garbage that only a full collection frees, in a call capped at 64 MiB
  -- beyond what the state holds: it must not fail (three times over, the state the same;
  -- from a state that holds no other ruleset's data: it keeps 80 MiB of its own)
  jong.reload_rules()
  collectgarbage()
  for _ = 1, 3 do
    local r = score(nil, { rules = rule("churns_garbage") })
    lu.assertTrue(r.ok, r.error)
    lu.assertEquals(r.reason, "churned 1048578 80")
  end
  -- keeping it all is over the cap: a clear error, and the next call is fine
  local kept = score(nil, { rules = rule("churns_garbage"), keep = true })
  lu.assertFalse(kept.ok)
  lu.assertStrContains(kept.error, "hook score of churns_garbage: ")
  lu.assertStrContains(kept.error, "memory cap exceeded")
  local r = score(nil, { rules = rule("churns_garbage") })
  lu.assertTrue(r.ok, r.error)
  jong.reload_rules()
  collectgarbage()
  healthy()
end
function TestMemory.test_dropped_games_are_collected()
  -- 100 games made and dropped unclosed at each call, 80 calls: 375 MiB of games long
  -- gone, past the state's cap if they were never collected
  for i = 1, 80 do
    local r = score(nil, { rules = rule("drops_games") })
    lu.assertTrue(r.ok, i .. ": " .. tostring(r.error))
    lu.assertEquals(r.reason, "dropped")
  end
  healthy()
end
function TestMemory.test_text_grown_past_the_cap_ends_the_call()
  local said = { concat = "memory cap exceeded", table_concat = "memory cap exceeded",
    rep = "grows_text.lua:12: resulting string too large", rep_pcall = "memory cap exceeded" }
  for how, text in pairs(said) do
    local r = score(nil, { rules = rule("grows_text"), how = how })
    lu.assertFalse(r.ok, how)
    lu.assertStrContains(r.error, "hook score of grows_text: ", false, how)
    lu.assertStrContains(r.error, text, false, how)
    healthy()
  end
end
function TestMemory.test_the_state_as_a_whole_has_a_cap()
  local last
  for _ = 1, 40 do
    last = score("keeps_memory")
    if not last.ok then break end
  end
  lu.assertFalse(last.ok)
  lu.assertStrContains(last.error, "memory cap")
  collectgarbage()
end

-- The process's resident memory in KiB (Linux).
local function resident()
  for line in io.lines("/proc/self/status") do
    local kb = line:match("^VmRSS:%s+(%d+)")
    if kb then return tonumber(kb) end
  end
end

function TestMemory.test_games_count_their_growth()
  -- a played match holds about ten times what a new game is counted: its growth counts
  -- too, so a hook that keeps the games it plays meets the state's cap, and the process
  -- stays within it (each call grew it by 60 MB, without end)
  local path = rule("keeps_playing")
  collectgarbage()
  local before, capped = resident(), nil
  for _ = 1, 12 do
    local r = score(nil, { rules = path })
    lu.assertFalse(r.ok)
    if r.error:find("memory cap exceeded", 1, true) then capped = r.error end
    collectgarbage()
  end
  lu.assertNotNil(capped, "no call met the memory cap")
  -- (under the sanitizers, make check, freed memory is held in quarantine: the process's
  -- size says nothing of what the state holds)
  if not os.getenv("JONG_CHECK") then
    lu.assertTrue(resident() - before < 400000, "grew by " .. (resident() - before) .. " KiB")
  end
  jong.reload_rules()
  collectgarbage()
  collectgarbage()
  healthy()
end

TestGame = {}
function TestGame.test_hooks_get_a_reading_view()
  local r = jong.load_rules(rule("game_hooks_misbehave"))
  local g = assert(jong.game { rules = rule("game_hooks_misbehave"), seed = 1 })
  local guard = 0
  while not r.helpers.seen.close and guard < 200 do
    assert(g:run_bots(nil, "random", 1))
    guard = guard + 1
  end
  lu.assertTrue(r.helpers.seen.close)
  lu.assertTrue(r.helpers.seen.play)
  lu.assertTrue(r.helpers.seen.undo)
  lu.assertTrue(r.helpers.seen.write_core)
  lu.assertTrue(r.helpers.seen.seat_tables)
  lu.assertTrue(r.helpers.seen.json_object)
  -- the engine and the host's state are not what the hook wrote
  local st = g:state()
  lu.assertNotEquals(st.round, "Q")
  for _, seat in pairs(st.seats) do lu.assertNotEquals(seat.wind, "Q") end
  lu.assertEquals(g:check(), true)
  assert(g:run_bots(nil, "random", 50))
  g:close()
end

-- East is dealt a complete hand: a win at once, or a discard.
local HANDS = { E = "123m456m789m123p55p", S = "1112223334445z", W = "1112223334445p", N = "1112223334445s" }
local function dealt(name, options)
  return assert(jong.scenario { rules = rule(name), options = options, hands = HANDS })
end

-- The full state and logs of a game, to compare before and after a refused action.
local snapshot = require "snapshot"

function TestGame.test_engine_settings_out_of_range_are_refused()
  for field, shown in pairs { dead_size = "270", dice = "258", start_points = "1099511627776" } do
    local g, err = jong.game { rules = rule("engine_out_of_range"), options = { field = field } }
    lu.assertNil(g)
    lu.assertStrContains(err, "engine setting '" .. field .. "' must be an integer from")
    lu.assertStrContains(err, "not " .. shown)
  end
end

-- Below the views, the engine's game itself refuses to change while its hooks run.
function TestGame.test_the_game_refuses_reentry_from_its_hooks()
  local base = jong.load_rules("base")
  local engine = jong.engine_settings(base, jong.resolve_options(base))
  local tried = {}
  local hooks = {}
  function hooks.may_act(core)
    for _, name in ipairs { "apply", "undo", "reset", "replay", "close", "stack" } do
      local ok, err = pcall(core[name], core, name == "reset" and 1 or name == "replay" and 0 or
        name == "apply" and { type = "pass", seat = "S" } or nil)
      tried[name] = not ok and err or "allowed"
    end
    return true
  end
  engine.ask = { "chow", "pung", "kong", "win" }
  local core = assert(jong.game_new(engine, hooks, 1))
  local rng = 0
  for _ = 1, 400 do
    if next(tried) then break end
    local w = core:waiting()
    if #w == 0 then break end
    local legal = core:legal(w[1])
    rng = rng + 1
    core:apply(legal[rng % #legal + 1])
  end
  lu.assertNotNil(next(tried), "no hook was asked")
  for _, name in ipairs { "apply", "undo", "reset", "replay", "close", "stack" } do
    lu.assertStrContains(tried[name], "while one of its hooks runs")
  end
  lu.assertTrue(core:check())
  core:close()
end

-- A program calling its game's methods (as the REPL does) runs rule code on the hooks'
-- view, under the budget.
function TestGame.test_programs_reach_rule_code_only_through_the_gate()
  local g = assert(jong.game { rules = rule("situation_hook"), seed = 1 })
  local ok, err = pcall(g.situation, g, { seat = "N", tile = "5m", hand = "345678m34599p678s", how = "self" })
  lu.assertFalse(ok)
  lu.assertStrContains(err, "instruction budget")
  local result, pay = g:score_win({ seat = "S", tile = "5m", hand = "345678m34599p678s", how = "discard", from = "W" }, true)
  lu.assertTrue(result.wins)
  lu.assertEquals(pay.W, -10)
  lu.assertTrue(g:check())   -- not closed, nothing played
  lu.assertEquals(#g.core:actions(), 0)
  local looping = assert(jong.game { rules = rule("score_loops"), seed = 1 })
  local would_ok, would_err = pcall(looping.would_win, looping, "E", "123m456m789m123p55p", "5p", "self")
  lu.assertFalse(would_ok)
  lu.assertStrContains(would_err, "instruction budget")
  looping:close()
  local f = assert(jong.facts(situation { rules = rule("special_complete_loops") }))
  local waits_ok, waits_err = pcall(function() return f.waits end)
  lu.assertFalse(waits_ok)
  lu.assertStrContains(waits_err, "instruction budget")
  local settings_ok, why = pcall(jong.engine_settings, jong.load_rules(rule("configure_loops")), {})
  lu.assertFalse(settings_ok)
  lu.assertStrContains(why, "instruction budget")
  g:close()
end

function TestGame.test_payments_are_checked()
  for how, shown in pairs { huge = "1099511627776", wrap = "4294967296", float = "1.5", string = "'10'" } do
    local g = dealt("overflows", { how = how })
    local before = snapshot(g)
    local ok, err = g:play("E", "win")
    lu.assertNil(ok)
    lu.assertStrContains(err, "rules overflows: hook settle gave seat S a payment of " .. shown)
    lu.assertEquals(snapshot(g), before)   -- refused: nothing changed
    g:close()
  end
end

function TestGame.test_a_hook_error_value_is_named_by_its_type()
  local g = dealt("error_plain_table")
  local ok, err = g:play("E", "d 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "hook allowed_discards of rules error_plain_table")
  lu.assertStrContains(err, "(an error value of type table)")
  g:close()
end

function TestGame.test_answers_metamethods_run_under_the_budget()
  local g = dealt("answer_metamethods")
  local before = snapshot(g)
  local ok, err = g:play("E", "d 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "instruction budget")
  lu.assertEquals(snapshot(g), before)
  g:close()
end

function TestGame.test_points_stay_within_32_bits()
  local g = dealt("points_overflow")
  local before = snapshot(g)
  local ok, err = g:play("E", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "settlement takes seat E's points to 2147508647, beyond 32 bits")
  lu.assertEquals(snapshot(g), before)   -- refused: nothing changed
  g:close()
end

function TestGame.test_a_result_of_shared_text_refuses_the_win()
  local g = dealt("shares_long_text")
  local before = snapshot(g)
  local ok, err = g:play("E", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "holds more than 64 MiB of text")
  lu.assertStrContains(err, "hook score of rules shares_long_text (" .. rule("shares_long_text") .. ":")
  lu.assertStrContains(err, "refusing E win")
  lu.assertEquals(snapshot(g), before)   -- refused: nothing changed
  g:close()
end

function TestGame.test_next_deal_is_checked()
  local g = dealt("bad_next_deal")
  assert(g:play("E", "win"))
  local ok, err = g:play("E", "next")
  lu.assertNil(ok)
  lu.assertStrContains(err, "rules bad_next_deal: hook next_deal returned round 'Q'")
  g:close()
end

function TestGame.test_allowed_discards_are_checked()
  local g = dealt("bad_discards")
  local before = snapshot(g)
  local ok, err = g:play("E", "d 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "rules bad_discards: hook allowed_discards returned a bad tile '9z'")
  lu.assertEquals(snapshot(g), before)
  g:close()
end

-- A module, toolkit or game function given bad arguments by rule code: the error names
-- the rule file and the line of the call, not the engine's code where it went wrong.
TestErrors = {}
function TestErrors.test_bad_arguments_name_the_calling_line()
  local lines = { kind_of = 6, seat_after = 7, counts_of = 8, json_encode = 9, resolve_options = 10,
    game = 11, seat = 14, score_win = 18, own = 20, gsub_depth = 21, sort = 22, error_table = 23 }
  for attack, line in pairs(lines) do
    local r = score(nil, { rules = rule("bad_arguments"), attack = attack })
    lu.assertFalse(r.ok, attack)
    local where = "bad_arguments.lua:" .. line .. ":"
    lu.assertStrContains(r.error, "hook score of bad_arguments: ", false, attack)
    lu.assertStrContains(r.error, where, false, attack)
    -- named first (after the hook), unless a nested call named it inside its own message
    if attack ~= "score_win" then
      lu.assertStrContains(r.error, "hook score of bad_arguments: tests/hostile/rules/" .. where)
    end
  end
  local r = score(nil, { rules = rule("bad_arguments"), attack = "kind_of" })
  lu.assertStrContains(r.error, "in 'kind_of': ")
  r = score(nil, { rules = rule("bad_arguments"), attack = "gsub_depth" })
  lu.assertStrContains(r.error, "bad_arguments.lua:21: in 'gsub': C stack overflow")
  r = score(nil, { rules = rule("bad_arguments"), attack = "error_table" })
  lu.assertStrContains(r.error, "bad_arguments.lua:23: (an error value of type table)")
  -- an error rule code raises without a position is its own business
  r = score(nil, { rules = rule("bad_arguments"), attack = "error_own" })
  lu.assertEquals(r.error, "hook score of bad_arguments: no position")
  healthy()
end
function TestErrors.test_recursion_without_end_is_a_clear_error()
  local said = { lua = "recurses.lua:9: stack overflow", score = "recurses.lua:6: C stack overflow",
    gsub = "recurses.lua:11: in 'gsub': C stack overflow", index = "recurses.lua:12: C stack overflow" }
  for how, text in pairs(said) do
    local r = score(nil, { rules = rule("recurses"), how = how })
    lu.assertStrContains(r.ok and r.reason or r.error, "hook score of recurses: tests/hostile/rules/" .. text, false, how)
    healthy()
  end
end

os.exit(lu.LuaUnit.run())
