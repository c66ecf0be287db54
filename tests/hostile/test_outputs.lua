-- Hostile input and rule files against the outputs of `jong score`: every answer is
-- valid JSON in valid UTF-8, one bad situation does not lose the others.
local lu = require "luaunit"
local cjson = require "cjson"

local DIR = "tests/hostile/rules/"
local GOOD = '{"rules":"base","seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W"}'
local function with(fields)
  return '{"seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W",' .. fields .. '}'
end

local function valid(text)
  lu.assertNotNil(utf8.len(text), "output is not valid UTF-8")
  local ok, v = pcall(cjson.decode, text)
  lu.assertTrue(ok, "output is not valid JSON: " .. tostring(v))
  return v
end

TestBatch = {}
function TestBatch.test_one_bad_situation_is_its_own_answer()
  local bad = {
    with('"rules":{}'), with('"rules":"base","options":[1,2]'), with('"rules":"base","honba":1e400'),
    with('"rules":"' .. DIR .. 'result_metamethods.lua"'), with('"rules":"' .. DIR .. 'protected_result.lua"'),
    with('"rules":"' .. DIR .. 'long_error.lua"'), with('"rules":"/dev/zero"'), '42', '[1]',
  }
  local text = "[" .. GOOD .. "," .. table.concat(bad, ",") .. "," .. GOOD .. "]"
  local out, all_ok = jong.score_json(text)
  lu.assertFalse(all_ok)
  local v = valid(out)
  lu.assertEquals(#v, #bad + 2)
  lu.assertTrue(v[1].ok)
  lu.assertTrue(v[#v].ok)
  lu.assertEquals(v[1].payments.W, -10)
  lu.assertStrContains(v[2].error, '"rules" must be a string')
  lu.assertStrContains(v[3].error, '"options"')
  lu.assertStrContains(v[4].error, '"honba" must be a whole number')
  lu.assertStrContains(v[5].error, "cycle")
  lu.assertTrue(v[6].ok)   -- read raw: what __index would add is not there
  lu.assertEquals(v[6].value.points, 3)
  lu.assertNil(v[6].limit ~= cjson.null and v[6].limit or nil)
  lu.assertStrContains(v[7].error, "(cut: ")
  lu.assertTrue(#v[7].error < 1100)
  lu.assertStrContains(v[8].error, "'/dev/zero': a rules path must name a .lua file")
  lu.assertStrContains(v[9].error, "a situation is a JSON object")
  lu.assertStrContains(v[10].error, "a situation is a JSON object")
end

function TestBatch.test_names_are_escaped_into_valid_utf8()
  local out = jong.score_json(with('"rules":"' .. DIR .. 'bad_utf8_names.lua"'))
  local v = valid(out)
  lu.assertTrue(v.ok)
  lu.assertStrContains(v.items[1].name, '"quoted"')
  lu.assertStrContains(v.items[1].name, "a/b \xe4\xb8\xad")
  lu.assertStrContains(out, "a/b")     -- "/" is not escaped
  lu.assertStrContains(out, "\\u00ff\\u00fe")
  lu.assertStrContains(out, "bad_utf8\\u00ff")
end

function TestBatch.test_normal_output_is_unchanged()
  local out = jong.score_json(GOOD)
  lu.assertEquals(out, '{"ok":true,"wins":true,"rules":"base","value":{"points":10},"items":[{"name":"Complete hand","value":10,"unit":"points"}],"limit":null,"payments":{"E":0,"S":10,"W":-10,"N":0}}')
end

-- The one place text from rule code is made safe for a terminal (every program's output
-- path goes through it: tests/hostile/test_terminal.sh).
TestTerminal = {}
function TestTerminal.test_control_codes_are_escaped()
  local t = jong.terminal_text
  lu.assertEquals(t("plain text, 123"), "plain text, 123")
  lu.assertEquals(t("a\tb\nc"), "a\tb\nc")                    -- tab and newline kept
  lu.assertEquals(t("\27[2J\r\0\127"), "\\x1b[2J\\x0d\\x00\\x7f")
  lu.assertEquals(t("\194\155"), "\\xc2\\x9b")                 -- C1 CSI (U+009B)
  lu.assertEquals(t("a\226\128\174b"), "a\\u{202e}b")          -- right-to-left override
  lu.assertEquals(t("\255\192\128"), "\\xff\\xc0\\x80")     -- not UTF-8 (an overlong NUL)
  lu.assertEquals(t("\237\160\128"), "\\xed\\xa0\\x80")     -- a surrogate
  lu.assertEquals(t("\xe4\xb8\xad \u{1F000} \u{a0}"), "\xe4\xb8\xad \u{1F000} \u{a0}")   -- UTF-8 kept
  -- the REPL's tile colours pass when asked, no other code does
  lu.assertEquals(t("\27[31m1m\27[0m", true), "\27[31m1m\27[0m")
  lu.assertEquals(t("\27[8mhidden\27[2J", true), "\\x1b[8mhidden\\x1b[2J")
  lu.assertEquals(t("\27[31m"), "\\x1b[31m")
end

function TestTerminal.test_json_escapes_c1_controls_and_overrides()
  local out = jong.json_encode({ name = "a\27\194\155\226\128\174\226\129\169\194\160" })
  lu.assertEquals(out, '{"name":"a\\u001b\\u009b\\u202e\\u2069\194\160"}')
  lu.assertEquals(cjson.decode(out).name, "a\27\194\155\226\128\174\226\129\169\194\160")
end

os.exit(lu.LuaUnit.run())
