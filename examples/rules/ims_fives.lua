-- examples/rules/ims_fives.lua: IMS with one scoring item added by data: "Fives Pair", 1
-- fan when the pair is of fives. An IMS item's test is given IMS's view of the hand, `h`
-- (h.f: the facts, h.opts: the options, h.reading: the reading being valued, nil for an
-- irregular pattern); `std = true`: it counts only for a standard-pattern reading.
-- lib.items.with checks the entry against IMS's own (its fields, none missing).
local ims = require "ims"
local items = require "lib.items"

return {
  name = "ims_fives",
  extends = "ims",
  items = items.with(ims.items, {
    { id = "H1", name = "Fives Pair", value = 1, unit = "fan", std = true,
      test = function(h) return h.reading ~= nil and h.reading.pair:sub(1, 1) == "5" end },
  }),
}
