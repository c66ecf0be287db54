-- Sanma with a two-han minimum (examples/rules/sanma_two_han.lua): jong score, play on a
-- stacked wall (a 1-han ron is not offered, a 2-han tsumo is), dora not counted, the parent
-- untouched.
local lu = require "luaunit"

local RULES = "examples/rules/sanma_two_han.lua"

local function score(rules, t)
  local s = { rules = rules, seat = "S", hand = "234p456p678s345s55p", win_tile = "5p", win_by = "discard", from = "E" }
  for k, v in pairs(t or {}) do if v == false then s[k] = nil else s[k] = v end end
  return jong.score(s)
end

function test_jong_score()
  local r = score(RULES)                                   -- tanyao alone
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, "1 han without dora, below the minimum of 2")
  lu.assertEquals(r.value, { han = 1, fu = 40 })
  lu.assertEquals(score("sanma").payments, { E = -1300, S = 1300, W = 0 })
  r = score(RULES, { dora = { "4p" } })                   -- three dora more: still 1 han of yaku
  lu.assertFalse(r.wins)
  lu.assertEquals(r.value.han, 4)
  r = score(RULES, { win_by = "self", from = false })     -- menzen tsumo and tanyao
  lu.assertTrue(r.wins)
  lu.assertEquals(r.payments, { E = -1000, S = 1500, W = -500 })
  lu.assertEquals(r.payments, score("sanma", { win_by = "self", from = false }).payments)
  lu.assertTrue(score(RULES, { options = { min_han = 1 } }).wins)
end

-- East discards 5p at once; South (tanyao, waiting on 5p) may ron only in the parent; it
-- passes; South, West and East draw and discard 1z, 2z, 3z; South draws the red 5p and may
-- tsumo (2 han, and a red five, which is dora).
local function game(rules)
  return assert(jong.scenario { rules = rules, seed = 1, draws = "1z2z3z0p",
    hands = { E = "5p1m9m1p9p1s1s9s1z2z3z4z6z5z", S = "234p456p678s345s5p", W = "1m1m9m9m1p1p9p9p1s1s9s9s7z" } })
end

local function types(g, seat)
  local t = {}
  for _, a in ipairs(g:legal(seat)) do t[a.type] = true end
  return t
end

function test_in_play()
  local g = game(RULES)
  assert(g:play("E", "d 5p"))
  lu.assertEquals(types(g, "S"), { pass = true, pung = true })
  local ok, why = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(why, "1 han without dora, below the minimum of 2")
  assert(g:run { { "S", "pass" }, { "S", "d 1z" }, { "W", "d 2z" }, { "E", "d 3z" } })
  local win
  for _, a in ipairs(g:legal("S")) do if a.type == "win" then win = a end end
  lu.assertNotNil(win)                                     -- the tsumo on 0p
  local expected = jong.score(g:situation(g:pending_win(win)))
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.value, { han = 3, fu = 30 })
  lu.assertEquals(g:last_payments(), { E = -2000, S = 3000, W = -1000 })
  lu.assertEquals(expected.payments, g:last_payments())
end

function test_the_parent_offers_the_ron()
  local g = game("sanma")
  assert(g:play("E", "d 5p"))
  assert(g:play("S", "win"))
  lu.assertEquals(g:last_payments(), { E = -1300, S = 1300, W = 0 })
end

os.exit(lu.LuaUnit.run())
