-- Japanese table rules played on stacked walls: several ron on one discard (6.3, options
-- multiple_ron: all, double_only = sanchahou abort, head_bump) with the deposits to the
-- nearest winner (17.4, 17.5), the four-riichi and four-kong aborts (10), the kong limit
-- (5.5), no promoted kong right after a pon (6.4) and pao (17.6). Spec: /work/shared/rules/japanese.md.
local lu = require "luaunit"
local in_play = require "in_play"

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

local function winners(g)
  local out = {}
  for _, e in ipairs(in_play.events(g, "win")) do out[#out + 1] = e.seat end
  return out
end

local function points(g)
  local st, out = g:state(), {}
  for _, s in ipairs(g:seats()) do out[s] = st.seats[s].points end
  return out
end

-- East's 5p completes three hands: South (pinfu tanyao, 2,000), West (pinfu tanyao, 2,000)
-- and North (tanyao, a single wait and a concealed pung: 40 fu, 1,300).
local TRIPLE = { E = "1199m1199s12345z5p", S = "234m345s678s34p88p", W = "234m345s678s67p22s",
                 N = "456m456s678p777m5p" }

local function triple_ron(mode)
  local g = assert(jong.scenario { rules = "japanese", options = { multiple_ron = mode }, hands = TRIPLE,
                                   draws = "9p9p9p9p" })
  in_play.play(g, "E", "d 5p")
  lu.assertEquals(g:waiting(), { "S", "W", "N" })
  for _, s in ipairs({ "S", "W", "N" }) do
    lu.assertTrue(in_play.legal_types(g, s).win)
    in_play.play(g, s, "win")
  end
  return g
end

-- 6.3 seed: every ron caller wins, the discarder pays each; the dealer did not win: the deal passes.
function test_triple_ron_all_win()
  local g = triple_ron("all")
  lu.assertEquals(winners(g), { "S", "W", "N" })
  lu.assertEquals(g:last_payments(), { E = -5300, S = 2000, W = 2000, N = 1300 })
  in_play.play(g, "E", "next")
  local st = g:state()
  lu.assertEquals({ st.honba, st.seats.E.player }, { 0, 1 })
end

-- 6.3, 10: double_only: a triple ron is the abortive draw sanchahou: no points move,
-- honba +1, the dealer keeps the deal.
function test_triple_ron_double_only_aborts()
  local g = triple_ron("double_only")
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "abortive" })
  lu.assertEquals(winners(g), {})
  lu.assertEquals(points(g), { E = 25000, S = 25000, W = 25000, N = 25000 })
  in_play.play(g, "E", "next")
  st = g:state()
  lu.assertEquals({ st.honba, st.seats.E.player }, { 1, 0 })
end

-- 6.3 head_bump: only the caller nearest to the discarder in turn order wins.
function test_triple_ron_head_bump()
  local g = triple_ron("head_bump")
  lu.assertEquals(winners(g), { "S" })
  lu.assertEquals(g:last_payments(), { E = -2000, S = 2000, W = 0, N = 0 })
end

-- 17.4, 17.5: West's riichi stick goes to the winner nearest to the discarder (South),
-- not to West who put it down; with double_only two ron still win.
function test_double_ron_deposit_to_the_nearest_winner()
  local hands = { E = TRIPLE.E, S = TRIPLE.S, W = TRIPLE.W, N = "456m456s678p777m9p" }
  local g = assert(jong.scenario { rules = "japanese", options = { multiple_ron = "double_only" }, hands = hands,
                                   draws = "7z7z7z1z" })
  in_play.play(g, "E", "d 1z"); pass_all(g)
  in_play.play(g, "S", "d 7z"); pass_all(g)
  in_play.play(g, "W", "riichi 7z"); pass_all(g)
  lu.assertEquals(g:state().deposits, 1000)
  in_play.play(g, "N", "d 7z"); pass_all(g)
  in_play.play(g, "E", "d 5p")
  lu.assertEquals(g:waiting(), { "S", "W" })
  in_play.play(g, "S", "win"); in_play.play(g, "W", "win")
  lu.assertEquals(winners(g), { "S", "W" })
  -- West: double riichi (his first discard), ippatsu, pinfu, tanyao: mangan 8,000; South
  -- pinfu tanyao 2,000 and the stick
  lu.assertEquals(g:last_payments(), { E = -10000, S = 3000, W = 8000, N = 0 })
  lu.assertEquals(points(g), { E = 15000, S = 28000, W = 32000, N = 25000 })
  lu.assertEquals(g:state().deposits, 0)
end

-- 10 abort_suucha_riichi: all four declare riichi; the fourth riichi discard passes: the
-- hand is aborted, the four sticks stay on the table, honba +1, the dealer keeps the deal.
function test_four_riichi_abort()
  local hands = { E = "123456789m12p55s7z", S = "123456789p23s66s", W = "111222z789s45m99p",
                  N = "444555z456s78p11m" }
  for _, on in ipairs({ false, true }) do
    local g = assert(jong.scenario { rules = "japanese", options = { abort_suucha_riichi = on }, hands = hands,
                                     draws = "6z6z6z8m" })
    in_play.play(g, "E", "riichi 7z"); pass_all(g)
    in_play.play(g, "S", "riichi 6z"); pass_all(g)
    in_play.play(g, "W", "riichi 6z"); pass_all(g)
    in_play.play(g, "N", "riichi 6z"); pass_all(g)
    local st = g:state()
    lu.assertEquals(st.deposits, 4000)
    if not on then
      lu.assertEquals({ st.phase, st.turn }, { "turn", "E" })      -- play goes on
    else
      lu.assertEquals({ st.phase, st.result }, { "deal_end", "abortive" })
      lu.assertEquals(in_play.last_event(g, "draw_end").reason, "suucha riichi")
      lu.assertEquals(points(g), { E = 24000, S = 24000, W = 24000, N = 24000 })
      in_play.play(g, "E", "next")
      st = g:state()
      lu.assertEquals({ st.honba, st.deposits, st.seats.E.player }, { 1, 4000, 0 })
    end
  end
