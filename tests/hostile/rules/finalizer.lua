-- A finalizer would run whenever the collector likes, outside any budget: refused when
-- given, and one added to the metatable afterwards (setmetatable took a copy) never runs.
local ok, err = pcall(setmetatable, {}, { __gc = function() while true do end end })
local mt = {}
local later = setmetatable({}, mt)
mt.__gc = function() while true do end end
rawset(mt, "__gc", mt.__gc)
later = nil
return { name = "finalizer", extends = "base", helpers = { refused = not ok and err, later = later == nil },
  score = function()
    local m = {}
    local t = setmetatable({}, m)
    m.__gc = function() while true do end end
    t = nil
    return { wins = false, reason = tostring(t) }
  end }
