-- Finding and loading rule files: each file runs once, in an environment of its own
-- (lua/sandbox.lua), under the loading budget. `extends` and `require` look first in
-- the folder of the file that names them, then in the rules path; from rule files they
-- take names only (no absolute paths, no ".."). Called with the module table and the
-- private table.
local jong, private = ...

local readonly = private.readonly

local loaded = {}     -- file path -> what the file returned (a ruleset after set-up)
local found = {}      -- folder .. "\0" .. name -> file path
local loading = {}    -- the chain of files being loaded, in order

local function dirs_of(path)
  local dirs = {}
  for d in path:gmatch("[^:]+") do dirs[#dirs + 1] = d end
  return dirs
end

local function folder_of(path) return path:match("^(.*)/[^/]*$") or "." end

-- A file as errors name it: one found in a folder of the rules path as "rules/NAME"
-- ("rules/japanese.lua", "rules/lib/tiles.lua"), any other by its path. Rule code reads
-- errors (pcall) and what `require` gives: it is told neither the folders of the rules
-- path nor JONG_RULES_PATH (docs/hooks.md).
local shown_cache = {}
local function shown(path)
  local s = shown_cache[path]
  if s then return s end
  s = path
  for _, dir in ipairs(dirs_of(jong.rules_path())) do
    if path:sub(1, #dir + 1) == dir .. "/" then s = "rules/" .. path:sub(#dir + 2); break end
  end
  shown_cache[path] = s
  return s
end
private.shown_path = shown

-- The file a name stands for: "japanese" -> japanese.lua, "lib.tiles" -> lib/tiles.lua,
-- "sub/x" -> sub/x.lua, "x.lua" or "sub/x.lua" as is: always a .lua file (a name from
-- rule code must not read another file, whose parse error would quote it).
local function file_of(name)
  if name:match("%.lua$") then return name end
  if name:find("/", 1, true) then return name .. ".lua" end
  return (name:gsub("%.", "/")) .. ".lua"
end

-- A name rule code may give: no absolute path, no "..", plain characters.
local function checked_name(name)
  if type(name) ~= "string" or name == "" then return nil, "a ruleset name is a non-empty string" end
  if #name > 200 or not name:match("^[%w_%.%-/]+$") then return nil, "bad ruleset name '" .. name:sub(1, 200) .. "'" end
  if name:sub(1, 1) == "/" then return nil, "'" .. name .. "': rule files name others by name, not by absolute path" end
  for part in name:gmatch("[^/]+") do
    if part == ".." then return nil, "'" .. name .. "': '..' is not allowed in a ruleset name" end
  end
  return name
end

-- Finds a rule file: returns its path, or nil, reason. `from`: the folder of the file
-- naming it (searched first); `restricted`: a name from rule code (names only).
local function find(name, from, restricted)
  if type(name) ~= "string" or name == "" then return nil, "a ruleset name is a non-empty string" end
  if not restricted and (name:find("/", 1, true) or name:match("%.lua$")) and not from then
    -- a path given by the user: a rule file's (any other file, /etc/shadow or
    -- /proc/self/environ, is not read: its parse errors would quote it)
    if not name:match("%.lua$") then
      return nil, "'" .. name:sub(1, 200) .. "': a rules path must name a .lua file"
    end
    return name
  end
  local ok, err = checked_name(name)
  if not ok then return nil, err end
  local key = (from or "") .. "\0" .. name
  if found[key] then return found[key] end
  local file = file_of(name)
  local dirs = dirs_of(jong.rules_path())
  if from then table.insert(dirs, 1, from) end
  for _, dir in ipairs(dirs) do
    local path = dir .. "/" .. file
    if path:sub(1, 2) == "./" then path = path:sub(3) end
    if private.is_file(path) then
      found[key] = path
      return path
    end
  end
  if restricted and private.in_rule_code() then   -- (rule code is told neither the environment nor the folders)
    return nil, "no ruleset '" .. name .. "' beside the file or in the rules path"
  end
  local env = os.getenv("JONG_RULES_PATH")
  return nil, "no ruleset '" .. name .. "' in " .. (from and "'" .. from .. "' or " or "")
    .. "the rules path (" .. (env and env ~= "" and "JONG_RULES_PATH=" .. env .. ", then the default folders"
      or jong.rules_path()) .. ")"
end

local function chain(path)
  local names = {}
  for i, p in ipairs(loading) do names[i] = shown(p) end
  names[#names + 1] = shown(path)
  return table.concat(names, " -> ")
end

local function merge(parent, child)
  local m = {}
  for k, v in pairs(parent or {}) do m[k] = v end
  for k, v in pairs(child or {}) do m[k] = v end
  return m
end

-- The option registry of a child: the parent's, and the child's entries over it, field by
-- field: an entry for a parent's option keeps what it leaves out (`red_fives = {default =
-- 4}` keeps the parent's doc and allowed values).
local function merge_options(parent, child)
  local m = merge(parent, nil)
  for name, spec in pairs(child or {}) do
    local own = parent and parent[name]
    if type(own) == "table" and type(spec) == "table" then
      local entry = merge(own, spec)
      if spec.values ~= nil or spec.types ~= nil then   -- the child says what is allowed
        entry.values, entry.types = spec.values, spec.types
      end
      spec = entry
    end
    m[name] = spec
  end
  return m
end

local function merge_list(parent, child)
  local seen, out = {}, {}
  for _, list in ipairs { parent or {}, child or {} } do
    for _, v in ipairs(list) do
      if not seen[v] then seen[v] = true; out[#out + 1] = v end
    end
  end
  return out
end

-- Refuses ruleset data the engine could not read safely: metatables (their
-- metamethods would run outside the budget; a read-only view is the sandbox's own) and keys that are not names or numbers (the place named: where.keys[1..depth], written for an error only).
local function place(where, keys, depth) for i = 1, depth do where = where .. "." .. tostring(keys[i]) end return where end
local function check_data(t, where, seen, keys, depth)
  if seen[t] or private.is_view(t) then return true end   -- a view of another ruleset's data
  seen[t], keys, depth = true, keys or {}, depth or 0
  if getmetatable(t) ~= nil then return nil, place(where, keys, depth) .. " has a metatable (ruleset data must be plain tables)" end
  for k, v in next, t do
    local tk = type(k)
    if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then return nil, place(where, keys, depth) .. " has a key of type " .. tk end
    if type(v) == "table" then
      keys[depth + 1] = k
      local ok, err = check_data(v, where, seen, keys, depth + 1)
      if not ok then return nil, err end
    end
  end
  return true
end

local load_file

-- The `require` of the file at `path`: a read-only view of what the named file returned.
local function require_for(path)
  local from = folder_of(path)
  return function(name)
    local target, err = find(name, from, true)
    if not target then error(err, 2) end
    local r
    r, err = load_file(target, name)
    if r == nil then error(err, 2) end
    return readonly(r)
  end
end

-- Runs the file at path (once) and sets up the ruleset it returns. Returns what the
-- file returned, or nil, reason.
function load_file(path, name)
  local r = loaded[path]
  if r ~= nil then return r end
  for _, p in ipairs(loading) do
    if p == path then
      return nil, (#loading == 1 and path == loading[1] and "a rule file requires itself: " or
        "a cycle of extends/require: ") .. chain(path)
    end
  end
  local text, err = private.read_file(path)
  if not text then return nil, err end
  local chunk
  local named = shown(path)
  -- (load(text, "@" .. named, "t", env); a built-in rule file from its bytecode)
  chunk, err = private.load_rule(text, "@" .. named, private.environment(require_for(path)))
  if not chunk then return nil, err end
  loading[#loading + 1] = path
  local ok
  ok, r = private.pcall_loading("loading " .. named, chunk)
  if not ok then loading[#loading] = nil; return nil, r end
  if type(r) ~= "table" then
    loading[#loading] = nil
    if r == nil then return nil, named .. " does not return a ruleset table" end
    loaded[path] = r   -- a helper file may return a function or a value
    return r
  end
  ok, err = check_data(r, named, {})
  if not ok then loading[#loading] = nil; return nil, err end
  if r.name ~= nil or r.extends ~= nil or r.score ~= nil then   -- a ruleset (not a library)
    local line
    ok, err, line = jong.check_ruleset(r)                        -- lua/schema.lua
    if not ok then
      loading[#loading] = nil
      return nil, named .. (line and line > 0 and (":" .. line) or "") .. ": " .. err
    end
  end
  if r.name == nil then r.name = name end
  if type(r.name) ~= "string" then loading[#loading] = nil; return nil, named .. ": 'name' must be a string" end
  r.path = path
  if r.extends ~= nil then
    local target, parent
    target, err = find(r.extends, folder_of(path), true)
    if target then parent, err = load_file(target, r.extends) end
    if type(parent) ~= "table" and parent ~= nil then err = "it is not a ruleset" ; parent = nil end
    if not parent then
      loading[#loading] = nil
      return nil, named .. ": extends '" .. tostring(r.extends) .. "': " .. err
    end
    r.options = merge_options(parent.options, r.options)
    r.flags = merge_list(parent.flags, r.flags)
    r.parent = readonly(parent)
    setmetatable(r, { __index = parent, __metatable = false })
  end
  loading[#loading] = nil
  r.options = r.options or {}
  for _, name in ipairs(private.sorted_keys(r.options)) do   -- (merged: a child's entry may give only a new default)
    local spec = r.options[name]
    if spec.default == nil then
      return nil, named .. ": option '" .. tostring(name) .. "' has no default (options = {name = {default = ..., doc = ...}})"
    end
    -- a default its own values or types refuse (a typo, "dubble"): no value given could equal it
    if spec.values or spec.types then
      local fine = false
      for _, v in ipairs(spec.values or {}) do fine = fine or v == spec.default end
      for _, ty in ipairs(spec.types or {}) do fine = fine or type(spec.default) == ty end
      if not fine then
        return nil, named .. ": option '" .. tostring(name) .. "': its default " .. tostring(spec.default)
          .. " is not one of its values or types"
      end
    end
  end
  r.flags = r.flags or {}
  r.flag_set = {}
  for _, f in ipairs(r.flags) do r.flag_set[f] = true end
  if r.forms then                                  -- the shapes facts report (forms)
    r.form_set = {}
    for _, form in ipairs(r.forms) do r.form_set[form] = true end
  end
  loaded[path] = r
  private.mark_read(r)
  return r
end

-- jong.load_rules(name or path or table) -> the ruleset table, or nil, reason. From
-- rule code (a limited call under way) only names are taken.
local by_name = {}   -- a plain ruleset name -> its ruleset (the fast path of jong.score)

function jong.load_rules(name)
  local r = by_name[name]
  if r then return r end
  if type(name) == "table" then return private.original(name) end
  local path, err = find(name, nil, private.in_rule_code())
  if not path then return nil, err end
  r, err = load_file(path, name)
  if r == nil then return nil, err end
  if type(r) ~= "table" then return nil, shown(path) .. " does not return a ruleset table" end
  if checked_name(name) and not name:find("/", 1, true) and not name:match("%.lua$") then by_name[name] = r end
  return r
end

-- The path of the file a ruleset name stands for, or nil, reason.
function jong.find_rules(name) return find(name, nil, false) end

-- Forget every loaded ruleset (hot reload).
function jong.reload_rules() loaded, found, by_name = {}, {}, {} end

return jong
