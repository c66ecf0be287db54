-- A finalizer would run whenever the collector likes, outside any budget.
local ok, err = pcall(setmetatable, {}, { __gc = function() while true do end end })
return { name = "finalizer", extends = "base", helpers = { refused = not ok and err } }
