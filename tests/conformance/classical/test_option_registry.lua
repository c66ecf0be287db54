-- The option registry of classical.md (sections 13-21) as the spec writes it: every option exists under
-- its name (the prefix `classical.` may be given or left out) with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("classical"))

-- name -> {default, alternatives...}
local REGISTRY = {
  ruleset_preset = { "standard", "dmjl", "bmja" },
  limit = { 500, 1000, 300, "roof_off" },
  mahjong_points = { 20, 10 },
  wd_table = { false, true },
  dead_wall = { "exhaustible16", "replenish14", "babcock_mixed", "none", "dice_stacks", "stacks7" },
  bonus_replacement = { "live_wall", "kong_box" },
  draw_passes_deal = { false, true },
  multi_win = { "first_in_turn", "by_set_type" },
  sacred_discard = { false, true },
  missed_pung_lock = { false, true },
  must_declare_calling = { false, true },
  rounding = { "none", "up10", "nearest10" },
  east_streak_limit = { 9, 13, "off" },
  heaven_blessing = { "limit", "three_doubles" },
  pair_completion_points = { true, false },
  only_possible_points = { true, false },
  own_bonus = { "pair", "each" },
  loser_settlement = { true, false },
  game_type = { "mixed_hand", "one_double", "cleared_hand" },
  nine_gates = { "any_tile", "two_to_eight" },
  earth_blessing_first_draw = { false, true },
  discarder_pays = { false, true },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "classical.")

os.exit(lu.LuaUnit.run())
