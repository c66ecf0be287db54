-- A rule script whose score hook grows a table without bound.
return { name = "grows", score = function()
  local t = {}
  for i = 1, math.maxinteger do t[i] = { i, i, i, i } end
end }