end

-- East declares two concealed kongs, South two more: four kongs by two players.
local KONGS = { E = "11112222m19p19s12z", S = "33334444p9m9s3z6m2p", W = "555s36m58p3s9s4567z",
                N = "47m67p278s4567z58m" }

local function four_kongs(options)
  local g = assert(jong.scenario { rules = "japanese", options = options, hands = KONGS, draws = "8m9m9m9p",
                                   back = "1z1z9s5s" })
  in_play.play(g, "E", "kong 1m"); in_play.play(g, "E", "kong 2m")
  in_play.play(g, "E", "d 2z"); pass_all(g)
  in_play.play(g, "S", "kong 3p"); in_play.play(g, "S", "kong 4p")
  lu.assertEquals(g:state().kongs, 4)
  in_play.play(g, "S", "d 5s")          -- West holds 555s
  return g
end

-- 5.5: after the fourth kong no kong may be declared: West may pon South's 5s, not kong it.
function test_no_fifth_kong()
  local g = four_kongs()
  lu.assertEquals(g:waiting(), { "W" })
  local types = in_play.legal_types(g, "W")
  lu.assertTrue(types.pung)
  lu.assertNil(types.kong)
  in_play.play(g, "W", "pass")
  lu.assertEquals(g:state().phase, "turn")                   -- no abort by default
end

-- 10 abort_suukaikan: four kongs of two players; the discard after the fourth passes.
function test_four_kongs_abort()
  local g = four_kongs({ abort_suukaikan = true })
  lu.assertEquals(g:state().phase, "claim")                  -- not before the discard passes
  in_play.play(g, "W", "pass")
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "abortive" })
  lu.assertEquals(in_play.last_event(g, "draw_end").reason, "suukaikan")
end

-- South pons East's White and West's Green and Red; South's fourth set wins daisangen.
local function daisangen(last)
  local draws = { self = "9m9m2s2s2s5m", W = "9m9m2s2s2s8s", N = "9m9m2s2s2s8s8s5m" }
  local g = assert(jong.scenario { rules = "japanese", hands = {
    E = "5z19m19p9s1234z47s28p", S = "556677z99p34m19s1p", W = "67z258m36p258s123z", N = "367m47p36s1234z5p8m" },
    draws = draws[last] })
  in_play.play(g, "E", "d 5z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 1s"); pass_all(g)
  in_play.play(g, "W", "d 6z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 9s"); pass_all(g)
  in_play.play(g, "W", "d 7z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 1p"); pass_all(g)
  in_play.play(g, "W", "d 9m"); pass_all(g); in_play.play(g, "N", "d 2s"); pass_all(g)
  in_play.play(g, "E", "d 2s"); pass_all(g)
  if last == "W" then
    in_play.play(g, "S", "d 8s"); pass_all(g); in_play.play(g, "W", "d 5m")
  elseif last == "N" then
    in_play.play(g, "S", "d 8s"); pass_all(g); in_play.play(g, "W", "d 8s"); pass_all(g)
    in_play.play(g, "N", "d 5m")
  end
  lu.assertEquals(g:state().seats.S.melds, { "[555z]@E", "[666z]@W", "[777z]@W" })
  in_play.play(g, "S", "win"); pass_all(g)
  lu.assertEquals(g.last_results[1].result.value.yakuman, 1)
  return g:last_payments()
end

-- 17.6 pao: West fed the third dragon set: he pays the whole tsumo, the whole ron on his
-- own discard, and half of a ron on North's discard.
function test_pao_in_play()
  lu.assertEquals(daisangen("self"), { E = 0, S = 32000, W = -32000, N = 0 })
  lu.assertEquals(daisangen("W"), { E = 0, S = 32000, W = -32000, N = 0 })
  lu.assertEquals(daisangen("N"), { E = 0, S = 32000, W = -16000, N = -16000 })
end

-- 6.4: after a pon the caller may not promote it with the fourth tile he holds; after his
-- next draw he may.
function test_no_promoted_kong_right_after_a_pon()
  local hands = { E = "5p1199m1199s1234z6z", S = "555p234m678s1s3s9p7z", W = "234m345s678s67p22s", N = "456m456s678p777m9p" }
  local g = assert(jong.scenario { rules = "japanese", hands = hands, draws = "9p9s2z2z" })
  in_play.play(g, "E", "d 5p")
  in_play.play(g, "S", "pung"); pass_all(g)
  lu.assertEquals(g:state().seats.S.melds, { "[555p]@E" })
  lu.assertNil(in_play.legal_types(g, "S").kong_promoted)
  in_play.play(g, "S", "d 7z"); pass_all(g)
  in_play.play(g, "W", "d 9p"); pass_all(g)
  in_play.play(g, "N", "d 9s"); pass_all(g)
  in_play.play(g, "E", "d 2z"); pass_all(g)
  lu.assertEquals(g:state().turn, "S")
  lu.assertTrue(in_play.legal_types(g, "S").kong_promoted)
end

os.exit(lu.LuaUnit.run())
