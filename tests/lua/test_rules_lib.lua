-- rules/lib: the shared toolkit of the rule scripts.
local lu = require "luaunit"

local function lib(name) return assert(jong.load_rules("lib." .. name)) end

function test_tiles_and_seats()
  local t = lib("tiles")
  lu.assertEquals(#t.KINDS, 34)
  lu.assertEquals(t.SUIT["5p"], "p")
  lu.assertEquals(t.RANK["7z"], 7)
  lu.assertTrue(t.END["9s"] and t.END["1z"] and not t.END["5m"])
  lu.assertTrue(t.DRAGON["6z"] and t.WIND["4z"] and not t.WIND["5z"])
  lu.assertEquals(t.OF_SUIT.s[3], "3s")
  lu.assertEquals(t.seat_after("N"), "E")
  lu.assertEquals(t.seat_after("S", 2), "N")
  lu.assertEquals(t.counts_of("1170p5z"), { ["1p"] = 2, ["7p"] = 1, ["5p"] = 1, ["5z"] = 1 })   -- a red five as its kind
  lu.assertEquals(t.WIND_TILE.W, "3z")
end

function test_payments()
  local p = lib("payments")
  local pay = p.zero()
  p.move(pay, "W", "S", 1300)
  lu.assertEquals(pay, { E = 0, S = 1300, W = -1300, N = 0 })
  lu.assertEquals(p.round_up(1280, 100), 1300)
  pay = p.self_draw(p.zero(), "E", function() return 500 end)
  lu.assertEquals(pay, { E = 1500, S = -500, W = -500, N = -500 })
end

local function counts(hand)
  local c = {}
  for _, t in ipairs(jong.tiles(hand)) do c[t] = (c[t] or 0) + 1 end
  return c
end

function test_patterns()
  local m = lib("patterns")
  lu.assertEquals(m.nine_gates(counts("11123455678999m"), 0), "m")
  lu.assertNil(m.nine_gates(counts("11123455678999m"), 1))
  lu.assertNil(m.nine_gates(counts("11123456789999p1z"), 0))
  lu.assertTrue(m.seven_pairs(counts("1133m5577p99s1155z"), false))
  lu.assertFalse(m.seven_pairs(counts("1111m5577p99s1155z"), false))
  lu.assertTrue(m.seven_pairs(counts("1111m5577p99s1155z"), true))
  lu.assertEquals(m.knitted(counts("147m258p369s1234z")), "mps")
  lu.assertEquals(m.knitted(counts("147s258m369p1234z")), "smp")
  lu.assertNil(m.knitted(counts("147m258m369s1234z")))
end

function test_checks()
  local c = lib("checks")
  local f = assert(jong.facts { rules = "base", seat = "S", hand = "123m456p789s123s55z", win_tile = "5z",
                                win_by = "discard", from = "E", flags = { "kong_replacement" } })
  lu.assertEquals(c.first(f, { c.no_bonus, c.flags_consistent }), "kong_replacement needs win_by 'self'")
  f.flags = {}
  lu.assertNil(c.first(f, { c.no_bonus, c.flags_consistent }))
end

function test_event_scans()
  local e = lib("events")
  local ev = { { type = "draw", seat = "E", from = "wall" }, { type = "kong_concealed", seat = "E" },
               { type = "draw", seat = "E", from = "loose" }, { type = "kong_concealed", seat = "E" },
               { type = "draw", seat = "E", from = "loose" } }
  lu.assertTrue(e.kong_upon_kong(ev, "E"))
  lu.assertFalse(e.kong_upon_kong(ev, "S"))
  lu.assertEquals(e.draw_chain(ev, "E"), "kong_replacement")
  ev[#ev + 1] = { type = "bonus", seat = "E" }
  ev[#ev + 1] = { type = "draw", seat = "E", from = "replacement" }
  lu.assertEquals(e.draw_chain(ev, "E"), "after_kong_flower")
  lu.assertFalse(e.kong_upon_kong({ ev[3], ev[4], ev[5] }, "E"))
end

os.exit(lu.LuaUnit.run())
