-- A Hong Kong child without "Pure one suit" (tests/lua/test_one_truth.lua).
local hongkong = require "hongkong"
local R = { name = "truth_hongkong_remove", extends = "hongkong" }

local function without_minimum(f)
  local options = setmetatable({ min_faan = 0 }, { __index = f.options })
  return setmetatable({ options = options }, { __index = f })
end

function R.score(f)
  local result, err = hongkong.score(without_minimum(f))
  if not result or not result.wins then return result, err end
  local items = {}
  for _, item in ipairs(result.items) do
    if item.name == "Pure one suit" then result.value.faan = result.value.faan - item.value
    else items[#items + 1] = item end
  end
  result.items = items
  if result.value.faan < f.options.min_faan then
    return { wins = false, reason = result.value.faan .. " faan, below the minimum" }
  end
  return result
end

return R
