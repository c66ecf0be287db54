-- The small family of docs/authoring.md (chapter 3): items as data, the minimum, and play
-- on a stacked wall following score.
local lu = require "luaunit"

local RULES = "examples/rules/kitchen.lua"

local function score(hand, tile, more)
  local s = { rules = RULES, seat = "S", hand = hand, win_tile = tile, win_by = "discard", from = "E" }
  for k, v in pairs(more or {}) do s[k] = v end
  return jong.score(s)
end

function test_items()
  local r = score("123m456p234s789s55m", "5m")
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.items, { { name = "Mahjong", value = 1, unit = "points" },
                             { name = "All chows", value = 1, unit = "points" } })
  lu.assertEquals(r.payments, { E = -2, S = 2, W = 0, N = 0 })
  r = score("1133m5577p99s1155z", "5z")
  lu.assertEquals(r.value.points, 3)                  -- Mahjong and Seven pairs
end

function test_minimum()
  local r = score("111m456p234s789s55m", "5m")        -- a pung: Mahjong alone
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, "1 points, below the minimum of 2")
  lu.assertTrue(score("111m456p234s789s55m", "5m", { options = { minimum = 1 } }).wins)
  lu.assertFalse(score("19m19p19s12345677z", "7z").wins)   -- no thirteen orphans
end

-- South waits on 5m; East discards it on his second turn. Offered exactly when score says.
local function offered(south, options)
  local g = assert(jong.scenario { rules = RULES, options = options, seed = 1, draws = "6z6z6z5m",
    hands = { E = "11m99p33s1122z3457z", S = south, W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
  for _, a in ipairs(g:legal("S")) do if a.type == "win" then return true, g end end
  return false, g
end

function test_in_play()
  local wins, g = offered("1235m456p234s789s")        -- all chows: 2 points
  lu.assertTrue(wins)
  assert(g:play("S", "win"))
  lu.assertEquals(g:last_payments(), { E = -2, S = 2, W = 0, N = 0 })
  lu.assertFalse((offered("2225m456p234s789s")))      -- a pung: 1 point, below the minimum
  lu.assertTrue((offered("2225m456p234s789s", { minimum = 1 })))
end

os.exit(lu.LuaUnit.run())
