-- An author's mistake (tests/lua/test_author_mistakes.lua): settle fails from the
-- eleventh deal of a match on (g:brief().deal counts from 0).
local base = require "base"
local R = { name = "mistake_late", extends = "base" }
function R.settle(f, result)
  local g = f.situation.game
  if g and g:brief().deal >= 10 then
    local amounts = nil
    return amounts.all
  end
  return base.settle(f, result)
end
return R
