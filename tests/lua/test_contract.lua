-- The documented seams, pinned: every field of the facts (docs/hooks.md, "Facts" and
-- "Readings") exists and every field the facts hold is documented; the engine settings
-- lua/game_config.c reads are the schema's (docs/hooks.md, "Reference"); and the exact
-- shape of `jong score`'s JSON answer (DESIGN.md, docs/formats.md) for every family and
-- preset: its keys, the family's figures, the items' fields, the payments' seats.
local lu = require "luaunit"

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

local HOOKS = read("docs/hooks.md")

-- The rows of the facts table: the names in backquotes of each row's first column, and
-- the row's text.
local function fact_rows()
  local part = assert(HOOKS:match("\n| field | meaning |\n|%-%-%-|%-%-%-|\n(.-)\n\n`tiles`, `all_counts` and `waits`"))
  local rows = {}
  for line in part:gmatch("[^\n]+") do
    local first, rest = line:match("^| ([^|]+) | (.*) |$")
    for name in first:gmatch("`([%w_]+)`") do rows[name] = rest end
  end
  return rows
end

-- facts with the fields made when read (tiles, all_counts, waits) made
local function facts(s)
  local f = assert(jong.facts(s))
  local _ = f.tiles, f.all_counts, f.waits
  return f
end

local SITUATIONS = {
  -- melds of every kind, red fives, a discard
  { rules = "japanese", seat = "S", round = "E", hand = "406s11z [5550p]@W [222z] [7777m]c",
    win_tile = "6s", win_by = "discard", from = "W", options = { red_fives = 3 }, dora = "1z",
    flags = { "riichi" } },
  -- seven pairs, self-drawn
  { rules = "japanese", seat = "E", hand = "1133m5577p99s1122z", win_tile = "1z", win_by = "self" },
  -- thirteen orphans
  { rules = "japanese", seat = "W", round = "S", hand = "19m19p19s12345677z", win_tile = "7z", win_by = "self" },
  -- five sets (hand_size 16), a promoted kong, bonus tiles
  { rules = "taiwanese", seat = "S", hand = "456m55z [123p] [789s] [111z] [6666p]+ f2 g1",
    win_tile = "6m", win_by = "discard", from = "E" },
  -- a win by flowers
  { rules = "taiwanese", seat = "S", hand = "123m456m789m123p456p4p f1 f2 f3 f4 g1 g2 g3 g4",
    win_tile = "g4", win_by = "flowers" },
}

TestContract = {}

-- Every field a hook is handed is in the facts table, and every documented field is
-- there (or nil where the table says when).
function TestContract.test_facts_fields_documented()
  local rows = fact_rows()
  local seen = {}
  for _, s in ipairs(SITUATIONS) do
    local f = facts(s)
    for k in pairs(f) do
      lu.assertNotNil(rows[k], "facts field '" .. tostring(k) .. "' is not in docs/hooks.md")
      seen[k] = true
    end
  end
  for name in pairs(rows) do lu.assertTrue(seen[name], "documented fact '" .. name .. "' never given") end
  -- where nil is documented
  lu.assertNil(facts(SITUATIONS[2]).from)                  -- self-draw
  lu.assertNil(facts(SITUATIONS[5]).from)                  -- eight flowers: no seat named
  lu.assertNil(facts(SITUATIONS[1]).seven_pairs)
  lu.assertEquals(facts(SITUATIONS[2]).seven_pairs, { "1m", "3m", "5p", "7p", "9s", "1z", "2z" })
  lu.assertFalse(facts(SITUATIONS[1]).thirteen_orphans)
  lu.assertTrue(facts(SITUATIONS[3]).thirteen_orphans)
  lu.assertNil(facts(SITUATIONS[4]).seven_pairs)           -- five sets
  lu.assertEquals(facts(SITUATIONS[1]).size, 14)
  lu.assertEquals(facts(SITUATIONS[4]).size, 17)
  lu.assertEquals(facts(SITUATIONS[5]).size, 16)
  lu.assertEquals(facts(SITUATIONS[5]).readings, {})
  local classical = facts { rules = "classical", seat = "E", hand = "1133m5577p99s1122z", win_tile = "1z", win_by = "self" }
  lu.assertNil(classical.seven_pairs)                      -- not one of its forms
  local base = facts { rules = "base", seat = "E", hand = "19m19p19s12345677z", win_tile = "7z", win_by = "self" }
  local forms = assert(jong.load_rules("base")).form_set
  lu.assertEquals(base.thirteen_orphans, (forms == nil or forms.thirteen_orphans) and true or nil)
