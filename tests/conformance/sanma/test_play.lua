-- Sanma play on stacked walls: kita (declared, the replacement draw, rinshan kaihou on it,
-- a ron on a kita, ippatsu broken by a kita), no chi and no North pon, tsumo-son, noten
-- payments and three seats everywhere. Spec: /work/shared/rules/sanma.md (6, 7, 10, 12).
local lu = require "luaunit"
local items_of = require("expect").items

-- Dead wall: R0..R7 replacement tiles, then D0 (5z: dora 6z) and U0 (9m: ura 1m).
local function back(replacements)
  local r = jong.tiles(replacements)
  local junk = { "7p", "7p", "7p", "7s", "7s", "7s", "8s", "8s" }
  for i = #r + 1, 8 do r[i] = junk[i] end
  return table.concat(r) .. "5z9m"
end

local function game(hands, draws, replacements, options)
  return assert(jong.scenario { rules = "sanma", options = options, hands = hands, draws = draws,
                                back = back(replacements or "") })
end

local function play(g, seat, text)
  local ok, err = g:play(seat, text)
  lu.assertTrue(ok, err)
end

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    local waiting = g:waiting()
    if #waiting == 0 then break end
    for _, s in ipairs(waiting) do play(g, s, "pass") end
  end
end

local function has(g, seat, type)
  for _, a in ipairs(g:legal(seat)) do if a.type == type then return true end end
  return false
end

local function has_item(r, name)
  for _, it in ipairs(r.items) do if it.name == name then return true end end
  return false
end

-- Hands that neither win on North nor claim it.
local JUNK_S = "1m9m2p5p8p3s6s9s1z2z5z6z7z"
local JUNK_W = "1m9m3p6p9p4s7s9s1z2z5z6z7z"

function test_three_seats()
  local g = game({ E = "123456789p11s23s4z", S = JUNK_S, W = JUNK_W })
  local st = g:state()
  lu.assertEquals(st.players, 3)
  lu.assertEquals(g:seats(), { "E", "S", "W" })
  lu.assertNil(st.seats.N)
  lu.assertEquals(st.seats.E.points, 35000)
  lu.assertEquals(st.wall, 54)                     -- 5.1: 108 - 14 - 3 * 13 - the dealer's 14th
  lu.assertErrorMsgContains("bad seat 'N'", function() g.core:seat("N") end)
end

