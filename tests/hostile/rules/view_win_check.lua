-- A Japanese child whose may_claim keeps a field named win_check in its view of the game
-- (hooks may keep their own fields there) that would refuse every win: the engine's win
-- test is its own, not the view's.
local japanese = require "japanese"
local R = { name = "view_win_check", extends = "japanese" }
function R.may_claim(g, action)
  g.win_check = function() return false, "the view's own field" end
  return japanese.may_claim(g, action)
end
return R
