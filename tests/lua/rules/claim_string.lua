-- A Hong Kong house rule whose may_claim answers a reason alone for a chow, forgetting the
-- false before it (tests/lua/test_hook_errors.lua): refused, saying what to answer.
local R = { name = "claim_string", extends = "hongkong" }

function R.may_claim(g, action)
  if action.type == "chow" then return "no chows at this table" end
  return true
end

return R
