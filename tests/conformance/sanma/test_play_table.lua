-- Sanma table rules played on stacked walls: kyuushu on by default, and a kita by anyone
-- counts as a call that ends the chance (11, 7.5); no concealed kong between a pon and its
-- discard (6.6, kong_after_call); a double ron with the stick to the winner nearest the
-- discarder (6.3); riichi needs 1,000 points (japanese.md 7.1); below 0 ends the match
-- (4.6). Spec: /work/shared/rules/sanma.md.
local lu = require "luaunit"
local in_play = require "in_play"

-- Dead wall: R0..R7 replacement tiles, then D0 (5z: dora 6z) and U0 (9m: ura 1m).
local function back(replacements)
  local r = jong.tiles(replacements or "")
  local junk = { "7p", "7p", "7p", "7s", "7s", "7s", "8s", "8s" }
  for i = #r + 1, 8 do r[i] = junk[i] end
  return table.concat(r) .. "5z9m"
end

local function game(hands, draws, replacements, options)
  return assert(jong.scenario { rules = "sanma", options = options, hands = hands, draws = draws,
                                back = back(replacements) })
end

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

-- East holds North; South nine terminal and honour kinds on his first turn.
local KYUUSHU = { E = "1m9m2p5p8p3s6s9s1z2z5z6z4z3p", S = "1m9m1p9p1s9s1z2z3z5s6s7s8s",
                  W = "234p678p234s5z6z7z5p" }

function test_kyuushu_on_by_default_and_a_kita_ends_it()
  local g = game(KYUUSHU, "2s2s")
  in_play.play(g, "E", "d 4z"); pass_all(g)
  lu.assertTrue(in_play.legal_types(g, "S").kyuushu)
  in_play.play(g, "S", "kyuushu")
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "abortive" })
  lu.assertEquals(g:last_payments(), { E = 0, S = 0, W = 0 })
  in_play.play(g, "E", "next")
  st = g:state()
  lu.assertEquals({ st.honba, st.seats.E.player }, { 1, 0 })   -- the dealer keeps the deal
  -- East sets his North aside: a call before South's first turn
  g = game(KYUUSHU, "2s", "4s")
  in_play.play(g, "E", "kita")
  in_play.play(g, "E", "d 4s"); pass_all(g)
  lu.assertNil(in_play.legal_types(g, "S").kyuushu)
end

-- 6.6: South pons East's 5p holding four 1s: he must discard first (kong_after_call false).
function test_no_concealed_kong_after_a_pon()
  local hands = { E = "5p1m9m2p8p3s6s9s1z2z5z6z7z4z", S = "55p1111s9s1z2z3z5z6z7z", W = "234p678p234s5z6z7z9p" }
  for _, after in ipairs({ false, true }) do
    local g = game(hands, "2s", nil, { kong_after_call = after })
    in_play.play(g, "E", "d 5p")
    in_play.play(g, "S", "pung"); pass_all(g)
    lu.assertEquals(g:state().turn, "S")
    lu.assertEquals(in_play.legal_types(g, "S").kong_concealed == true, after)
  end
end

-- 6.3: South (riichi) and West ron East's 5s: the stick on the table goes to South, the
-- winner nearest to the discarder; neither winner pays the other.
function test_double_ron_stick_to_the_nearest()
  local hands = { E = "1m9m2p5p8p3s6s9s1z2z5z6z7z9m", S = "234p678p23467s99p", W = "345p678p234s46s22p" }
  local g = game(hands, "1z2z5s", "1s1s1s1s")
  in_play.play(g, "E", "d 1z"); pass_all(g)
  in_play.play(g, "S", "riichi 1z"); pass_all(g)
  lu.assertEquals(g:state().deposits, 1000)
  in_play.play(g, "W", "d 2z"); pass_all(g)
  in_play.play(g, "E", "d 5s")
  lu.assertEquals(g:waiting(), { "S", "W" })
  in_play.play(g, "S", "win"); in_play.play(g, "W", "win")
  local by = {}
  for _, r in ipairs(g.last_results) do by[r.seat] = r end
  lu.assertEquals(by.W.payments.S, 0)
  lu.assertEquals(by.S.payments.W, 0)
  lu.assertEquals(by.S.payments.S + by.S.payments.E, 1000)   -- the stick comes with South's win
  lu.assertEquals(by.W.payments.W + by.W.payments.E, 0)      -- West: no stick
  lu.assertEquals(g:state().deposits, 0)
end

-- japanese.md 7.1 (riichi_needs_1000): riichi needs 1,000 points; a match begun with 900
-- each (start_points) offers none.
function test_riichi_needs_1000_points()
  local hands = { E = "1m9m2p5p8p3s6s9s1z2z5z6z7z9m", S = "234p678p23467s99p", W = "345p678p234s46s22p" }
  for _, case in ipairs({ { 1000, true }, { 900, false } }) do
    local g = game(hands, "1z", "1s1s1s1s", { start_points = case[1] })
    in_play.play(g, "E", "d 1z"); pass_all(g)
    lu.assertEquals(in_play.legal_types(g, "S").riichi == true, case[2])
  end
end

-- 4.6.1 (tobi): a player below 0 ends the match at once; exactly 0 does not. East deals
-- in South's pinfu (1,000) from 1,000 or 900 points.
function test_below_zero_ends_the_match()
  local hands = { E = "1m9m2p5p8p3s6s9s1z2z5z6z7z5s", S = "234p678p23467s99p", W = "234p678p234s5z6z7z5p" }
  for _, case in ipairs({ { 1000, "turn" }, { 900, "match_end" } }) do
    local g = game(hands, "1z", "1s1s1s1s", { start_points = case[1] })
    in_play.play(g, "E", "d 5s")
    in_play.play(g, "S", "win"); pass_all(g)
    lu.assertEquals(g:last_payments(), { E = -1000, S = 1000, W = 0 })
    in_play.play(g, "E", "next")
    lu.assertEquals(g:state().phase, case[2])
  end
end

os.exit(lu.LuaUnit.run())
