-- A Hong Kong child with one more item (tests/lua/test_one_truth.lua): "Fives pair", 1
-- faan when the pair is a five. The parent values the hand without its minimum, the item
-- is added, then the minimum (§11.2) is applied.
local hongkong = require "hongkong"
local R = { name = "truth_hongkong_add", extends = "hongkong" }

local function without_minimum(f)
  local options = setmetatable({ min_faan = 0 }, { __index = f.options })
  return setmetatable({ options = options }, { __index = f })
end

function R.score(f)
  local result, err = hongkong.score(without_minimum(f))
  if not result or not result.wins then return result, err end
  local r = f.readings[1]
  if r and r.pair:sub(1, 1) == "5" then
    result.items[#result.items + 1] = { name = "Fives pair", value = 1, unit = "faan" }
    result.value.faan = result.value.faan + 1
  end
  if result.value.faan < f.options.min_faan then
    return { wins = false, reason = result.value.faan .. " faan, below the minimum" }
  end
  return result
end

return R
