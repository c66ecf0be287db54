-- MCR play on stacked walls (s5-s8): a win below 8 points refused, robbing a promoted kong,
-- Last Tile read off the table, a win on a flower's replacement; the engine settings, the
-- 16-hand match with the seat chart, the table points, self-play keeping every invariant.
local lu = require "luaunit"

local SEATS = { "E", "S", "W", "N" }
local R = assert(jong.load_rules("mcr"))

-- Plays a discard and lets every seat that may claim it pass.
local function discard(g, seat, tile)
  assert(g:play(seat, "d " .. tile))
  for _, s in ipairs(g:waiting()) do
    if g:state().phase ~= "claim" then break end
    assert(g:play(s, "pass"))
  end
end

local function has(list, kind)
  for _, a in ipairs(list) do if a.type == kind then return true end end
  return false
end

local function item_names(result)
  local out = {}
  for _, it in ipairs(result.items) do out[it.name] = it.count end
  return out
end

function test_engine_settings_follow_the_options()
  local e = jong.engine_settings(R, assert(jong.resolve_options(R, {})))
  lu.assertTrue(e.bonus)
  lu.assertEquals(e.dead_policy, "none")
  lu.assertEquals(e.kong_source, "loose")
  lu.assertEquals(e.bonus_source, "loose")
  lu.assertEquals(e.multi_win, "nearest")
  lu.assertEquals(e.last_discard, "win_only")
  lu.assertEquals(e.rounds, 4)
  e = jong.engine_settings(R, assert(jong.resolve_options(R, { flowers = false, multi_win = "all",
    last_discard_claims = "all", hands = 8 })))
  lu.assertFalse(e.bonus)
  lu.assertEquals(e.multi_win, "all")
  lu.assertEquals(e.last_discard, "any")
  lu.assertEquals(e.rounds, 2)
end

-- S waits on 3s or 6s with 234m 678p 678s 99m 45s: on E's 3s the hand is worth 6 points
-- (Concealed Hand, All Chows, Mixed Double Chow, Short Straight): S may chow, not win. With mcr.min_points
-- 0 the same discard wins.
local BELOW = {
  E = "159m29p139s123456z", S = "234m678p678s99m45s", W = "111p333p555p777p8p", N = "222m888m666s777s7z",
}

function test_win_below_the_minimum_is_refused()
  local g = assert(jong.scenario { rules = "mcr", hands = BELOW })
  assert(g:play("E", "d 3s"))
  local legal = g:legal("S")
  lu.assertFalse(has(legal, "win"))
  lu.assertTrue(has(legal, "chow"))
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "below the minimum of 8 points")
  g = assert(jong.scenario { rules = "mcr", hands = BELOW, options = { min_points = 0 } })
  assert(g:play("E", "d 3s"))
  lu.assertTrue(has(g:legal("S"), "win"))
  assert(g:play("S", "win"))
  local pay = g:last_payments()
  lu.assertEquals(pay.E, -(6 + 8))
  lu.assertEquals(pay.S, 6 + 24)
end

-- E pungs S's 5p, later draws the fourth 5p and promotes the pung; N, waiting only on 5p
-- (46p), robs it: Robbing the Kong 8, Concealed Hand 2, All Chows 2, Mixed Double Chow 1,
-- Two Terminal Chows 1, Closed Wait 1 = 15, paid by E as the discarder. On S's 5p the same
-- hand was worth 7: no win was offered then.
function test_robbing_a_promoted_kong()
  local g = assert(jong.scenario { rules = "mcr",
    hands = { E = "159m559p19s123467z", S = "5p234s678s258m345z", W = "33m77m22s88s99s12p9p", N = "46p123m789m456s11s" },
    draws = "8p6z6z7s5p" })
  discard(g, "E", "1z")
  assert(g:play("S", "d 5p"))   -- S drew 8p; nobody can win on it; E pungs
  lu.assertFalse(has(g:legal("N"), "win"))
  for _, s in ipairs(g:waiting()) do
    if s ~= "E" then assert(g:play(s, "pass")) end
  end
  assert(g:play("E", "pung"))
  discard(g, "E", "2z")
  discard(g, "S", "6z")
  discard(g, "W", "6z")
  discard(g, "N", "7s")
  assert(g:play("E", "kong 5p"))
  lu.assertEquals(g:state().phase, "rob")
  lu.assertTrue(has(g:legal("N"), "win"))
  assert(g:play("N", "win"))
  local res = g.last_results[1].result
  lu.assertEquals(res.value, { fan = 15, flowers = 0, total = 15 })
  local items = item_names(res)
  lu.assertEquals(items["Robbing the Kong"], 1)
  lu.assertNil(items["Last Tile"])
  lu.assertEquals(g:last_payments(), { E = -23, S = -8, W = -8, N = 39 })
end

