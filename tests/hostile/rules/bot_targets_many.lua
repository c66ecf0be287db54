-- bot_targets answers twenty thousand valid targets: the bot keeps what it can hold.
local R = { name = "bot_targets_many", extends = "mcr" }
function R.bot_targets()
  local t = {}
  for i = 1, 20000 do t[i] = { item = "Many", points = 300 + i, chow = i % 2 == 0, tiles = { "1p", "2p", "3p" } } end
  return t
end
return R
