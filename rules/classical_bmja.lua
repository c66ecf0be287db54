-- rules/classical_bmja.lua: the BMJA preset of Chinese Classical (classical.md §21,
-- Kajongg ClassicalChineseBMJA). Classical with these option defaults (limit 1000, the
-- calling declaration, a 14-tile kong box, one double each for the own flower and the
-- own season, no A15/A16/A17, Gates of Heaven only on 2-8) and, through
-- ruleset_preset = bmja (classical.presets.bmja, overrides of classical.items): no B7, B10, B13, B14, C1, C5, C17; all flowers /
-- all seasons 2 doubles; "Purity" 3 doubles instead of B11; Three Great Scholars only
-- without a chow; at most one chow in a winning hand (limit hands too, Gates of Heaven aside);
-- the limit hand Buried Treasure (Kajongg's predicate: one suit with or without honours, four
-- concealed pungs, no kong, and a pair).
-- A loser whose hand one tile would make one of these limit hands scores 0.4 of the limit
-- when that is more than his own score; one calling for Purity adds 3 doubles (Kajongg's
-- loser rules "Calling for ...").
-- With extra_special_hands = bmja the irregular hands (classical.special_hands, Kajongg's
-- predicates): Wriggling Snake (the limit), the half-limit hands Triple Knitting, Knitting,
-- All Pair Honours, and losers calling for them (0.4, 0.2 of the limit).
local classical = require "classical"
local o = classical.options

local function default(name, value)
  return { default = value, values = o[name].values, doc = o[name].doc }
end

return {
  name = "classical_bmja",
  extends = "classical",
  dead_wall = { size = 14, policy = "fixed" },
  options = {
    ruleset_preset = default("ruleset_preset", "bmja"),
    limit = default("limit", 1000),
    must_declare_calling = default("must_declare_calling", true),
    dead_wall = default("dead_wall", "replenish14"),
    own_bonus = default("own_bonus", "each"),
    pair_completion_points = default("pair_completion_points", false),
    only_possible_points = default("only_possible_points", false),
    nine_gates = default("nine_gates", "two_to_eight"),
    extra_special_hands = default("extra_special_hands", "bmja"),
  },
}
