-- g:stack_deal (lua/game.lua, docs/api.md "Scenarios on stacked walls"): a scenario test
-- stacks a later deal too, by its hands as jong.scenario takes them or by its wall; the
-- stacked deal is dealt when it begins, and again when the match is replayed (undo).
local lu = require "luaunit"

-- Deal 1 (tenhou): East holds nine kinds of terminals and honours and ends the deal
-- (kyuushu kyuuhai: East deals again, deal 2).
local DEAL1 = {
  E = "19m19p19s1234z777z6z", S = "2233445566778m", W = "2233445566778p", N = "2233445566778s" }
-- Deal 2: East's 14th tile (his first draw) completes his hand.
local DEAL2 = {
  E = "123m456m789m123p9s9s", S = "999m999p666z777z1z", W = "2233445566778p", N = "2233445566778s" }

local function deal1()
  local g = assert(jong.scenario { rules = "tenhou", seed = 1, hands = DEAL1 })
  assert(g:play("E", { type = "kyuushu" }))
  lu.assertEquals(g:state().phase, "deal_end")
  return g
end

local function sorted(text) local t = jong.tiles(text); table.sort(t); return t end

function test_a_later_deal_by_its_hands()
  local g = deal1()
  lu.assertTrue(g:stack_deal(2, { hands = DEAL2, draws = "9s" }))
  assert(g:play("E", { type = "next" }))
  local st = g:state()
  lu.assertEquals(st.deal, 1)
  lu.assertEquals(sorted(st.seats.E.concealed), sorted(DEAL2.E))
  lu.assertEquals(sorted(st.seats.S.concealed), sorted(DEAL2.S))
  assert(g:play("E", { type = "win" }))
  lu.assertEquals(g:state().result, "win")
end

-- The same deal as a wall: the hands in the engine's deal order (tenhou: four tiles a
-- seat three times, one each, the dealer's 14th), then the draws.
local function wall_of(hands)
  local t = {}
  for s, h in pairs(hands) do t[s] = jong.tiles(h) end
  local out, at = {}, { E = 0, S = 0, W = 0, N = 0 }
  local function take(seat, n)
    for _ = 1, n do at[seat] = at[seat] + 1; out[#out + 1] = t[seat][at[seat]] end
  end
  for _ = 1, 3 do for _, s in ipairs { "E", "S", "W", "N" } do take(s, 4) end end
  for _, s in ipairs { "E", "S", "W", "N" } do take(s, 1) end
  take("E", 1)
  return table.concat(out)
end

function test_a_later_deal_by_its_wall_and_undo_deals_it_again()
  local g = deal1()
  lu.assertTrue(g:stack_deal(3, "1m2m3m"))          -- a deal further ahead may be stacked too
  lu.assertTrue(g:stack_deal(2, wall_of(DEAL2) .. "9s"))
  assert(g:play("E", { type = "next" }))
  lu.assertEquals(sorted(g:state().seats.S.concealed), sorted(DEAL2.S))
  assert(g:play("E", { type = "discard", tile = "1m" }))
  assert(g:undo(2))                                   -- back to deal 1's end
  lu.assertEquals(g:state().phase, "deal_end")
  assert(g:redo())
  lu.assertEquals(sorted(g:state().seats.S.concealed), sorted(DEAL2.S))
  lu.assertEquals(sorted(g:state().seats.E.concealed), sorted(DEAL2.E))
end

function test_refusals_name_the_deal()
  local g = deal1()
  local ok, err = g:stack_deal(1, "1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "deal 1 is not 2 or later (g:stack stacks the first deal)")
  ok, err = g:stack_deal(2, { hands = { E = "1m" } })
  lu.assertNil(ok)
  lu.assertStrContains(err, "stack_deal: deal 2: hand of E has 1 tiles; it is dealt 14")
  ok, err = g:stack_deal(2, "1m1m1m1m1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "stack_deal: deal 2: ")
  assert(g:play("E", { type = "next" }))
  ok, err = g:stack_deal(2, { hands = DEAL2 })
  lu.assertNil(ok)
  lu.assertStrContains(err, "stack_deal: deal 2 has begun (this is deal 2): a deal is stacked before it begins")
end

os.exit(lu.LuaUnit.run())
