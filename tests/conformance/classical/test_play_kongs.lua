-- Classical kongs in play on stacked walls: no concealed kong right after claiming a
-- pung (§8.5, §9.3), a melded pung is not made a kong with a discard (§8.6), and the
-- concealed kong is declared on a later own turn. Spec: /work/shared/rules/classical.md.
local lu = require "luaunit"
local in_play = require "in_play"

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

-- South holds four 1s and a pair of 5p; East discards 5p twice.
local HANDS = { E = "5p5p3m19m19p9s1234z67z", S = "1111s55p45m9s567z8p", W = "2468p2468s2z2z4z1z6z", N = "13579m37p357s3z4z5z" }

function test_no_concealed_kong_after_a_pung()
  local g = assert(jong.scenario { rules = "classical", seed = 1, hands = HANDS, draws = "6p8m7m",
                                   options = { bonus_tiles = false } })
  in_play.play(g, "E", "d 5p")
  in_play.play(g, "S", "pung"); pass_all(g)
  lu.assertEquals(g:state().turn, "S")
  lu.assertNil(in_play.legal_types(g, "S").kong_concealed)          -- §8.5
  in_play.play(g, "S", "d 9s"); pass_all(g)
  -- §8.6: East's second 5p cannot make South's melded pung a kong
  in_play.play(g, "W", "d 6p"); pass_all(g)
  in_play.play(g, "N", "d 8m"); pass_all(g)
  in_play.play(g, "E", "d 5p")
  lu.assertNil(in_play.legal_types(g, "S").kong)
  pass_all(g)
  -- §9.3: on his own turn after a draw he may declare the four 1s
  lu.assertEquals(g:state().turn, "S")
  lu.assertTrue(in_play.legal_types(g, "S").kong_concealed)
end

os.exit(lu.LuaUnit.run())
