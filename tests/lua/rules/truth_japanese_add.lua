-- A Japanese child with one more yaku (tests/lua/test_one_truth.lua): "Fives pair", 1 han
-- when the pair of the reading is a five.
local japanese = require "japanese"
local yaku = japanese.helpers

return {
  name = "truth_japanese_add",
  extends = "japanese",
  yaku = yaku.yaku_with(japanese.yaku, {
    { name = "Fives pair", closed = 1, open = 1,
      test = function(f, reading) return reading ~= nil and reading.pair:sub(1, 1) == "5" end },
  }),
}
