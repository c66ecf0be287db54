-- score keeps the result it returned (plain data) and changes it in later hook calls:
-- a metatable whose __index never ends, a value out of range, items of odd types.
local base = require "base"
local R = { name = "keeps_result", extends = "base" }
local kept = {}
function R.score(f)
  local result = base.score(f)
  if type(result) == "table" and result.wins then kept[#kept + 1] = result end
  return result
end
R.helpers = { changed = 0 }
function R.may_claim(g, action)
  R.helpers.changed = R.helpers.changed + #kept
  local loop = function() while true do end end
  for _, result in ipairs(kept) do
    result.value.points = 1 << 62
    result.items = setmetatable({}, { __index = loop, __len = loop })
    result.extra = { [true] = "odd", [1.5] = "keys" }
    setmetatable(result, { __index = loop, __pairs = loop })
  end
  return true
end
return R
