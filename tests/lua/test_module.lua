-- LuaUnit tests of the jong module: notation, facts, rulesets, sandbox, `score`.
local lu = require "luaunit"

local function situation(t)
  local s = { rules = "base", seat = "S", hand = "345678m34599p678s", win_tile = "5m",
    win_by = "discard", from = "W" }
  for k, v in pairs(t or {}) do s[k] = v end
  return s
end

TestTiles = {}
function TestTiles.test_helpers()
  lu.assertEquals(jong.suit("5m"), "m")
  lu.assertEquals(jong.suit("f2"), "f")
  lu.assertEquals(jong.rank("0p"), 5)
  lu.assertTrue(jong.is_terminal("9s"))
  lu.assertFalse(jong.is_terminal("1z"))
  lu.assertTrue(jong.is_honour("7z"))
  lu.assertTrue(jong.is_wind("4z"))
  lu.assertTrue(jong.is_dragon("5z"))
  lu.assertEquals(jong.next_tile("9m"), "1m")
  lu.assertEquals(jong.next_tile("4z"), "1z")
  lu.assertEquals(jong.next_tile("7z"), "5z")
  lu.assertEquals(jong.next_tile("0s"), "6s")
  lu.assertEquals(jong.seat_after("N", 1), "E")
  lu.assertEquals(jong.wind_tile("W"), "3z")
  lu.assertEquals(jong.tiles("27p1z"), { "2p", "7p", "1z" })
  lu.assertEquals(#jong.TILES, 34)
end

TestNotation = {}
function TestNotation.test_parse_hand()
  local h = assert(jong.parse_hand("234m678p11z [789s] [5555p]c f2"))
  lu.assertEquals(h.size, 14)
  lu.assertEquals(h.counts["1z"], 2)
  lu.assertEquals(#h.melds, 2)
  lu.assertEquals(h.melds[1].type, "chow")
  lu.assertEquals(h.melds[1].tile, "7s")
  lu.assertEquals(h.melds[2].kong, "concealed")
  lu.assertTrue(h.melds[2].concealed)
  lu.assertFalse(h.concealed)   -- the chow is exposed
  lu.assertEquals(h.bonus, { "f2" })
  lu.assertEquals(h.all_counts["5p"], 4)
end

function TestNotation.test_meld_source_and_reds()
  local h = assert(jong.parse_hand("123m406p [555s]@W [0555m]+"))
  lu.assertEquals(h.melds[1].from, "W")
  lu.assertEquals(h.melds[2].kong, "promoted")
  lu.assertEquals(h.reds, 2)
  lu.assertFalse(h.concealed)
end

function TestNotation.test_errors_name_column_and_reason()
  local _, err = jong.parse_hand("123m45678z")
  lu.assertEquals(err, "bad tile '8z' at column 9")
  _, err = jong.parse_hand("11111m")
  lu.assertStrContains(err, "fifth copy of 1m")
  _, err = jong.parse_hand("123m [246p]")
  lu.assertStrContains(err, "is not a set at column 6")
  _, err = jong.hand_facts("123m456p789s11z")
  lu.assertStrContains(err, "a hand holds 13 or 14 tiles")
  _, err = jong.parse_hand("12m x")
  lu.assertStrContains(err, "unexpected character 'x' at column 5")
  _, err = jong.parse_hand("[123m]c")
  lu.assertStrContains(err, "marks a kong")
  _, err = jong.parse_hand("[1111m]c@W")
  lu.assertStrContains(err, "concealed kong is claimed from nobody")
end

function TestNotation.test_format_round_trip()
  lu.assertEquals(jong.format_hand("11z 321m [5555p]+@N f1 406s"), "123m406s11z [5555p]+@N f1")
end

TestAnalysis = {}
function TestAnalysis.test_nine_gates_waits_on_all_nine()
  local a = assert(jong.analysis("1112345678999m"))
  lu.assertEquals(a.shanten.all, 0)
  lu.assertEquals(a.waits, { "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m" })
end

function TestAnalysis.test_forms_with_melds()
  local a = assert(jong.analysis("23m55p789p [789s] [111z]"))
  lu.assertEquals(a.shanten.standard, 0)
  lu.assertNil(a.shanten.seven_pairs)
  lu.assertEquals(a.waits, { "1m", "4m" })
end

TestFacts = {}
function TestFacts.test_readings_of_the_winning_tile()
  local f = assert(jong.facts(situation { hand = "234456m55p678s [789s]", win_tile = "4m" }))
  -- 234m 456m: the 4m completes 234 (edge? no: 23 waits 1-4, two-sided) or 456 (closed? 56 waits 4-7).
  local waits = {}
  for _, r in ipairs(f.readings) do waits[#waits + 1] = r.wait .. ":" .. r.sets[r.win_set].tile end
  table.sort(waits)
  lu.assertEquals(waits, { "two_sided:2m", "two_sided:4m" })
  lu.assertEquals(#f.readings[1].sets, 4)
  lu.assertEquals(f.readings[1].sets[4].meld, 1)
  lu.assertFalse(f.readings[1].sets[4].concealed)
end

function TestFacts.test_situation_fields()
  local f = assert(jong.facts(situation { dora = "27p", ura = "0m", honba = 2, deposits = 1 }))
  lu.assertEquals(f.dora, { "2p", "7p" })
  lu.assertEquals(f.ura, { "5m" })
  lu.assertEquals(f.round, "E")
  lu.assertEquals(f.honba, 2)
  lu.assertEquals(f.options.payment, 10)
end

function TestFacts.test_invalid_situations()
  local cases = {
    { { seat = "Q" }, "\"seat\" must be E, S, W or N" },
    { { win_by = "ron" }, "\"win_by\" must be" },
    { { from = "S" }, "names the winner's own seat" },
    { { win_tile = "1z" }, "not among the concealed tiles" },
    { { flags = { "riichi" } }, "unknown flag 'riichi' for rules base" },
    { { options = { nope = 1 } }, "unknown option 'nope'" },
    { { options = { payment = "x" } }, "option 'payment' takes a number" },
    { { honba = -1 }, "\"honba\" must be a whole number" },
    { { rules = "no_such_rules" }, "no ruleset 'no_such_rules'" },
    { { hand = "345678m34599p67s" }, "a winning hand holds 14 tiles" },
  }
  for _, c in ipairs(cases) do
    local r = jong.score(situation(c[1]))
    lu.assertFalse(r.ok)
    lu.assertStrContains(r.error, c[2])
  end
end

-- Of several unknown options or fields, the error names the least (strings bytewise):
-- the same key in every run, whatever order pairs gives (it varies by process).
function TestFacts.test_errors_name_the_least_unknown_key()
  local names = { "zeta", "kiriage", "mid", "alpha", "beta", "omega", "kappa", "delta" }
  for n = 2, #names do
    local options, s = {}, situation()
    for i = 1, n do options[names[i]] = true; s["x_" .. names[i]] = 1 end
    local least = names[1]
    for i = 2, n do if names[i] < least then least = names[i] end end
    local r = jong.score(situation { options = options })
    lu.assertStrContains(r.error, "unknown option '" .. least .. "'")
    r = jong.score(s)
    lu.assertStrContains(r.error, "unknown field 'x_" .. least .. "'")
  end
end

TestScore = {}
function TestScore.test_base_discard_and_self_draw()
  local r = jong.score(situation())
  lu.assertTrue(r.ok)
  lu.assertTrue(r.wins)
  lu.assertEquals(r.items, { { name = "Complete hand", value = 10, unit = "points" } })
  lu.assertEquals(r.payments, { E = 0, S = 10, W = -10, N = 0 })
  local s = situation { win_by = "self" }
  s.from = nil
  r = jong.score(s)
  lu.assertEquals(r.payments, { E = -10, S = 30, W = -10, N = -10 })
end

function TestScore.test_not_a_win()
  local r = jong.score(situation { hand = "345678m34599p679s", win_tile = "9s" })
  lu.assertTrue(r.ok)
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, "not a complete hand")
end

function TestScore.test_json_round_trip_and_arrays()
  local out, ok = jong.score_json('[{"rules":"base","seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"self"},{"rules":"base"}]')
  lu.assertFalse(ok)
  lu.assertStrContains(out, '[{"ok":true,"wins":true,"rules":"base","value":{"points":10}')
  lu.assertStrContains(out, '{"ok":false,"error":"\\"hand\\" is missing')
  out, ok = jong.score_json("{nope")
  lu.assertFalse(ok)
  lu.assertStrContains(out, '"ok":false')
end

-- A list with a hole and another key is written as an object: no entry is dropped
-- (its key count equals its length, which once made it an array without the "x").
function TestScore.test_json_list_with_a_hole_and_a_name_keeps_every_key()
  local t = { 1, nil, 3, x = 5 }
  lu.assertEquals(rawlen(t), 3)
  local back = jong.json_decode(jong.json_encode(t))
  lu.assertEquals(back, { ["1"] = 1, ["3"] = 3, x = 5 })
  lu.assertEquals(jong.json_encode({ 1, 2, 3 }), "[1,2,3]")
end

TestRulesets = {}
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
local function rule(name) return here .. "/rules/" .. name .. ".lua" end

function TestRulesets.test_extends_inherits_and_overrides()
  local r = jong.score(situation { rules = rule("child") })
  lu.assertTrue(r.wins)
  lu.assertEquals(r.items[1].name, "Child Complete hand")
  lu.assertEquals(r.items[1].value, 7)
  lu.assertEquals(r.payments.W, -7)   -- settle inherited from base
end

-- A child's entry for a parent's option changes the fields it gives and keeps the others
-- (the allowed values above all), in jong score and in play.
function TestRulesets.test_option_entry_merges_with_the_parent()
  local r = assert(jong.load_rules(rule("red_child")))
  local parent = assert(jong.load_rules("japanese"))
  lu.assertEquals(r.options.red_fives.default, 4)
  lu.assertEquals(r.options.red_fives.values, { 0, 3, 4 })
  lu.assertEquals(r.options.red_fives.doc, parent.options.red_fives.doc)
  lu.assertEquals(select(2, jong.resolve_options(r, { red_fives = 7 })), "option 'red_fives' cannot be 7")
  local s = { rules = rule("red_child"), seat = "S", hand = "234m0p0p5p678s99m [111z]", win_tile = "9m",
              win_by = "discard", from = "W" }
  local won = jong.score(s)
  lu.assertTrue(won.ok, won.error)
  lu.assertTrue(won.wins, won.reason)
  lu.assertEquals(won.value.han, 3)            -- Yakuhai and two red fives
  local g = assert(jong.game { rules = rule("red_child"), seed = 1 })
  lu.assertEquals(g.options.red_fives, 4)
  g:close()
end

function TestRulesets.test_a_yaku_entry_is_checked()
  local r = jong.score(situation { rules = rule("yaku_typo") })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "yaku_typo.lua:6: yaku 'Gogo': unknown field 'han'")
end

-- A rule file byte-identical to a built-in one is loaded from the bytecode compiled at
-- build time, under its own name (errors and debug information name the copy); an edited
-- copy is parsed as it is written.
function TestRulesets.test_a_copy_of_a_built_in_file_is_that_file()
  local text = assert(io.open(assert(jong.find_rules("japanese")))):read("a")
  local function copy(body)
    local path = os.tmpname() .. "_copy.lua"
    local f = assert(io.open(path, "w"))
    f:write(body)
    f:close()
    local r, err = jong.load_rules(path)
    os.remove(path)
    return assert(r, err), path
  end
  local same, path = copy(text)
  lu.assertEquals(same.name, "japanese")
  lu.assertEquals(debug.getinfo(same.score, "S").source, "@" .. path)
  local ok, err = pcall(same.score, {})
  lu.assertFalse(ok)
  lu.assertStrContains(err, path .. ":")
  local by_copy = jong.score(situation { rules = same, flags = { "riichi" } })
  lu.assertTrue(by_copy.wins)
  lu.assertEquals(by_copy, jong.score(situation { rules = "japanese", flags = { "riichi" } }))
  local edited, edited_path = copy((text:gsub('name = "japanese"', 'name = "japanese_edited"', 1)))
  lu.assertEquals(edited.name, "japanese_edited")
  lu.assertEquals(debug.getinfo(edited.score, "S").source, "@" .. edited_path)
  local broken = os.tmpname() .. "_broken.lua"
  local f = assert(io.open(broken, "w"))
  f:write(text, "\nreturn )")   -- not Lua any more
  f:close()
  local r, why = jong.load_rules(broken)
  os.remove(broken)
  lu.assertNil(r)
  lu.assertStrContains(why, broken .. ":")
  lu.assertStrContains(why, "expected near 'return'")
end

function TestRulesets.test_sandbox_has_no_os()
  local r = jong.score(situation { rules = rule("calls_os") })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "hook score of calls_os")
  lu.assertStrContains(r.error, "calls_os.lua:2")
  lu.assertStrContains(r.error, "global 'os'")
end

function TestRulesets.test_endless_loop_is_stopped()
  local r = jong.score(situation { rules = rule("loops") })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "instruction budget")
  lu.assertStrContains(r.error, "loops.lua:2")
  -- and the state goes on working
  lu.assertTrue(jong.score(situation()).wins)
end

function TestRulesets.test_runaway_memory_is_stopped()
  local r = jong.score(situation { rules = rule("grows") })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "memory cap")
  collectgarbage()
  lu.assertTrue(jong.score(situation()).wins)
end

function TestRulesets.test_load_errors()
  local r = jong.score(situation { rules = rule("loops_at_load") })
  lu.assertStrContains(r.error, "instruction budget")
  r = jong.score(situation { rules = rule("syntax_error") })
  lu.assertStrContains(r.error, "syntax_error.lua:1")
end

function TestRulesets.test_rule_scripts_cannot_reach_the_loader()
  local r = jong.score(situation { rules = rule("reads_file") })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "field 'read_file'")
end

os.exit(lu.LuaUnit.run())
