-- Hong Kong Old Style in the engine, on stacked walls: what `jong score` pays and refuses is
-- what play pays and refuses. Calling 9 pieces on a discard (§9.1) and Calling 12 pieces on
-- a self-draw (§9.2) played out, a win on a flower replacement (§12.5: Self-drawn only, no
-- Win on kong replacement; §12.6 the seat flower), bonus-tile faan not counted toward the
-- minimum in play (§11.2), and Thirteen orphans robbing a declared concealed kong under the
-- default hk.rob_kong (§7.5); the seventh bonus tile winning at once (§12.6 H24); the last
-- tile, the last discard and the 14 tiles never drawn at the end of the wall (§8.2, §8.3).
local lu = require "luaunit"

local in_play = require "in_play"
local play, last_event, legal_types = in_play.play, in_play.last_event, in_play.legal_types

local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")
local game = hk.game

local function pass_claims(g)
  if g:state().phase ~= "claim" then return end
  for _, seat in ipairs(g:waiting()) do play(g, seat, "pass") end
end

local function items(g)
  local out = {}
  for i, it in ipairs(g.last_results[1].result.items) do out[i] = it.name .. " " .. it.value end
  return out
end

TestPlayPayments = {}

-- §9.1 (Example 12 in play): West pongs three dots sets (1p and 7p from East, 4p from North)
-- and is calling 9 pieces; North discards the 5p that makes West's pure one-suit hand and
-- pays for all: All pungs 3 + Pure one suit 7 = 10 faan, u = 64, North pays 4u alone.
function TestPlayPayments.test_calling_9_pieces_discarder_pays_for_all()
  local g = game({ "1p7p123456789m569s", "111222333444z5z", "11p44p77p222p5p567z", "4p5p123456789s99m" },
                 "8m8m9m8m")
  play(g, "E", "d 1p"); play(g, "W", "pung"); play(g, "W", "d 5z"); pass_claims(g)
  play(g, "N", "d 4p"); play(g, "W", "pung"); play(g, "W", "d 6z"); pass_claims(g)
  play(g, "N", "d 8m"); pass_claims(g)
  play(g, "E", "d 7p"); play(g, "W", "pung"); play(g, "W", "d 7z"); pass_claims(g)
  play(g, "N", "d 5p")
  play(g, "W", "win")
  lu.assertEquals(items(g), { "All pungs 3", "Pure one suit 7" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = 0, W = 256, N = -256 })
end

-- §9.2 (Example 13 in play): after three dots pungs West pongs East's 2p, his fourth dots set
-- (East is liable), and self-draws 5p: All pungs 3 + Pure one suit 7 + Self-drawn 1 = 11,
-- limit 10, u = 64; East alone pays the whole self-draw, 3 x 2u.
function TestPlayPayments.test_calling_12_pieces_feeder_pays_the_self_draw()
  local g = game({ "1p7p2p12345678m456s", "111222333444z5z", "11p44p77p22p5p5671z", "4p123456789s99m3m" },
                 "8m8m9m9s9s9s3s3s5p")
  play(g, "E", "d 1p"); play(g, "W", "pung"); play(g, "W", "d 5z"); pass_claims(g)
  play(g, "N", "d 4p"); play(g, "W", "pung"); play(g, "W", "d 6z"); pass_claims(g)
  play(g, "N", "d 8m"); pass_claims(g)
  play(g, "E", "d 7p"); play(g, "W", "pung"); play(g, "W", "d 7z"); pass_claims(g)
  play(g, "N", "d 9m"); pass_claims(g)
  play(g, "E", "d 2p"); play(g, "W", "pung"); play(g, "W", "d 1z"); pass_claims(g)
  play(g, "N", "d 9s"); pass_claims(g)
  play(g, "E", "d 3s"); pass_claims(g)
  play(g, "S", "d 3s"); pass_claims(g)
  play(g, "W", "win")
  lu.assertEquals(items(g), { "All pungs 3", "Pure one suit 7", "Self-drawn 1" })
  lu.assertEquals(g.last_results[1].result.limit, "Limit")
  lu.assertEquals(last_event(g, "settle").payments, { E = -384, S = 0, W = 384, N = 0 })
end

