-- Sichuan with a house declaration (examples/rules/sichuan_ting.lua): the engine offers
-- "ting" with a discard that leaves the hand ready, locks the hand, and the win earns 1 fan
-- more, in play on a stacked wall as in jong score; the parent offers nothing of it.
local lu = require "luaunit"

local RULES = "examples/rules/sichuan_ting.lua"

-- No exchange; missing suits E bamboo, S dots, W dots, N bamboo. East discards 9m; South
-- draws 9p (its missing suit: the one tile it may discard) and may declare ready with it
-- (waiting on 1s or 4s); West draws 1m, North 5s, East `east_draw`.
local function game(rules, east_draw)
  local g = assert(jong.scenario { rules = rules, seed = 1, options = { exchange = "off" },
    draws = "9p1m5s" .. east_draw .. "4s",
    hands = { E = "123456789p13579m", S = "123m456m789m11s23s", W = "234567888m4599s", N = "123456789p1357m" } })
  for _, seat in ipairs { "E", "S", "W", "N" } do
    assert(g:play(seat, "declare " .. ({ E = "s", S = "p", W = "p", N = "s" })[seat]))
  end
  assert(g:play("E", "d 9m"))
  return g
end

local function legal(g, seat)
  local out = {}
  for _, a in ipairs(g:legal(seat)) do out[#out + 1] = a.type .. (a.tile and (" " .. a.tile) or "") end
  return out
end

function test_declared_and_won_on_a_discard()
  local g = game(RULES, "4s")
  lu.assertEquals(legal(g, "S"), { "discard 9p", "ting 9p" })
  assert(g:run { { "S", "ting 9p" }, { "W", "d 1m" }, { "N", "d 5s" }, { "E", "d 4s" } })
  local win
  for _, a in ipairs(g:legal("S")) do if a.type == "win" then win = a end end
  local expected = jong.score(g:situation(g:pending_win(win)))   -- what play will score
  assert(g:play("S", "win"))
  local result = g.last_results[1].result
  lu.assertEquals(result.items, { { name = "Plain win", value = 0, unit = "fan" },
                                  { name = "Declared ready", value = 1, unit = "fan" } })
  lu.assertEquals(result.value, { fan = 1, points = 2 })
  lu.assertEquals(g:last_payments(), { E = -2, S = 2, W = 0, N = 0 })
  lu.assertEquals(expected.payments, g:last_payments())
end

function test_locked_hand_and_self_draw()
  local g = game(RULES, "7p")
  assert(g:run { { "S", "ting 9p" }, { "W", "d 1m" }, { "N", "d 5s" }, { "E", "d 7p" } })
  lu.assertEquals(legal(g, "S"), { "win 4s", "discard 4s" })   -- locked: only the drawn tile
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.value.fan, 1)
  lu.assertEquals(g:last_payments(), { E = -3, S = 9, W = -3, N = -3 })  -- 2 + a base from each
end

function test_the_parent_has_no_ting()
  local g = game("sichuan", "4s")
  lu.assertEquals(legal(g, "S"), { "discard 9p" })
  local ok, why = g:play("S", "ting 9p")
  lu.assertNil(ok)
  lu.assertStrContains(why, "ting")
  assert(g:run { { "S", "d 9p" }, { "W", "d 1m" }, { "N", "d 5s" }, { "E", "d 4s" }, { "S", "win" } })
  lu.assertEquals(g:last_payments(), { E = -1, S = 1, W = 0, N = 0 })
end

function test_jong_score()
  local s = { rules = RULES, seat = "S", hand = "123m456m789m11s234s", win_tile = "4s", win_by = "discard",
              from = "E", missing_suit = "p", flags = { "declared_ready" } }
  local r = jong.score(s)
  lu.assertEquals(r.value, { fan = 1, points = 2 })
  lu.assertEquals(r.payments, { E = -2, S = 2, W = 0, N = 0 })
  s.options = { fan_cap = 3 }
  s.hand, s.win_tile = "111m222m333m44s555s", "5s"             -- all pungs: a higher value
  s.flags = nil
  local without = jong.score(s)
  s.flags = { "declared_ready" }
  local with = jong.score(s)
  lu.assertEquals(with.value.fan, without.value.fan + 1)
  s.rules = "sichuan"                                          -- the parent knows no such flag
  lu.assertFalse(jong.score(s).ok)
end

os.exit(lu.LuaUnit.run())
