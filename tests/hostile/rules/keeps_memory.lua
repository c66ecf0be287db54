-- Keeps 32 MiB more at every call: the state as a whole has a cap.
local kept = {}
return { name = "keeps_memory", extends = "base", score = function()
  kept[#kept + 1] = ("x"):rep(32 << 20) .. #kept
  return { wins = false, reason = "kept " .. #kept }
end }
