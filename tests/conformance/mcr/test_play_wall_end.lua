-- MCR play at the wall's end on a fully stacked wall (flowers off): no kong when no
-- replacement tile is left (s7.4); the last discard is claimed only to win by default,
-- for anything with mcr.last_discard_claims = all (s7.6); a hand without a winner is a
-- draw and the deal passes (s7.6, s5.2). Spec: /work/shared/rules/mcr.md.
local lu = require "luaunit"
local in_play = require "in_play"

-- North holds three 7m; South a pair of 8p.
local HANDS = { E = "1199m1199s12345z5p", S = "234m345s678s34p88p", W = "234m345s678s67p22s",
                N = "456m456s678p777m9p" }

-- The 83 draws: the tiles left in tile order, `last` drawn last (by North).
local function draws(last)
  local left = {}
  for _, t in ipairs(jong.TILES) do left[t] = 4 end
  for _, h in pairs(HANDS) do
    for _, t in ipairs(jong.tiles(h)) do left[t] = left[t] - 1 end
  end
  left[last] = left[last] - 1
  local out = {}
  for _, t in ipairs(jong.TILES) do
    for _ = 1, left[t] do
      if #out < 82 then out[#out + 1] = t end
    end
  end
  out[#out + 1] = last
  return table.concat(out)
end

local function pass_all(g)
  while g:state().phase == "claim" or g:state().phase == "rob" do
    for _, s in ipairs(g:waiting()) do in_play.play(g, s, "pass") end
  end
end

-- Every seat discards what it draws until North has drawn the last tile.
local function to_the_last_tile(last, options)
  options = options or {}
  options.flowers = false
  local g = assert(jong.scenario { rules = "mcr", options = options, hands = HANDS, draws = draws(last) })
  in_play.play(g, "E", "d 1z"); pass_all(g)
  for _ = 1, 83 do
    local st = g:state()
    lu.assertEquals(st.phase, "turn")
    if st.wall == 0 then break end
    in_play.play(g, st.turn, "d " .. st.drawn); pass_all(g)
  end
  local st = g:state()
  lu.assertEquals({ st.turn, st.drawn, st.wall }, { "N", last, 0 })
  return g
end

-- s7.4: North draws the fourth 7m with no replacement tile left: no kong.
function test_no_kong_without_a_replacement()
  local g = to_the_last_tile("7m")
  lu.assertNil(in_play.legal_types(g, "N").kong_concealed)
  in_play.play(g, "N", "d 7m")
  local st = g:state()
  lu.assertEquals({ st.phase, st.result }, { "deal_end", "exhaustive" })
  lu.assertEquals(g:last_payments() or { E = 0, S = 0, W = 0, N = 0 }, { E = 0, S = 0, W = 0, N = 0 })
  local south = st.seats.S.player
  in_play.play(g, "E", "next")
  lu.assertEquals(g:state().seats.E.player, south)                   -- s5.2: the deal passes
end

-- s7.6: South may not pung North's last discard by default (West may win on it); with
-- last_discard_claims = all he may.
function test_last_discard_claims()
  local g = to_the_last_tile("8p")
  in_play.play(g, "N", "d 8p")
  lu.assertEquals(g:waiting(), { "W" })                              -- West may win on it (67p)
  lu.assertEquals(in_play.legal_types(g, "W"), { pass = true, win = true })
  g = to_the_last_tile("8p", { last_discard_claims = "all" })
  in_play.play(g, "N", "d 8p")
  lu.assertEquals(g:waiting(), { "S", "W" })
  lu.assertTrue(in_play.legal_types(g, "S").pung)
end

os.exit(lu.LuaUnit.run())
