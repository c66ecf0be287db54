-- The base ruleset: a small complete ruleset for testing the engine and the tools.
-- Any complete hand wins (standard form, seven pairs, thirteen orphans); the winner
-- is paid a flat amount: by the discarder alone, or by every other seat on a self-draw.
local R = {
  name = "base",
  tiles = 136,
  bonus_tiles = false,
  red_fives = 0,
  dead_wall = { size = 14, policy = "fixed" },
  claims = { "chow", "pung", "kong", "win" },
  precedence = { win = 3, kong = 2, pung = 2, chow = 1 },
  multiple_winners = false,
  forms = { "standard", "seven_pairs", "thirteen_orphans" },
  starting_points = 0,
  rounds = 4,
  flags = { "kong_replacement", "robbing_kong", "last_tile", "first_turn" },
  options = {
    payment = { default = 10, doc = "points the winner receives from each payer" },
  },
}

-- Any complete hand wins.
function R.score(f)
  local shape
  if #f.readings > 0 then shape = "Complete hand"
  elseif f.seven_pairs then shape = "Seven pairs"
  elseif f.thirteen_orphans then shape = "Thirteen orphans"
  else return { wins = false, reason = "not a complete hand" } end
  local value = f.options.payment
  return { wins = true, value = { points = value }, items = { { name = shape, value = value, unit = "points" } } }
end

-- Every complete hand wins: the engine need not ask score about wins in play (valid
-- while score and forms are these: a child that changes either is asked).
R.fast_win = { depends = { score = R.score, forms = R.forms }, every_complete_hand = true }

-- The discarder pays the winner; on a self-draw every other seat pays.
function R.settle(f, result)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  local amount = result.value.points
  for _, seat in ipairs(jong.SEATS) do
    if seat ~= f.seat and (f.win_by == "self" or seat == f.from) then
      pay[seat] = pay[seat] - amount
      pay[f.seat] = pay[f.seat] + amount
    end
  end
  return pay
end

return R
