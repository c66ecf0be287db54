-- A Hong Kong item without the field every Hong Kong item has (its group).
local hongkong = require "hongkong"
local items = require "lib.items"
return { name = "mistake_item_group", extends = "hongkong",
  items = items.with(hongkong.items, {
    { id = "X1", name = "House bonus", value = 1, test = function() return true end },
  }) }
