-- An author's mistake (tests/lua/test_author_mistakes.lua): a yaku whose test answers a
-- string, not true, false or nil.
local japanese = require "japanese"
return {
  name = "mistake_item",
  extends = "japanese",
  yaku = japanese.helpers.yaku_with(japanese.yaku, {
    { id = "h1", name = "Broken", value = 1, unit = "han",
      test = function(f, reading) return reading ~= nil and reading.pair == "5m" and "yes" end },
  }),
}