-- §12.5 "A win on a flower replacement scores only H14 (no H16)": South draws his own flower
-- f2, exposes it and wins on its replacement 2z from the tail: Mixed one suit 3, Prevailing
-- wind 1 (111z, round East), Self-drawn 1, Concealed hand 1, Seat flower 1 = 7, u = 32.
function TestPlayPayments.test_win_on_a_flower_replacement()
  local g = game({ "123456789m12p345p", "123456789s111z2z", "123456789p456m3z", "1122334455667s" },
                 "f2", { use_flowers = true }, "2z")
  play(g, "E", "d 1p"); pass_claims(g)
  lu.assertTrue(legal_types(g, "S").win)
  play(g, "S", "win")
  lu.assertEquals(items(g), { "Mixed one suit 3", "Prevailing-wind pung/kong 1", "Self-drawn 1",
                              "Concealed hand 1", "Seat flower / seat season 1" })
  lu.assertEquals(last_event(g, "settle").payments, { E = -64, S = 192, W = -64, N = -64 })
end

-- §11.2 in play: South's Self-drawn 1 + Concealed hand 1 = 2 faan with his seat flower (+1)
-- may not win under the minimum of 3 (bonus faan do not count); under hk.min_faan = 2 he
-- wins with 3 faan (u = 8, each loser 2u).
function TestPlayPayments.test_bonus_faan_do_not_reach_the_minimum_in_play()
  local hands = { "123456789m12p345p", "123m456p789s555s1z", "123456789p456m3z", "1122334466778s" }
  local g = game(hands, "f2", { use_flowers = true }, "1z")
  play(g, "E", "d 1p"); pass_claims(g)
  lu.assertNil(legal_types(g, "S").win)
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "2 faan, below the minimum of 3 (bonus tiles not counted)")

  g = game(hands, "f2", { use_flowers = true, min_faan = 2 }, "1z")
  play(g, "E", "d 1p"); pass_claims(g)
  play(g, "S", "win")
  lu.assertEquals(items(g), { "Self-drawn 1", "Concealed hand 1", "Seat flower / seat season 1" })
  lu.assertEquals(last_event(g, "settle").payments, { E = -16, S = 48, W = -16, N = -16 })
end

-- §7.5 default (hk.rob_kong = promoted): a declared concealed kong may be robbed only to
-- complete Thirteen orphans. East waits on 1m; South declares a concealed kong of 1m and East
-- robs it: Thirteen orphans 13 + Concealed hand 1 + Robbing a kong 1, limit 10 (u = 64),
-- South paying as the discarder (2u), West and North u each.
function TestPlayPayments.test_thirteen_orphans_robs_a_concealed_kong()
  local g = game({ "9m19p19s12345677z3m", "111m2345678p234s", "23456789p23456m", "222333444555z6z" },
                 "1m", nil, "9m")
  play(g, "E", "d 3m"); pass_claims(g)
  play(g, "S", { type = "kong_concealed", tile = "1m" })
  lu.assertEquals(g:state().phase, "rob")
  play(g, "E", "win")
  local win = last_event(g, "win")
  lu.assertEquals({ win.by, win.from }, { "rob", "S" })
  lu.assertEquals(items(g), { "Thirteen orphans 13", "Concealed hand 1", "Robbing a kong 1" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 256, S = -128, W = -64, N = -64 })
end

-- §12.6 H24 in play (hk.flower_wins, default on): South draws his seventh bonus tile and
-- wins at once, before its replacement: Seven bonus tiles 3 faan only, paid as self-drawn
-- (u = 8, each loser 2u). With hk.flower_wins off he takes every replacement and plays on.
local SEVEN = { "123456789m12p345p", "123m456p789s555s1z", "123456789p456m3z", "1122334466778s" }

function TestPlayPayments.test_seventh_bonus_tile_wins_at_once()
  local g = game(SEVEN, "f2", { use_flowers = true }, "f1f3f4g1g2g3g4")
  play(g, "E", "d 1p"); pass_claims(g)
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.by, win.tile }, { "S", "self", "g3" })
  lu.assertEquals(items(g), { "Seven bonus tiles 3" })
  lu.assertEquals(last_event(g, "settle").payments, { E = -16, S = 48, W = -16, N = -16 })

  g = game(SEVEN, "f2", { use_flowers = true, flower_wins = false }, "f1f3f4g1g2g3g47z")
  play(g, "E", "d 1p"); pass_claims(g)
  lu.assertNil(last_event(g, "win"))
  lu.assertEquals({ g:state().phase, g:state().turn }, { "turn", "S" })
  lu.assertNil(legal_types(g, "S").win)
