-- C pattern matching never meets the instruction budget.
return { name = "pattern_bomb", extends = "base", score = function()
  local s = ("a"):rep(30000)
  local r = s:find(".-.-.-.-.-.-.-b")
  return { wins = false, reason = tostring(r) }
end }
