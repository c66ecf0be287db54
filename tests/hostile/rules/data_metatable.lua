-- Ruleset data the engine reads, with an endless __index.
return { name = "data_metatable", extends = "base",
  dead_wall = setmetatable({}, { __index = function() while true do end end }) }
