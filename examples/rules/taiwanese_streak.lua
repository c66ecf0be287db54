-- examples/rules/taiwanese_streak.lua: Taiwanese with one house rule on the order of deals
-- (next_deal): the dealer keeps the deal at most `max_streak` times in a row; the deal
-- after that passes to his right whatever happened. Everything else is Taiwanese's: its
-- streak tai (D2) read the streak this hook leaves (the engine's honba counter).
local taiwanese = require "taiwanese"

local R = {
  name = "taiwanese_streak",
  extends = "taiwanese",
  options = {
    max_streak = { default = 3, doc = "continuations a dealer may make in a row" },
  },
}

function R.next_deal(g)
  local d = taiwanese.next_deal(g)                  -- §5.3: keeps on a win or a draw
  if d.dealer_keeps and d.honba > g.options.max_streak then
    return g:rotation(false, g.options.rounds)       -- the cap: the deal passes, the streak ends
  end
  return d
end

return R
