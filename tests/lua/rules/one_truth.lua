-- Shared by the one-truth children of Hong Kong and IMS (tests/lua/test_one_truth.lua), not
-- a ruleset: a child's score is the parent's without its minimum, changed by the child,
-- then held to the minimum again.
local M = {}

-- A score hook. parent: the parent ruleset; minimum: its option of the minimum value;
-- unit: the value's field and the items' unit; below(value, minimum): the refusal's
-- reason; change(result, f): what the child adds or removes.
function M.score(parent, minimum, unit, below, change)
  return function(f)
    local options = setmetatable({ [minimum] = 0 }, { __index = f.options })
    local result, err = parent.score(setmetatable({ options = options }, { __index = f }))
    if not result or not result.wins then return result, err end
    change(result, f)
    if result.value[unit] < f.options[minimum] then
      return { wins = false, reason = below(result.value[unit], f.options[minimum]) }
    end
    return result
  end
end

-- The score hooks of the two families, each with its own minimum and refusal.
function M.hongkong(change)
  return M.score(require "hongkong", "min_faan", "faan",
    function(faan) return faan .. " faan, below the minimum" end, change)
end

function M.ims(change)
  return M.score(require "ims", "minimum_fan", "fan",
    function(fan, minimum) return "Minimum Fan: fan " .. fan .. " is below " .. minimum end, change)
end

-- A change: one more item `name`, 1 `unit`, when the pair of the first reading is a five.
function M.fives_pair(name, unit)
  return function(result, f)
    local r = f.readings[1]
    if r and r.pair:sub(1, 1) == "5" then
      result.items[#result.items + 1] = { name = name, value = 1, unit = unit }
      result.value[unit] = result.value[unit] + 1
    end
  end
end

-- A change: the item `name` taken out, with its value.
function M.without(name, unit)
  return function(result)
    local items = {}
    for _, item in ipairs(result.items) do
      if item.name == name then result.value[unit] = result.value[unit] - item.value
      else items[#items + 1] = item end
    end
    result.items = items
  end
end

return M
