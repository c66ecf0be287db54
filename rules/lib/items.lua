-- rules/lib/items.lua: the answers of the one item shape (docs/hooks.md, "The shared
-- toolkit") and the edits of an item list a child makes (docs/authoring.md).
-- `local items = require "lib.items"`.
local I = {}

-- Raises the error of an item whose test answered what no test may: a test answers true,
-- false or nil, or (with numbers) a number, the worth of an item whose value varies.
function I.bad_answer(item, v, numbers)
  error(("item '%s' (id %s): its test answered a %s (%s), not %s"):format(tostring(item.name),
    tostring(item.id), type(v), tostring(v), numbers and "true, false, nil or a number" or "true, false or nil"), 0)
end

-- The edit distance of two short names, or 3 once it is over 2.
local function distance(a, b)
  if a == b then return 0 end
  if #a - #b > 2 or #b - #a > 2 then return 3 end
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur, low = { [0] = i }, i
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if cur[j] < low then low = cur[j] end
    end
    if low > 2 then return 3 end
    prev = cur
  end
  return prev[#b] <= 2 and prev[#b] or 3
end

-- "unknown WHAT 'name'", with the nearest of `names` (a set) within two edits.
local function unknown(what, name, names)
  local best, best_d
  for n in pairs(names) do
    local d = type(name) == "string" and type(n) == "string" and distance(name, n) or 3
    if d <= 2 and (not best_d or d < best_d or (d == best_d and n < best)) then best, best_d = n, d end
  end
  return "unknown " .. what .. " '" .. tostring(name) .. "'" .. (best and ("; did you mean '" .. best .. "'?") or "")
end

-- The fields of a list's entries: every field some entry has (known) and the fields every
-- entry has (required).
local function fields_of(list)
  local known, count = { id = true, name = true, value = true, unit = true, test = true }, {}
  for _, e in ipairs(list) do
    for k in pairs(e) do known[k] = true; count[k] = (count[k] or 0) + 1 end
  end
  local required = {}
  for k, n in pairs(count) do if n == #list then required[k] = true end end
  return known, required
end

local function label(e) return ("item '%s' (id %s)"):format(tostring(e.name), tostring(e.id)) end

-- Each of these makes a new list (the parent's is read-only) and raises an error at its
-- caller's line (the rule file's) for a name, an id or a field the list does not have.

-- items.without(list, "Name" or "id", ...): the list without the entries of those names or
-- ids. (items.drop: the same, answering nil and the message for a name the list lacks.)
function I.drop(list, ...)
  local drop, found, names = {}, {}, {}
  for _, n in ipairs { ... } do drop[n] = true end
  local out = {}
  for _, e in ipairs(list) do
    names[e.name] = true
    if drop[e.name] or drop[e.id] then found[e.name], found[e.id] = true, true
    else out[#out + 1] = e end
  end
  for _, n in ipairs { ... } do
    if not found[n] then return nil, unknown("item", n, names) end
  end
  return out
end
function I.without(list, ...)
  local out, err = I.drop(list, ...)
  if not out then error(err, 2) end
  return out
end

-- items.changed(list, {id = {field = value, ...} or false, ...}): the list with those fields
-- of the entries of each id changed (false: the entry left out).
function I.changed(list, changes)
  local known = fields_of(list)
  local ids, out = {}, {}
  for _, e in ipairs(list) do ids[e.id] = true end
  for id, change in pairs(changes) do
    if not ids[id] then error(unknown("item id", id, ids), 2) end
    if change ~= false then
      if type(change) ~= "table" then error(("item id %s: a change is a table of fields or false, not a %s"):format(
        tostring(id), type(change)), 2) end
      for k in pairs(change) do
        if not known[k] then error(("item id %s: %s"):format(tostring(id), unknown("field", k, known)), 2) end
      end
    end
  end
  for _, e in ipairs(list) do
    local change = changes[e.id]
    if change == nil then out[#out + 1] = e
    elseif change then
      local c = {}
      for k, v in pairs(e) do c[k] = v end
      for k, v in pairs(change) do c[k] = v end
      out[#out + 1] = c
    end
  end
  return out
end

-- items.with(list, {entry, ...}): the list with those entries after its own. An entry must
-- have every field each entry of the list has (Hong Kong's `group`) and no field none has.
function I.with(list, extra)
  local known, required = fields_of(list)
  local out = {}
  for i, e in ipairs(list) do out[i] = e end
  for _, e in ipairs(extra) do
    if type(e) ~= "table" then error("an item is a table {id =, name =, value =, unit =, test =}, not a " .. type(e), 2) end
    for k in pairs(e) do
      if not known[k] then error(label(e) .. ": " .. unknown("field", k, known), 2) end
    end
    local missing = {}
    for k in pairs(required) do if e[k] == nil then missing[#missing + 1] = k end end
    table.sort(missing)
    if missing[1] then
      error(label(e) .. ": no '" .. missing[1] .. "' (every item of this list has one)", 2)
    end
    out[#out + 1] = e
  end
  return out
end

return I
