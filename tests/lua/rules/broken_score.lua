-- A Japanese child whose score fails on a self-draw (tests/lua/test_hook_errors.lua,
-- tests/test_sim.sh): the win is refused naming score, this file and line, the seat.
local japanese = require "japanese"
local R = { name = "broken_score", extends = "japanese" }

function R.score(f)
  if f.win_by == "self" then
    error("house rule not written yet")      -- line 8
  end
  return japanese.score(f)
end

return R
