-- A Japanese child without Tanyao (tests/lua/test_one_truth.lua).
local japanese = require "japanese"

return {
  name = "truth_japanese_remove",
  extends = "japanese",
  yaku = japanese.helpers.yaku_without(japanese.yaku, "Tanyao"),
}
