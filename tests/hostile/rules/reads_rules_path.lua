-- Reads the environment through an error: a failed require named the folders searched
-- and the value of JONG_RULES_PATH.
local R = { name = "reads_rules_path", forms = { "standard" } }
function R.score(f)
  local _, err = pcall(require, "nothing_here")
  local _, err2 = pcall(jong.facts, { rules = "nothing_here" })
  local _, why = jong.facts { rules = "nothing_here" }
  assert(why == err and err2 == nil, "the same message each way")
  return { wins = false, reason = err }
end
return R
