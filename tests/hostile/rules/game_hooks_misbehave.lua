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
  local hidden = true
  for _, seat in pairs(st.seats) do
    for k in pairs(seat) do hidden = hidden and type(k) == "string" end
    hidden = hidden and getmetatable(seat) == false
  end
  seen.seat_tables = hidden   -- no way from a seat table to the engine's game
  local res = jong.score { rules = "base", seat = "S", hand = "345678m34599p678s", win_tile = "5m",
    win_by = "discard", from = "W" }
  seen.json_object = type(getmetatable(res.value)) == "string"
    and not pcall(function() getmetatable(res.value).__gc = print end)
  for _, seat in pairs(st.seats) do seat.wind = "Q" end
  st.round = "Q"
  return true
end
return R
