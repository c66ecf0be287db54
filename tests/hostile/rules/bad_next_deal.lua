-- next_deal names a round wind that does not exist.
return { name = "bad_next_deal", extends = "base",
  next_deal = function() return { round = "Q", honba = 1e300, match_over = false } end }
