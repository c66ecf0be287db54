-- An IMS child with one more item (tests/lua/test_one_truth.lua): "Fives Pair", 1 fan when
-- the pair is a five; Minimum Fan (s13) applies to the sum.
local ims = require "ims"
local R = { name = "truth_ims_add", extends = "ims" }

local function without_minimum(f)
  local options = setmetatable({ minimum_fan = 0 }, { __index = f.options })
  return setmetatable({ options = options }, { __index = f })
end

function R.score(f)
  local result, err = ims.score(without_minimum(f))
  if not result or not result.wins then return result, err end
  local r = f.readings[1]
  if r and r.pair:sub(1, 1) == "5" then
    result.items[#result.items + 1] = { name = "Fives Pair", value = 1, unit = "fan" }
    result.value.fan = result.value.fan + 1
  end
  if result.value.fan < f.options.minimum_fan then
    return { wins = false, reason = "Minimum Fan: fan " .. result.value.fan .. " is below " .. f.options.minimum_fan }
  end
  return result
end

return R
