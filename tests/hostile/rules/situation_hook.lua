-- Hooks a program calls through its game's methods (the REPL's win lines): an endless
-- situation hook, and a score hook that tries to close the game it finds in the facts.
local base = require "base"
local R = { name = "situation_hook", extends = "base" }
function R.situation(g, win, s)
  if win.seat == "N" then while true do end end
end
function R.score(f)
  local g = f.situation and f.situation.game
  if g then
    pcall(function() g:close() end)
    pcall(function() g.core:close() end)
    pcall(function() g:play("E", "d 1m") end)
  end
  return base.score(f)
end
return R
