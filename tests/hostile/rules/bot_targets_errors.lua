-- bot_targets raises an error: the default bot's game says which hook, rules and line.
local R = { name = "bot_targets_errors", extends = "mcr" }
function R.bot_targets()
  error("no targets today")
end
return R
