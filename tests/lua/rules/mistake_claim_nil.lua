-- may_claim without its last `return true`: every chow and kong would be refused silently.
local R = { name = "mistake_claim_nil", extends = "base" }
function R.may_claim(g, action)
  if action.type == "pung" then return false, "no pungs" end
end
return R
