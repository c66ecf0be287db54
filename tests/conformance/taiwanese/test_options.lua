-- Taiwanese: every option of the registry (§14) changes scoring or play. The situations
-- are spec examples (2, 5, 13, 14, 15, 18) and a humanly win; the play is seeded
-- self-play (option_effects.lua).
local lu = require "luaunit"
local option_effects = require "option_effects"

local SITUATIONS = {
  { seat = "S", hand = "123456789m234p567s88s", win_tile = "4p", win_by = "self" },
  { seat = "S", hand = "678m234p456s777s99p [345m]@E g1 g2 g3 g4 f2", win_tile = "4p", win_by = "discard", from = "N" },
  { seat = "W", hand = "123456m789p345s1z [678s]@S f1 f2 f3 f4 g1 g2 g3 g4", win_tile = "f4", win_by = "flowers",
    from = "N" },
  { seat = "S", hand = "113355m7799p2244666s", win_tile = "4s", win_by = "discard", from = "W" },
  { seat = "E", hand = "123456789m234p567s88s", win_tile = "8s", win_by = "self", flags = { "first_turn" } },
  { seat = "W", hand = "111333m555777p22999s", win_tile = "9s", win_by = "self" },
  { seat = "N", hand = "123456m345789p678s22s", win_tile = "3p", win_by = "discard", from = "E",
    flags = { "first_turn" } },
  { seat = "E", hand = "123456789m234p567s88s", win_tile = "8s", win_by = "self", flags = { "heavenly_ready" } },
}

function test_every_option_has_an_effect()
  option_effects.check("taiwanese", SITUATIONS, { base = { 50 }, per_tai = { 20 }, max_tai = { 5 } }, {}, 2)
end

os.exit(lu.LuaUnit.run())
