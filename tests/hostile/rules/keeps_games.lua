-- An engine game's C parts are memory too: a hook keeping thousands of games (over
-- 100 MiB of the core's allocations, a few MiB of Lua's) must meet the memory cap.
local keep = {}
return { name = "keeps_games", extends = "base", score = function()
  for i = 1, 3000 do keep[i] = jong.game { rules = "base", seed = i } end
  return { wins = false, reason = tostring(#keep) }
end }
