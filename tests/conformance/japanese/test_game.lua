-- Japanese play on stacked walls: riichi and double riichi with ippatsu and ura-dora,
-- riichi furiten, discard furiten, an exhaustive draw with noten payments and the dealer
-- keeping the deal. Spec: /work/shared/rules/japanese.md (7, 8.3, 9, 4.4, 17).
local lu = require "luaunit"

local SEATS = { "E", "S", "W", "N" }

-- The front of a stacked wall: the deal in blocks of 4 (then 1 each) and the draws after it.
local function front(hands, draws)
  local h, out = {}, {}
  for _, s in ipairs(SEATS) do h[s] = jong.tiles(hands[s]) end
  for block = 0, 2 do
    for _, s in ipairs(SEATS) do
      for i = 1, 4 do out[#out + 1] = h[s][block * 4 + i] end
    end
  end
  for _, s in ipairs(SEATS) do out[#out + 1] = h[s][13] end
  for _, t in ipairs(jong.tiles(draws)) do out[#out + 1] = t end
  return table.concat(out)
end

-- East waits on 1s/4s with pinfu and tanyao (4s: tanyao). Nobody else can call the junk.
local HANDS = { E = "234m456p678s23s55p", S = "135m135p135s1357z", W = "246m246p2467s246z",
                N = "789m789p99s12345z" }
-- Dead wall: replacement tiles, then dora indicator 9p (dora 1p), ura indicator 3m (ura 4m).
local BACK = "1z2z3z4z9p3m"

local function game(draws)
  return assert(jong.game { rules = "japanese", seed = 1, wall = { front = front(HANDS, draws), back = BACK } })
end

local function pass_all(g)
  for _ = 1, 10 do
    local st = g:state()
    if st.phase ~= "claim" and st.phase ~= "rob" then return end
    local waiting = g:waiting()
    if #waiting == 0 then return end
    for _, s in ipairs(waiting) do assert(g:play(s, "pass")) end
  end
end

local function play(g, seat, text)
  local ok, err = g:play(seat, text)
  lu.assertTrue(ok, err)
  pass_all(g)
end

local function can_win(g, seat)
  for _, a in ipairs(g:legal(seat)) do if a.type == "win" then return true end end
  return false
end

local items_of = require("expect").items

local function points(g)
  local st, out = g:state(), {}
  for _, s in ipairs(SEATS) do out[s] = st.seats[s].points end
  return out
end

function test_double_riichi_ippatsu_tsumo()
  local g = game("9m6z7z5z4s")
  play(g, "E", "riichi 9m")
  lu.assertEquals(g:state().deposits, 1000)
  play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(r.result.value, { han = 7, fu = 20 })
  lu.assertEquals(items_of(r.result), { { "Double riichi", 2, "han" }, { "Ippatsu", 1, "han" },
    { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, { "Ura-dora", 1, "han" },
    { "Base", 20, "fu" } })
  lu.assertEquals(r.payments, { E = 19000, S = -6000, W = -6000, N = -6000 })
  lu.assertEquals(points(g), { E = 43000, S = 19000, W = 19000, N = 19000 })
  lu.assertTrue(g:check())
end

function test_riichi_on_second_discard_ippatsu()
  local g = game("9m6z7z5z1m6z7z1z4s")
  play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "riichi 1m")
  play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 1z")
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Riichi", 1, "han" }, { "Ippatsu", 1, "han" },
    { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, { "Ura-dora", 1, "han" },
    { "Base", 20, "fu" } })
  lu.assertEquals(r.result.limit, "Haneman")
  lu.assertEquals(points(g), { E = 43000, S = 19000, W = 19000, N = 19000 })
end

function test_riichi_furiten_after_a_missed_tile()
  local g = game("9m6z7z5z1m1s7z4s4s")
  play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "riichi 1m")
  lu.assertTrue(g:play("S", "d 1s"))
  lu.assertEquals(g:waiting(), { "E" })
  lu.assertTrue(can_win(g, "E"))          -- E could ron the 1s ...
  pass_all(g)                             -- ... and lets it pass
  play(g, "W", "d 7z")
  lu.assertTrue(g:play("N", "d 4s"))
  local st = g:state()                    -- riichi furiten: no ron on 4s, E draws
  lu.assertEquals({ st.phase, st.turn, st.drawn }, { "turn", "E", "4s" })
  lu.assertTrue(can_win(g, "E"))          -- tsumo is still allowed
  play(g, "E", "win")
  lu.assertEquals(g.last_results[1].result.value, { han = 6, fu = 20 })
  lu.assertEquals(g.last_results[1].payments, { E = 18000 + 1000, S = -6000, W = -6000, N = -6000 })
end

function test_riichi_furiten_lasts_after_own_discard()
  local g = game("9m6z7z5z" .. "1m1s7z5z" .. "8m4s6z7z" .. "1s")
  play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "riichi 1m")
  lu.assertTrue(g:play("S", "d 1s"))
  lu.assertEquals(g:waiting(), { "E" })   -- E lets the 1s pass
  pass_all(g)
  play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "d 8m")                    -- his own discard does not clear riichi furiten
  lu.assertTrue(g:play("S", "d 4s"))
  local st = g:state()
  lu.assertEquals({ st.phase, st.turn }, { "turn", "W" })
  play(g, "W", "d 6z"); play(g, "N", "d 7z")
  play(g, "E", "win")                     -- tsumo on 1s; no ippatsu any more
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" },
    { "Pinfu", 1, "han" }, { "Ura-dora", 1, "han" }, { "Base", 20, "fu" } })
  lu.assertEquals(r.payments, { E = 7800 + 1000, S = -2600, W = -2600, N = -2600 })
