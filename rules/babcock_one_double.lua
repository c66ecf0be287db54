-- rules/babcock_one_double.lua: Babcock's One-Double game (classical.md §20).
-- Chinese Classical with two differences:
--   * qualification: the winning hand must score at least one double, not counting the
--     doubles of flowers and seasons (B4-B6); limit hands qualify (B1-B3, B7-B18 count);
--   * no dead wall: the last tile of the wall must be drawn unless someone has gone out;
--     kong replacements come from the far end, and the last tile of the wall is
--     "the last available tile" (B15, B16, C14).
-- Scoring tables are Classical's (§20: the source gives no other values).
local classical = require "classical"

return {
  name = "babcock_one_double",
  extends = "classical",
  dead_wall = { size = 0, policy = "none" },                      -- §20: no dead wall
  options = {
    game_type = { default = "one_double", values = classical.options.game_type.values,
                  doc = classical.options.game_type.doc },
    dead_wall = { default = "none", values = classical.options.dead_wall.values,
                  doc = classical.options.dead_wall.doc },
  },
}
