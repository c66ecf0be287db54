-- The ruleset schema (lua/schema.lua): loading refuses unknown fields, bad values and
-- hook names with a typo, naming the nearest known name; `jong score` refuses an unknown
-- situation field the same way.
local lu = require "luaunit"

local n = 0
-- Loads a ruleset written to a temporary file; returns the table or nil, reason.
local function load(text)
  n = n + 1
  local path = os.tmpname() .. "_schema" .. n .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  local r, err = jong.load_rules(path)
  os.remove(path)
  return r, err
end

local function refused(text, message)
  local r, err = load(text)
  lu.assertNil(r)
  lu.assertStrContains(err, message)
end

function test_hook_typo()
  refused([[local R = { name = "t1", extends = "japanese" }
    function R.may_wins(g, action) return false, "never" end
    return R]], ".lua:2: unknown hook 'may_wins'; did you mean 'may_win'?")   -- the line of the function
  refused([[return { name = "t2", extends = "base", scroe = function(f) end }]],
    "unknown hook 'scroe'; did you mean 'score'?")
end

function test_unknown_field()
  refused([[return { name = "t3", extends = "base", claimz = { "chow" } }]],
    "unknown field 'claimz'; did you mean 'claims'?")
  refused([[return { name = "t4", extends = "base", chow_from = "left" }]], "unknown field 'chow_from'")
end

-- Of several faults the least by name is named, the same in every run (pairs' order varies
-- by process); a key that is no name (a number) is named, not an error of the checker.
function test_the_least_fault_is_named()
  local names = { "zz_field", "mm_field", "aa_field", "qq_field", "bb_field", "kk_field" }
  local fields = {}
  for _, name in ipairs(names) do fields[#fields + 1] = name .. " = 1" end
  refused("return { name = 't8', extends = 'base', " .. table.concat(fields, ", ") .. " }",
    "unknown field 'aa_field'")
  refused([[return { name = "t9", extends = "base", options = { zz = { default = 1, zork = 1 },
    aa = { default = 1, bork = 1 }, mm = { default = 1, cork = 1, abc = 2 } } }]], "unknown key of option 'aa' 'bork'")
  refused([[return { name = "t10", extends = "base", options = { mm = { default = 1, zz = 1, aa = 2, qq = 3 } } }]],
    "unknown key of option 'mm' 'aa'")
  refused([[return { name = "t11", extends = "base", engine = { zork = 1, bork = 1, cork = 1 } }]],
    "unknown engine setting 'bork'")
  refused([[return { name = "t12", extends = "base", options = { bb = { default = 2, [3] = 1 } } }]],
    "field 'options' unknown key of option 'bb' '3'")
end

function test_bad_values()
  refused([[return { name = "t5", extends = "base", forms = { "standard", "sevenpairs" } }]],
    "field 'forms' entry 2 (sevenpairs) cannot be sevenpairs")
  refused([[return { name = "t6", extends = "base", claims = { "chow", "pong" } }]],
    "field 'claims' entry 2 (pong) cannot be pong")
  refused([[return { name = "t7", extends = "base", precedence = { win = 3, kongs = 2 } }]],
    "unknown precedence key 'kongs'; did you mean 'kong'?")
  refused([[return { name = "t8", extends = "base", engine = { kuikea = true } }]],
    "unknown engine setting 'kuikea'; did you mean 'kuikae'?")
  refused([[return { name = "t9", extends = "base", dead_wall = { size = 14, policy = "fixd" } }]],
    "policy cannot be fixd")
  refused([[return { name = "t10", extends = "base", multiple_winners = "every" }]],
    "field 'multiple_winners' cannot be every")
end

function test_helpers_and_far_functions_load()
  local r = assert(load([[local R = { name = "t11", extends = "base" }
    local function helper() return 1 end                 -- a local: fine
    R.helpers = { twice = function(x) return 2 * x end }  -- the documented sub-table
    function R.payment_of(f) return helper() end          -- far from every hook: a helper
    return R]]))
  lu.assertEquals(r.helpers.twice(2), 4)
end

function test_shipped_rules_load()
  for _, name in ipairs { "base", "japanese", "classical", "hongkong", "ims", "babcock_one_double",
                          "babcock_cleared_hand", "classical_bmja", "classical_dmjl" } do
    local r, err = jong.load_rules(name)
    lu.assertNotNil(r, err)
  end
end

function test_unknown_situation_field()
  local r = jong.score { rules = "japanese", seat = "S", hand = "2345m456p234s678s5m", win_tile = "5m",
                         win_by = "discard", from = "E", flag = { "riichi" } }
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "unknown field 'flag'; did you mean 'flags'?")
  -- a field the ruleset declares (Classical: the losers' hands)
  r = jong.score { rules = "classical", seat = "S", hand = "123m456p789s111z22z", win_tile = "2z",
                   win_by = "discard", from = "E", losers = { E = "123m" } }
  lu.assertTrue(r.ok, r.error)
  r = jong.score { rules = "japanese", seat = "S", hand = "123m456p789s111z22z", win_tile = "2z",
                   win_by = "discard", from = "E", losers = { E = "123m" } }
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "unknown field 'losers'")
end

function test_reference_lists_every_field_and_hook()
  local md = jong.schema_markdown()
  for _, f in ipairs(jong.schema.fields) do lu.assertStrContains(md, "`" .. f[1] .. "`") end
  for _, h in ipairs(jong.schema.hooks) do lu.assertStrContains(md, "`" .. h[1] .. "`") end
end

-- docs/hooks.md carries the reference exactly as the schema makes it.
function test_docs_carry_the_reference()
  local f = assert(io.open("docs/hooks.md"))
  local text = f:read("a")
  f:close()
  local part = text:match("<!%-%- schema reference: begin %-%->\n(.-)<!%-%- schema reference: end %-%->")
  lu.assertEquals(part, jong.schema_markdown())
end

-- An engine relation beyond the seats is refused, however large (2^32 + 1 is not 1).
function test_chow_from_out_of_range()
  for _, rel in ipairs { 0, 4, 4294967297, -4294967295 } do
    local path = os.tmpname() .. "_chow.lua"
    local f = assert(io.open(path, "w"))
    f:write("return { name = 'chow_far', extends = 'base', engine = { chow_from = { " .. rel .. " } } }")
    f:close()
    local g, err = jong.game { rules = path }
    os.remove(path)
    lu.assertNil(g)
    lu.assertStrContains(err, "engine setting 'chow_from': relations are 1 to 3")
  end
end

os.exit(lu.LuaUnit.run())
