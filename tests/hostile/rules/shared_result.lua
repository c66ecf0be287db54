-- A result whose tables are shared: each level holds the next one 64 times, 12 deep
-- (a few hundred tables, 64^12 paths through them).
return { name = "shared_result", extends = "base", score = function()
  local t = { name = "Leaf", value = 1, unit = "points" }
  for _ = 1, 12 do
    local up = {}
    for i = 1, 64 do up[i] = t end
    t = up
  end
  return { wins = true, value = { points = 1 }, items = { { name = "Shared", value = 1, unit = "points", parts = t } } }
end }
