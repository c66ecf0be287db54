-- examples/rules/teahouse.lua: the house rules of a tea house, built on the base ruleset
-- (the tutorial in docs/authoring.md builds this file step by step).
--
--  * Seven pairs earn a bonus on top of the base payment (option seven_pairs_bonus).
--  * A win on the last tile of the wall (flag last_tile) earns a bonus too.
--  * A self-drawn win is paid double by every other seat (option self_draw_double).
--  * Thirteen orphans do not win here (option thirteen_orphans).
local base = require "base"

local R = {
  name = "teahouse",
  extends = "base",                      -- every field and hook not given here is base's
  option_prefix = "teahouse.",
  options = {
    seven_pairs_bonus = { default = 10, doc = "points added for seven pairs" },
    last_tile_bonus = { default = 5, doc = "points added for a win on the last tile" },
    self_draw_double = { default = true, doc = "a self-drawn win is paid double" },
    thirteen_orphans = { default = false, doc = "thirteen orphans win" },
  },
}

-- The value of a hand: base's, then the house items.
function R.score(f)
  if f.thirteen_orphans and #f.readings == 0 and not f.options.thirteen_orphans then
    return { wins = false, reason = "thirteen orphans do not win in the tea house" }
  end
  local result = base.score(f)
  if not result.wins then return result end
  local points = result.value.points
  if f.seven_pairs and #f.readings == 0 then
    local bonus = f.options.seven_pairs_bonus
    result.items[#result.items + 1] = { name = "Seven pairs bonus", value = bonus, unit = "points" }
    points = points + bonus
  end
  if f.flags.last_tile then
    local bonus = f.options.last_tile_bonus
    result.items[#result.items + 1] = { name = "Last tile bonus", value = bonus, unit = "points" }
    points = points + bonus
  end
  result.value.points = points
  return result
end

-- Payments: base's, doubled on a self-drawn win when the option says so.
function R.settle(f, result)
  local pay = base.settle(f, result)
  if f.win_by == "self" and f.options.self_draw_double then
    for seat, amount in pairs(pay) do pay[seat] = amount * 2 end
  end
  return pay
end

return R
