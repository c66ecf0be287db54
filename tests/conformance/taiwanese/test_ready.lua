-- Taiwanese ready declarations in play (§11.10, tw.ready_declarations on), on stacked
-- walls: a declaration made with the first discard that leaves the hand ready, before
-- any claim, is the dealer's heavenly ready (天聽, 8) or another seat's earthly ready
-- (地聽, 4), each replacing Concealed hand; a declared seat keeps its hand (it discards
-- what it draws). Off by default: no declaration is offered.
local lu = require "luaunit"

local in_play = require "in_play"
local play, legal_types = in_play.play, in_play.legal_types

local HANDS = { E = "234567m345p345s9s666z7z", S = "123456789m234p2s7z11z", W = "114477m114477p2255s",
                N = "6688s22334455z99m1p9p" }

local function deal(draws, on)
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = draws, hands = HANDS,
                                 options = on and { ready_declarations = "on" } or nil }
  lu.assertNotNil(g, err)
  return g
end

local function items(g)
  local out = {}
  for _, it in ipairs(g.last_results[1].result.items) do out[#out + 1] = { it.name, it.value } end
  return out
end

function test_heavenly_ready_of_the_dealer()
  local g = deal("9s", true)
  lu.assertTrue(legal_types(g, "E").ready)
  play(g, "E", "ready 7z")      -- leaves 234567m 345p 345s 666z 9s: waits on 9s
  play(g, "S", "d 9s")
  play(g, "E", "win")
  -- Heavenly ready replaces Concealed hand; 30 + 10 x (10 + 1)
  lu.assertEquals(items(g), { { "Dragon pung", 1 }, { "Single wait", 1 }, { "Heavenly ready", 8 }, { "Dealer", 1 } })
  lu.assertEquals(g.last_results[1].payments, { E = 140, S = -140, W = 0, N = 0 })
end

function test_earthly_ready()
  local g = deal("2s9m", true)
  play(g, "E", "d 7z")
  play(g, "S", "ready 7z")      -- 123m 456m 789m 234p 11z 22s: waits on 1z or 2s
  lu.assertEquals(g:state().seats.S.flags, 3)   -- declared, before any claim
  play(g, "W", "d 2s")
  play(g, "S", "win")
  lu.assertEquals(items(g), { { "Earthly ready", 4 } })
  lu.assertEquals(g.last_results[1].payments, { E = 0, S = 70, W = -70, N = 0 })
end

function test_off_by_default()
  local g = deal("9s", false)
  lu.assertNil(legal_types(g, "E").ready)
end

os.exit(lu.LuaUnit.run())
