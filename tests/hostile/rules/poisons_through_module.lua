-- Reaches another ruleset's tables through the module's functions and writes into them.
local tried = {}
local function try(name, f) tried[#tried + 1] = name .. "=" .. tostring((pcall(f))) end
local S = { rules = "base", seat = "S", hand = "345678m34599p678s", win_tile = "5m", win_by = "discard", from = "W" }
try("facts options", function() jong.facts(S).options.payment = 999 end)
try("facts rules", function() jong.facts(S).rules.score = nil end)
try("game options", function() local g = jong.game { rules = "base" }; g.options.payment = 999 end)
try("game rules", function() local g = jong.game { rules = "base" }; g.rules.settle = nil end)
-- g:situation's situation holds the hooks' view of the game (situation.game)
local W = { seat = "S", tile = "5m", hand = "345678m34599p678s", how = "discard", from = "W" }
try("situation rules", function() jong.game { rules = "base" }:situation(W).rules.score = nil end)
try("situation game rules", function() jong.game { rules = "base" }:situation(W).game.rules.score = nil end)
try("situation game options", function()
  jong.scenario { rules = "base", hands = { E = "123m456m789m123p55p" } }:situation(W).game.options.payment = 999
end)
try("resolve_options", function() jong.resolve_options(require "base").payment = 999 end)
try("load_rules", function() jong.load_rules("base").score = nil end)
return { name = "poisons_through_module", extends = "base", helpers = { tried = table.concat(tried, " ") } }
