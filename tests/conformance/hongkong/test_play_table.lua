-- Hong Kong: several winners on one discard, played on a stacked wall (§7.3, §14.2,
-- §14.4): the nearest claimant alone by default; with hk.multi_win = all the discarder
-- pays each winner, and the other losers -- not a co-winner -- pay each winner their
-- share; jong score gives the same with the situation's co_winners.
-- Spec: /work/shared/rules/hongkong.md.
local lu = require "luaunit"
local in_play = require "in_play"

local pass_all = in_play.pass_all

-- East's second discard 5p completes South's hand (2 faan) and West's (5 faan: mixed one
-- suit).
local function two_winners(options)
  options.min_faan = 0
  local g = assert(jong.scenario { rules = "hongkong", seed = 1, options = options, draws = "3z3z3z2z", hands = {
    E = "5p1p9p7p2s8s1z2z3z4z6z7z1m9m", S = "123456789m34p99s", W = "123456789p55z46p", N = "235m68m28p3357s12z" } })
  for _, move in ipairs({ { "E", "d 7p" }, { "S", "d 3z" }, { "W", "d 3z" }, { "N", "d 3z" } }) do
    in_play.play(g, move[1], move[2]); pass_all(g)
  end
  in_play.play(g, "E", "d 5p")
  lu.assertEquals(g:waiting(), { "S", "W" })
  return g, in_play.all_win(g)
end

local function by_seat(g)
  local out = {}
  for _, r in ipairs(g.last_results) do out[r.seat] = { r.result.value.faan, r.payments } end
  return out
end

-- §7.3 default first_in_turn: South, nearest after East, wins alone (2 faan: u = 4).
function test_first_in_turn()
  local g = two_winners({})
  lu.assertEquals(by_seat(g), { S = { 2, { E = -8, S = 16, W = -4, N = -4 } } })
end

-- §14.4 with half_gun: East pays each winner 2u, North (the other loser) u; the
-- co-winner pays nothing. South 2 faan (u = 4), West 5 faan (u = 16).
function test_all_half_gun_co_winners_do_not_pay()
  local g, expected = two_winners({ multi_win = "all" })
  lu.assertEquals(by_seat(g), { S = { 2, { E = -8, S = 12, W = 0, N = -4 } },
                                W = { 5, { E = -32, S = 0, W = 48, N = -16 } } })
  lu.assertEquals(g:last_payments(), { E = -40, S = 12, W = 48, N = -20 })
  -- one truth: jong score of the same situations (co_winners given) pays the same
  lu.assertEquals(expected.S.co_winners, { "W" })
  lu.assertEquals(jong.score(expected.S).payments, { E = -8, S = 12, W = 0, N = -4 })
  lu.assertEquals(jong.score(expected.W).payments, { E = -32, S = 0, W = 48, N = -16 })
end

-- §14.2 full_gun: the discarder alone pays each winner 4u.
function test_all_full_gun()
  local g = two_winners({ multi_win = "all", discard_payment = "full_gun" })
  lu.assertEquals(g:last_payments(), { E = -80, S = 16, W = 64, N = 0 })
end

-- co_winners in jong score: only with hk.multi_win = all, on a discard, other seats.
function test_co_winners_situation_checked()
  local s = { rules = "hongkong", seat = "S", hand = "123456789m345p99s", win_tile = "5p", win_by = "discard",
              from = "E", options = { min_faan = 0, multi_win = "all" }, co_winners = { "W" } }
  lu.assertTrue(jong.score(s).ok)
  s.co_winners = { "E" }
  lu.assertStrContains(jong.score(s).error, "co_winners must be seats other than the winner and the discarder")
  s.co_winners, s.options.multi_win = { "W" }, "first_in_turn"
  lu.assertStrContains(jong.score(s).error, "co_winners lists the other winners")
end

os.exit(lu.LuaUnit.run())
