-- examples/rules/house_payments.lua: Japanese with two house payments: a riichi costs
-- 2,000 points, and honba counters are not paid (option `honba_paid` brings them back).
local japanese = require "japanese"

local R = {
  name = "house_payments",
  extends = "japanese",
  riichi_deposit = 2000,
  options = {
    honba_paid = { default = false, doc = "honba counters are paid on a win" },
  },
}

function R.settle(f, result)
  if not f.options.honba_paid then f.honba = 0 end
  return japanese.settle(f, result)
end

return R
