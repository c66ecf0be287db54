-- Tries to change the parts of facts that every facts table shares (the empty lists, the
-- concealed sets of the readings) for every later hand: by field, rawset, metatable and
-- the table behind pairs.
local base = require "base"
local R = { name = "poisons_facts", extends = "base" }
R.helpers = { tried = "" }
function R.score(f)
  local tried = {}
  local function try(name, fn) tried[#tried + 1] = name .. "=" .. tostring((pcall(fn))) end
  local set = f.readings[1].sets[1]
  try("set field", function() set.tile = "9z" end)
  try("set new field", function() set.meld = 1 end)
  try("set rawset", function() rawset(set, "type", "pung") end)
  try("set metatable", function() setmetatable(set, nil) end)
  try("set pairs state", function() local _, t = pairs(set); rawset(t, "tile", "9z") end)
  try("empty list", function() f.bonus[1] = "f1" end)
  try("empty rawset", function() rawset(f.melds, 1, { type = "pung", tile = "1z" }) end)
  try("empty flags", function() rawset(f.flags, "riichi", true) end)
  R.helpers.tried = table.concat(tried, " ")
  return base.score(f)
end
return R
