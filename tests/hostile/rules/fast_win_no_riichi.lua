-- A Japanese child where riichi and menzen tsumo are no yaku (riichi is still declared):
-- a riichi or closed self-drawn hand without another yaku does not win.
local japanese = require "japanese"
return {
  name = "fast_win_no_riichi",
  extends = "japanese",
  yaku = japanese.helpers.yaku_without(japanese.yaku, "Riichi", "Menzen tsumo"),
}
