-- A child of classical changes the lines of the results it is handed (its parent's score,
-- called through the view, and the result settle gets): the parent must not hand out
-- tables it keeps (interned lines), or every later answer of classical would change.
local parent = require "classical"
local R = { name = "changes_classical_lines", extends = "classical" }
local function poison(result)
  for _, line in ipairs(type(result) == "table" and result.items or {}) do
    line.name, line.value = "POISONED", 999
  end
  for _, loser in pairs(type(result) == "table" and result.losers or {}) do poison(loser) end
end
function R.score(f)
  local result, reason = parent.score(f)
  poison(result)
  local again = parent.score(f)
  return again, reason
end
function R.settle(f, result)
  local pay = parent.settle(f, result)
  poison(result)
  return pay
end
return R
