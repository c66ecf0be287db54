-- score saying wins = true without its value: settle (base's) would fail far from the mistake.
local R = { name = "mistake_no_value", extends = "base" }
function R.score(f)
  return { wins = true, items = { { name = "Win", value = 10, unit = "points" } } }
end
return R
