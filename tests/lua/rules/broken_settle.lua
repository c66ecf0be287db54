-- A Japanese child whose settle answers a number, not a payments table, a payment that is
-- not a whole number, unbalanced payments or the discarder's behind __index (option how)
-- (tests/lua/test_hook_errors.lua).
local japanese = require "japanese"
local R = { name = "broken_settle", extends = "japanese",
            options = { how = { default = "number", doc = "number, half, unbalanced or hidden" } } }

function R.settle(f, result)
  if f.options.how == "unbalanced" then return { [f.seat] = 1000 } end
  if f.options.how == "half" then
    local pay = japanese.settle(f, result)
    for seat, v in pairs(pay) do pay[seat] = v / 3 end
    return pay
  end
  if f.options.how == "hidden" then
    local pay = japanese.settle(f, result)
    local from = f.from
    local v = pay[from]
    pay[from] = nil
    return setmetatable(pay, { __index = function(_, seat) if seat == from then return v end end })
  end
  return 1000
end

return R
