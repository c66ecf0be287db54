-- A score hook that runs past its budget (30 million instructions; endless is the same
-- case), reached by a program through g:would_win (the default bot's value test), which
-- must run it under the budget as g:win_check does.
return { name = "score_loops", extends = "base", score = function()
  local n = 0
  for i = 1, 30000000 do n = n + i end
  return { wins = false, reason = tostring(n) }
end }
