-- settle answering a list instead of {E =, S =, W =, N =}: every seat would be paid 0.
local R = { name = "mistake_settle_list", extends = "base" }
function R.settle(f, result)
  return { 10, -10, 0, 0 }
end
return R
