-- Each nested call used to get a fresh budget: jong.score of a looping ruleset, many times.
local forever = require "loops_forever"
return { name = "nested_budget", extends = "base", score = function(f)
  for _ = 1, 1000 do
    pcall(jong.score, { rules = forever, seat = "S", hand = "345678m34599p678s",
      win_tile = "5m", win_by = "discard", from = "W" })
  end
  return { wins = false, reason = "escaped the budget" }
end }
