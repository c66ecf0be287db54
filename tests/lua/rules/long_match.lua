-- Base with a long match: the dealer keeps the deal for 120 deals (tests of costs that
-- grow with a game's length: undo, load).
return {
  name = "long_match", extends = "base",
  next_deal = function(g)
    local st = g:state()
    return { dealer_keeps = true, round = st.round, honba = 0, match_over = st.deal + 1 >= 120 }
  end,
}
