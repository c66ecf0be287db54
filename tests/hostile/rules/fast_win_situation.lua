-- A Japanese child whose situation of a win drops the riichi flags (its own rule: riichi
-- is a bet, not a yaku): its score judges the hand without them.
local japanese = require "japanese"
local R = { name = "fast_win_situation", extends = "japanese" }
function R.situation(g, win, s)
  japanese.situation(g, win, s)
  local kept = {}
  for _, flag in ipairs(s.flags) do
    if flag ~= "riichi" and flag ~= "double_riichi" and flag ~= "ippatsu" then kept[#kept + 1] = flag end
  end
  s.flags = kept
end
return R
