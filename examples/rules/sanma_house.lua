-- examples/rules/sanma_house.lua: three-player Japanese (sanma) with two house rules:
-- no tsumo loss (the absent North's share of a tsumo is split between the two payers: an
-- option of sanma's, given another default), and each kita is worth two dora, not one
-- (option `kita_dora`).
local sanma = require "sanma"

local R = {
  name = "sanma_house",
  extends = "sanma",
  options = {
    tsumo_loss = { default = false },          -- sanma's option: its doc and values are kept
    kita_dora = { default = 2, values = { 1, 2 }, doc = "dora each kita is worth" },
  },
}

-- Sanma scores the kita as one dora each (in its Dora line); the house adds one han more
-- per kita, as a line of its own before the fu lines, and names the limit the han now reach.
function R.score(f)
  local result, reason = sanma.score(f)
  if not (result and result.wins) then return result, reason end
  local extra = (f.options.kita_dora - 1) * f.kita      -- f.kita: sanma's count of the situation's kita
  local value = result.value
  if extra > 0 and value.han then                       -- (a yakuman has no han to add to)
    value.han = value.han + extra
    local at = #result.items + 1
    for i, item in ipairs(result.items) do
      if item.unit == "fu" then at = i; break end
    end
    table.insert(result.items, at, { name = "Kita (house)", value = extra, unit = "han" })
    local _, limit = sanma.basic_points(value.han, value.fu, value.yakuman, f.options)
    result.limit = limit
  end
  return result
end

return R
