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

-- Every seat asked passes until the claim window closes.
function in_play.pass_all(g)
  while g:state().phase == "claim" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

-- Every seat the claim window waits for wins on the discard; returns, by seat, the
-- situation each win is settled with as jong score would take it (the engine's win record,
-- the other winners as its co_winners).
function in_play.all_win(g)
  local seats, expected = g:waiting(), {}
  for _, s in ipairs(seats) do
    for _, a in ipairs(g:legal(s)) do
      if a.type == "win" then
        local w = g:pending_win(a)
        w.co_winners = {}
        for _, o in ipairs(seats) do if o ~= s then w.co_winners[#w.co_winners + 1] = o end end
        expected[s] = g:situation(w)
      end
    end
    in_play.play(g, s, "win")
  end
  return expected
end

return in_play
