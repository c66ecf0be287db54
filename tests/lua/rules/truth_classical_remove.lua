-- A Classical child without the limit hand Thirteen Orphans (tests/lua/test_one_truth.lua).
local classical = require "classical"
local R = { name = "truth_classical_remove", extends = "classical" }

function R.score(f)
  local result, err = classical.score(f)
  if result and result.limit == "Thirteen Orphans" then
    return { wins = false, reason = "no Thirteen Orphans in this house" }
  end
  return result, err
end

return R
