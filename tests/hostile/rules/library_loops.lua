-- A library call's C work is one instruction: a loop of sorts of a million numbers
-- takes seconds each within a budget of millions of instructions (unbounded, it runs
-- for hours). The CPU time of a call is bounded too.
return { name = "library_loops", extends = "base", score = function()
  local t = {}
  for i = 1, 1e6 do t[i] = i end
  for _ = 1, 60 do table.sort(t) end
  return { wins = false, reason = "sorted" }
end }
