-- rules/lib/checks.lua: situation checks with one convention: each returns nil when the
-- situation can hold, else the reason; `first` runs a list and gives the first reason
-- (score then returns nil, reason: docs/hooks.md).
local C = {}

function C.flags_consistent(f)
  local fl = f.flags
  if fl.kong_replacement and f.win_by ~= "self" then return "kong_replacement needs win_by 'self'" end
  if fl.robbing_kong and f.win_by ~= "discard" then return "robbing_kong needs win_by 'discard'" end
  if fl.kong_replacement then
    local kong = false
    for _, m in ipairs(f.melds) do kong = kong or m.type == "kong" end
    if not kong then return "kong_replacement without a kong" end
  end
  return nil
end

function C.no_bonus(f)
  if #f.bonus > 0 then return "no bonus tiles in these rules" end
  return nil
end

-- The first reason of the checks (functions of f), or nil.
function C.first(f, checks)
  for _, check in ipairs(checks) do
    local reason = check(f)
    if reason then return reason end
  end
  return nil
end

return C
