-- rules/ema.lua: the EMA Riichi Competition Rules 2016, as Japanese with these option
-- values (docs/japanese.md, "Presets").
local japanese = require "japanese"

-- Japanese's option `name` with another default.
local set = require("lib.presets").setter(japanese)

return {
  name = "ema",
  extends = "japanese",
  options = {
    red_fives = set("red_fives", 0),
    yakuman_stacking = set("yakuman_stacking", false),     -- B9: one yakuman counts
    kazoe = set("kazoe", "sanbaiman"),                     -- no counted yakuman
    renhou = set("renhou", "yakuman"),
    nagashi_mangan = set("nagashi_mangan", true),          -- 9.5
    kan_dora_timing = set("kan_dora_timing", "immediate"), -- 5.6
    kan_on_last_tile = set("kan_on_last_tile", "forbidden"),
    uma = set("uma", { 15, 5, -5, -15 }),
  },
}
