-- An author's mistake (tests/lua/test_author_mistakes.lua): a misspelt hook.
local base = require "base"
local R = { name = "mistake_typo", extends = "base" }
function R.scroe(f)
  return base.score(f)
end
return R
