-- Japanese play rules as plain functions of the ruleset: exhaustive draws and noten
-- payments (9), dealer rotation and the end of the match (4), furiten (8.3), riichi (7.1),
-- kuikae (6.5) and claims (6.2, 6.6-6.8). Spec: /work/shared/rules/japanese.md.
local lu = require "luaunit"
local R = assert(jong.load_rules("japanese"))

local function options(extra)
  local o = assert(jong.resolve_options(R, extra or {}))
  return o
end

---------------------------------------------------------------- 9. Exhaustive draw

function test_noten_one_tenpai()
  local d = R.exhaustive_draw({ tenpai = { W = true }, honba = 0, deposits = 0 })
  lu.assertEquals(d.payments, { E = -1000, S = -1000, W = 3000, N = -1000 })
  lu.assertFalse(d.dealer_keeps)
  lu.assertEquals(d.honba, 1)
end

function test_noten_three_tenpai_dealer_keeps()
  local d = R.exhaustive_draw({ tenpai = { E = true, S = true, N = true }, honba = 2, deposits = 1 })
  lu.assertEquals(d.payments, { E = 1000, S = 1000, W = -3000, N = 1000 })
  lu.assertTrue(d.dealer_keeps)
  lu.assertEquals(d.honba, 3)
  lu.assertEquals(d.deposits, 1)
end

function test_noten_nobody_or_everybody()
  lu.assertEquals(R.exhaustive_draw({ tenpai = {} }).payments, { E = 0, S = 0, W = 0, N = 0 })
  local all = R.exhaustive_draw({ tenpai = { E = true, S = true, W = true, N = true } })
  lu.assertEquals(all.payments, { E = 0, S = 0, W = 0, N = 0 })
  lu.assertTrue(all.dealer_keeps)
end

function test_draw_renchan_options()
  local t = { tenpai = { E = true } }
  t.options = options({ draw_renchan = "always_pass" })
  lu.assertFalse(R.exhaustive_draw(t).dealer_keeps)
  t = { tenpai = {}, options = options({ draw_renchan = "always_keep" }) }
  lu.assertTrue(R.exhaustive_draw(t).dealer_keeps)
end

function test_nagashi_mangan_option()
  local d = { tenpai = { S = true }, nagashi = { W = true }, honba = 1 }
  lu.assertEquals(R.exhaustive_draw(d).payments, { E = -1000, S = 3000, W = -1000, N = -1000 })
  d.options = options({ nagashi_mangan = true })
  lu.assertEquals(R.exhaustive_draw(d).payments, { E = -4100, S = -2100, W = 8300, N = -2100 })
end

---------------------------------------------------------------- 4. Dealer rotation, end

function test_rotation()
  local o = options()
  lu.assertEquals(R.rotation({ round = "E", dealer = 1, honba = 0, outcome = "win", dealer_won = true, options = o }),
    { round = "E", dealer = 1, honba = 1, ended = false, keep = true })
  lu.assertEquals(R.rotation({ round = "E", dealer = 1, honba = 3, outcome = "win", dealer_won = false, options = o }),
    { round = "E", dealer = 2, honba = 0, ended = false, keep = false })
  lu.assertEquals(R.rotation({ round = "E", dealer = 4, honba = 0, outcome = "draw", dealer_keeps = false, options = o }),
    { round = "S", dealer = 1, honba = 1, ended = false, keep = false })
  lu.assertEquals(R.rotation({ round = "S", dealer = 2, honba = 0, outcome = "abort", options = o }),
    { round = "S", dealer = 2, honba = 1, ended = false, keep = true })
end

function test_end_of_hanchan_and_tonpuusen()
  lu.assertTrue(R.rotation({ round = "S", dealer = 4, honba = 0, outcome = "win", dealer_won = false,
                              options = options() }).ended)
  lu.assertFalse(R.rotation({ round = "S", dealer = 4, honba = 0, outcome = "win", dealer_won = true,
                               options = options() }).ended)
  lu.assertTrue(R.rotation({ round = "E", dealer = 4, honba = 0, outcome = "draw", dealer_keeps = false,
                              options = options({ match_length = "tonpuusen" }) }).ended)
end

