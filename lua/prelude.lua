-- The friendly Lua API of the `jong` module, built on the C primitives.
-- Called once with the module table; adds to it.
local jong, private = ...

local SEATS = { "E", "S", "W", "N" }
local SEAT_INDEX = { E = 1, S = 2, W = 3, N = 4 }
jong.SEATS = SEATS

---------------------------------------------------------------------------
-- Tiles: facts by name, computed once.
---------------------------------------------------------------------------
local SUIT, RANK, NEXT = {}, {}, {}
for _, s in ipairs { "m", "p", "s" } do
  for r = 1, 9 do
    local t = r .. s
    SUIT[t], RANK[t], NEXT[t] = s, r, (r % 9 + 1) .. s
  end
  SUIT["0" .. s], RANK["0" .. s], NEXT["0" .. s] = s, 5, "6" .. s
end
for r = 1, 7 do
  local t = r .. "z"
  SUIT[t], RANK[t] = "z", r
  NEXT[t] = (r <= 4 and (r % 4 + 1) or (r == 7 and 5 or r + 1)) .. "z"
end
for r = 1, 4 do
  SUIT["f" .. r], RANK["f" .. r] = "f", r
  SUIT["g" .. r], RANK["g" .. r] = "g", r
end

jong.TILES = {}   -- the 34 kinds in order
for _, s in ipairs { "m", "p", "s" } do
  for r = 1, 9 do jong.TILES[#jong.TILES + 1] = r .. s end
end
for r = 1, 7 do jong.TILES[#jong.TILES + 1] = r .. "z" end

function jong.suit(t) return SUIT[t] end
function jong.rank(t) return RANK[t] end
function jong.is_honour(t) return SUIT[t] == "z" end
function jong.is_terminal(t) local r = RANK[t]; return SUIT[t] ~= "z" and (r == 1 or r == 9) end
function jong.is_end(t) return SUIT[t] == "z" or RANK[t] == 1 or RANK[t] == 9 end -- terminal or honour
function jong.is_wind(t) return SUIT[t] == "z" and RANK[t] <= 4 end
function jong.is_dragon(t) return SUIT[t] == "z" and RANK[t] >= 5 end
function jong.is_bonus(t) local s = SUIT[t]; return s == "f" or s == "g" end
function jong.next_tile(t) return NEXT[t] end
function jong.wind_tile(seat) return SEAT_INDEX[seat] .. "z" end
function jong.seat_index(seat) return SEAT_INDEX[seat] end
function jong.seat_after(seat, n) return SEATS[(SEAT_INDEX[seat] - 1 + (n or 1)) % 4 + 1] end
-- The plain kind of a tile name ("0m" -> "5m").
function jong.kind_of(t) if t:byte(1) == 48 then return "5" .. t:sub(2) end return t end

-- jong.parse_hand(str) -> the hand's facts (any size 0-14), or nil, reason.
function jong.parse_hand(s, win_tile) return jong.hand_facts(s, win_tile, true) end

---------------------------------------------------------------------------
-- JSON: decoding with lua-cjson, encoding in C (keys in a stable, readable order).
---------------------------------------------------------------------------
local cjson_ok, cjson = pcall(require, "cjson")
jong.json_null = cjson_ok and cjson.null or setmetatable({}, { __tostring = function() return "null" end })

function jong.json_decode(text)
  if not cjson_ok then return nil, "lua-cjson is not installed" end
  local ok, v = pcall(cjson.decode, text)
  if not ok then
    if type(text) ~= "string" or not text:find("%S") then return nil, "bad JSON: the input is empty" end
    return nil, "bad JSON: " .. tostring(v):gsub("^.-: ", "")
  end
  return v
end

-- Encoding in C (lua/json.c): keys in a stable, readable order, strings as valid JSON
-- in valid UTF-8 (bytes that are not UTF-8 escaped one by one as \u00XX).
-- An array is a table whose keys are exactly 1..n (an empty table is an array
-- unless it carries the metatable jong.json_object). Tables are read raw: no
-- metamethod runs while encoding.
jong.json_object = { __metatable = "json object" }   -- protected: rule code cannot change it
local JSON_OBJECT_SHOWN = jong.json_object.__metatable
local encode_c = private.json_encode
function jong.json_encode(v) return encode_c(v, JSON_OBJECT_SHOWN) end

---------------------------------------------------------------------------
-- Rulesets: options (loading: lua/loader.lua, the sandbox: lua/sandbox.lua).
---------------------------------------------------------------------------

-- Resolves options: defaults, then the given values (prefix allowed). nil, reason on
-- an unknown option or a value of the wrong kind.
-- The tables resolve_options made, with their ruleset: giving one back (a game's
-- options, to jong.facts) costs nothing.
local resolved_for = setmetatable({}, { __mode = "k" })

-- The keys of t in a fixed order (strings, then numbers, then the rest by their text),
-- so that an error names the same key in every run (pairs' order varies by process).
local KEY_RANK = { string = 1, number = 2 }
local function key_before(a, b)
  local ta, tb = KEY_RANK[type(a)] or 3, KEY_RANK[type(b)] or 3
  if ta ~= tb then return ta < tb end
  if ta == 3 then return tostring(a) < tostring(b) end
  return a < b
end
local function sorted_keys(t)
  local keys, strings = {}, true
  for k in pairs(t) do keys[#keys + 1] = k; strings = strings and type(k) == "string" end
  if strings then table.sort(keys) else table.sort(keys, key_before) end   -- (strings: key_before is <)
  return keys
end
private.sorted_keys = sorted_keys   -- (lua/schema.lua: the checks name the least bad key)

local option_order = setmetatable({}, { __mode = "k" })   -- a ruleset's options -> sorted_keys

function jong.resolve_options(r, given)
  r = private.original(r)   -- a read-only view stands for its ruleset
  if given ~= nil and resolved_for[given] == r then return given end
  if given == nil or next(given) == nil then
    -- The defaults, resolved once per ruleset (hooks must not change f.options).
    local d = rawget(r, "default_options")   -- not the parent's: the options may differ
    if not d then
      d = jong.resolve_options(r, { [false] = true })
      rawset(r, "default_options", d)
    end
    return d
  end
  local out, named = {}, {}
  for k, spec in pairs(r.options) do out[k] = spec.default end
  for _, k in ipairs(sorted_keys(given)) do
    local v = given[k]
    if k == false then goto continue end
    local key = k
    if r.option_prefix and key:sub(1, #r.option_prefix) == r.option_prefix then
      key = key:sub(#r.option_prefix + 1)
    end
    local spec = r.options[key]
    if not spec then   -- (with the nearest option's name: a typo)
      local near = jong.schema.nearest(key, sorted_keys(r.options))
      return nil, "unknown option '" .. k .. "' for rules " .. r.name .. (near and ("; did you mean '" .. near .. "'?") or "")
    end
    -- A value is one of spec.values, or of a type in spec.types, or (with neither)
    -- of the default's type.
    local fine = false
    for _, allowed in ipairs(spec.values or {}) do fine = fine or allowed == v end
    for _, ty in ipairs(spec.types or {}) do fine = fine or type(v) == ty end
    if not fine then
      if spec.values or spec.types then
        return nil, "option '" .. k .. "' cannot be " .. tostring(v)
      elseif spec.default ~= nil and type(v) ~= type(spec.default) then
        return nil, "option '" .. k .. "' takes a " .. type(spec.default) .. ", not " .. type(v)
      end
    end
    out[key] = v
    named[key] = true
    ::continue::
  end
  -- A preset: an option whose value names a set of other options' values (spec.presets
  -- [value] = {name = value, ...}); options given explicitly win over it.
  -- (in a fixed order: of two presets that set one option, the later name's wins)
  local order = option_order[r.options]
  if not order then
    order = sorted_keys(r.options)
    option_order[r.options] = order
  end
  for _, k in ipairs(order) do
    local spec = r.options[k]
    local set = spec.presets and spec.presets[out[k]]
    for name, v in pairs(set or {}) do
      if not named[name] then out[name] = v end
    end
  end
  resolved_for[out] = r
  private.mark_read(out)   -- (lua/sandbox.lua: no metatable from rule code)
  return out
end

---------------------------------------------------------------------------
-- Facts of a situation (docs/hooks.md) and `jong score`.
---------------------------------------------------------------------------

local function field_error(name, what) return nil, "\"" .. name .. "\" " .. what end

-- The facts' metatable: f.tiles, f.all_counts and f.waits are made when first read
-- (lua/module.c), any other missing field is nil.
local FACTS_META = { __index = private.facts_index, __metatable = false }
local facts_of = private.facts_of   -- the facts of a situation but for its options

local json_null = jong.json_null

-- The facts of the situation s under its loaded ruleset r (jong.facts and jong.score),
-- or nil, reason.
local function facts_for(s, r)
  local f, err = facts_of(s, r, FACTS_META, json_null)   -- lua/module.c
  if not f then return nil, err end
  local given = s.options
  -- (no options: the defaults resolve_options keeps with the ruleset, once made)
  local options = (given == nil or given == json_null) and rawget(r, "default_options")
  if not options then
    if given == json_null then given = nil end
    if given ~= nil and type(given) ~= "table" then return field_error("options", "must be an object") end
    options, err = jong.resolve_options(r, given)
    if not options then return nil, err end
  end
  f.options = options
  return f
end

-- jong.facts(situation) -> facts, or nil, reason. The ruleset is situation.rules
-- (a name, a path or a loaded table).
function jong.facts(s)
  if type(s) ~= "table" then return nil, "a situation is a JSON object" end
  if s.rules == nil then return field_error("rules", "is missing (a ruleset name or path)") end
  local r, err = jong.load_rules(s.rules)
  if not r then return nil, err end
  return facts_for(s, r)
end

-- Strips the traceback from an error message (for one-line answers).
local function first_line(msg)
  msg = tostring(msg)
  return (msg:gsub("\nstack traceback:.*$", ""))
end
jong.first_line = first_line

-- Hooks are called through private.pcall_plain (lua/module.c): it answers plain copies
-- of the hook's first two results, made inside the budget; for a caller that reads the
-- results at once, before rule code runs again (`jong score` writing its answer), results
-- that are plain data already go as they are (the others are copied, with the same errors).
local pcall_plain, JSON_MARK = private.pcall_plain, jong.json_object

-- The names a hook's call and its result go by in errors, made once per ruleset and hook.
local hook_names = setmetatable({}, { __mode = "k" })
local function names_of(r, hook)
  local per = hook_names[r]
  if not per then per = {}; hook_names[r] = per end
  local names = per[hook]
  if not names then
    local what = "hook " .. hook .. " of " .. r.name
    names = { what, "the result of " .. what }
    per[hook] = names
  end
  return names
end

-- Calls a ruleset hook through the one protected path. Returns true, results... (plain
-- data) or false, message (with traceback).
function jong.call_hook(r, hook, ...)
  local fn = r[hook]
  if type(fn) ~= "function" then return false, "rules " .. r.name .. " have no hook '" .. hook .. "'" end
  local names = names_of(r, hook)
  return pcall_plain(names[1], names[2], private.views, JSON_MARK, false, fn, ...)
end

-- An error answer; a message over 1 KB is cut, saying so.
local MAX_ERROR = 1024
local function fail(reason)
  local msg = first_line(reason)
  if #msg > MAX_ERROR then msg = msg:sub(1, MAX_ERROR) .. " ... (cut: " .. #msg .. " bytes in all)" end
  return { ok = false, error = msg }
end

-- A variant event that is not a win (a situation with "event": Sichuan's kong money
-- and wall's end): the ruleset's hook score_event(situation, options) answers a table
-- of result fields ({items =, payments =, ...}) or nil, reason.
function jong.score_event(s)
  if s.rules == nil then return fail("\"rules\" is missing (a ruleset name or path)") end
  local r, err = jong.load_rules(s.rules)
  if not r then return fail(err) end
  if type(s.event) ~= "string" or type(r.score_event) ~= "function" then
    return fail("rules " .. r.name .. " have no event '" .. tostring(s.event) .. "'")
  end
  local given = s.options
  if given == jong.json_null then given = nil end
  if given ~= nil and type(given) ~= "table" then return fail("\"options\" must be an object") end
  local options
  options, err = jong.resolve_options(r, given)
  if not options then return fail(err) end
  local ok, result, reason = jong.call_hook(r, "score_event", s, options, r)   -- r: a child's own fields
  if not ok then return fail(result) end
  if result == nil then return fail(reason or "hook score_event returned nothing") end
  local out = { ok = true, rules = r.name, event = s.event }
  for k, v in pairs(result) do out[k] = v end
  if out.payments then setmetatable(out.payments, jong.json_object) end
  return out
end

-- (the copies of the fields of score's result that the answer takes: what a copy of the
-- result would hold there, with its errors, without the copy of the result itself)
local pcall_limited, plain_fields, win_answer = private.pcall_limited, private.plain_fields, private.win_answer

local payments_problem = private.payments_problem

-- A key of a payments table that is no seat (settle answering a list, {10, -10, 0, 0},
-- or a misspelt seat), as a message, or nil: its amount would be read as nobody's.
-- (`taken`: the deposits a winner or a draw takes off the table, Japanese)
local PAYMENT_KEY = { E = true, S = true, W = true, N = true, taken = true }
local payment_keys_fine = private.payment_keys_fine   -- (lua/module.c: the test without the message)
function private.payment_key_problem(pay)
  if payment_keys_fine(pay) then return nil end
  for k in next, pay do
    if not PAYMENT_KEY[k] then
      return "gave a payment to " .. (type(k) == "string" and ("'" .. k:sub(1, 40) .. "'") or tostring(k))
        .. ", which is no seat (payments are {E = n, S = n, W = n, N = n})"
    end
  end
end
local payment_key_problem = private.payment_key_problem
local views = private.views   -- (lua/sandbox.lua, loaded after this file: read at the first call)

-- (what score answers at_once for a win, before the answer's fields: lua/json.c writes
-- them as the table jong.score answers is written)
local WIN = {}

-- What is wrong with the fields of score's result that the answer takes (value, a table
-- of figures; items, a list; limit, a name; each may be absent), or nil. Play refuses a
-- win whose result jong score refuses (lua/game.lua).
local function result_problem(name, value, items, limit)
  local field, v, want
  if value and type(value) ~= "table" then field, v, want = "value", value, "a table of figures"
  elseif items and type(items) ~= "table" then field, v, want = "items", items, "a list of items"
  elseif limit and type(limit) ~= "string" then field, v, want = "limit", limit, "a limit's name"
  else return nil end
  return "hook score of " .. name .. " returned a " .. type(v) .. " as " .. field .. ", not " .. want
end
private.result_problem = result_problem
function private.no_value(name)
  return "hook score of " .. name .. " returned wins = true without value (the table of figures, e.g. {points = 10})"
end

-- jong.score(situation) -> the result table of `jong score` (see DESIGN.md). at_once:
-- the caller writes the result before rule code runs again (`jong score`): score's
-- result is read as it is when plain data (else a plain copy). Otherwise score's result
-- is the table score returned, as it is, for settle, and the caller's copy is made after
-- settle, so that a rule which keeps the result it returned or was handed cannot change
-- the caller's answer later.
local function score(s, at_once)
  if not at_once and type(s) ~= "table" then return fail("a situation is a JSON object") end   -- (score_one's check)
  if s.event ~= nil then return jong.score_event(s) end
  if s.rules == nil then return fail("\"rules\" is missing (a ruleset name or path)") end
  local r, err = jong.load_rules(s.rules)
  if not r then return fail(err) end
  local fine, why = jong.check_situation(r, s)   -- lua/schema.lua
  if not fine then return fail(why) end
  local f
  f, err = facts_for(s, r)
  if not f then return fail(err) end
  views = views or private.views
  local fn = r.score
  if type(fn) ~= "function" then return fail("rules " .. r.name .. " have no hook 'score'") end
  local per = hook_names[r]   -- (names_of, inline)
  local names = per and per.score or names_of(r, "score")
  local ok, result, reason = pcall_plain(names[1], names[2], views, JSON_MARK, at_once or "first", fn, f)
  if not ok then return fail(result) end
  if result == nil then return fail(reason or "hook score returned nothing") end
  if type(result) ~= "table" then return fail("hook score of " .. r.name .. " returned a " .. type(result)) end
  local wins   -- (as the copy will hold it; at once, plain data: no view)
  if at_once then wins = result.wins else wins = rawget(views[result] or result, "wins") end
  if not wins then
    local value, items, reason, _
    if at_once then
      value, items, reason = result.value, result.items, result.reason
    else   -- the caller's own copies
      ok, value, items, _, _, reason = pcall_limited(names[1], plain_fields, result, names[2], views, JSON_MARK)
      if not ok then return fail(value) end
    end
    local problem = result_problem(r.name, value, items)
    if problem then return fail(problem) end
    -- A complete hand below the variant's minimum may still say its value (MCR).
    local out = { ok = true, wins = false, rules = r.name, reason = reason or "not a winning hand" }
    if value then
      out.value = setmetatable(value, JSON_MARK)
      out.items = items or {}
    end
    return out
  end
  -- a win has its figures: settle reads them (a parent's settle would fail on a nil, far from the mistake)
  if (at_once and result.value or rawget(views[result] or result, "value")) == nil then
    return fail(private.no_value(r.name))
  end
  local payments
  if r.settle then
    local settle = r.settle
    if type(settle) ~= "function" then return fail("rules " .. r.name .. " have no hook 'settle'") end
    local settle_names = per and per.settle or names_of(r, "settle")
    ok, payments, reason = pcall_plain(settle_names[1], settle_names[2], views, JSON_MARK, at_once, settle, f, result)
    if not ok then return fail(payments) end
    if payments == nil then return fail(reason or "hook settle returned nothing") end
    -- the payments play takes (lua/game.lua): a table of whole numbers within 32 bits
    if type(payments) ~= "table" then
      return fail("hook settle of " .. r.name .. " returned a " .. type(payments) .. ", not a payments table")
    end
    local key_problem = payment_key_problem(payments)
    if key_problem then return fail("hook settle of " .. r.name .. " " .. key_problem) end
    local seat, sum = payments_problem(payments, (f.deposits or 0) ~= 0)   -- lua/module.c
    if seat then
      local v = rawget(payments, seat)
      return fail("hook settle of " .. r.name .. " gave seat " .. seat .. " a payment of "
        .. (type(v) == "string" and ("'" .. v:sub(1, 40) .. "'") or tostring(v)) .. " (an integer within +-2^31 is needed)")
    elseif seat == false then   -- they balance, but for deposits on the table (play refuses the win else)
      return fail("hook settle of " .. r.name .. ": the payments sum to " .. sum
        .. ", not 0" .. ((f.deposits or 0) == 0 and " (no deposits on the table)" or ""))
    end
  else
    payments = { E = 0, S = 0, W = 0, N = 0 }
  end
  if at_once then   -- (written at once: the answer's fields, for write_win, not a table)
    -- (write_win writes value and payments as objects, as if marked)
    local value, items, limit = result.value, result.items, result.limit
    local problem = result_problem(r.name, value, items, limit)
    if problem then return fail(problem) end
    return WIN, r.name, value, items, limit, result.losers, payments
  end
  -- the answer, of the caller's own copies (lua/plain_copy.c): {ok = true, wins = true,
  -- rules, value, items, limit, losers (Classical scores the losers' hands too), payments}
  local out, value, items, limit
  ok, out, value, items, limit = pcall_limited(names[1], win_answer, result, names[2], views, JSON_MARK,
    payments, r.name, json_null)
  if not ok then return fail(out) end
  if not out then return fail(result_problem(r.name, value, items, limit)) end
  return out
end
function jong.score(s) return score(s, false) end

-- `jong score`: a JSON text in (one situation or an array), the JSON text out, and
-- whether every situation was valid input.
-- One situation of `jong score` input: its answer, whatever is wrong with it (a bad
-- situation is its own {"ok":false} and the others still answer).
local key_problem = private.key_problem   -- lua/module.c
local function score_one(s)
  if type(s) ~= "table" or rawlen(s) > 0 then return fail("a situation is a JSON object") end   -- (a list, not [])
  if s.rules ~= nil and type(s.rules) ~= "string" then
    return fail("\"rules\" must be a string (a ruleset name or path)")
  end
  -- (`game` and `win` are play's own fields, g:situation's game view and win record: no
  -- JSON value is one, and a rule reading them would fail on it)
  local play_field = s.game ~= nil and s.game ~= json_null and "game" or s.win ~= nil and s.win ~= json_null and "win"
  if play_field then return fail("\"" .. play_field .. "\" is set by play (g:situation), not an input of jong score") end
  -- (s is decoded JSON: no metatable, and an object's keys are strings, so that only
  -- the keys of "options" can be other than names)
  local problem = type(s.options) == "table" and key_problem(s)
  if problem == 1 then return fail("a situation's keys are names") end
  if problem == 2 then return fail("\"options\" must be an object of named options") end
  local ok, result, rules, value, items, limit, losers, payments = pcall(score, s, true)
  if not ok then return fail(result) end
  return nil, result, rules, value, items, limit, losers, payments
end

-- The answer to s as JSON written by `write` (encode_c, or write_kept: the text kept in
-- lua/json.c's buffer for jong score to write out); a win's by write_win, from its fields
-- (keep: kept as write_kept keeps it).
local function write_kept(v, shown) return encode_c(v, shown, true) end
local write_win = private.json_encode_win
local function answer(s, write)
  local bad, result, rules, value, items, limit, losers, payments = score_one(s)
  if bad then return write(bad, JSON_OBJECT_SHOWN) end
  local ok, text
  if result == WIN then
    ok, text = pcall(write_win, JSON_OBJECT_SHOWN, write == write_kept, rules, value, items, limit, losers, payments)
  else
    ok, text = pcall(write, result, JSON_OBJECT_SHOWN)
  end
  if not ok then return write(fail("the result cannot be written as JSON: " .. tostring(text)), JSON_OBJECT_SHOWN) end
  return text
end

-- Whether an answer says the situation was valid.
local function valid(text) return text:sub(1, 10) == '{"ok":true' end

-- One situation of a batch as JSON text (jong score reads an array element by element):
-- its answer kept in lua/json.c's buffer (lj_json_text; it begins {"ok":true when the
-- situation was valid).
function jong.score_json_one(text)
  local input, err = jong.json_decode(text)
  if input == nil then return write_kept(fail(err), JSON_OBJECT_SHOWN) end
  return answer(input, write_kept)
end

function jong.score_json(text)
  local input, err = jong.json_decode(text)
  if input == nil then return jong.json_encode(fail(err)), false end
  if type(input) ~= "table" then return jong.json_encode(fail("a situation is a JSON object")), false end
  if #input > 0 or (next(input) == nil and text:match("^%s*%[")) then
    local results, all_ok = {}, true
    for i, s in ipairs(input) do
      local one = answer(s, encode_c)
      results[i] = one
      all_ok = all_ok and valid(one)
    end
    return "[" .. table.concat(results, ",") .. "]", all_ok
  end
  local one = answer(input, encode_c)
  return one, valid(one)
end

return jong
