-- A Japanese child whose score answers a win with a field of the wrong type (option
-- field: value, items or limit) (tests/lua/test_hook_errors.lua).
local japanese = require "japanese"
local R = { name = "bad_result", extends = "japanese",
            options = { field = { default = "value", doc = "value, items or limit" } } }

function R.score(f)
  local result = japanese.score(f)
  result[f.options.field] = f.options.field == "limit" and {} or 5
  return result
end

function R.settle() return { E = 0, S = 0, W = 0, N = 0 } end

return R