function test_tobi_option()
  local s = { round = "E", dealer = 1, honba = 0, outcome = "win", dealer_won = false,
              points = { 30000, -100, 40000, 30100 }, options = options() }
  lu.assertFalse(R.rotation(s).ended)
  s.options = options({ tobi = true })
  lu.assertTrue(R.rotation(s).ended)
end

---------------------------------------------------------------- 8.3 Furiten, 8.2 minimum

function test_furiten_kinds()
  local waits = { "3m", "6m" }
  lu.assertFalse(R.is_furiten(waits, { ["9p"] = true }, false, false))
  lu.assertTrue(R.is_furiten(waits, { ["6m"] = true }, false, false))      -- discard furiten
  lu.assertTrue(R.is_furiten(waits, {}, true, false))                     -- temporary
  lu.assertTrue(R.is_furiten(waits, {}, false, true))                     -- riichi
end

---------------------------------------------------------------- 7.1 Riichi

function test_riichi_allowed()
  local p = { concealed = true, tenpai_after_discard = true, points = 1000, wall_left = 4 }
  lu.assertTrue(R.riichi_allowed(p, options()))
  p.wall_left = 3
  lu.assertFalse(R.riichi_allowed(p, options()))
  lu.assertTrue(R.riichi_allowed(p, options({ riichi_min_wall = 0 })))
  p.wall_left, p.points = 10, 900
  lu.assertFalse(R.riichi_allowed(p, options()))
  lu.assertTrue(R.riichi_allowed(p, options({ riichi_needs_1000 = false })))
  p.points, p.concealed = 5000, false
  lu.assertFalse(R.riichi_allowed(p, options()))
  p.concealed, p.tenpai_after_discard = true, false
  lu.assertFalse(R.riichi_allowed(p, options()))
end

---------------------------------------------------------------- 6.5 Kuikae, 6.2 claims

function test_kuikae()
  local call = { type = "chow", claimed = "4m", tile = "2m" }     -- 4m called with 23m
  lu.assertFalse(R.kuikae_allows(call, "4m", options()))
  lu.assertFalse(R.kuikae_allows(call, "1m", options()))
  lu.assertTrue(R.kuikae_allows(call, "5m", options()))
  lu.assertTrue(R.kuikae_allows(call, "1m", options({ kuikae = "allowed" })))
  call = { type = "chow", claimed = "3m", tile = "3m" }           -- 3m called with 45m
  lu.assertFalse(R.kuikae_allows(call, "6m", options()))
  lu.assertTrue(R.kuikae_allows(call, "6p", options()))
  lu.assertFalse(R.kuikae_allows({ type = "pung", claimed = "7z", tile = "7z" }, "7z", options()))
end

function test_claim_allowed()
  local o = options()
  lu.assertTrue(R.claim_allowed({ seat = "S", from = "E", kind = "chow" }, o))
  lu.assertFalse(R.claim_allowed({ seat = "W", from = "E", kind = "chow" }, o))
  lu.assertTrue(R.claim_allowed({ seat = "W", from = "E", kind = "pung" }, o))
  lu.assertTrue(R.claim_allowed({ seat = "W", from = "E", kind = "pung", last_discard = true }, o))
  lu.assertFalse(R.claim_allowed({ seat = "W", from = "E", kind = "pung", last_discard = true },
                             options({ call_on_last_discard = "ron_only" })))
  lu.assertTrue(R.claim_allowed({ seat = "W", from = "E", kind = "win", robbing = "promoted" }, o))
  lu.assertFalse(R.claim_allowed({ seat = "W", from = "E", kind = "win", robbing = "concealed", kokushi = true }, o))
  lu.assertTrue(R.claim_allowed({ seat = "W", from = "E", kind = "win", robbing = "concealed", kokushi = true },
                            options({ rob_ankan_kokushi = true })))
end

---------------------------------------------------------------- declarative play facts

function test_declarative_fields()
  lu.assertEquals(R.tiles, 136)
  lu.assertEquals(R.dead_wall, { size = 14, policy = "fixed" })
  lu.assertEquals(R.claims, { "chow", "pung", "kong", "win" })
  lu.assertEquals(R.starting_points, 25000)
  lu.assertEquals(R.forms, { "standard", "seven_pairs", "thirteen_orphans" })
  for name, o in pairs(R.options) do
    lu.assertNotNil(o.default, name)
    lu.assertIsString(o.doc, name)
  end
end

os.exit(lu.LuaUnit.run())
