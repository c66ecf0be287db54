-- A yaku left out by a misspelt name: refused at load, naming the line and the nearest name.
local japanese = require "japanese"
return { name = "mistake_yaku_name", extends = "japanese",
  yaku = japanese.helpers.yaku_without(japanese.yaku, "Tanyoa") }
