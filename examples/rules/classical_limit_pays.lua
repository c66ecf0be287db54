-- examples/rules/classical_limit_pays.lua: Classical with one payment rule changed (settle):
-- the discarder of a limit hand pays the winner for all three losers (the others pay the
-- winner nothing; their settlement among themselves, §19.2, stays). Other wins are paid as
-- in Classical (§19.1: each loser pays the winner's score, East double). The parent's
-- settle does the work; this moves the winner's receipts onto the discarder.
local classical = require "classical"

local R = {
  name = "classical_limit_pays",
  extends = "classical",
  options = {
    limit_discarder_pays = { default = true, doc = "the discarder of a limit hand pays for all" },
  },
}

function R.settle(f, result)
  local pay = classical.settle(f, result)
  local o = f.options
  if not (result.limit and f.win_by == "discard" and o.limit_discarder_pays) or o.discarder_pays then
    return pay
  end
  local w, sw = f.seat, result.value.score
  for _, s in ipairs { "E", "S", "W", "N" } do
    if s ~= w and s ~= f.from then                     -- what s paid the winner (§19.1) ...
      local amount = (s == "E" or w == "E") and 2 * sw or sw
      pay[s] = pay[s] + amount                         -- ... the discarder pays instead
      pay[f.from] = pay[f.from] - amount
    end
  end
  return pay
end

return R
