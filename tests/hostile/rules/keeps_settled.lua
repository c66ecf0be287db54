-- score and settle keep the result of each win (settle is handed it), and score changes
-- the earlier ones on its next call: what jong.score answered must not change.
local japanese = require "japanese"
local kept = {}
local function spoil()
  for _, result in ipairs(kept) do
    result.value.han = 99
    result.items[1].name = "Changed"
    result.limit = "changed"
  end
end
return {
  name = "keeps_settled",
  extends = "japanese",
  score = function(f)
    spoil()
    local result = japanese.score(f)
    kept[#kept + 1] = result
    return result
  end,
  settle = function(f, result)
    kept[#kept + 1] = result
    return japanese.settle(f, result)
  end,
}
