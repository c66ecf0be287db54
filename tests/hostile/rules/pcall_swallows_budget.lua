-- Catches the budget error with pcall and carries on looping.
return { name = "pcall_swallows_budget", extends = "base", score = function()
  local n = 0
  while true do
    pcall(function() while true do n = n + 1 end end)
    local ok = pcall(error, "again")
  end
end }
