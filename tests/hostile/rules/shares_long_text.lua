-- A result that costs the state little but is huge once written: one long string (or a
-- big table) met many times over. JSON writes it at every place: 2,000 items naming one
-- 30 MB string are 60 GB of output (jong score ran out of memory writing it). The
-- situation's "how" picks the result; in play (East's dealt win) the items are shared.
local R = { name = "shares_long_text", extends = "base", situation_fields = { "how" } }
local base = require "base"

local RESULTS = {
  -- one item table, 2,000 times
  items = function(big)
    local item = { name = big, value = 1, unit = "points" }
    local items = {}
    for i = 1, 2000 do items[i] = item end
    return items
  end,
  -- 2,000 items of their own, one name
  names = function(big)
    local items = {}
    for i = 1, 2000 do items[i] = { name = big, value = 1, unit = "points" } end
    return items
  end,
  -- the long string as a key
  keys = function(big)
    local items = {}
    for i = 1, 2000 do items[i] = { name = "Key", value = 1, unit = "points", [big] = true } end
    return items
  end,
  -- a table of a million numbers, 4,000 times (the plain check's walk visits 4,000 tables)
  numbers = function()
    local numbers = {}
    for i = 1, 1000000 do numbers[i] = i end
    local items = {}
    for i = 1, 4000 do items[i] = numbers end
    return { { name = "Numbers", value = 1, unit = "points", numbers = items } }
  end,
}

function R.score(f)
  local won = base.score(f)
  if not won.wins then return won end
  local how = f.situation.how or "items"
  local make = RESULTS[how]
  if not make then return won end
  local big = how ~= "numbers" and ("x"):rep(30000000)
  return { wins = true, value = { points = 10 }, items = make(big) }
end

R.helpers = { hows = {} }
for how in pairs(RESULTS) do R.helpers.hows[#R.helpers.hows + 1] = how end
table.sort(R.helpers.hows)

return R
