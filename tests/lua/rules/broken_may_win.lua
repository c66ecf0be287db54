-- A Japanese child whose may_win fails (tests/lua/test_hook_errors.lua).
local japanese = require "japanese"
local R = { name = "broken_may_win", extends = "japanese" }

function R.may_win(g, action)
  local seat = nil
  return seat.furiten                  -- line 7: an error
end

return R
