-- A result whose metatable is protected and whose fields come only from __index.
return { name = "protected_result", extends = "base", score = function()
  return setmetatable({ wins = true, value = { points = 3 }, items = {} },
    { __metatable = "locked", __index = function() return "from __index" end })
end }
