-- The metatable of a game rule code makes is jong.Game, the methods of every game of
-- the program: replacing play (a no-op) or close (endless, outside any budget) there
-- would change every game the REPL or a script plays.
local tried = {}
local function try(name, f) tried[#tried + 1] = name .. "=" .. tostring((pcall(f))) end
local mt = getmetatable(jong.game { rules = "base", seed = 1 })
try("play", function() mt.play = function() return true end end)
try("close", function() rawset(mt, "close", function() while true do end end) end)
try("index", function() mt.__index = {} end)
try("metatable", function() setmetatable(mt, {}) end)
return { name = "poisons_game_methods", extends = "base",
  helpers = { tried = table.concat(tried, " "), same = mt == jong.Game } }
