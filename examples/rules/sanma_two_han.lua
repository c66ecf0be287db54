-- examples/rules/sanma_two_han.lua: sanma with a higher minimum (ryanhan shibari): a hand
-- needs `min_han` han (default 2) counting no dora (kita, red fives and ura-dora are dora),
-- a yakuman excepted. Sanma's score values the hand; this refuses one below the minimum,
-- with its value for the explanation. Play offers a win exactly when score says it wins,
-- so the minimum holds in play, for the bots and in jong score alike.
local sanma = require "sanma"

local DORA = { ["Dora"] = true, ["Ura-dora"] = true, ["Red fives"] = true }

local R = {
  name = "sanma_two_han",
  extends = "sanma",
  options = {
    min_han = { default = 2, doc = "han a hand needs, dora not counted (ryanhan shibari)" },
  },
}

function R.score(f)
  local result, err = sanma.score(f)
  if not result or not result.wins or result.value.yakuman then return result, err end
  local han = 0
  for _, item in ipairs(result.items) do
    if item.unit == "han" and not DORA[item.name] then han = han + item.value end
  end
  if han < f.options.min_han then
    return { wins = false, reason = han .. " han without dora, below the minimum of " .. f.options.min_han,
             value = result.value, items = result.items }
  end
  return result
end

return R
