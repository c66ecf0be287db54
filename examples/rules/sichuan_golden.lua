-- examples/rules/sichuan_golden.lua: Sichuan (blood battle) with one house value: the
-- golden single wait (P5: four melds, the winning tile pairs the last single tile) is
-- worth 3 fan, not 2. Values are data: the child gives its own copy of sichuan's hand
-- types with that entry changed; sichuan's score, settle and wall-end checks read them
-- through the ruleset in play.
local sichuan = require "sichuan"

local types = {}
for id, t in pairs(sichuan.items.types) do types[id] = { t[1], t[2] } end   -- {name, fan}
types.P5 = { types.P5[1], 3 }

return {
  name = "sichuan_golden",
  extends = "sichuan",
  items = { types = types, added = sichuan.items.added },
}
