-- A ruleset without extends (no metatable of its own) gives itself, its data and its
-- resolved options metatables in a hook: the engine reads them outside any budget (the
-- next jong score of it, a program's g.options), where an endless __index would hang.
local loop = function() while true do end end
local R = { name = "poisons_own_data", forms = { "standard" },
  options = { x = { default = 1, values = { 1, 2 }, doc = "x" } } }
function R.score(f)
  local tried = {}
  for _, t in ipairs { { "rules", f.rules }, { "options", f.rules.options }, { "option x", f.rules.options.x },
      { "values", f.rules.options.x.values }, { "resolved", f.options } } do
    tried[#tried + 1] = t[1] .. "=" .. tostring((pcall(setmetatable, t[2], { __index = loop, __pairs = loop })))
  end
  return { wins = false, reason = table.concat(tried, " ") }
end
return R
