-- examples/rules/taiwanese_house.lua: Taiwanese 16-tile with two house values: All chows
-- (平胡, T14) is worth 3 tai, not 2, and each dealer continuation (D2) 1 tai, not 2.
-- Values are data: the child gives its own copy of taiwanese's item table ({name, tai}
-- by id) with those entries changed; taiwanese's score reads it through the ruleset in play.
local taiwanese = require "taiwanese"

local items = {}
for id, item in pairs(taiwanese.items) do items[id] = { item[1], item[2] } end
items.T14[2] = 3
items.D2[2] = 1

return {
  name = "taiwanese_house",
  extends = "taiwanese",
  items = items,
}
