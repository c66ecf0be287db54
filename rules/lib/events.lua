-- rules/lib/events.lua: scans of a deal's events (g:deal_events(), newest last).
local E = {}

local KONG = { kong = true, kong_concealed = true, kong_promoted = true }

-- Kong upon kong: the seat's last two draws were kong replacements, each after a kong of
-- its own (bonus replacements, a logged win or settlement in between do not count).
function E.kong_upon_kong(events, seat)
  local want, found = "loose", 0
  for i = #events, 1, -1 do
    local e = events[i]
    local skip = e.type == "win" or e.type == "settle" or e.type == "bonus"
                 or (e.type == "draw" and e.from == "replacement")
    if not skip then
      if e.seat ~= seat then return false end
      if want == "loose" and e.type == "draw" and e.from == "loose" then want = "kong"
      elseif want == "kong" and KONG[e.type] then
        found = found + 1
        if found == 2 then return true end
        want = "loose"
      else return false end
    end
  end
  return false
end

-- The draw chain that ends `events`: the seat's draws back to the one that began its
-- turn. "kong_replacement" when that was a kong's replacement, "after_kong_flower" when
-- bonus replacements followed it, nil otherwise; false when the events end first.
function E.draw_chain(events, seat)
  local flower_between = false
  for i = #events, 1, -1 do
    local e = events[i]
    if e.type == "draw" and e.seat == seat then
      if e.from == "loose" then return flower_between and "after_kong_flower" or "kong_replacement"
      elseif e.from ~= "replacement" then return nil end
      flower_between = true
    elseif e.type ~= "bonus" and e.type ~= "win" then return nil end
  end
  return false
end

-- The latest event for which visit(e) returns a value (the value), or nil.
function E.latest(events, visit)
  for i = #events, 1, -1 do
    local v = visit(events[i])
    if v ~= nil then return v end
  end
  return nil
end

return E
