-- Recursion without end, four ways (the situation's "how"): Lua calls (the Lua stack),
-- jong.score of itself (every level a protected call from C: the C stack), string.gsub
-- calling back into itself, and an __index that reads itself. Each is a clear error
-- naming this file, never a crash, and the next call is fine.
local R = { name = "recurses", extends = "base", situation_fields = { "how" } }
local function again(f) local r = jong.score { rules = R, how = "score", seat = f.seat, hand = f.hand,
  win_tile = f.win_tile, win_by = f.win_by, from = f.from }; return r end
local WAYS = {
  lua = function() local function down(n) local x = down(n + 1); return x end; local x = down(1); return x end,
  score = function(f) local r = again(f.situation); return r.ok and r.reason or r.error end,
  gsub = function() local function g(s) local x = s:gsub(".", g); return x end; local x = g("ab"); return x end,
  index = function() local t = setmetatable({}, { __index = function(t, k) local x = t[k]; return x end }); local x = t.x; return x end,
}
function R.score(f)
  local way = WAYS[f.situation.how]
  local x = way and way(f)
  return { wins = false, reason = tostring(x) }
end
return R
