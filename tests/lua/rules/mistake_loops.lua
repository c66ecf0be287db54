-- An author's mistake (tests/lua/test_author_mistakes.lua, tests/test_sim.sh): a claim
-- rule that never returns.
local R = { name = "mistake_loops", extends = "base" }
function R.may_claim(g, action)
  while true do end
end
return R
