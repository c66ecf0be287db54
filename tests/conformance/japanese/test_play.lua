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
  -- without honba (Tenhou)
  d.options = options({ nagashi_mangan = true, nagashi_honba = false })
  lu.assertEquals(R.exhaustive_draw(d).payments, { E = -4000, S = -2000, W = 8000, N = -2000 })
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

-- 4.6 agari_yame: the last dealer who wins while first may stop; not when he is not first.
function test_agari_yame_option()
  local s = { round = "S", dealer = 4, honba = 0, outcome = "win", dealer_won = true,
              points = { 40000, 20000, 20000, 20000 }, options = options() }
  lu.assertFalse(R.rotation(s).ended)                      -- default: he plays on (renchan)
  s.options = options({ agari_yame = true })
  lu.assertTrue(R.rotation(s).ended)
  s.points = { 30000, 30000, 20000, 20000 }                -- tied for first: the tie is not his
  lu.assertFalse(R.rotation(s).ended)
  s.points, s.dealer = { 40000, 20000, 20000, 20000 }, 3   -- not the last hand
  lu.assertFalse(R.rotation(s).ended)
end

-- 4.6 tenpai_yame: the last dealer tenpai at an exhaustive draw while first may stop (a
-- draw he keeps the deal by); agari_yame alone does not stop there.
function test_tenpai_yame_option()
  local s = { round = "S", dealer = 4, honba = 0, outcome = "draw", dealer_keeps = true,
              points = { 40000, 20000, 20000, 20000 }, options = options({ agari_yame = true }) }
  lu.assertFalse(R.rotation(s).ended)
  s.options = options({ tenpai_yame = true })
  lu.assertTrue(R.rotation(s).ended)
  s.dealer_keeps = false                                   -- noten: the deal passes, the match ends anyway
  lu.assertTrue(R.rotation(s).ended)
  s.dealer_keeps, s.points = true, { 30000, 30000, 20000, 20000 }   -- tied for first
  lu.assertFalse(R.rotation(s).ended)
  s.points, s.outcome, s.dealer_won = { 40000, 20000, 20000, 20000 }, "win", true
  lu.assertFalse(R.rotation(s).ended)                      -- a win is agari_yame's
end

-- 4.6 west_extension: nobody at 30,000 after South 4: West is played, until somebody
-- reaches 30,000 after a hand or the West round ends.
function test_west_extension_option()
  local o = options({ west_extension = true })
  local s = { round = "S", dealer = 4, honba = 0, outcome = "win", dealer_won = false,
              points = { 26000, 25000, 25000, 24000 }, options = options() }
  lu.assertTrue(R.rotation(s).ended)                       -- default: South 4 ends it
  s.options = o
  local r = R.rotation(s)
  lu.assertEquals({ r.ended, r.round, r.dealer }, { false, "W", 1 })
  s.points = { 31000, 25000, 20000, 24000 }
  lu.assertTrue(R.rotation(s).ended)                       -- somebody has 30,000
  s.round, s.dealer, s.points = "W", 2, { 26000, 25000, 25000, 24000 }
  lu.assertFalse(R.rotation(s).ended)                      -- West 2, nobody at 30,000
  s.points = { 26000, 30000, 20000, 24000 }
  lu.assertTrue(R.rotation(s).ended)                       -- sudden death in West
  s.dealer, s.points = 4, { 26000, 25000, 25000, 24000 }
  lu.assertTrue(R.rotation(s).ended)                       -- the West round is the last
end

