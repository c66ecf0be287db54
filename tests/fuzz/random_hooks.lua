-- Hooks that answer at random from the `chaos` option (tests/fuzz/fuzz_actions.c):
-- right answers, garbage of every type, errors, huge numbers, endless loops.
local state = 1
local function roll(n)
  state = (state * 1103515245 + 12345) % 2147483648
  return state % n
end
local GARBAGE = { nil, false, true, 0, -1, 2 ^ 53, 1e308, 0 / 0, "", "9z", "Q", {}, { "1m" }, { "5q" },
  { E = 2 ^ 40 }, { round = "Q" }, { honba = -1 }, setmetatable({}, { __index = function() error("index") end }) }
local function answer(right)
  local r = roll(20)
  if r < 13 then return right() end
  if r == 13 then error("chaos") end
  if r == 14 and roll(50) == 0 then local n = 0 while true do n = n + 1 end end
  return GARBAGE[roll(#GARBAGE) + 1]
end
local base = require "base"
local R = { name = "random_hooks", extends = "base",
  options = { chaos = { default = 1, doc = "seed of the answers" } } }
function R.may_claim(g) state = g.options.chaos + 7 * (g:brief().turn and 1 or 0); return answer(function() return true end) end
function R.may_win() return answer(function() return true end) end
function R.allowed_discards() return answer(function() return nil end) end
function R.settle(f, result) return answer(function() return base.settle(f, result) end) end
function R.next_deal(g) return answer(function() return g:rotation(false, 1) end) end
function R.check_abort() return answer(function() return nil end) end
return R
