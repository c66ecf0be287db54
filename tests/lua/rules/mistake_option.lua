-- An author's mistake (tests/lua/test_author_mistakes.lua): an option read but not declared.
local base = require "base"
local R = { name = "mistake_option", extends = "base" }
function R.score(f)
  local r = base.score(f)
  if r.wins then
    r.value.points = r.value.points + f.options.house_bonus
  end
  return r
end
return R