end

-- A meld's fields are those the melds row names; a reading's sets from the concealed
-- tiles have type, tile and concealed, those from a meld every field of the meld and
-- `meld` (docs/hooks.md, "Readings").
function TestContract.test_meld_and_reading_fields()
  local melds_row = fact_rows().melds
  local f = facts(SITUATIONS[1])
  lu.assertEquals(#f.melds, 3)
  for _, m in ipairs(f.melds) do
    for k in pairs(m) do lu.assertStrContains(melds_row, k .. "=", "meld field '" .. k .. "' undocumented") end
  end
  lu.assertEquals(f.melds[1], { type = "kong", tile = "5p", tiles = { "5p", "5p", "5p", "5p" }, kong = "exposed",
    concealed = false, from = "W", reds = 1 })
  lu.assertEquals(f.melds[2], { type = "pung", tile = "2z", tiles = { "2z", "2z", "2z" }, concealed = false, reds = 0 })
  lu.assertEquals(f.melds[3].kong, "concealed")
  lu.assertTrue(f.melds[3].concealed)
  local promoted = facts(SITUATIONS[4]).melds[4]
  lu.assertEquals(promoted.kong, "promoted")
  lu.assertFalse(promoted.concealed)
  local readings_part = assert(HOOKS:match("### Readings\n(.-)\n## Hooks"))
  lu.assertTrue(#f.readings > 0)
  for _, r in ipairs(f.readings) do
    for k in pairs(r) do lu.assertStrContains(readings_part, k .. " = ", "reading field '" .. k .. "' undocumented") end
    lu.assertEquals(#r.sets, 4)
    for _, set in ipairs(r.sets) do
      if set.meld then
        local copy = {}
        for k, v in pairs(set) do copy[k] = v end
        copy.meld = nil
        lu.assertEquals(copy, f.melds[set.meld])
      else
        local keys = {}
        for k in pairs(set) do keys[#keys + 1] = k end
        table.sort(keys)
        lu.assertEquals(keys, { "concealed", "tile", "type" })
        lu.assertTrue(set.concealed)
      end
    end
  end
  lu.assertEquals(#facts(SITUATIONS[4]).readings[1].sets, 5)
end

-- The engine settings lua/game_config.c reads can be given in `engine = {...}` (the
-- schema's list, docs/hooks.md), but for those the ruleset's fields make (hand_size,
-- play_after_win).
function TestContract.test_engine_settings_in_the_schema()
  local known = {}
  for _, k in ipairs(jong.schema.engine) do known[k] = true end
  local FROM_FIELDS = { hand_sets = true, play_after_win = true }
  local text = read("lua/game_config.c")
  local n = 0
  for name in text:gmatch('%(L, t, "([%w_]+)"') do
    n = n + 1
    if not FROM_FIELDS[name] then lu.assertTrue(known[name], "engine setting '" .. name .. "' is not in lua/schema.lua") end
  end
  lu.assertTrue(n > 40)
  for _, k in ipairs(jong.schema.engine) do lu.assertStrContains(HOOKS, "`" .. k .. "`") end
end

-- Every field of the engine's record of a win (lua/game_hooks.c, push_win) is named where
-- docs/hooks.md describes `action.win`.
function TestContract.test_win_record_fields_documented()
  local part = assert(HOOKS:match("### `may_claim%(g, action%)` / `may_win%(g, action%)`\n(.-)\n### "))
  local keys = assert(read("lua/game_hooks.c"):match("win_keys%[%] = {(.-)};"))
  local n = 0
  for k in keys:gmatch('"([%w_]+)"') do
    n = n + 1
    lu.assertStrContains(part, "`" .. k .. "`", false, "win record field '" .. k .. "' undocumented")
  end
  lu.assertTrue(n >= 13)
end

-- Every function and table of the module is in docs/api.md (as `jong.name` or in a
-- row naming several: `is_wind`), and every `jong.name` there exists.
function TestContract.test_module_documented()
  local api = read("docs/api.md")
  for k in pairs(jong) do
    lu.assertTrue(api:find("jong." .. k, 1, true) ~= nil or api:find("`" .. k .. "`", 1, true) ~= nil,
      "jong." .. k .. " is not in docs/api.md")
  end
  for k in api:gmatch("jong%.([%a_][%w_]*)") do
    if k ~= "so" then lu.assertNotNil(jong[k], "docs/api.md names jong." .. k .. ", which the module lacks") end
  end
end

---------------------------------------------------------------------------
-- `jong score`'s answer (jong.score_json, what the program writes)

-- The figures of `value` by family (DESIGN.md; docs/formats.md; docs/<family>.md).
local JAPANESE = { han = "number", fu = "number" }
local CLASSICAL = { points = "number", doubles = "number", score = "number" }
local FIGURES = {
  japanese = JAPANESE, tenhou = JAPANESE, wrc = JAPANESE, ema = JAPANESE, mahjongsoul = JAPANESE,
  sanma = JAPANESE, tenhou3 = JAPANESE,
  classical = CLASSICAL, babcock_one_double = CLASSICAL, babcock_cleared_hand = CLASSICAL,
  classical_bmja = CLASSICAL, classical_dmjl = CLASSICAL,
  hongkong = { faan = "number" },
  ims = { fan = "number", aux = "number", adjusted = "number", basic = "number", total = "number" },
  mcr = { fan = "number", flowers = "number", total = "number" },
  sichuan = { fan = "number", points = "number" },
  taiwanese = { tai = "number", dealer_tai = "number" },
}
local UNITS = {
  japanese = { han = true, fu = true, yakuman = true },
  classical = { points = true, doubles = true, limit = true },
  hongkong = { faan = true },
  ims = { fan = true, aux = true },
  sichuan = { fan = true, base = true },
  taiwanese = { tai = true },
}
local FAMILY = { tenhou = "japanese", wrc = "japanese", ema = "japanese", mahjongsoul = "japanese",
  sanma = "japanese", tenhou3 = "japanese", babcock_one_double = "classical",
  babcock_cleared_hand = "classical", classical_bmja = "classical", classical_dmjl = "classical" }

local RIICHI = { seat = "S", round = "E", hand = "345m678m345p678s99p", win_tile = "5m", win_by = "discard",
  from = "W", flags = { "riichi" }, dora = "9s", ura = "4p", deposits = 1 }
local SANMA = { seat = "S", round = "S", hand = "12356788p678s333z", kita = 0, win_tile = "6p", win_by = "self",
  flags = { "riichi" }, dora = "5p", ura = "2s", honba = 2, deposits = 1 }
local CLASSICAL_WIN = { seat = "W", round = "S", hand = "789p22p333z [111p] [456p]", win_tile = "3z", win_by = "self" }
local WINS = {
  japanese = RIICHI, tenhou = RIICHI, wrc = RIICHI, ema = RIICHI, mahjongsoul = RIICHI,
  sanma = SANMA, tenhou3 = SANMA,
  classical = { seat = "N", round = "E", hand = "123s999s55s [777z] [888s] f1 g2", win_tile = "5s", win_by = "self",
    losers = { E = "55z", S = "999m66z [1111p]c f3", W = "444p33z [888m] f2" } },
  babcock_one_double = CLASSICAL_WIN, babcock_cleared_hand = CLASSICAL_WIN,
  classical_bmja = { seat = "E", round = "S", hand = "111z234m55z66z6z [8888p]+", win_tile = "6z", win_by = "discard",
    from = "N" },   -- (spec §22 example 4: BMJA allows one chow)
  classical_dmjl = CLASSICAL_WIN,
  hongkong = { seat = "N", round = "E", hand = "555678p11z [234p]@W [789p]@W", win_tile = "8p",
    win_by = "discard", from = "E" },
  ims = { seat = "E", round = "E", hand = "234p678s99m [1111z]@S [555z]@W f1 g1", win_tile = "9m",
    win_by = "discard", from = "N" },
  mcr = { seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W", win_tile = "9p", win_by = "discard", from = "N" },
  sichuan = { seat = "S", hand = "11123678m456789p", win_tile = "6p", win_by = "self", missing_suit = "s" },
  taiwanese = { seat = "E", round = "E", dealer_streak = 2, hand = "234567m345p345s99s [111z]@N", win_tile = "9s",
    win_by = "self" },
}

local function keys_of(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

local function answer(s)
  local text, valid = jong.score_json(jong.json_encode(s))
  return assert(jong.json_decode(text)), text, valid
end

function TestContract.test_score_answer_shape_per_ruleset()
  for name, s in pairs(WINS) do
    local sit = {}
    for k, v in pairs(s) do sit[k] = v end
    sit.rules = name
    local out, text, valid = answer(sit)
    local what = name .. ": " .. text
    lu.assertTrue(valid, what)
    lu.assertStrContains(text, '{"ok":true,"wins":true,"rules":"' .. name .. '","value":{', false, what)
    local want = { "items", "limit", "ok", "payments", "rules", "value", "wins" }
    if name == "classical" then want = { "items", "limit", "losers", "ok", "payments", "rules", "value", "wins" } end
    lu.assertEquals(keys_of(out), want, what)
    -- the family's figures, exactly
    local figures = FIGURES[name]
    lu.assertEquals(keys_of(out.value), keys_of(figures), what)
    for k, ty in pairs(figures) do lu.assertEquals(type(out.value[k]), ty, what) end
    -- the items: {name, value, unit} ({name, value, count} in MCR), names not empty
    lu.assertTrue(#out.items > 0, what)
    local units = UNITS[FAMILY[name] or name]
    for _, item in ipairs(out.items) do
      lu.assertEquals(keys_of(item), name == "mcr" and { "count", "name", "value" } or { "name", "unit", "value" }, what)
      lu.assertEquals(type(item.name), "string", what)
      lu.assertTrue(#item.name > 0, what)
      lu.assertEquals(type(item.value), "number", what)
      if units then lu.assertTrue(units[item.unit], what .. ": unit " .. tostring(item.unit)) end
    end
    lu.assertTrue(out.limit == jong.json_null or type(out.limit) == "string", what)
    -- the payments: the ruleset's seats, whole numbers, summing to 0 but for deposits
    local r = assert(jong.load_rules(name))
    lu.assertEquals(keys_of(out.payments), (r.players or 4) == 3 and { "E", "S", "W" } or { "E", "N", "S", "W" }, what)
    local sum = 0
    for _, v in pairs(out.payments) do
      lu.assertNotNil(math.tointeger(v), what)   -- (JSON numbers decode as floats)
      sum = sum + v
    end
    lu.assertEquals(sum, (s.deposits or 0) * (r.riichi_deposit or 0), what)
    lu.assertTrue(out.payments[sit.seat] > 0, what)
    if sit.from then lu.assertTrue(out.payments[sit.from] < 0, what) end
  end
end

-- The answers that are not wins: {"ok":true,"wins":false,"rules":...,"reason":...} and
-- {"ok":false,"error":...}; an unknown field or flag is refused naming it.
function TestContract.test_other_answers()
  local out, text, valid = answer { rules = "japanese", seat = "S", hand = "123m456m789p123p9s9s", win_tile = "9s",
    win_by = "discard", from = "E" }
  lu.assertTrue(valid)
  lu.assertEquals(keys_of(out), { "ok", "reason", "rules", "wins" }, text)
  lu.assertFalse(out.wins)
  lu.assertEquals(type(out.reason), "string")
  out, text, valid = answer { rules = "japanese", seat = "S", hand = "123m456m789m123p9s9s", win_tile = "9s",
    win_by = "self", flag = { "riichi" } }
  lu.assertFalse(valid)
  lu.assertEquals(keys_of(out), { "error", "ok" }, text)
  lu.assertStrContains(out.error, "unknown field 'flag'; did you mean 'flags'?")
  out = answer { rules = "japanese", seat = "S", hand = "123m456m789m123p9s9s", win_tile = "9s", win_by = "self",
    flags = { "tenhou" } }
  lu.assertStrContains(out.error, "unknown flag 'tenhou' for rules japanese")
  -- play's own fields (g:situation's game view and win record) are no input
  out, text = answer { rules = "japanese", seat = "S", hand = "345m678m345p678s99p", win_tile = "5m",
    win_by = "discard", from = "W", game = 5 }
  lu.assertEquals(out.error, "\"game\" is set by play (g:situation), not an input of jong score", text)
  out = answer { rules = "japanese", seat = "S", hand = "345m678m345p678s99p", win_tile = "5m",
    win_by = "discard", from = "W", win = { seat = "S" } }
  lu.assertStrContains(out.error, "\"win\" is set by play")
  out = answer { rules = "sanma", seat = "N", hand = "345p678s789p11z222z", win_tile = "2z", win_by = "self" }
  lu.assertStrContains(out.error, "no North seat")
  -- MCR below its minimum shows its value beside wins = false
  out = answer { rules = "mcr", seat = "W", round = "S", hand = "234m456p11z [567s]@S [999s]@N f1 f3 g2",
    win_tile = "4m", win_by = "discard", from = "E" }
  lu.assertEquals(keys_of(out), { "items", "ok", "reason", "rules", "value", "wins" })
  -- an event (Sichuan's kong money)
  out = answer { rules = "sichuan", event = "kong", seat = "S", kong = "concealed", active = { "E", "S", "W", "N" } }
  lu.assertEquals(keys_of(out), { "event", "items", "ok", "payments", "rules" })
end

os.exit(lu.LuaUnit.run())
