-- MCR: several winners on one discard played on a stacked wall (s7.3, s15.1, s15.2): the
-- first in turn after the discarder by default (head bump); with mcr.multi_win = all the
-- discarder pays each winner T + B and every other loser -- not a co-winner -- pays B;
-- jong score gives the same with the situation's co_winners. No furiten (s7.2): a tile
-- passed may be won on later. Spec: /work/shared/rules/mcr.md.
local lu = require "luaunit"
local in_play = require "in_play"

local pass_all = in_play.pass_all

-- East's Green completes South's and West's seven pairs.
local HANDS = { E = "2z19p37s4567z59m3p7m8s", S = "1133m5577p99s11z2z", W = "2244m6688p1122s2z",
                N = "468m24p456s35z6z7z9m" }

local function two_winners(options)
  local g = assert(jong.scenario { rules = "mcr", seed = 1, options = options, hands = HANDS, draws = "7s7s7s" })
  in_play.play(g, "E", "d 2z")
  lu.assertEquals(g:waiting(), { "S", "W" })
  return g, in_play.all_win(g)
end

local function totals(g)
  local out = {}
  for _, r in ipairs(g.last_results) do out[r.seat] = r.result.value.total end
  return out
end

-- s7.3 head_bump: South alone, paid as s15.1.
function test_head_bump()
  local g = two_winners({})
  local t = totals(g)
  lu.assertEquals(#g.last_results, 1)
  lu.assertEquals(g:last_payments(), { E = -(t.S + 8), S = t.S + 24, W = -8, N = -8 })
end

-- s15.2: each winner is paid by the discarder T + B and by North B; the co-winner pays nothing.
function test_all_co_winners_do_not_pay()
  local g, expected = two_winners({ multi_win = "all" })
  local t = totals(g)
  local by = {}
  for _, r in ipairs(g.last_results) do by[r.seat] = r.payments end
  lu.assertEquals(by.S, { E = -(t.S + 8), S = t.S + 16, W = 0, N = -8 })
  lu.assertEquals(by.W, { E = -(t.W + 8), S = 0, W = t.W + 16, N = -8 })
  lu.assertEquals(jong.score(expected.S).payments, by.S)       -- one truth
  lu.assertEquals(jong.score(expected.W).payments, by.W)
end

-- co_winners in jong score: only with mcr.multi_win = all, on a discard.
function test_co_winners_situation_checked()
  local s = { rules = "mcr", seat = "S", hand = "1133m5577p99s11z22z", win_tile = "2z", win_by = "discard",
              from = "E", options = { multi_win = "all" }, co_winners = { "W" } }
  lu.assertTrue(jong.score(s).ok)
  s.co_winners = { "S" }
  lu.assertStrContains(jong.score(s).error, "co_winners must be seats other than the winner and the discarder")
  s.co_winners, s.options = { "W" }, nil
  lu.assertStrContains(jong.score(s).error, "co_winners lists the other winners")
end

-- s7.2: no furiten. South lets East's Green pass; North draws another Green and discards
-- it: South may win on it.
function test_no_furiten()
  local g = assert(jong.scenario { rules = "mcr", seed = 1, hands = HANDS, draws = "1m1m2z" })
  in_play.play(g, "E", "d 2z")
  in_play.play(g, "S", "pass"); in_play.play(g, "W", "pass")
  in_play.play(g, "S", "d 1m"); pass_all(g)
  in_play.play(g, "W", "d 1m"); pass_all(g)
  in_play.play(g, "N", "d 2z")
  lu.assertTrue(in_play.legal_types(g, "S").win)
end

os.exit(lu.LuaUnit.run())
