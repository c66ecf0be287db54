-- The option registry of taiwanese.md (section 14) as the spec writes it: every option exists under
-- its name (the prefix `tw.` may be given or left out) with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("taiwanese"))

-- name -> {default, alternatives...}
local REGISTRY = {
  base = { 30, 50 },
  per_tai = { 10, 20 },
  heavenly = { 16, 24 },
  humanly = { 8, 16 },
  flower_set = { "replace", "add" },
  ligu = { true, false },
  five_concealed_stacks = { false, true },
  pinghu_self_draw = { false, true },
  multi_win = { "nearest", "all" },
  seven_rob_one_payer = { "revealer", "all" },
  draw_keeps_dealer = { true, false },
  ready_declarations = { "off", "on" },
  max_tai = { "none", 20 },
  rounds = { 4, 1, 2, 3 },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "tw.")

os.exit(lu.LuaUnit.run())
