-- A hook replaces a field of its own ruleset (it holds it as R and as f.rules) with a
-- table whose metamethods never end, or keeps such tables in its data: the engine reads
-- its ruleset outside any budget (the next jong score of it: options, flags, name...;
-- a program reading r.name or r.options), where they would run unlimited.
-- The situation's "attack" names the field ("options.x.values": a field inside; with a
-- final "!", a table whose metamethods are cheap but whose loops never end), or
-- "bombs": one table per metamethod kind, kept in R.helpers.bombs for the program.
local function loop() while true do end end
local EVENTS = { "index", "newindex", "call", "tostring", "len", "pairs", "eq", "lt", "le",
  "concat", "unm", "add", "sub", "mul", "div", "mod", "pow", "idiv", "band", "bor", "bxor",
  "shl", "shr", "bnot", "close" }

local R = { name = "replaces_own_data", forms = { "standard" }, flags = { "riichi" },
  situation_fields = { "attack" }, option_prefix = "r.",
  options = { x = { default = 1, values = { 1, 2 }, doc = "x",
    presets = { [2] = { y = "b" } } }, y = { default = "a", types = { "string" }, doc = "y" } },
  helpers = {} }

local function bad()
  local mt = {}
  for _, e in ipairs(EVENTS) do mt["__" .. e] = loop end
  return setmetatable({}, mt)
end
-- each metamethod cheap, but a loop over the table never ends: __index answers every
-- index (ipairs), __len is 2^62, __pairs' iterator never answers nil
local function endless()
  return setmetatable({}, { __index = function(_, k) return type(k) == "number" and 3 or "x" end,
    __len = function() return 1 << 62 end,
    __pairs = function() return function(_, k) return (k or 0) + 1, "x" end, nil, nil end })
end

function R.score(f)
  local attack = f.situation.attack
  if attack == "bombs" then
    local bombs = {}
    for _, e in ipairs(EVENTS) do bombs[e] = setmetatable({}, { ["__" .. e] = loop }) end
    -- __pairs answering an iterator that never ends
    bombs.iterator = setmetatable({}, { __pairs = function() return loop, nil, nil end })
    R.helpers.bombs = bombs
  elseif attack then   -- "field.inside" (endless metamethods) or "field.inside!" (endless loops)
    local t, last = R, nil
    for part in attack:gmatch("[^.!]+") do
      if last then t = t[last] end
      last = part
    end
    t[last] = attack:sub(-1) == "!" and endless() or bad()
  end
  return { wins = false, reason = "replaced " .. tostring(attack) }
end

return R
