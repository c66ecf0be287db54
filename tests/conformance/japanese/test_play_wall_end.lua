-- Japanese play at the end of the live wall, on a wall stacked to the last tile: riichi
-- needs 4 tiles left (7.1, riichi_min_wall), calls on the last (houtei) discard (6.6,
-- call_on_last_discard), a kong on it gets no replacement and ends the deal (5.4,
-- kan_on_last_tile). Spec: /work/shared/rules/japanese.md.
local lu = require "luaunit"
local in_play = require "in_play"

-- South is tenpai from the deal (closed, 2p/5p); North holds three 7m.
local HANDS = { E = "1199m1199s12345z5p", S = "234m345s678s34p88p", W = "234m345s678s67p22s",
                N = "456m456s678p777m5p" }

-- The 69 draws: the tiles left in tile order, the last 7m drawn last (by South).
local function draws()
  local left = {}
  for _, t in ipairs(jong.TILES) do left[t] = 4 end
  for _, h in pairs(HANDS) do
    for _, t in ipairs(jong.tiles(h)) do left[t] = left[t] - 1 end
  end
  left["7m"] = left["7m"] - 1
  local out = {}
  for _, t in ipairs(jong.TILES) do
    for _ = 1, left[t] do
      if #out < 68 then out[#out + 1] = t end
    end
  end
  out[#out + 1] = "7m"
  return table.concat(out)
end

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

-- Every seat discards what it draws, to the last tile; South's riichi chances are noted
-- ({wall = offered}); the game stops at the houtei discard's claim window.
local function to_the_last_discard(options)
  local g = assert(jong.scenario { rules = "japanese", options = options, hands = HANDS, draws = draws() })
  in_play.play(g, "E", "d 1z"); pass_all(g)
  local riichi = {}
  for _ = 1, 69 do
    local st = g:state()
    lu.assertEquals(st.phase, "turn")
    if st.turn == "S" then riichi[st.wall] = in_play.legal_types(g, "S").riichi == true end
    in_play.play(g, st.turn, "d " .. st.drawn)
    if st.wall == 0 then break end
    pass_all(g)
  end
  lu.assertEquals(in_play.last_event(g, "discard").seat, "S")
  lu.assertEquals(g:state().wall, 0)
  return g, riichi
end

-- 7.1: riichi with 4 tiles left, not with none; riichi_min_wall = 0 allows it.
function test_riichi_needs_four_tiles_left()
  local _, riichi = to_the_last_discard()
  lu.assertTrue(riichi[68] and riichi[4])
  lu.assertFalse(riichi[0])
  _, riichi = to_the_last_discard({ riichi_min_wall = 0 })
  lu.assertTrue(riichi[0])
end

-- 6.6 seed: the houtei discard may be ponned; the caller's discard is houtei again and the
-- deal ends when it passes.
function test_pon_on_the_last_discard()
  local g = to_the_last_discard()
  lu.assertEquals(g:waiting(), { "N" })
  local types = in_play.legal_types(g, "N")
  lu.assertTrue(types.pung and types.kong)
  in_play.play(g, "N", "pung"); pass_all(g)
  lu.assertEquals({ g:state().phase, g:state().turn }, { "turn", "N" })
  in_play.play(g, "N", "d 5p"); pass_all(g)
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "exhaustive" })
end

-- 5.4 seed: a kong on the last discard needs a replacement the empty live wall cannot
-- give: no replacement, the deal ends as an exhaustive draw.
function test_kong_on_the_last_discard_ends_the_deal()
  local g = to_the_last_discard()
  in_play.play(g, "N", "kong 7m"); pass_all(g)
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "exhaustive" })
  lu.assertEquals(st.seats.N.hand, "456m5678p456s [7777m]@S")   -- no replacement tile
end

-- 6.6 ron_only: nothing but ron on the houtei discard; 5.4 forbidden: no kong on it.
function test_last_discard_options()
  local g = to_the_last_discard({ call_on_last_discard = "ron_only" })
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "exhaustive" })
  g = to_the_last_discard({ kan_on_last_tile = "forbidden" })
  local types = in_play.legal_types(g, "N")
  lu.assertTrue(types.pung)
  lu.assertNil(types.kong)
end

os.exit(lu.LuaUnit.run())
