-- Pattern calls whose cost is in a set or in gsub's replacement, not in the count of
-- repeated items: the matcher scans a set at each test (a set of 2 MB over 20 MB is 4e13
-- steps), and gsub reads its replacement again at each match (20 MB of "%0" at each of
-- the 3,001 empty matches of "" adds nothing and takes hours). The situation's "how"
-- picks the call.
local R = { name = "pattern_set_bombs", forms = { "standard" }, situation_fields = { "how" } }

local BOMBS = {
  set = function() return ("c"):rep(20000000):find("[" .. ("a"):rep(2000000) .. "]") end,
  frontier = function() return ("c"):rep(20000000):find("%f[" .. ("a"):rep(2000000) .. "]") end,
  replacement = function() return (("a"):rep(3000):gsub("", ("%0"):rep(10000000))) end,
  replacement_pattern = function() return (("a"):rep(3000):gsub("()", ("%0"):rep(10000000))) end,
}

function R.score(f)
  local bomb = BOMBS[f.situation.how]
  return { wins = false, reason = tostring(bomb and bomb()) }
end

R.helpers = { hows = {} }
for how in pairs(BOMBS) do R.helpers.hows[#R.helpers.hows + 1] = how end
table.sort(R.helpers.hows)

return R
