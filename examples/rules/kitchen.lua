-- examples/rules/kitchen.lua: a small family of its own, written from `base`
-- (docs/authoring.md, chapter 3). Kitchen rules: a complete hand or seven pairs wins when
-- its items reach the minimum; the discarder pays the points, or every other seat on a
-- self-draw (base's settle).
local R = {
  name = "kitchen",
  extends = "base",                                   -- the table, the claims, settle
  option_prefix = "kitchen.",
  forms = { "standard", "seven_pairs" },              -- no thirteen orphans here
  options = {
    minimum = { default = 2, doc = "points a hand needs to win" },
  },
}

local function all_chows(reading)
  for _, set in ipairs(reading.sets) do
    if set.type ~= "chow" then return false end
  end
  return true
end

-- The items, one entry each: id, name, value, unit, test(f, reading) (reading: nil for
-- seven pairs). A child changes a value by a new list (R.items), not by code.
R.items = {
  { id = "K1", name = "Mahjong", value = 1, unit = "points", test = function() return true end },
  { id = "K2", name = "All chows", value = 1, unit = "points",
    test = function(f, reading) return reading ~= nil and all_chows(reading) end },
  { id = "K3", name = "Seven pairs", value = 2, unit = "points",
    test = function(f, reading) return reading == nil end },
  { id = "K4", name = "Self-drawn", value = 1, unit = "points",
    test = function(f) return f.win_by == "self" end },
  { id = "K5", name = "Last tile", value = 1, unit = "points",
    test = function(f) return f.flags.last_tile == true end },
}

-- The items of one reading, and their sum.
local function tally(f, reading)
  local items, points = {}, 0
  for _, item in ipairs(f.rules.items) do
    if item.test(f, reading) then
      items[#items + 1] = { name = item.name, value = item.value, unit = item.unit }
      points = points + item.value
    end
  end
  return items, points
end

-- score(f): the reading worth most (seven pairs is a reading of its own); below the
-- minimum the hand does not win, so the engine does not offer it in a game either.
function R.score(f)
  local best, best_points
  local function consider(reading)
    local items, points = tally(f, reading)
    if not best or points > best_points then best, best_points = items, points end
  end
  for _, reading in ipairs(f.readings) do consider(reading) end
  if f.seven_pairs then consider(nil) end
  if not best then return { wins = false, reason = "not a complete hand" } end
  if best_points < f.options.minimum then
    return { wins = false, reason = best_points .. " points, below the minimum of " .. f.options.minimum }
  end
  return { wins = true, value = { points = best_points }, items = best }
end

return R
