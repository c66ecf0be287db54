-- An item changed by an id the list does not have.
local hongkong = require "hongkong"
local items = require "lib.items"
return { name = "mistake_item_id", extends = "hongkong",
  items = items.changed(hongkong.items, { H55 = { value = 4 } }) }
