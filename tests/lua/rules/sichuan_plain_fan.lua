-- A Sichuan child that changes one value through data (tests/lua/test_child_fields.lua):
-- a plain win (P1) is worth 1 fan, not 0.
local sichuan = require "sichuan"

local types = {}
for id, t in pairs(sichuan.items.types) do types[id] = { t[1], t[2] } end
types.P1 = { types.P1[1], 1 }

return { name = "sichuan_plain_fan", extends = "sichuan", items = { types = types, added = sichuan.items.added } }
