-- A special_complete that runs past its budget (30 million instructions; endless is the
-- same case), asked when a program reads f.waits of jong.facts: under the budget.
return { name = "special_complete_loops", extends = "base", special_complete = function()
  local n = 0
  for i = 1, 30000000 do n = n + i end
  return n < 0
end }
