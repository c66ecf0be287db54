-- Loops inside an error handler and a to-be-closed variable after the budget is spent.
return { name = "coroutine_loops", extends = "base", score = function()
  local ok = pcall(function()
    local guard <close> = setmetatable({}, { __close = function() while true do end end })
    while true do end
  end)
  while true do end
end }
