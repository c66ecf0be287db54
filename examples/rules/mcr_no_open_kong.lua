-- examples/rules/mcr_no_open_kong.lua: MCR with one claiming exception (may_claim): a kong
-- may not be claimed from a discard (a pung of it may; a kong from the own hand, concealed
-- or promoted, is not a claim and stays). Scoring and everything else are MCR's.
local R = { name = "mcr_no_open_kong", extends = "mcr" }

function R.may_claim(g, action)
  if action.type == "kong" then return false, "no kong from a discard at this table" end
  return true
end

return R
