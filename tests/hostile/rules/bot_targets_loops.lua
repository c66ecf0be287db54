-- bot_targets never returns: the budget stops it.
local R = { name = "bot_targets_loops", extends = "mcr" }
function R.bot_targets()
  local n = 0
  while true do n = n + 1 end
end
return R
