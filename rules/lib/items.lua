-- rules/lib/items.lua: the answers of the one item shape (docs/hooks.md, "The shared
-- toolkit"). `local items = require "lib.items"`.
local I = {}

-- Raises the error of an item whose test answered what no test may: a test answers true,
-- false or nil, or (with numbers) a number, the worth of an item whose value varies.
function I.bad_answer(item, v, numbers)
  error(("item '%s' (id %s): its test answered a %s (%s), not %s"):format(tostring(item.name),
    tostring(item.id), type(v), tostring(v), numbers and "true, false, nil or a number" or "true, false or nil"), 0)
end

return I