end

function test_temporary_furiten_until_own_discard()
  local g = game("9m6z7z5z" .. "8m1s4s5z" .. "1p4s")
  play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "d 8m")
  lu.assertTrue(g:play("S", "d 1s"))
  lu.assertEquals(g:waiting(), { "E" })   -- E could ron (pinfu) and lets it pass
  pass_all(g)
  lu.assertTrue(g:play("W", "d 4s"))      -- temporary furiten: no ron, N draws
  lu.assertEquals(g:state().turn, "N")
  play(g, "N", "d 5z")
  play(g, "E", "d 1p")                    -- his discard ends the temporary furiten
  lu.assertTrue(g:play("S", "d 4s"))
  lu.assertEquals(g:waiting(), { "E" })
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" },
    { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } })
  lu.assertEquals(r.payments, { E = 2900, S = -2900, W = 0, N = 0 })
end

function test_discard_furiten()
  local g = game("9m6z7z5z1s4s")
  play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  lu.assertTrue(can_win(g, "E"))          -- 1s completes the hand: E discards it instead
  play(g, "E", "d 1s")
  lu.assertTrue(g:play("S", "d 4s"))
  local st = g:state()                    -- 1s is among his own discards: furiten, W draws
  lu.assertEquals({ st.phase, st.turn }, { "turn", "W" })
end

