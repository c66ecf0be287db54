-- The default built-in player's decisions on stacked Japanese deals: it declares riichi
-- with the discard that leaves it ready, pungs a value honour, passes a call that would
-- leave an open hand without a yaku, and against a riichi gives up a far hand with the
-- riichi seat's own discard.
local lu = require "luaunit"

-- E: ready by discarding 9m (a wait on 1z/5z); the others far from ready.
local HANDS = {
  E = "123m456p789s1155z9m",
  S = "9m147p258s12346z3m",
  W = "2356m2367p3467s7z",
  N = "4568m1489p1579s7z",
}

local function game(hands, draws)
  local h = {}
  for k, v in pairs(HANDS) do h[k] = v end
  for k, v in pairs(hands or {}) do h[k] = v end
  return assert(jong.scenario { rules = "japanese", hands = h, draws = draws or "6z2z8p6s3s9p" })
end

function test_riichi_with_the_ready_discard()
  local g = game()
  local a = g:bot("E")
  lu.assertEquals(a.type, "riichi")
  lu.assertEquals(a.tile, "9m")
end

function test_defends_against_riichi_with_its_discard()
  local g = game()
  assert(g:play("E", g:bot("E")))
  -- S draws and is far from ready: the riichi seat's own discard is the safe tile
  while g:waiting()[1] ~= "S" or g:brief().phase ~= "turn" do
    local seat = g:waiting()[1]
    assert(g:play(seat, "pass"))
  end
  local a = g:bot("S")
  lu.assertEquals(a.type, "discard")
  lu.assertEquals(a.tile, "9m")
end

function test_pungs_a_value_honour()
  -- E discards 7z (Red): W holds a pair and pungs it
  local g = game({ E = "123m456p789s1155z7z", W = "256m2367p3467s7z7z", N = "468m1489p1579s99m" })
  assert(g:play("E", "d 7z"))
  lu.assertEquals(g:bot("W").type, "pung")
end

function test_passes_a_call_that_leaves_no_value()
  -- E discards 2m: W could pung it, but an open hand of these tiles has no yaku in sight
  local g = game({ E = "123m456p789s1155z2m", W = "22m19p19s139m2347z" })
  assert(g:play("E", "d 2m"))
  local legal = {}
  for _, a in ipairs(g:legal("W")) do legal[a.type] = true end
  lu.assertTrue(legal.pung)
  lu.assertEquals(g:bot("W").type, "pass")
end

os.exit(lu.LuaUnit.run())
