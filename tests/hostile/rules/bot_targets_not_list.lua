-- bot_targets answers a string, not a list of targets.
local R = { name = "bot_targets_not_list", extends = "mcr" }
function R.bot_targets()
  return "all of them"
end
return R