-- South waits on 3p (12p edge); East pons North's 3p, then adds the fourth: South robs it.
function test_chankan()
  local hands = { E = "19m33p9p17s123456z", S = "12p345m678m234s99s", W = "159m159p159s2467z",
                  N = "268m468p268s1357z" }
  local g = assert(jong.game { rules = "japanese", seed = 1,
    wall = { front = front(hands, "8s4m6z3p" .. "4m1z2z3p"), back = "1z2z3z4z9p3m7z8p" } })
  play(g, "E", "d 8s"); play(g, "S", "d 4m"); play(g, "W", "d 6z")
  assert(g:play("N", "d 3p"))             -- South cannot ron it (no yaku) but misses it ...
  lu.assertEquals(g:waiting(), { "E" })
  play(g, "E", "pung")
  play(g, "E", "d 9p")
  play(g, "S", "d 4m")                    -- ... and his own discard ends that furiten
  play(g, "W", "d 1z"); play(g, "N", "d 2z")
  assert(g:play("E", "kong 3p"))          -- promoted kong
  lu.assertEquals(g:state().phase, "rob")
  lu.assertEquals(g:waiting(), { "S" })
  play(g, "S", "win")
  local r = g.last_results[1]
  lu.assertEquals(r.seat, "S")
  lu.assertEquals(items_of(r.result), { { "Chankan", 1, "han" }, { "Dora", 1, "han" },
    { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" }, { "Penchan wait", 2, "fu" }, { "Rounding", 8, "fu" } })
  lu.assertEquals(r.payments, { E = -2600, S = 2600, W = 0, N = 0 })
  lu.assertTrue(g:check())
end

function test_no_riichi_when_not_tenpai()
  local g = game("9m6z")
  for _, a in ipairs(g:legal("E")) do
    if a.type == "riichi" then lu.assertEquals(a.tile, "9m") end   -- only the tenpai discard
  end
  play(g, "E", "d 9m")
  for _, a in ipairs(g:legal("S")) do lu.assertNotEquals(a.type, "riichi") end
end

local function after_abort_next_deal(g)
  lu.assertEquals(g:state().phase, "deal_end")
  lu.assertEquals(points(g), { E = 25000, S = 25000, W = 25000, N = 25000 })
  assert(g:play("E", "next"))
  local st = g:state()
  lu.assertEquals({ st.honba, st.round, st.seats.E.player }, { 1, "E", 0 })   -- dealer keeps
end

function test_abort_kyuushu_option()
  local hands = { E = "1559m19p19s12345z", S = HANDS.S, W = HANDS.W, N = HANDS.N }
  local wall = { front = front(hands, "8p"), back = "6z6z7z7z9p3m" }
  local g = assert(jong.game { rules = "japanese", seed = 1, wall = wall })
  for _, a in ipairs(g:legal("E")) do lu.assertNotEquals(a.type, "kyuushu") end   -- off by default
  g = assert(jong.game { rules = "japanese", seed = 1, wall = wall, options = { abort_kyuushu = true } })
  -- a declaration without a tile is offered, logged and told without one (it said 1m)
  local offered
  for _, a in ipairs(g:legal("E")) do if a.type == "kyuushu" then offered = a end end
  lu.assertEquals(offered, { type = "kyuushu", seat = "E", extra = true })
  lu.assertTrue(g:play("E", "kyuushu"))
  local log = g:log_json()
  lu.assertStrContains(log, '{"type":"extra","seat":"E","name":"kyuushu"}')
  lu.assertNotStrContains(log, '"name":"kyuushu","tile"')
  local told
  for _, e in ipairs(g:deal_events()) do if e.type == "extra" then told = e end end
  lu.assertEquals({ told.seat, told.name, told.tile }, { "E", "kyuushu", nil })
  -- the log replays: the action without a tile is the one offered
  local again = assert(jong.game { rules = "japanese", seed = 1, wall = wall, options = { abort_kyuushu = true } })
  lu.assertTrue(again:play_log(log))
  lu.assertEquals(again:log_json(), log)
  after_abort_next_deal(g)
end

function test_abort_suufon_option()
  local wall = { front = front(HANDS, "4z4z7z9m"), back = "1z2z3z6z9p3m" }
  local g = assert(jong.game { rules = "japanese", seed = 1, wall = wall, options = { abort_suufon = true } })
  play(g, "E", "d 4z"); play(g, "S", "d 4z"); play(g, "W", "d 4z"); play(g, "N", "d 4z")
  after_abort_next_deal(g)
end

function test_ron_on_the_riichi_discard_voids_the_riichi()
  -- South declares riichi with 4s; East wins on it: South's stick goes back to him (7.2).
  local hands = { E = HANDS.E, S = "123m456p789s1122z", W = HANDS.W, N = HANDS.N }
  local g = assert(jong.game { rules = "japanese", seed = 1,
    wall = { front = front(hands, "9m4s"), back = "3z3z6z6z9p3m" } })
  play(g, "E", "d 9m")
  lu.assertTrue(g:play("S", "riichi 4s"))
  lu.assertEquals(g:state().deposits, 1000)
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" },
    { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } })
  lu.assertEquals(r.payments, { E = 2900, S = -2900 + 1000, W = 0, N = 0 })
  lu.assertEquals(points(g), { E = 27900, S = 22100, W = 25000, N = 25000 })
  lu.assertEquals(g:state().deposits, 0)
  lu.assertTrue(g:check())
end

local S_NO_5S = "135m135p139s1357z"       -- South without a 5s

-- 6.5 kuikae: South calls East's 4m with 23m; he may then discard neither 4m (the called
-- tile) nor 1m (the other end of 1234m); with kuikae allowed he may.
local function kuikae_game(options)
  local hands = { E = HANDS.E, S = "1234m159p159s135z", W = HANDS.W, N = HANDS.N }
  local g = assert(jong.game { rules = "japanese", seed = 1, options = options,
                               wall = { front = front(hands, "9m"), back = BACK } })
  assert(g:play("E", "d 4m"))
  for _, seat in ipairs(g:waiting()) do
    if seat ~= "S" then assert(g:play(seat, "pass")) end
  end
  assert(g:play("S", "chow 2m"))
  return g
