-- Tries to replace standard functions the host (and the REPL) use; reports what held.
local tried = {}
local function try(name, f) tried[#tried + 1] = name .. "=" .. tostring((pcall(f))) end
try("table.pack", function() table.pack = function() return {} end end)
try("string.rep", function() string.rep = nil end)
try("rawset string", function() rawset(string, "format", print) end)
try("math.floor", function() math.floor = nil end)
try("string metatable", function() getmetatable("").__index = {} end)
try("setmetatable string table", function() setmetatable(string, {}) end)
try("jong.score", function() jong.score = nil end)
try("jong.SEATS", function() jong.SEATS[1] = "X" end)
try("jong.Game", function() jong.Game.play = nil end)
try("jong metatable", function() getmetatable(jong).__index = {} end)
try("jong.TILES", function() table.insert(jong.TILES, "0z") end)
return { name = "replaces_libraries", extends = "base", helpers = { tried = table.concat(tried, " ") } }
