-- An IMS child without "No Terminals" (tests/lua/test_one_truth.lua).
local ims = require "ims"
local R = { name = "truth_ims_remove", extends = "ims" }

local function without_minimum(f)
  local options = setmetatable({ minimum_fan = 0 }, { __index = f.options })
  return setmetatable({ options = options }, { __index = f })
end

function R.score(f)
  local result, err = ims.score(without_minimum(f))
  if not result or not result.wins then return result, err end
  local items = {}
  for _, item in ipairs(result.items) do
    if item.name == "No Terminals" then result.value.fan = result.value.fan - item.value
    else items[#items + 1] = item end
  end
  result.items = items
  if result.value.fan < f.options.minimum_fan then
    return { wins = false, reason = "Minimum Fan: fan " .. result.value.fan .. " is below " .. f.options.minimum_fan }
  end
  return result
end

return R
