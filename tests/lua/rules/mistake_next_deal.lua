-- next_deal with a misspelt key: the dealer would lose the deal without a word.
local R = { name = "mistake_next_deal", extends = "base" }
function R.next_deal(g)
  return { dealer_keep = true, round = "E", honba = 0 }
end
return R