-- E, S and W each throw a 5p (N, waiting only on 5p with 46p, could not win on them: 7
-- points); N draws the fourth: Last Tile (read off the table) is added, 13 points.
function test_last_of_kind_in_play()
  local g = assert(jong.scenario { rules = "mcr",
    hands = { E = "5p159m29p19s123456z", S = "5p234s678s258m345z", W = "5p33m77m22s88s99s2p4z", N = "46p123m789m456s11s" },
    draws = "7z7z5p" })
  discard(g, "E", "5p")
  lu.assertNil((g:play("N", "win")))
  discard(g, "S", "5p")
  discard(g, "W", "5p")
  lu.assertEquals(g:state().turn, "N")
  lu.assertTrue(has(g:legal("N"), "win"))
  assert(g:play("N", "win"))
  local res = g.last_results[1].result
  local items = item_names(res)
  lu.assertEquals(items["Last Tile"], 1)
  lu.assertEquals(items["Fully Concealed Hand"], 1)
  lu.assertEquals(res.value.fan, 13)
end

-- The fourth 5p discarded: N's 46p hand is worth 7 on the first three, and 11 on the last
-- one, whose other three copies lie in the discards (Last Tile decides the win).
function test_last_of_kind_decides_a_discard_win()
  local g = assert(jong.scenario { rules = "mcr",
    hands = { E = "5p159m29p19s123456z", S = "5p234s678s258m345z", W = "5p33m77m22s88s99s2p4z", N = "46p123m789m456s11s" },
    draws = "7z7z9m5p" })
  discard(g, "E", "5p")
  discard(g, "S", "5p")
  assert(g:play("W", "d 5p"))
  lu.assertFalse(has(g:legal("N"), "win"))
  assert(g:play("N", "pass"))
  discard(g, "N", "9m")
  assert(g:play("E", "d 5p"))
  lu.assertTrue(has(g:legal("N"), "win"))
  assert(g:play("N", "win"))
  local res = g.last_results[1].result
  lu.assertEquals(item_names(res)["Last Tile"], 1)
  lu.assertEquals(res.value.fan, 11)
  lu.assertEquals(g:last_payments(), { E = -19, S = -8, W = -8, N = 35 })
end

-- N draws a flower, sets it aside and wins on its replacement from the back of the wall:
-- a self-drawn win (not Out with Replacement Tile) with the flower added after the minimum.
function test_win_on_a_flower_replacement()
  local g = assert(jong.scenario { rules = "mcr",
    hands = { E = "5p159m29p19s123456z", S = "5p234s678s258m345z", W = "5p33m77m22s88s99s2p4z", N = "123456789m11z23p" },
    draws = "7z7zf1", back = "1p" })
  discard(g, "E", "5p")
  discard(g, "S", "7z")
  discard(g, "W", "7z")
  lu.assertEquals(g:state().turn, "N")
  lu.assertEquals(g:state().drawn, "1p")
  assert(g:play("N", "win"))
  local res = g.last_results[1].result
  local items = item_names(res)
  lu.assertNil(items["Out with Replacement Tile"])
  lu.assertEquals(items["Flower Tiles"], 1)
  lu.assertEquals(items["Pure Straight"], 1)
  lu.assertEquals(res.value.flowers, 1)
  lu.assertEquals(res.value.total, res.value.fan + 1)
end

-- s5: 16 hands; the deal passes every hand; after each wind the players move by the chart
-- (the first dealers of the four winds are A, B, C, D: the first wind's E, S, W, N).
function test_sixteen_hands_and_the_seat_chart()
  local g = assert(jong.game { rules = "mcr", seed = 5 })
  local starts, deals, last = {}, 0, -1
  for _ = 1, 100000 do
    local st = g:state()
    if st.phase == "match_end" then break end
    if st.deal ~= last then
      last, deals = st.deal, deals + 1
      if st.deal_in_round == 0 then
        local row = {}
        for i, s in ipairs(SEATS) do row[i] = st.seats[s].player end
        starts[#starts + 1] = row
      end
    end
    assert(g:run_bots({}, "greedy", 1))
  end
  lu.assertEquals(deals, 16)
  local A, B, C, D = table.unpack(starts[1])
  lu.assertEquals(starts[2], { B, A, D, C })
  lu.assertEquals(starts[3], { C, D, B, A })
  lu.assertEquals(starts[4], { D, C, A, B })
end

function test_table_points_shared_on_ties()
  local r = R.final_ranking({ 30, -10, 30, -20 }, { table_points = { 4, 2, 1, 0 } })
  lu.assertEquals({ r[1].player, r[1].table_points, r[2].player, r[2].table_points }, { 1, 3, 3, 3 })
  lu.assertEquals({ r[3].player, r[3].table_points, r[4].table_points }, { 2, 1, 0 })
  r = R.final_ranking({ 0, 5, -5, 0 })
  lu.assertEquals({ r[2].table_points, r[3].table_points }, { 1.5, 1.5 })
end

function test_self_play_keeps_every_invariant()
  for seed = 1, 2 do
    local g = assert(jong.game { rules = "mcr", seed = seed, options = { hands = 4 } })
    for _ = 1, 5000 do
      local n = assert(g:run_bots({}, "greedy", 1))
      assert(g:check())
      for _, w in ipairs(g.last_results or {}) do   -- every win in play has its 8 points
        lu.assertTrue(w.result.value.fan >= 8)
      end
      local st = g:state()
      local sum = 0
      for _, s in ipairs(SEATS) do sum = sum + st.seats[s].points end
      lu.assertEquals(sum, 0)
      if n == 0 or st.phase == "match_end" then break end
    end
    lu.assertEquals(g:state().phase, "match_end")
  end
end

os.exit(lu.LuaUnit.run())