end

function test_kuikae()
  local g = kuikae_game()
  for _, tile in ipairs { "4m", "1m" } do
    local ok, why = g:play("S", "d " .. tile)
    lu.assertNil(ok)
    lu.assertStrContains(why, "kuikae")
  end
  lu.assertTrue(g:play("S", "d 9p"))
  lu.assertTrue(kuikae_game({ kuikae = "allowed" }):play("S", "d 4m"))
end

-- 8.3: furiten does not depend on the order of the answers: West (who could pon) passes on
-- North's 4s first; East, waiting on 1s/4s and not furiten, may still ron.
-- (The same with rob_ankan_kokushi.)
function test_ron_after_another_seat_passed()
  for _, options in ipairs { {}, { rob_ankan_kokushi = true } } do
    local hands = { E = HANDS.E, S = HANDS.S, W = "246m246p24467s26z", N = HANDS.N }
    local g = assert(jong.game { rules = "japanese", seed = 1, options = options,
                                 wall = { front = front(hands, "9m6z7z4s"), back = BACK } })
    play(g, "E", "d 9m"); play(g, "S", "d 6z"); play(g, "W", "d 7z")
    assert(g:play("N", "d 4s"))
    lu.assertTrue(can_win(g, "E"))
    assert(g:play("W", "pass"))
    lu.assertTrue(can_win(g, "E"))
    assert(g:play("E", "win"))
    lu.assertEquals(g:state().result, "win")
  end
end

function test_riichi_lock()
  -- East 234m456p678s5556s declares riichi; with the 4th 5s the kong would change his waits
  -- (4s 6s 7s -> 6s): no kong, and only the drawn tile can go.
  local hands = { E = "234m456p678s5556s", S = S_NO_5S, W = HANDS.W, N = HANDS.N }
  local g = assert(jong.game { rules = "japanese", seed = 1, wall = { front = front(hands, "9m6z7z5z5s"), back = BACK } })
  play(g, "E", "riichi 9m")
  lu.assertTrue(g:play("S", "d 5p"))     -- East may not pon it: W (chi) is asked, not East
  for _, seat in ipairs(g:waiting()) do lu.assertNotEquals(seat, "E") end
  pass_all(g)
  play(g, "W", "d 7z"); play(g, "N", "d 5z")
  local legal = {}
  for _, a in ipairs(g:legal("E")) do legal[#legal + 1] = a.type .. " " .. a.tile end
  lu.assertEquals(legal, { "discard 5s" })
end

function test_riichi_concealed_kong_then_rinshan()
  -- East 234m456p678s555s1z (1z tanki) adds the 4th 5s after riichi: the wait stays 1z, so
  -- the kong is allowed; the replacement tile 1z wins. The kong ends the ippatsu chance.
  local hands = { E = "234m456p678s555s1z", S = S_NO_5S, W = HANDS.W, N = HANDS.N }
  local g = assert(jong.game { rules = "japanese", seed = 1,
    wall = { front = front(hands, "9m6z7z5z5s"), back = "1z3z4z6z9p3m8p8p" } })
  play(g, "E", "riichi 9m")
  play(g, "S", "d 6z"); play(g, "W", "d 7z"); play(g, "N", "d 5z")
  play(g, "E", "kong 5s")
  lu.assertEquals(g:state().drawn, "1z")
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Double riichi", 2, "han" }, { "Menzen tsumo", 1, "han" },
    { "Rinshan kaihou", 1, "han" }, { "Ura-dora", 1, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" },
    { "Closed kong 5555s", 16, "fu" }, { "Double wind pair", 4, "fu" }, { "Tanki wait", 2, "fu" },
    { "Rounding", 6, "fu" } })
  lu.assertEquals(r.result.limit, "Mangan")
  lu.assertEquals(r.payments, { E = 12000 + 1000, S = -4000, W = -4000, N = -4000 })
