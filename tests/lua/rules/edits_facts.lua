-- A Japanese child whose score changes the facts it is handed before its parent scores
-- them (tests/lua/test_facts_lazy.lua): a house rule that counts every closed hand as
-- declared riichi, and a helper's mark on each set of each reading. A hook's facts are
-- its own tables (docs/hooks.md, "Facts").
local japanese = require "japanese"
local R = { name = "edits_facts", extends = "japanese" }

function R.score(f)
  if f.concealed then f.flags.riichi = true end
  for _, reading in ipairs(f.readings) do
    for _, set in ipairs(reading.sets or reading) do
      if type(set) == "table" then set.seen = true end
    end
  end
  f.melds[#f.melds + 1] = nil
  f.bonus.marked = true
  return japanese.score(f)
end

return R
