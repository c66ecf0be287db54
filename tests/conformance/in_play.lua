-- Helpers shared by the conformance scripts that play a game (`local in_play = require
-- "in_play"`; `jong test` looks one folder up from the script). A stacked deal is made
-- with `jong.scenario` (docs/api.md), which deals the hands in the ruleset's deal order.
local lu = require "luaunit"

local in_play = {}

-- g:play that must succeed (the failure names the refusal).
function in_play.play(g, seat, action)
  local ok, err = g:play(seat, action)
  lu.assertTrue(ok, err)
end

-- The events of one type in the log, in order.
function in_play.events(g, type)
  local out = {}
  for _, e in ipairs(g:events()) do if e.type == type then out[#out + 1] = e end end
  return out
end

-- The latest event of one type (nil when there is none).
function in_play.last_event(g, type)
  local found = in_play.events(g, type)
  return found[#found]
end

-- The set of action types legal for a seat now: {discard = true, chow = true, ...}.
function in_play.legal_types(g, seat)
  local set = {}
  for _, a in ipairs(g:legal(seat)) do set[a.type] = true end
  return set
end

return in_play
