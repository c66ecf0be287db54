-- A Hong Kong child that values "Concealed hand" at 3 faan, by data: its own items list
-- with that entry's value changed, no code (tests/lua/test_one_truth.lua).
local hongkong = require "hongkong"

local items = {}
for i, e in ipairs(hongkong.items) do
  if e.name == "Concealed hand" then
    local copy = {}
    for k, v in pairs(e) do copy[k] = v end
    copy.value = 3
    items[i] = copy
  else
    items[i] = e
  end
end

return { name = "truth_hongkong_value", extends = "hongkong", items = items }
