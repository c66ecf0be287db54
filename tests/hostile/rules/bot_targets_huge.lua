-- bot_targets answers a million targets: the memory cap stops it.
local R = { name = "bot_targets_huge", extends = "mcr" }
function R.bot_targets()
  local t = {}
  for i = 1, 1000000 do t[i] = { item = "Many", points = 300 + i, chow = false, tiles = { "1z", "2z", "3z" } } end
  return t
end
return R