-- 7.1, 7.2, 7.6, 7.5: a kita, the replacement tile, a tsumo on it: rinshan kaihou, and no
-- tenhou (a kita counts as a call); the tsumo paid under tsumo-son (12.2).
function test_kita_replacement_rinshan()
  local g = game({ E = "123456789p11s23s4z", S = JUNK_S, W = JUNK_W }, "", "1s")
  lu.assertTrue(has(g, "E", "kita"))
  play(g, "E", "kita")
  local st = g:state()
  lu.assertEquals(st.seats.E.aside, { "4z" })
  lu.assertNil(st.seats.S.aside)                   -- only with tiles set aside
  lu.assertEquals(st.turn, "E")
  lu.assertEquals(st.drawn, "1s")
  lu.assertTrue(st.drawn_aside)
  lu.assertEquals(st.dora, { "5z" })               -- 5.5: a kita turns no indicator
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertTrue(has_item(r.result, "Rinshan kaihou"))
  lu.assertFalse(has_item(r.result, "Tenhou"))
  lu.assertEquals(items_of(r.result), { { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" },
    { "Rinshan kaihou", 1, "han" }, { "Ittsu", 2, "han" }, { "Dora", 1, "han" }, { "Base", 20, "fu" } })
  lu.assertEquals(r.payments, { E = 12000, S = -6000, W = -6000 })
  local win
  for _, line in ipairs(g.core:events()) do
    if line:find('"type":"win"', 1, true) then win = jong.json_decode(line) end
  end
  lu.assertEquals(win.flags, { "set_aside_replacement" })
  lu.assertTrue(g:check())
end

-- g:pending_win is the engine's own record of the win an action would make: after a kita
-- the tsumo on the replacement tile is a set-aside replacement and no first turn (a record
-- read off the state had neither, and the win read as one without a yaku but rinshan).
function test_pending_win_on_a_kita_replacement()
  local g = game({ E = "123456789p11s23s4z", S = JUNK_S, W = JUNK_W }, "", "1s")
  play(g, "E", "kita")
  local w = g:pending_win({ type = "win", seat = "E", tile = "1s" })
  lu.assertEquals({ w.seat, w.how, w.tile, w.from }, { "E", "self", "1s", nil })
  lu.assertTrue(w.aside_replacement)
  lu.assertFalse(w.first_turn)
  lu.assertFalse(w.last_tile)
  lu.assertEquals(w.hand, "123456789p11123s")
  lu.assertTrue(g:win_check({ type = "win", seat = "E", tile = "1s" }))
  lu.assertErrorMsgContains("a win action is needed", function()
    g.core:pending_win({ type = "discard", seat = "E", tile = "1s" })
  end)
end

-- 7.4: another player rons the North announced as kita, without chankan; the declarer pays
-- as the discarder and the kita does not stand.
function test_ron_on_a_kita()
  local g = game({ E = "1m9m2p5p8p3s6s9s1z2z5z6z7z4z", S = "123456789p111s4z",
                   W = "1m9m3p6p9p4s7s8s1z2z5z6z7z" })
  play(g, "E", "kita")
  lu.assertEquals(g:state().phase, "rob")
  lu.assertEquals(g:state().rob_type, "set_aside")
  lu.assertEquals(g:waiting(), { "S" })
  play(g, "S", "win")
  local r = g.last_results[1]
  lu.assertFalse(has_item(r.result, "Chankan"))
  lu.assertEquals(items_of(r.result), { { "Ittsu", 2, "han" }, { "Base", 20, "fu" },
    { "Menzen kafu", 10, "fu" }, { "Closed pon 111s", 8, "fu" }, { "Tanki wait", 2, "fu" } })
  lu.assertEquals(r.payments, { E = -2600, S = 2600, W = 0 })
  lu.assertTrue(g:check())
end

-- 7.5: a kita by another player between the riichi discard and the win ends ippatsu; it
-- came after the riichi, so double riichi stands.
function test_kita_breaks_ippatsu()
  local g = game({ E = "123456789p11s23s5z", S = JUNK_S, W = JUNK_W }, "4z6z4s", "7z")
  play(g, "E", "riichi 5z"); pass_all(g)
  play(g, "S", "kita"); pass_all(g)
  lu.assertEquals(g:state().drawn, "7z")
  play(g, "S", "d 7z"); pass_all(g)
  play(g, "W", "d 6z"); pass_all(g)
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertTrue(has_item(r.result, "Double riichi"))
  lu.assertFalse(has_item(r.result, "Ippatsu"))
end

-- 7.4: a ron on the kita itself keeps ippatsu: the robbed kita does not stand (Tenhou
-- 2026011616gm-00b9-0000-6565db46, South 3: riichi, ippatsu, seven pairs on a kita).
function test_ron_on_a_kita_keeps_ippatsu()
  local g = game({ E = "123456789p111s4z5z", S = JUNK_S, W = JUNK_W }, "4z", "7z")
  play(g, "E", "riichi 5z"); pass_all(g)
  play(g, "S", "kita")
  lu.assertEquals(g:state().phase, "rob")
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertNotNil(r, "a win")
  lu.assertTrue(has_item(r.result, "Ippatsu"))
  lu.assertTrue(g:check())
end

-- Without the kita the same tsumo has ippatsu.
function test_ippatsu_without_kita()
  local g = game({ E = "123456789p11s23s5z", S = JUNK_S, W = JUNK_W }, "7z6z4s")
  play(g, "E", "riichi 5z"); pass_all(g)
  play(g, "S", "d 7z"); pass_all(g)
  play(g, "W", "d 6z"); pass_all(g)
  play(g, "E", "win")
  lu.assertTrue(has_item(g.last_results[1].result, "Ippatsu"))
end

-- 7.5: the riichi seat's own kita ends ippatsu too; with kita_interrupts = false it does not,
-- and the tsumo on the kita's replacement tile has ippatsu and rinshan kaihou.
function test_own_kita_and_ippatsu()
  for _, interrupts in ipairs({ true, false }) do
    local g = game({ E = "123456789p11s23s5z", S = JUNK_S, W = JUNK_W }, "7z6z4z", "4s",
                   { kita_interrupts = interrupts })
    play(g, "E", "riichi 5z"); pass_all(g)
    play(g, "S", "d 7z"); pass_all(g)
    play(g, "W", "d 6z"); pass_all(g)
    play(g, "E", "kita"); pass_all(g)
    lu.assertEquals(g:state().drawn, "4s")
    play(g, "E", "win")
    local r = g.last_results[1]
    lu.assertNotNil(r, "a win")
    lu.assertTrue(has_item(r.result, "Rinshan kaihou"))
    lu.assertEquals(has_item(r.result, "Ippatsu"), not interrupts)
    lu.assertTrue(g:check())
  end
end

-- 5.5, japanese.md 8.3: with the kan dora turned after the discard, the discard of a kong's
-- replacement tile is still the tile offered: no furiten for the seat waiting on it.
function test_ron_after_kong_with_dora_after_discard()
  local g = game({ E = "1m9m2p5p8p3s6s9s1z2z5z6z7z3z", S = "123456789p11s99s",
                   W = "1m9m3p6p4s7s8s1z2z5z3z3z3z" }, "", "9s")
  play(g, "E", "d 3z")
  play(g, "W", "kong"); pass_all(g)
  lu.assertEquals(g:state().drawn, "9s")
  play(g, "W", "d 9s")
  lu.assertEquals(#g:state().dora, 2)                 -- turned after the discard
  lu.assertTrue(has(g, "S", "win"))
  play(g, "S", "win")
  lu.assertTrue(has_item(g.last_results[1].result, "Ittsu"))
end

-- 7.4, S8: a ron on the kita of a seat in riichi: its riichi stands (the kita is no riichi
-- discard), so its stick goes to the winner with the table's.
function test_ron_on_kita_of_a_riichi_seat()
  local g = game({ E = "19m159p19s1235677z", S = "123456789p11s23s", W = "3p6p8p4s5s7s8s1z2z3z5z6z6p" },
                 "6z4p2p4z")
  play(g, "E", "d 5p"); pass_all(g)
  play(g, "S", "riichi 6z"); pass_all(g)
  play(g, "W", "d 4p"); pass_all(g)
  play(g, "E", "d 2p"); pass_all(g)
  play(g, "S", "kita")
  play(g, "E", "win")
  local r = g.last_results[1]
  lu.assertEquals(items_of(r.result), { { "Kokushi musou", 1, "yakuman" } })
  lu.assertEquals(r.payments, { E = 49000, S = -48000, W = 0 })
  lu.assertTrue(g:check())
end

-- 6.1, 6.2: no chi; North is never ponned.
function test_no_chi_no_north_pon()
  local g = game({ E = "1m9m2p5p8p3s6s9s1z2z5z6z7z4z", S = "12p9p3s6s9s1z2z4z4z5z6z7z",
                   W = "1m9m3p6p9p4s7s8s1z2z5z6z7z" }, "4z")
  play(g, "E", "d 4z")
  lu.assertFalse(has(g, "S", "pung"))
  pass_all(g)
  local g2 = game({ E = "1m9m2p5p8p3s6s9s1z2z5z6z7z3p", S = "12339p369s12456z",
                    W = "1m9m3p6p9p4s7s8s1z2z5z6z7z" })
  play(g2, "E", "d 3p")
  lu.assertFalse(has(g2, "S", "chow"))
  local ok, err = g2:play("S", { type = "chow", chow = "1p" })
  lu.assertNil(ok)
  lu.assertStrContains(err, "chows are not allowed")
end

-- 10.3: a whole deal played out by the bots to an exhaustive draw: the noten payments are
-- 2,000 in all from the noten to the tenpai players, and only E, S and W are paid.
function test_noten_payments_in_play()
  local R = assert(jong.load_rules("sanma"))
  for seed = 1, 200 do
    local g = assert(jong.game { rules = "sanma", seed = seed })
    g:run_bots({}, "greedy", 2000)
    local st = g:state()
    if st.result == "exhaustive" then
      local tenpai = {}
      for _, seat in ipairs(g:seats()) do tenpai[seat] = #g:waits(seat) > 0 or nil end
      local settle
      for _, line in ipairs(g.core:events()) do
        if line:find('"type":"settle"', 1, true) then settle = jong.json_decode(line) end
      end
      local pay = settle.payments
      lu.assertNil(pay.N)
      local nagashi = false
      for _, seat in ipairs(g:seats()) do
        local d = st.seats[seat].discards
        local all = #d > 0
        for _, x in ipairs(d) do
          local k = jong.kind_of(x.tile)
          if x.claimed_by or not (k:sub(2) == "z" or k:sub(1, 1) == "1" or k:sub(1, 1) == "9") then all = false end
        end
        nagashi = nagashi or all
      end
      if not nagashi and settle.deposits_taken == 0 then
        local want = R.exhaustive_draw({ tenpai = tenpai, honba = st.honba, options = g.options }).payments
        lu.assertEquals(pay, want)
        lu.assertTrue(g:check())
        return
      end
    end
  end
  lu.fail("no exhaustive draw in 200 deals")
end

os.exit(lu.LuaUnit.run())
