-- A Japanese child without tanyao, and the red dragon not a value honour.
local japanese = require "japanese"
return {
  name = "fast_win_no_tanyao",
  extends = "japanese",
  yaku = japanese.helpers.yaku_without(japanese.yaku, "Tanyao", "Yakuhai: Red"),
}