end

function test_exhaustive_draw_noten_payments_dealer_keeps()
  local g = game("9m")
  for _ = 1, 400 do
    local st = g:state()
    if st.phase == "deal_end" then break end
    if st.phase == "turn" then
      assert(g:play(st.turn, "d " .. st.drawn))
    end
    pass_all(g)
  end
  lu.assertEquals(g:state().phase, "deal_end")
  lu.assertEquals(points(g), { E = 28000, S = 24000, W = 24000, N = 24000 })
  assert(g:play("E", "next"))
  local st = g:state()
  lu.assertEquals(st.honba, 1)
  lu.assertEquals(st.round, "E")
  lu.assertEquals(st.seats.E.player, 0)   -- the dealer kept the deal
  lu.assertTrue(g:check())
end

-- 6.7 with rob_ankan_kokushi, 8.3: only a thirteen-orphans hand may rob a concealed kong,
-- so only such a hand lets it pass. West (23m, waiting on 1m/4m) cannot rob East's kong of
-- 1m: he is not furiten and may ron East's 4m after it. (A real Tenhou record has such a
-- ron; Tenhou lets thirteen orphans rob a concealed kong.)
function test_a_concealed_kong_only_kokushi_could_rob_is_no_miss()
  local hands = { E = "1m1m1m4m234p456p678s5p", S = "359m135p135s1357z", W = "23m456p678s55s789s",
                  N = "789m789p99s23456z" }
  for _, robbable in ipairs { true, false } do
    local g = assert(jong.game { rules = "japanese", seed = 1, options = { rob_ankan_kokushi = robbable },
                                 wall = { front = front(hands, "1m"), back = "8m7z3z4z9p3m" } })
    assert(g:play("E", "kong 1m"))
    lu.assertEquals(g:state().phase, "turn")
    assert(g:play("E", "d 4m"))
    lu.assertTrue(can_win(g, "W"))
  end
end

-- 9.5 nagashi mangan: North's every discard a terminal or honour, none claimed, paid as
-- a mangan tsumo at the exhaustive draw (everybody discards what he draws).
function test_nagashi_mangan_at_the_draw()
  local left = {}
  for _, t in ipairs(jong.tiles("123456789m123456789p123456789s1234567z")) do left[t] = 4 end
  for _, h in pairs(HANDS) do for _, t in ipairs(jong.tiles(h)) do left[t] = left[t] - 1 end end
  for _, t in ipairs(jong.tiles(BACK)) do left[t] = left[t] - 1 end
  local th, other = {}, {}
  for _, t in ipairs(jong.tiles("123456789m123456789p123456789s1234567z")) do
    local r, s = tonumber(t:sub(1, 1)), t:sub(2, 2)
    local list = (s == "z" or r == 1 or r == 9) and th or other
    for _ = 1, left[t] do list[#list + 1] = t end
  end
  local draws = {}
  for i = 1, 70 do draws[i] = table.remove(i % 4 == 0 and th or other) or table.remove(th) end
  local g = assert(jong.game { rules = "japanese", seed = 1, options = { nagashi_mangan = true },
                               wall = { front = front(HANDS, table.concat(draws)), back = BACK } })
  for _ = 1, 400 do
    local st = g:state()
    if st.phase == "deal_end" then break end
    if st.phase == "turn" then assert(g:play(st.turn, "d " .. st.drawn)) end
    pass_all(g)
  end
  lu.assertEquals(g:state().result, "exhaustive")
  lu.assertEquals(points(g), { E = 21000, S = 23000, W = 23000, N = 33000 })
end

os.exit(lu.LuaUnit.run())
