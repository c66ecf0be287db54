-- examples/rules/mcr_flowers.lua: MCR with one house value: each flower is worth 2
-- points, not 1 (element 81, Flower Tiles). Values are data: the child gives its own
-- element list, made by mcr.helpers.elements_with from overrides by element number.
local mcr = require "mcr"

return {
  name = "mcr_flowers",
  extends = "mcr",
  elements = mcr.helpers.elements_with { [81] = { points = 2 } },
}
