-- The Singapore family (examples/rules/singapore.lua), written from base: tai items, the
-- limit, the minimum, doubling payments, bonus tiles at their seat, kong money at once;
-- in jong score and in play on stacked walls, and whole matches with the bots.
local lu = require "luaunit"

local RULES = "examples/rules/singapore.lua"

local function score(t)
  local s = { rules = RULES, seat = "S", hand = "123m456p789s123s55z", win_tile = "5z", win_by = "discard", from = "W" }
  for k, v in pairs(t or {}) do if v == false then s[k] = nil else s[k] = v end end
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  return r
end

function test_items_and_payments()
  local r = score()
  lu.assertEquals(r.items, { { name = "No bonus tiles", value = 1, unit = "tai" } })
  lu.assertEquals(r.payments, { E = -1, S = 4, W = -2, N = -1 })     -- the discarder pays double
  r = score { hand = "123m456p789s234s55p f2 g2", win_tile = "2s", win_by = "self", from = false }
  lu.assertEquals(r.items, { { name = "Seat flower", value = 2, unit = "tai" } })
  lu.assertEquals(r.payments, { E = -4, S = 12, W = -4, N = -4 })    -- 2 tai: 2 units, doubled on a self-draw
  r = score { hand = "123m456p789s234s55p f1 f2 f3 f4", win_tile = "2s", from = "N" }
  lu.assertEquals(r.items, { { name = "Seat flower", value = 1, unit = "tai" }, { name = "Flower set", value = 1, unit = "tai" } })
  r = score { hand = "123m345m678m789m55p", win_tile = "8m" }          -- 4 + 1 tai: the limit
  lu.assertEquals(r.items, { { name = "All chows", value = 4, unit = "tai" }, { name = "No bonus tiles", value = 1, unit = "tai" } })
  lu.assertEquals(r.value, { tai = 5 })
  lu.assertEquals(r.limit, "Limit")
  lu.assertEquals(r.payments, { E = -16, S = 64, W = -32, N = -16 })
  r = score { hand = "111m555z666z777z99m", win_tile = "9m", from = "E" }
  lu.assertEquals(r.items, { { name = "Big three dragons", value = 5, unit = "tai" } })
  lu.assertEquals(r.limit, "Big three dragons")
  r = score { hand = "111m555z666z777z99m", win_tile = "9m", from = "E", options = { limit = 8, shooter = "all" } }
  lu.assertEquals(r.value, { tai = 8 })
  lu.assertEquals(r.payments, { E = -512, S = 512, W = 0, N = 0 })
  r = score { hand = "1133m5577p99s1155z", win_tile = "5z" }          -- no seven pairs here
  lu.assertEquals(r.reason, "not a complete hand")
  r = score { hand = "123m456p789s234s55p f1", win_tile = "2s" }       -- no tai: below the minimum
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, "0 tai, below the minimum of 1")
end

-- South waits on 5p; East discards it at once. A flower is dealt to South (its replacement
-- from the back of the wall): its own (f2, a tai) or another seat's (f1, none).
local function game(south_flower)
  return assert(jong.scenario { rules = RULES, seed = 1, back = "1m",
    hands = { E = "5p1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "23m456p789s234s5p" .. south_flower,
              W = "11m22m33p44p55s66s7z", N = "11p22p33s44s55m66m7z" } })
end

local function may_win(g, seat)
  for _, a in ipairs(g:legal(seat)) do if a.type == "win" then return true end end
  return false
end

function test_bonus_tiles_in_play()
  local g = game("f2")
  lu.assertEquals(g:seat("S").bonus, { "f2" })
  assert(g:play("E", "d 5p"))
  lu.assertTrue(may_win(g, "S"))
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.items, { { name = "Seat flower", value = 1, unit = "tai" } })
  lu.assertEquals(g:last_payments(), { E = -2, S = 4, W = -1, N = -1 })
  g = game("f1")                                   -- no tai: the win is not offered
  assert(g:play("E", "d 5p"))
  lu.assertFalse(may_win(g, "S"))
  lu.assertStrContains(select(2, g:play("S", "win")), "0 tai, below the minimum of 1")
end

function test_kong_money_at_once()
  local g = assert(jong.scenario { rules = RULES, seed = 1,
    hands = { E = "1111m234p567s789s5z", S = "2m47m258p369s1555z", W = "2288m33p44p55s66s7z",
              N = "11p22p33s44s55m66m7z" } })
  assert(g:play("E", "kong 1m"))
  lu.assertEquals(g:kong_income("E"), { S = 2, W = 2, N = 2 })
  lu.assertEquals(g:seat("E").points - g:seat("S").points, 8)
  assert(g:play("E", "d 5z"))
  assert(g:play("S", "kong"))                      -- a claimed kong: 1 unit from each
  lu.assertEquals(g:kong_income("S"), { E = 1, W = 1, N = 1 })
end

function test_matches()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = RULES, seed = seed })
    g:run_bots({}, "default")
    lu.assertNil(g.hook_error)
    lu.assertEquals(g:brief().phase, "match_end")
    lu.assertTrue(g:check())
  end
end

os.exit(lu.LuaUnit.run())
