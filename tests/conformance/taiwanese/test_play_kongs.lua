-- Taiwanese §7.4 in play on a stacked wall: only a tile added to a pung may be robbed; a
-- concealed kong is not, even by a seat waiting on its tile (West waits on 4s/7s).
-- Spec: /work/shared/rules/taiwanese.md.
local lu = require "luaunit"
local in_play = require "in_play"

function test_a_concealed_kong_is_not_robbed()
  local g = assert(jong.scenario { rules = "taiwanese", seed = 1, draws = "9s", back = "9m",
    hands = { E = "7777s12345678m11z234p", S = "258m369p149s1234566z", W = "123456m456p789p56s88s",
              N = "8m8p99p33s2233445566z" } })
  in_play.play(g, "E", "kong 7s")
  local st = g:state()
  lu.assertEquals({ st.phase, st.turn, st.drawn }, { "turn", "E", "9m" })   -- the replacement from the tail
  lu.assertEquals(st.seats.E.melds, { "[7777s]c" })
  lu.assertEquals(g:waiting(), { "E" })
  lu.assertNil(in_play.last_event(g, "win"))
end

os.exit(lu.LuaUnit.run())
