-- Taiwanese flower wins in play (§7.5, §7.6) on stacked walls: eight flowers wins at
-- once, a seat holding seven may rob the eighth (seven rob one), each scored and paid
-- by the same `score` as `jong score` (Examples 12 and 13).
local lu = require "luaunit"

local in_play = require "in_play"
local play, last_event, legal_types = in_play.play, in_play.last_event, in_play.legal_types

-- South is dealt seven bonus tiles (replaced from the tail by 1122334m); W, N and E hold
-- nothing anyone claims.
local function deal(draws, options)
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = draws, options = options,
    hands = { E = "123456789m123p456s1z7z", S = "147m258p369s f1 f2 f3 f4 g1 g2 g3",
              W = "258m369p147s1234566z", N = "369m147p258s1234z555z" }, back = "1122334m8p" }
  lu.assertNotNil(g, err)
  return g
end

local function items_of(g)
  local out = {}
  for _, it in ipairs(g.last_results[1].result.items) do out[#out + 1] = { it.name, it.value } end
  return out
end

function test_eight_flowers_win_at_once()
  local g = deal("g45p")
  play(g, "E", "d 7z")          -- S draws g4, his eighth bonus tile: he wins at once
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.tile, win.by }, { "S", "g4", "self" })
  lu.assertEquals(win.flags, { "flowers" })
  lu.assertEquals(items_of(g), { { "Eight flowers", 8 }, { "Dealer", 1 } })   -- Example 12
  lu.assertEquals(last_event(g, "settle").payments, { E = -120, S = 340, W = -110, N = -110 })
end

-- W reveals the eighth bonus tile while S holds seven: S may rob it and is paid by W alone.
local function rob_deal(options)
  -- E discards 7z, S draws 5p and discards it, W draws g4.
  local g = deal("5pg47p", options)
  play(g, "E", "d 7z")
  play(g, "S", "d 5p")
  lu.assertEquals(g:state().phase, "rob")
  lu.assertEquals(g:state().rob_type, "bonus")
  lu.assertTrue(legal_types(g, "S").win)
  return g
end

function test_seven_rob_one()
  local g = rob_deal()
  play(g, "S", "win")
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.tile, win.by, win.from }, { "S", "g4", "discard", "W" })
  lu.assertEquals(items_of(g), { { "Seven rob one", 8 } })                     -- Example 13
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = 110, W = -110, N = 0 })
end

function test_seven_rob_one_paid_by_all()
  local g = rob_deal { seven_rob_one_payer = "all" }
  play(g, "S", "win")
  lu.assertEquals(items_of(g), { { "Seven rob one", 8 }, { "Dealer", 1 } })
  lu.assertEquals(last_event(g, "settle").payments, { E = -120, S = 340, W = -110, N = -110 })
end

function test_seven_rob_one_passed()
  local g = rob_deal()
  play(g, "S", "pass")          -- W takes his replacement (8p) and plays on
  local st = g:state()
  lu.assertEquals({ st.phase, st.turn }, { "turn", "W" })
  lu.assertEquals(last_event(g, "draw").tile, "8p")
  lu.assertNil(last_event(g, "win"))
end

-- §7.6: eight bonus tiles in a dealt hand win at once (after the replacements).
function test_eight_flowers_dealt()
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, back = "1122334m",
    hands = { E = "123456789m123p456s1z7z", S = "147m258p36s f1 f2 f3 f4 g1 g2 g3 g4", W = "258m369p147s1234566z",
              N = "369m147p258s1234z555z" } }
  lu.assertNotNil(g, err)
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.tile, win.by, win.flags }, { "S", "g4", "self", { "flowers" } })
  lu.assertEquals(last_event(g, "settle").payments, { E = -120, S = 340, W = -110, N = -110 })
  lu.assertEquals(g:state().phase, "deal_end")
end

-- T9 after a flower (§11.4): S, ready on 2s or 1z, draws f1 and wins on its replacement.
function test_replacement_win_after_a_flower()
  local g, err = jong.scenario { rules = "taiwanese", seed = 1, draws = "f1", back = "1z",
    hands = { E = "234567m345p345s9s666z7z", S = "123456789m234p22s11z", W = "114477m114477p2255s",
              N = "6688s22334455z99m1p9p" } }
  lu.assertNotNil(g, err)
  play(g, "E", "d 7z")
  play(g, "S", "win")
  -- S's first draw of the deal: Earthly win too (it replaces T1, T2, T3); 30 + 10 x 18 (+1 for E)
  lu.assertEquals(items_of(g), { { "Round wind", 1 }, { "Replacement win", 1 }, { "Earthly win", 16 }, { "Dealer", 1 } })
  lu.assertEquals(last_event(g, "settle").payments, { E = -220, S = 640, W = -210, N = -210 })
end

os.exit(lu.LuaUnit.run())
