-- examples/rules/ims_sequences.lua: IMS with one scoring item revalued: All Sequences (s11,
-- F03) is worth 2 fan, not 1. The item list is data: lib.items.changed gives a new list
-- with that entry's value changed (an id or a field IMS does not have is refused at load),
-- and IMS's score, which reads f.rules.items, values, caps, pays and offers wins with it.
local ims = require "ims"
local items = require "lib.items"

return {
  name = "ims_sequences",
  extends = "ims",
  items = items.changed(ims.items, { F03 = { value = 2 } }),
}