-- Tenhou's end of the match, as its records of 2022 show (1,583 four-player Phoenix games
-- replayed): from South 4 on, a hand the dealer keeps ends the match only when he is then
-- first with 30,000 or more (agari-yame, tenpai-yame); in the extension round every hand is
-- such a last hand, and a hand the dealer keeps never ends it for another player's points.
function test_tenhou_end_of_match()
  local tenhou = assert(jong.load_rules("tenhou"))
  local o = assert(jong.resolve_options(tenhou, {}))
  lu.assertTrue(o.tenpai_yame)
  local s = { round = "S", dealer = 4, honba = 0, outcome = "draw", dealer_keeps = true,
              points = { 45400, 27800, 17400, 9400 }, options = o }
  lu.assertTrue(R.rotation(s).ended)                       -- tenpai, first, 45,400
  s.outcome, s.dealer_won, s.points = "win", true, { 29700, 27800, 27900, 14600 }
  lu.assertFalse(R.rotation(s).ended)                      -- first at 29,700: South 4 again
  s.points = { 30000, 27800, 27900, 14300 }
  lu.assertTrue(R.rotation(s).ended)
  -- the extension: West 1 (a tonpuusen's South 1 alike)
  s.round, s.dealer, s.points = "W", 1, { 30000, 28000, 21200, 20800 }
  lu.assertTrue(R.rotation(s).ended)                       -- the first dealer wins to 30,000
  s.outcome, s.dealer_keeps, s.points = "draw", true, { 17000, 30800, 25500, 26700 }
  lu.assertFalse(R.rotation(s).ended)                      -- he keeps the deal tenpai: on
  s.dealer_keeps = false
  lu.assertTrue(R.rotation(s).ended)                       -- the deal passes: 30,800 ends it
  -- ties go to the earlier player of the first deal: West 2's North is the first dealer
  s.dealer_keeps, s.dealer, s.points = true, 2, { 30000, 20000, 20000, 30000 }
  lu.assertFalse(R.rotation(s).ended)
  s.points = { 30000, 30000, 20000, 20000 }                -- tied with South, the third player
  lu.assertTrue(R.rotation(s).ended)
  s.outcome = "abort"
  lu.assertFalse(R.rotation(s).ended)                      -- an abortive draw never ends it
end

-- 4.6 final ranking: by points, ties to the earlier seat of the first deal, uma added.
function test_final_ranking_and_uma()
  local r = R.final_ranking({ 30000, 30000, 15000, 25000 }, options())
  lu.assertEquals({ r[1].player, r[2].player, r[3].player, r[4].player }, { 1, 2, 4, 3 })
  lu.assertEquals({ r[1].total, r[4].total }, { 30000, 15000 })
  r = R.final_ranking({ 30000, 30000, 15000, 25000 }, options({ uma = { 20, 10, -10, -20 } }))
  lu.assertEquals({ r[1].total, r[2].total, r[3].total, r[4].total }, { 50000, 40000, 15000, -5000 })
  lu.assertEquals({ r[3].player, r[3].uma }, { 4, -10 })
end

-- 5.6 kan_dora_timing: the engine turns an open or promoted kong's indicator at the next
-- discard with `after_discard` (tests/c/test_game.c: test_kong_dora_after_discard).
function test_kan_dora_timing_setting()
  lu.assertFalse(R.configure(options()).kong_dora_after_discard)
  lu.assertTrue(R.configure(options({ kan_dora_timing = "after_discard" })).kong_dora_after_discard)
end

---------------------------------------------------------------- 8.3 Furiten, 8.2 minimum

function test_furiten_kinds()
  local waits = { "3m", "6m" }
  lu.assertFalse(R.is_furiten(waits, { ["9p"] = true }, false, false))
  lu.assertTrue(R.is_furiten(waits, { ["6m"] = true }, false, false))      -- discard furiten
  lu.assertTrue(R.is_furiten(waits, {}, true, false))                     -- temporary
  lu.assertTrue(R.is_furiten(waits, {}, false, true))                     -- riichi
  lu.assertFalse(R.is_furiten({}, { ["6m"] = true }, false, false))       -- no waits, no discard furiten
  lu.assertTrue(R.is_furiten({}, {}, true, false))
  lu.assertFalse(R.is_furiten(waits, { ["3m"] = false }, false, false))
end

---------------------------------------------------------------- 7.1 Riichi, 6.2-6.6 claims

-- The riichi conditions and the claim rules are engine settings (docs/hooks.md); the
-- engine's behaviour under them is tested in tests/c/test_game.c and test_game.lua.
local function engine(o)
  return R.configure(options(o))
end

function test_riichi_declaration_settings()
  local d = engine({}).declarations[1]
  lu.assertEquals(d.name, "riichi")
  lu.assertTrue(d.closed)                                       -- 7.1 closed hand
  lu.assertEquals({ d.min_wall, d.min_points, d.deposit }, { 4, 1000, 1000 })
  lu.assertEquals({ d.flags, d.first_flags, d.unless_flags }, { 1, 2, 1 })   -- 7.4 double riichi
  lu.assertEquals(engine({ riichi_min_wall = 0 }).declarations[1].min_wall, 0)
  lu.assertNil(engine({ riichi_needs_1000 = false }).declarations[1].min_points)
  local e = engine({})
  lu.assertEquals({ e.lock_flags, e.claim_lock_flags }, { 1, 1 })   -- 7.3 the locked hand
end

function test_claim_settings()
  local e = engine({})
  lu.assertTrue(e.kuikae)                                       -- 6.5
  lu.assertEquals(e.last_discard, "any")                        -- 6.6
  lu.assertFalse(e.no_kong_on_last_tile)                        -- 5.4
  lu.assertFalse(e.rob_concealed_thirteen)                      -- 6.7
  e = engine({ kuikae = "allowed", call_on_last_discard = "ron_only", kan_on_last_tile = "forbidden",
               rob_ankan_kokushi = true })
  lu.assertFalse(e.kuikae)
  lu.assertEquals(e.last_discard, "win_only")
  lu.assertTrue(e.no_kong_on_last_tile)
  lu.assertTrue(e.rob_concealed_thirteen)
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
