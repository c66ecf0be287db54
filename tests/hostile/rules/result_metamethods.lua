-- A result whose __index and __pairs never end, and a cycle.
return { name = "result_metamethods", extends = "base", score = function()
  local loop = function() while true do end end
  local items = {}
  items[1] = { name = "Cycle", value = 1, unit = "points", again = items }
  return setmetatable({ wins = true, value = { points = 1 }, items = items },
    { __index = loop, __pairs = loop, __len = loop })
end }
