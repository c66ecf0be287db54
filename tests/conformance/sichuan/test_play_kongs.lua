-- Sichuan kongs in play on stacked walls: robbing a promoted kong (§9.5: the declarer
-- pays as the discarder, the kong earns nothing), a concealed kong cannot be robbed
-- (§9.5), and no concealed kong of the missing suit (§8.3).
-- Spec: /work/shared/rules/sichuan.md.
local lu = require "luaunit"
local in_play = require "in_play"
local play, events = in_play.play, in_play.events

local function game(hands, draws)
  return assert(jong.scenario { rules = "sichuan", seed = 1, hands = hands, draws = draws,
                                options = { exchange = "off" } })
end

local function declare(g, suits)
  for _, seat in ipairs({ "E", "S", "W", "N" }) do play(g, seat, "declare " .. suits[seat]) end
end

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do play(g, s, "pass") end
  end
end

-- South pungs East's 5p and draws the fourth; West then waits on 2p/5p.
local HANDS = { E = "5p23456789m6688p3p", S = "1234679s55p1279p", W = "111234m789p99p3p1p",
                N = "1357s2468m13p7p9s8s" }

-- §9.5: West robs South's promoted kong of 5p: South pays as the discarder; no kong money
-- is paid for it; the score is jong score's for the same situation.
function test_robbing_a_promoted_kong()
  local g = game(HANDS, "4p6s6s5p")
  declare(g, { E = "s", S = "m", W = "s", N = "m" })
  play(g, "E", "d 5p"); play(g, "S", "pung"); pass_all(g)
  play(g, "S", "d 1p"); pass_all(g)
  play(g, "W", "d 1p"); pass_all(g)
  play(g, "N", "d 2m"); pass_all(g)
  play(g, "E", "d 6s"); pass_all(g)
  lu.assertTrue(in_play.legal_types(g, "S").kong_promoted)
  play(g, "S", "kong 5p")
  lu.assertEquals(g:state().phase, "rob")
  lu.assertEquals(g:waiting(), { "W" })
  local offered
  for _, a in ipairs(g:legal("W")) do if a.type == "win" then offered = a end end
  lu.assertNotNil(offered)
  local expected = jong.score(g:situation(g:pending_win(offered)))
  play(g, "W", offered)
  local win = in_play.last_event(g, "win")
  lu.assertEquals({ win.seat, win.by, win.from }, { "W", "rob", "S" })
  lu.assertEquals(#events(g, "payment"), 0)                       -- no kong money (§9.5, §11.2)
  local p = expected.payments
  lu.assertTrue(p.W > 0)
  lu.assertEquals(g:last_payments(), { E = 0, S = -p.W, W = p.W, N = 0 })
  lu.assertEquals(p, g:last_payments())
  lu.assertEquals(g:state().seats.S.melds, { "[555p]@E" })      -- the kong is not made
end

-- §9.5: a concealed kong cannot be robbed: West waits on 5p, East declares four 5p.
function test_a_concealed_kong_is_not_robbed()
  local g = game({ E = "5555p2345678m668p", S = HANDS.S:gsub("55p", "11s"), W = "111234m789p99p34p",
                   N = HANDS.N }, "6s")
  declare(g, { E = "s", S = "m", W = "s", N = "m" })
  play(g, "E", "kong 5p")
  local st = g:state()
  lu.assertEquals({ st.phase, st.turn }, { "turn", "E" })
  lu.assertEquals(st.seats.E.melds, { "[5555p]c" })
  lu.assertNil(in_play.legal_types(g, "W").win)
end

-- §8.3: no concealed kong of the missing suit.
function test_no_concealed_kong_of_the_missing_suit()
  local hands = { E = "1111m2345678p119s", S = "1234679s55p1279p", W = "999234m789p99p3p1p",
                  N = "1357s2468m13p7p9s8s" }
  for _, missing in ipairs({ "s", "m" }) do
    local g = game(hands, "6s")
    declare(g, { E = missing, S = "m", W = "s", N = "m" })
    local kong = false
    for _, a in ipairs(g:legal("E")) do if a.type == "kong_concealed" and a.tile == "1m" then kong = true end end
    lu.assertEquals(kong, missing == "s")
  end
end

os.exit(lu.LuaUnit.run())
