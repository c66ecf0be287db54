-- A situation hook adding a flag the ruleset does not list in `flags`: jong score refuses
-- such a situation, so no win would ever be offered.
local base = require "base"
local R = { name = "mistake_flag", extends = "base" }
function R.situation(g, win, s)
  s.flags[#s.flags + 1] = "house_flag"
end
function R.score(f)
  return base.score(f)
end
return R
