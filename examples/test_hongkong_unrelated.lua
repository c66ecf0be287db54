-- Hong Kong with a special hand (examples/rules/hongkong_unrelated.lua): special_complete
-- and score together, in play on a stacked wall as in jong score; the parent untouched.
local lu = require "luaunit"

local RULES = "examples/rules/hongkong_unrelated.lua"

local function score(rules, t)
  local s = { rules = rules, seat = "S", hand = "147m258p369s12345z", win_tile = "5z", win_by = "discard", from = "W" }
  for k, v in pairs(t or {}) do if v == false then s[k] = nil else s[k] = v end end
  return jong.score(s)
end

function test_scored_by_jong_score()
  local r = score(RULES)
  lu.assertEquals(r.items, { { name = "Thirteen unrelated", value = 3, unit = "faan" } })
  lu.assertEquals(r.value, { faan = 3 })
  lu.assertEquals(r.payments, { E = -8, S = 32, W = -16, N = -8 })      -- Hong Kong's half-gun payment
  r = score(RULES, { win_by = "self", from = false })
  lu.assertEquals(r.value, { faan = 4 })
  lu.assertEquals(r.payments, { E = -32, S = 96, W = -32, N = -32 })
  lu.assertEquals(score(RULES, { hand = "147m258p369s12335z" }).reason, "not a complete hand")  -- 2p 3p too close
  lu.assertEquals(score(RULES, { options = { unrelated_faan = 0 } }).reason, "not a complete hand")
  lu.assertEquals(score("hongkong").reason, "not a complete hand")
  -- an ordinary hand is Hong Kong's
  local t = { hand = "123m456p789s123s55z", win_by = "self", from = false }
  lu.assertEquals(score(RULES, t).items, score("hongkong", t).items)
end

-- South holds 147m 258p 369s 1234z: ready on 5z, 6z or 7z for the special hand; East
-- discards 5z at once.
local function game(rules, options)
  return assert(jong.scenario { rules = rules, options = options, seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "147m258p369s1234z",
              W = "11m22m33p44p55s55z7z", N = "11p22p33s44s55m66m7z" } })
end

local function may_win(g, seat)
  for _, a in ipairs(g:legal(seat)) do if a.type == "win" then return true end end
  return false
end

function test_in_play()
  local g = game(RULES)
  lu.assertEquals(g:waits("S"), { "5z", "6z", "7z" })
  assert(g:play("E", "d 5z"))
  lu.assertTrue(may_win(g, "S"))
  assert(g:play("S", "win"))
  assert(g:play("W", "pass"))                           -- West could pung the 5z: it answers too
  lu.assertEquals(g.last_results[1].result.items, { { name = "Thirteen unrelated", value = 3, unit = "faan" } })
  lu.assertEquals(g:last_payments(), score(RULES, { from = "E" }).payments)
  lu.assertEquals(g:last_payments(), { E = -16, S = 32, W = -8, N = -8 })
end

function test_not_in_the_parent_nor_when_off()
  for _, g in ipairs { game("hongkong"), game(RULES, { unrelated_faan = 0 }) } do
    lu.assertEquals(g:waits("S"), {})
    assert(g:play("E", "d 5z"))
    lu.assertFalse(may_win(g, "S"))
  end
end

os.exit(lu.LuaUnit.run())
