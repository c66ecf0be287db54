-- IMS play on stacked walls: Stricter MahJong (s8: no grab win on a kind among the own
-- discards; none on a kind let slip before the own next discard, other kinds allowed), no
-- MahJong in turn right after a Sequence bid (s6.1), and the Major 3
-- Dragons liability (s17 P2) in play. Spec: /work/shared/rules/ims.md.
local lu = require "luaunit"
local in_play = require "in_play"

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

local function game(hands, draws, options)
  return assert(jong.scenario { rules = "ims", seed = 1, options = options, hands = hands, draws = draws })
end

-- South waits on 5p/8p once he has drawn and let go a 5p.
local S_WAIT = "123456789m11z67p"
local JUNK_W = "5p2p3s5s7s1m3m4z5z6z7z9s8m"

-- s8 (a): South discarded a 5p; West's 5p cannot be grabbed with stricter_mahjong on.
function test_stricter_own_discard()
  for _, stricter in ipairs({ false, true }) do
    local g = game({ E = "19p19s234567z28m3s4p", S = S_WAIT, W = JUNK_W, N = "2468s37p159m12z8p9s" }, "5p6s",
                   { stricter_mahjong = stricter })
    in_play.play(g, "E", "d 2z"); pass_all(g)
    in_play.play(g, "S", "d 5p"); pass_all(g)
    in_play.play(g, "W", "d 5p")
    lu.assertEquals(in_play.legal_types(g, "S").win == true, not stricter)
  end
end

-- s8 (b): South lets East's 8p pass; North pungs it, East then discards another tile before
-- South's next discard: no grab on 8p, a grab on 5p is allowed.
function test_stricter_slipped_kind()
  local hands = { E = "8p1p19s234567z28m3s4p", S = S_WAIT, W = JUNK_W, N = "88p2468s37p159m12z" }
  for _, case in ipairs({ { "8p", true, false }, { "5p", true, true }, { "8p", false, true } }) do
    local tile, stricter, wins = case[1], case[2], case[3]
    local g = game(hands, tile, { stricter_mahjong = stricter })
    in_play.play(g, "E", "d 8p")
    lu.assertTrue(in_play.legal_types(g, "S").win)
    in_play.play(g, "S", "pass"); in_play.play(g, "N", "pung")
    in_play.play(g, "N", "d 2s"); pass_all(g)
    in_play.play(g, "E", "d " .. tile)
    lu.assertEquals(in_play.legal_types(g, "S").win == true, wins, tile .. " stricter " .. tostring(stricter))
  end
end

-- s6.1: after a Sequence bid that completes his hand South may not declare MahJong in
-- turn (he could have bid MahJong instead).
function test_no_mahjong_after_a_sequence_bid()
  local g = game({ E = "7p1p19s234567z28m3s4p", S = "123456789m11z68p", W = JUNK_W, N = "2468s37p159m12z8p9s" }, "9p")
  in_play.play(g, "E", "d 7p")
  local types = in_play.legal_types(g, "S")
  lu.assertTrue(types.win and types.chow)
  in_play.play(g, "S", "chow 6p"); pass_all(g)
  lu.assertEquals(g:state().turn, "S")
  lu.assertNil(in_play.legal_types(g, "S").win)
  lu.assertTrue(in_play.legal_types(g, "S").discard)
end

-- s17 P2: South's three dragon sets are grabbed from discards, West's Red last: West pays
-- the whole Total of South's self-fed win.
function test_major_three_dragons_liability()
  local g = game({ E = "5z19m19p9s1234z47s28p", S = "556677z99p34m19s1p", W = "67z258m36p258s123z",
                   N = "367m47p36s1234z5p8m" }, "9m9m2s2s2s5m")
  in_play.play(g, "E", "d 5z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 1s"); pass_all(g)
  in_play.play(g, "W", "d 6z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 9s"); pass_all(g)
  in_play.play(g, "W", "d 7z"); in_play.play(g, "S", "pung"); pass_all(g); in_play.play(g, "S", "d 1p"); pass_all(g)
  in_play.play(g, "W", "d 9m"); pass_all(g); in_play.play(g, "N", "d 2s"); pass_all(g)
  in_play.play(g, "E", "d 2s"); pass_all(g)
  in_play.play(g, "S", "win")
  local r = g.last_results[1]
  local total = r.result.value.total
  lu.assertTrue(total > 0)
  lu.assertEquals(r.payments, { E = 0, S = total, W = -total, N = 0 })
end

os.exit(lu.LuaUnit.run())
