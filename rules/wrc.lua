-- rules/wrc.lua: the World Riichi Championship rules, as Japanese with these option
-- values (docs/japanese.md, "Presets").
local japanese = require "japanese"

-- Japanese's option `name` with another default.
local set = require("lib.presets").setter(japanese)

return {
  name = "wrc",
  extends = "japanese",
  options = {
    red_fives = set("red_fives", 0),
    kazoe = set("kazoe", "sanbaiman"),                     -- 13: no counted yakuman
    kiriage = set("kiriage", true),                        -- 16.3
    riichi_min_wall = set("riichi_min_wall", 0),           -- 7.1
    multiple_ron = set("multiple_ron", "head_bump"),       -- the seat nearest the discarder wins
    kan_dora_timing = set("kan_dora_timing", "immediate"),
    uma = set("uma", { 15, 5, -5, -15 }),
  },
}