end

-- A dealt hand holding seven bonus tiles wins once the deal's replacements are drawn.
function TestPlayPayments.test_seven_dealt_bonus_tiles_win()
  local g = game({ "123456789m12p345p", "123m456pf1f2f3f4g1g2g3", "123456789p456m3z", "1122334466778s" },
                 nil, { use_flowers = true }, "5s5s5s1z1z2z2z")
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.by }, { "S", "self" })
  lu.assertEquals(items(g), { "Seven bonus tiles 3" })
  lu.assertEquals(last_event(g, "settle").payments, { E = -16, S = 48, W = -16, N = -16 })
end

-- The end of the wall, every tile stacked: E keeps a Thirteen orphans wait (13 ways), N
-- waits on 5p; everyone discards what he draws and passes every claim. N draws the 83rd
-- and last tile of the wall (§6.4: tiles 53 to 135; §12.5 H19), or with hk.last_discard
-- draws 9s there and E wins on its discard (H20); with hk.dead_wall14 the deal is drawn
-- after the 69th draw (§8.3).
local WALL_END = { "19m19p19s1234567z1m", "22m33m44m55m66m77m8m", "22p33p44p66p77p88p9p", "123m456m789m123p5p" }

local function expand(notation)
  local out, digits = {}, ""
  for ch in notation:gmatch(".") do
    if ch:match("%d") then digits = digits .. ch
    else
      for d in digits:gmatch(".") do out[#out + 1] = d .. ch end
      digits = ""
    end
  end
  return out
end

-- The 83 tiles after the deal in order: `last` the final one, no 5p drawn by N before it
-- (N draws the 3rd, 7th, ... tile after the deal).
local function wall_after_deal(last)
  local count = {}
  for _, s in ipairs { "m", "p", "s", "z" } do
    for r = 1, s == "z" and 7 or 9 do count[r .. s] = 4 end
  end
  for _, hand in ipairs(WALL_END) do
    for _, t in ipairs(expand(hand)) do count[t] = count[t] - 1 end
  end
  count[last] = count[last] - 1
  local fives, rest = {}, {}
  for _, s in ipairs { "m", "p", "s", "z" } do
    for r = 1, 9 do
      local t = r .. s
      for _ = 1, count[t] or 0 do
        if t == "5p" then fives[#fives + 1] = t else rest[#rest + 1] = t end
      end
    end
  end
  local draws = {}
  for k = 1, 82 do
    if k % 4 ~= 3 and #fives > 0 then draws[k] = table.remove(fives) else draws[k] = table.remove(rest, 1) end
  end
  draws[83] = last
  return table.concat(draws)
end

-- Everyone discards his drawn tile and passes every claim until `stop(g)` or the deal ends.
local function play_out(g, stop)
  play(g, "E", "d 1m")
  for _ = 1, 400 do
    local st = g:state()
    if st.phase == "deal_end" or stop(g) then return end
    if st.phase == "claim" then pass_claims(g) else play(g, st.turn, "d " .. st.drawn) end
  end
end

function TestPlayPayments.test_last_tile_and_last_discard()
  local g = game(WALL_END, wall_after_deal("5p"))
  play_out(g, function(g) return g:state().phase == "turn" and g:brief().drawable == 0 end)
  lu.assertEquals(g:state().turn, "N")
  play(g, "N", "win")
  lu.assertEquals(items(g), { "Common hand 1", "Self-drawn 1", "Concealed hand 1", "Last tile 1" })
  lu.assertEquals(last_event(g, "settle").payments, { E = -32, S = -32, W = -32, N = 96 })

  g = game(WALL_END, wall_after_deal("9s"), { last_discard = true })
  play_out(g, function(g) return g:state().phase == "claim" and g:brief().drawable == 0 end)
  lu.assertEquals(g:state().discarder, "N")
  play(g, "E", "win")
  lu.assertEquals(items(g), { "Thirteen orphans 13", "Concealed hand 1", "Last discard 1" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 256, S = -64, W = -64, N = -128 })

  g = game(WALL_END, wall_after_deal("5p"), { dead_wall14 = true })
  play_out(g, function() return false end)
  lu.assertEquals(g:state().result, "exhaustive")
  lu.assertEquals(#in_play.events(g, "draw"), 83 - 14)
end

os.exit(lu.LuaUnit.run())
