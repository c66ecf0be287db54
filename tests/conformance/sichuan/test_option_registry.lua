-- The option registry of sichuan.md (section 16) as the spec writes it: every option exists under
-- its name (the prefix `sc.` may be given or left out) with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("sichuan"))

-- name -> {default, alternatives...}
local REGISTRY = {
  base = { 1, 2 },
  fan_cap = { 3, 4, 5, "none" },
  self_draw = { "base", "fan", "none" },
  exchange = { "random", "dice", "left", "right", "across", "off" },
  exchange_same_suit = { true, false },
  discard_missing_first = { true, false },
  pass_lock = { true, false },
  kong_replacement = { "head", "tail" },
  kong_money = { true, false },
  kong_shot = { "transfer", "void", "keep" },
  kong_shot_amount = { "last", "all" },
  kong_refund = { true, false },
  dragon_seven_pairs = { 4, 3 },
  yaojiu_jiangdui = { true, false },
  heavenly_earthly = { true, false },
  earthly = { "first_draw", "dealer_discard" },
  roots = { "all", "kongs" },
  last_tile_fan = { true, false },
  menqing_zhongzhang = { false, true },
  fed_kong_bloom = { "self_draw", "discard" },
  flower_pig_fan = { "cap", 4 },
  flower_pig_amount = { "fixed", "max_ready" },
  checks_include_winners = { false, true },
  multi_win_dealer = { "discarder", "nearest" },
  deals = { 4, 1 },
  preset = { "app", "sbr" },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "sc.")

os.exit(lu.LuaUnit.run())
