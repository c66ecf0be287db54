-- may_claim without its first argument, the game: `action` would be the game, action.type
-- nil, and every chow allowed without a word.
local R = { name = "mistake_arity", extends = "base" }
function R.may_claim(action)
  if action.type == "chow" then return false, "no chows" end
  return true
end
return R
