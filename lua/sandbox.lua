-- The sandbox rule files run in: read-only views, one environment per rule file, the
-- `jong` module as rule code sees it, and plain copies of what rule code returns.
-- Called once with the module table and the private table of the loader's tools
-- (neither reachable from rule code).
local jong, private = ...

local getmetatable, setmetatable, rawget, rawset, rawequal, next, type, error, select =
  getmetatable, setmetatable, rawget, rawset, rawequal, next, type, error, select

---------------------------------------------------------------------------
-- Read-only views: a view reads as its table (tables inside it are views too); any
-- write raises, its metatable cannot be read or replaced, and the same table always
-- gives the same view.
---------------------------------------------------------------------------
local view_of = setmetatable({}, { __mode = "k" })     -- table -> its view
local original_of = setmetatable({}, { __mode = "k" }) -- view -> its table

local readonly

local function refuse_write(v, k)
  local t = original_of[v]
  local what = t == jong and "the jong module is" or
    rawget(t or {}, "name") and "ruleset '" .. tostring(rawget(t, "name")) .. "' is" or "this table is"
  error("cannot set '" .. tostring(k) .. "': " .. what .. " read-only in rule files", 2)
end

function readonly(t)
  if type(t) ~= "table" or original_of[t] then return t end
  local v = view_of[t]
  if v then return v end
  v = setmetatable({}, {
    __index = function(_, k)
      local x = t[k]
      if type(x) == "table" then return readonly(x) end
      -- (a ruleset's file as errors name it: no folder of the rules path)
      if k == "path" and type(x) == "string" then return private.shown_path(x) end
      return x
    end,
    __newindex = refuse_write,
    __len = function() return #t end,
    __pairs = function()
      return function(_, k)
        local nk, nv = next(t, k)
        if type(nv) == "table" then nv = readonly(nv)
        elseif nk == "path" and type(nv) == "string" then nv = private.shown_path(nv) end
        return nk, nv
      end, v, nil
    end,
    __metatable = false,
  })
  view_of[t], original_of[v] = v, t
  return v
end
private.readonly = readonly
-- The table behind a view (or the value itself).
function private.original(v) return original_of[v] or v end
function private.is_view(v) return original_of[v] ~= nil end

---------------------------------------------------------------------------
-- Plain data: what the engine reads of a value rule code returned is a copy made with
-- raw reads only (no metamethod of rule code runs outside the budget), without
-- metatables, functions or cycles.
---------------------------------------------------------------------------
local plain_copy = private.plain_copy   -- lua/plain_copy.c
function private.plain(v, what) return plain_copy(v, what, original_of, jong.json_object) end
private.views = original_of   -- (for pcall_plain: lua/module.c)

---------------------------------------------------------------------------
-- What rule code sees.
---------------------------------------------------------------------------

-- The module's names rule code does not see: the loader's tools and the raw engine.
local HIDDEN = { read_file = true, rules_path = true, find_rules = true, load_rules = true,
  reload_rules = true, game_new = true, pcall_limited = true, pcall_loading = true }

-- jong.facts/game/scenario/replay for rule code: a ruleset reached by name (or by a
-- view) stays a view in what they return.
local function own_rules(given) return type(given) == "table" and not original_of[given] end
local wrapped = {}
-- (The options resolved for a ruleset are kept with it: another ruleset's are views too.)
function wrapped.facts(s, ...)
  local f, err = jong.facts(s, ...)
  if f and type(s) == "table" and not own_rules(rawget(s, "rules")) then
    f.rules, f.options = readonly(f.rules), readonly(f.options)
  end
  return f, err
end
for _, name in ipairs { "game", "scenario", "replay" } do
  wrapped[name] = function(a, b)
    local o = name == "replay" and b or a
    local g, err = jong[name](a, b)
    if g and not (type(o) == "table" and own_rules(rawget(o, "rules"))) then
      g.rules, g.options = readonly(g.rules), readonly(g.options)
      -- the hooks' view of the game too: g:situation hands it out (situation.game)
      local v = private.view_of(g)
      if v then v.rules, v.options = g.rules, g.options end
    end
    return g, err
  end
end
function wrapped.resolve_options(r, given)
  local out, err = jong.resolve_options(r, given)
  if out and not own_rules(r) then out = readonly(out) end
  return out, err
end

-- A read-only library table: an empty proxy whose __index is a copy of the table's
-- fields (tables as views), made once, so rule code reads them nearly at the speed of
-- a plain table; every write raises. Fields the table gains later are read through.
local function frozen(t, hidden, replaced)
  local copy = {}
  for k, v in next, t do
    if not hidden[k] then
      if replaced[k] then v = replaced[k] elseif type(v) == "table" then v = readonly(v) end
      copy[k] = v
    end
  end
  setmetatable(copy, { __index = function(_, k)
    if hidden[k] then return nil end
    local x = replaced[k] or t[k]
    if type(x) == "table" then return readonly(x) end
    return x
  end })
  local proxy = setmetatable({}, { __index = copy, __newindex = refuse_write, __metatable = false,
    __pairs = function() return next, copy, nil end, __len = function() return #copy end })
  original_of[proxy] = t
  return proxy
end

local NONE = {}
local public, LIBS   -- made with the first environment (every prelude file has run by then)

-- getmetatable of a table only: a string's metatable (shared by every string) and the
-- engine's userdata are not rule code's business; a game's (jong.Game, the methods of
-- every game of the program) is its read-only view.
local given_mt = setmetatable({}, { __mode = "k" })   -- a metatable set by safe_setmetatable -> the table given
local function safe_getmetatable(v)
  if type(v) ~= "table" then return nil end
  local mt = getmetatable(v)
  if mt ~= nil and rawequal(mt, rawget(jong, "Game")) then return readonly(mt) end
  return given_mt[mt] or mt
end

-- setmetatable without finalizers: a __gc would run whenever the collector likes,
-- outside any budget.
-- A loaded ruleset's tables and its resolved options are read by the engine outside any
-- budget (jong score's next situation, a program's g.options): no metatable later either.
local engine_reads = setmetatable({}, { __mode = "k" })
function private.mark_read(t)
  if type(t) ~= "table" or original_of[t] or engine_reads[t] then return end
  engine_reads[t] = true
  for _, v in next, t do private.mark_read(v) end
end

-- Rule code's metamethods run only in rule code: a table rule code gives a metatable may
-- end up where the engine or a program reads it outside any budget (a field of its own
-- ruleset it replaced: the next jong score's options, flags, name...), and the engine may
-- read it over and over (ipairs over a list whose __index answers every index: each call
-- cheap, the loop endless). The metatable set is a copy of the one given whose
-- metamethods are guarded: within rule code (a limited call under way) each runs as it
-- is, the call's budget counting it; met anywhere else it raises at once. getmetatable
-- gives back the table given (the copy is never handed to rule code), and the copy is
-- made when setmetatable is called (metamethods added to the table later do not count).
local in_rule_code = private.in_rule_code
local EVENTS = {}
for _, e in ipairs { "index", "newindex", "call", "tostring", "len", "pairs", "eq", "lt", "le",
    "concat", "unm", "add", "sub", "mul", "div", "mod", "pow", "idiv", "band", "bor", "bxor",
    "shl", "shr", "bnot", "close" } do EVENTS["__" .. e] = true end

local function guarded(event, f)
  return function(...)
    if in_rule_code() then return f(...) end
    local d = debug and debug.getinfo(f, "S")
    error("the " .. event .. " metamethod of rule code" .. (d and d.short_src and
      (" (" .. d.short_src .. ":" .. tostring(d.linedefined) .. ")") or "")
      .. " cannot run outside rule code (a table rule code made, read by the engine or a program)", 2)
  end
end
local function guarded_metatable(mt)
  if type(mt) ~= "table" or original_of[mt] then return mt end
  local copy
  for k, v in next, mt do
    if type(v) == "function" and EVENTS[k] then copy = {}; break end
  end
  if not copy then return mt end
  for k, v in next, mt do
    if type(v) == "function" and EVENTS[k] then v = guarded(k, v) end
    copy[k] = v
  end
  given_mt[copy] = mt
  return copy
end

local function safe_setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("rule files cannot set a __gc metamethod", 2)
  end
  if original_of[t] then error("cannot set the metatable of a read-only table", 2) end
  if engine_reads[t] then error("cannot set the metatable of a ruleset's data or options (the engine reads them)", 2) end
  setmetatable(t, guarded_metatable(mt))
  return t
end

local function safe_rawset(t, k, v)
  if original_of[t] then refuse_write(t, k) end
  return rawset(t, k, v)
end

-- A fresh environment for one rule file; `require` is the file's own.
function private.environment(require)
  if not public then
    public = frozen(jong, HIDDEN, wrapped)
    LIBS = { string = frozen(string, NONE, NONE), table = frozen(table, NONE, NONE),
      math = frozen(math, { random = true, randomseed = true }, NONE), utf8 = frozen(utf8, NONE, NONE) }
  end
  local env = {
    jong = public, string = LIBS.string, table = LIBS.table, math = LIBS.math, utf8 = LIBS.utf8,
    pairs = pairs, ipairs = ipairs, next = next, select = select, type = type,
    tostring = tostring, tonumber = tonumber, error = error, assert = assert,
    pcall = pcall, rawget = rawget, rawset = safe_rawset, rawequal = rawequal, rawlen = rawlen,
    setmetatable = safe_setmetatable, getmetatable = safe_getmetatable, require = require,
  }
  env._G = env
  return env
end

return jong
