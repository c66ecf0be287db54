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

function test_every_option_with_the_spec_default()
  local resolved = assert(jong.resolve_options(R, {}))
  for name, row in pairs(REGISTRY) do
    lu.assertEquals(resolved[name], row[1], name)
  end
end

function test_every_listed_alternative_is_taken()
  for name, row in pairs(REGISTRY) do
    for i = 2, #row do
      local o, err = jong.resolve_options(R, { ["tw." .. name] = row[i] })
      lu.assertNotNil(o, name .. " = " .. tostring(row[i]) .. ": " .. tostring(err))
      lu.assertEquals(o[name], row[i], name)
    end
  end
end

os.exit(lu.LuaUnit.run())
