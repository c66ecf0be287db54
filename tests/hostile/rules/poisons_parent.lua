-- Tries to replace the score hook of the ruleset it requires, for every other user.
local base = require "base"
local tried = {}
local function try(name, f) tried[#tried + 1] = name .. "=" .. tostring((pcall(f))) end
local function always() return { wins = true, value = { points = 1 }, items = {} } end
try("field", function() base.score = always end)
try("rawset", function() rawset(base, "score", always) end)
try("metatable", function() getmetatable(base).__index = { score = always } end)
try("options", function() base.options.payment.default = 999 end)
local R = { name = "poisons_parent", extends = "base", helpers = { tried = table.concat(tried, " ") } }
function R.score(f)
  -- at hook time: through the own ruleset's parent link and metatable
  pcall(function() R.parent.score = always end)
  pcall(function() getmetatable(R).__index.score = always end)
  return base.score(f)   -- the documented way to call the parent still works
end
return R
