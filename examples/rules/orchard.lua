-- examples/rules/orchard.lua: a family of its own, written from `base` (docs/authoring.md,
-- fifth tutorial). Orchard rules:
--   * no chow is ever claimed (claims), and a pung may not be claimed from the seat
--     across the table (may_claim: the claiming exception);
--   * the special hand "Scattered orchard" wins: fourteen different tiles, no two of
--     one suit less than three ranks apart (147m 258p 369s and five honours, say);
--     special_complete tells the engine it is complete, score values it;
--   * an item table: the hand's worth is the sum of its items, paid as in base.
local tiles = require "lib.tiles"

local R = {
  name = "orchard",
  extends = "base",
  option_prefix = "orchard.",
  claims = { "pung", "kong", "win" },            -- no chow
  forms = { "standard", "seven_pairs" },         -- the core's shapes; the special hand below
  options = {
    scattered = { default = true, doc = "the special hand Scattered orchard wins" },
  },
}

-- Scattered orchard: exactly 14 concealed tiles, all different, suited ones of one suit at
-- least three ranks apart: the shape rules/lib/patterns.lua calls thirteen unrelated.
local scattered = require("lib.patterns").unrelated

-- The engine asks this of every hand it tests for completeness (wins, waits).
function R.special_complete(g, seat, concealed, nmelds)
  return g.options.scattered and nmelds == 0 and scattered(tiles.counts_of(concealed))
end

-- The claiming exception: no pung (nor kong) of the discard of the seat across.
function R.may_claim(g, action)
  if action.type == "pung" or action.type == "kong" then
    local across = tiles.seat_after(action.seat, 2)
    if g:state().discarder == across then return false, "no pung from the seat across" end
  end
  return true
end

local function all_pungs(reading)
  for _, set in ipairs(reading.sets) do
    if set.type == "chow" then return false end
  end
  return true
end

-- The items, one entry each (reading: nil for seven pairs and the special hand; `form`
-- says which shape an item belongs to).
R.items = {
  { id = "O1", name = "Orchard win", value = 2, unit = "points", test = function() return true end },
  { id = "O2", name = "All pungs", value = 4, unit = "points",
    test = function(f, reading) return reading ~= nil and all_pungs(reading) end },
  { id = "O3", name = "Seven pairs", value = 4, unit = "points",
    test = function(f, reading, form) return form == "seven_pairs" end },
  { id = "O4", name = "Scattered orchard", value = 8, unit = "points",
    test = function(f, reading, form) return form == "scattered" end },
  { id = "O5", name = "Self-drawn", value = 1, unit = "points",
    test = function(f) return f.win_by == "self" end },
}

local function tally(f, reading, form)
  local items, points = {}, 0
  for _, item in ipairs(f.rules.items) do
    if item.test(f, reading, form) then
      items[#items + 1] = { name = item.name, value = item.value, unit = item.unit }
      points = points + item.value
    end
  end
  return items, points
end

-- score(f): the best of the hand's shapes, or why it does not win.
function R.score(f)
  local best, best_points
  local function consider(reading, form)
    local items, points = tally(f, reading, form)
    if not best or points > best_points then best, best_points = items, points end
  end
  for _, reading in ipairs(f.readings) do consider(reading, "standard") end
  if f.seven_pairs then consider(nil, "seven_pairs") end
  if f.options.scattered and #f.melds == 0 and scattered(f.counts) then consider(nil, "scattered") end
  if not best then return { wins = false, reason = "not a complete hand" } end
  return { wins = true, value = { points = best_points }, items = best }
end

return R
