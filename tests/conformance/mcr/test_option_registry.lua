-- The option registry of mcr.md (section 16) as the spec writes it: every option exists under
-- its name (the prefix `mcr.` may be given or left out) with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("mcr"))

-- name -> {default, alternatives...}
local REGISTRY = {
  min_points = { 8, 0, 6 },
  flowers = { true, false },
  base_points = { 8, 0 },
  two_concealed_kongs = { 8, 6 },
  concealed_and_melded_kong = { 6, 5 },
  special_self_drawn = { "fully_concealed", "self_drawn" },
  kong_concealment = { "pung_series", "kong_items" },
  all_green_half_flush = { false, true },
  all_terminals_double_pung = { false, true },
  multi_win = { "head_bump", "all" },
  last_discard_claims = { "win_only", "all" },
  false_win = { "pay_each", "penalty", "none" },
  false_win_points = { 10, 0 },
  hands = { 16, 4, 8, 12 },
  seat_rotation = { "chart", "none" },
  ["break"] = { "dice", "random" },
  table_points = { { 4, 2, 1, 0 }, { 3, 2, 1, 0 } },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "mcr.")

os.exit(lu.LuaUnit.run())
