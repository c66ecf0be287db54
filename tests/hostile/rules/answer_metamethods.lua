-- A game hook's answer whose metamethods never end: the engine's check of it runs
-- inside the hook's own call, so the budget stops them, and the action is refused.
local loop = function() while true do end end
local evil = setmetatable({}, { __index = loop, __len = loop, __pairs = loop, __tostring = loop,
  __concat = loop, __eq = loop, __lt = loop, __le = loop, __call = loop })
return { name = "answer_metamethods", extends = "base",
  allowed_discards = function() return evil end,
  actions = function() return evil end }
