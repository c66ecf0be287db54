-- rules/babcock_cleared_hand.lua: Babcock's Cleared-Hand game (classical.md §20).
-- Chinese Classical with two differences:
--   * qualification: the hand must be all one suit with or without honours, or all
--     terminals with or without honours, or all honours (Thirteen Orphans qualifies;
--     other limit hands must meet the same condition);
--   * no dead wall, as in the One-Double game.
-- Scoring tables are Classical's (§20: the source gives no other values).
local classical = require "classical"

return {
  name = "babcock_cleared_hand",
  extends = "classical",
  dead_wall = { size = 0, policy = "none" },                      -- §20: no dead wall
  options = {
    game_type = { default = "cleared_hand", values = classical.options.game_type.values,
                  doc = classical.options.game_type.doc },
    dead_wall = { default = "none", values = classical.options.dead_wall.values,
                  doc = classical.options.dead_wall.doc },
  },
}
