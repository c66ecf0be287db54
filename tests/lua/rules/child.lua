-- Extends base and changes one option default and the score hook's item name.
local base = require "base"
return {
  name = "child", extends = "base",
  options = { payment = { default = 7, doc = "less" } },
  score = function(f)
    local r = base.score(f)
    if r.wins then r.items[1].name = "Child " .. r.items[1].name end
    return r
  end,
}
