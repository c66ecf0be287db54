-- Hooks that try to reach the live game: close it, play, undo, write into its state.
local R = { name = "game_hooks_misbehave", extends = "base" }
R.helpers = { seen = {} }   -- (what the hooks saw: lua/schema.lua keeps data in helpers)
function R.may_claim(g, action)
  local seen = R.helpers.seen
  seen.close = g.close == nil and g.core.close == nil
  seen.play = g.play == nil and g.core.apply == nil
  seen.undo = g.undo == nil and g.core.undo == nil and g.core.replay == nil and g.core.reset == nil
  seen.write_core = not pcall(function() g.core.apply = print end)
  local st = g:state()
  for _, seat in pairs(st.seats) do seat.wind = "Q" end
  st.round = "Q"
  return true
end
return R
