-- A Hong Kong item with a misspelt field: refused at load (lib.items), naming the line.
local hongkong = require "hongkong"
local items = require "lib.items"
return { name = "mistake_item_field", extends = "hongkong",
  items = items.with(hongkong.items, {
    { id = "X1", name = "House bonus", vaule = 1, group = "way", test = function() return true end },
  }) }
