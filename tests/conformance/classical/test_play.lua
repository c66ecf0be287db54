-- Chinese Classical in play (classical.md §4-§12, §20): the engine settings, stacked-wall
-- scenarios (flower replacement, Blessing of Heaven, Original Call, a Babcock
-- qualification), the wash-out and the dealer rotation, and seeded self-play.
local lu = require "luaunit"

-- A stacked wall: E, S, W, N are the 12 tiles of each seat's three blocks of four (§6.4),
-- `rest` the tiles after them: E's 13th (48), S, W, N (49-51), E's 14th (52), then the
-- draws and bonus replacements from the live wall in order.
local function wall(E, S, W, N, rest)
  local front = {}
  for b = 0, 2 do
    for _, hand in ipairs { E, S, W, N } do
      for i = 1, 4 do front[#front + 1] = hand[b * 4 + i] end
    end
  end
  for _, t in ipairs(rest) do front[#front + 1] = t end
  return table.concat(front)
end

local function tiles(s) return assert(jong.tiles(s)) end

local function game(rules, front, options)
  return assert(jong.game { rules = rules, seed = 1, options = options, wall = { front = front } })
end

local function legal_types(g, seat)
  local out = {}
  for _, a in ipairs(g:legal(seat)) do out[a.type] = true end
  return out
end

local S_SETS = tiles("1p1s1s2s2s2s3s3s3s4s4s4s")
local W_SETS = tiles("5s5s5s6s6s6s7s7s7s8s8s8s")
local N_SETS = tiles("9s9s9s1z1z1z2z2z2z3z3z3z")

TestEngineSettings = {}

function TestEngineSettings.test_default_kong_box_and_claims()
  local r = assert(jong.load_rules("classical"))
  local e = r.configure(assert(jong.resolve_options(r, {})))
  lu.assertEquals({ e.dead_policy, e.dead_size, e.reserve, e.dead_empty_draw },
                  { "not_replenished", 16, 0, true })                       -- §6.3
  lu.assertEquals({ e.side, e.dice, e.second_throw, e.bonus }, { 18, 2, true, true })
  lu.assertEquals(e.bonus_source, "head")                                   -- §7.3 live wall
  lu.assertTrue(e.rob_promoted)                                             -- §9.4
  lu.assertTrue(e.rob_concealed_thirteen)
  lu.assertFalse(e.kong_after_claim)                                        -- §8.5
  lu.assertEquals(e.last_discard, "any")                                    -- §12.1
  lu.assertEquals(r.precedence, { win = 3, kong = 2, pung = 2, chow = 1 })  -- §8.3
end

function TestEngineSettings.test_dead_wall_options()
  local r = assert(jong.load_rules("classical"))
  local function conf(o) return r.configure(assert(jong.resolve_options(r, o))) end
  local e = conf { dead_wall = "replenish14" }
  lu.assertEquals({ e.dead_policy, e.dead_size }, { "fixed", 14 })
  e = conf { dead_wall = "babcock_mixed" }
  lu.assertEquals({ e.dead_policy, e.dead_size, e.reserve }, { "none", 0, 14 })
  e = conf { dead_wall = "none" }
  lu.assertEquals({ e.dead_policy, e.reserve }, { "none", 0 })
  e = conf { game_type = "one_double" }                                     -- §20 follows the game
  lu.assertEquals(e.dead_policy, "none")
  e = conf { bonus_tiles = false, bonus_replacement = "kong_box" }
  lu.assertEquals({ e.bonus, e.side, e.bonus_source }, { false, 17, "loose" })
  e = conf { dead_wall = "dice_stacks" }                                    -- as many stacks as the second throw
  lu.assertEquals({ e.dead_policy, e.dead_from_dice, e.second_throw }, { "not_replenished", true, true })
  lu.assertEquals(conf {}.multi_win, "nearest")                             -- §8.3 first in turn
  lu.assertEquals(conf { multi_win = "by_set_type" }.multi_win, "by_set_type")   -- (play: test_play_multi_win.lua)
end

-- §6.3 dice_stacks in play: the kong box is 2 x the second throw tiles, and every tile is
-- accounted for over whole matches.
function TestEngineSettings.test_dice_stacks_in_play()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = "classical", seed = seed, options = { dead_wall = "dice_stacks" } })
    local dead = g:state().dead
    lu.assertTrue(dead >= 4 and dead <= 24 and dead % 2 == 0, "kong box " .. dead)
    lu.assertTrue(g:run_bots(nil, "greedy", 3000) > 0)
    lu.assertTrue(g:check())
  end
end

TestScenarios = {}

-- §7.1: East's flower is replaced from the live wall, and the replacement (a season) too.
function TestScenarios.test_flower_replaced_by_a_flower()
  local E = tiles("f11m2m3m4m5m6m7m8m9m1p1p")
  local g = game("classical", wall(E, S_SETS, W_SETS, N_SETS, tiles("2p9p9p9p3pg15p")))
  local st = g:state()
  lu.assertEquals(st.seats.E.bonus, { "f1", "g1" })
  lu.assertEquals(st.seats.E.hand, "123456789m11235p f1 g1")
end

-- C11: East goes out on his dealt tiles (after the bonus replacement): the limit.
function TestScenarios.test_blessing_of_heaven()
  local E = tiles("f11m2m3m4m5m6m7m8m9m1p2p")
  local g = game("classical", wall(E, S_SETS, W_SETS, N_SETS, tiles("3p9p9p9p5p5p")))
  lu.assertTrue(legal_types(g, "E").win)
  assert(g:play("E", { type = "win" }))
  local r = g.last_results[1].result
  lu.assertEquals(r.limit, "Blessing of Heaven")
  lu.assertEquals(r.value.score, 500)
  -- losers: S 11s 222s 333s 444s 1p9p: 3 concealed pungs 12 x 2 = 24; W 4 pungs 16 x 2 = 32;
  -- N 999s 111z 222z 333z 9p: 32 points, prevailing wind + B7 = 128
  lu.assertEquals(g.last_results[1].payments, { E = 3000, S = -1000 - 8 - 104, W = -1000 + 8 - 96,
                                                N = -1000 + 104 + 96 })
end

-- §10.2: the Original Call with the first discard; afterwards a discard is claimed only to
-- win, and the win scores B18.
function TestScenarios.test_original_call()
  local E = tiles("1m2m3m4m5m6m7m8m9m1p1p5p")
  local g = game("classical", wall(E, S_SETS, W_SETS, N_SETS, tiles("5p6z6z6z9p7z7z")))
  local offered = false
  for _, a in ipairs(g:legal("E")) do
    if a.type == "original_call" and a.tile == "9p" then offered = true end
  end
  lu.assertTrue(offered)
  assert(g:play("E", { type = "original_call", tile = "9p" }))
  lu.assertEquals(g:state().seats.E.flags & 1, 1)
  for _ = 1, 3 do                                     -- nobody claims the 9p
    local w = g:waiting()[1]
    if w == "S" and g:state().phase == "turn" then break end
    assert(g:play(w, { type = "pass" }))
  end
  assert(g:play("S", { type = "discard", tile = "1p" }))
  local t = legal_types(g, "E")
  lu.assertTrue(t.win)
  lu.assertNil(t.pung)                                -- no pung after the Original Call
  assert(g:play("E", { type = "win" }))
  local r = g.last_results[1].result
  lu.assertEquals(r.value, { points = 24, doubles = 1, score = 48 })
  lu.assertEquals(r.items[#r.items].name, "Mah Jong with Original Call")
end

-- §10.2: after the Original Call no kong may be declared: East draws the fourth 1m.
local function east_draws_fourth_1m(original_call)
  local E = tiles("1m1m1m2m3m4m5m6m7m8m9m1p")
  local g = game("classical", wall(E, S_SETS, W_SETS, N_SETS, tiles("1p6z6z6z9p7z7z7z1m")))
  assert(g:play("E", { type = original_call and "original_call" or "discard", tile = "9p" }))
  for _ = 1, 12 do
    local st = g:state()
    if st.phase == "turn" and st.turn == "E" then break end
    local seat = g:waiting()[1]
    if st.phase == "turn" then assert(g:play(seat, { type = "discard", tile = "7z" }))
    else assert(g:play(seat, { type = "pass" })) end
  end
  lu.assertEquals(g:state().drawn, "1m")
  return legal_types(g, "E").kong_concealed == true
end

function TestScenarios.test_no_kong_after_original_call()
  lu.assertTrue(east_draws_fourth_1m(false))
  lu.assertFalse(east_draws_fourth_1m(true))
end

-- §8.7 (option missed_pung_lock): North passes on East's 6z holding 6z6z; South then
-- discards the other 6z before North's turn: North may pung it only without the option.
local function north_may_pung_again(options)
  local E = tiles("1m1m1m2m2m2m3m3m3m4m4m4m")
  local N = tiles("6z6z9s9s9s1z1z1z2z2z2z3z3z")
  local g = game("classical", wall(E, S_SETS, W_SETS, N, tiles("6z5z5z3z9m6z")), options)
  assert(g:play("E", { type = "discard", tile = "6z" }))
  lu.assertEquals(g:waiting(), { "N" })
  assert(g:play("N", { type = "pass" }))
  assert(g:play("S", { type = "discard", tile = "6z" }))
  return legal_types(g, "N").pung == true
end

function TestScenarios.test_missed_pung_lock_option()
  lu.assertTrue(north_may_pung_again({}))
  lu.assertFalse(north_may_pung_again({ missed_pung_lock = true }))
end

-- §9.4: South pungs East's 5s and later promotes it with the fourth; East, waiting on 2s/5s,
-- robs the kong (B17 "robbing the kong"). A concealed kong of the same tiles is not robbed.
local function south_kongs_5s(promoted)
  local E = tiles(promoted and "12334678999s11z5s" or "12334678999s11z6z")
  local S = tiles(promoted and "55s123456789m12p" or "555s12345678m12p")
  local W, N = tiles("23456789p12345m"), tiles("222333444555z6z")
  local function first12(t) return { table.unpack(t, 1, 12) } end
  local rest = { E[13], S[13], W[13], N[13], E[14] }
  for _, t in ipairs(tiles(promoted and "7z7z6z5s" or "5s")) do rest[#rest + 1] = t end
  local g = game("classical", wall(first12(E), first12(S), first12(W), first12(N), rest))
  local function pass_all()
    while g:state().phase == "claim" do assert(g:play(g:waiting()[1], { type = "pass" })) end
  end
  if promoted then
    assert(g:play("E", { type = "discard", tile = "5s" }))
    assert(g:play("S", { type = "pung" }))
    assert(g:play("S", { type = "discard", tile = "1p" })); pass_all()
    assert(g:play("W", { type = "discard", tile = "7z" })); pass_all()
    assert(g:play("N", { type = "discard", tile = "7z" })); pass_all()
    assert(g:play("E", { type = "discard", tile = "6z" })); pass_all()
    assert(g:play("S", { type = "kong_promoted", tile = "5s" }))
  else
    assert(g:play("E", { type = "discard", tile = "6z" })); pass_all()
    assert(g:play("S", { type = "kong_concealed", tile = "5s" }))
  end
  return g
end

function TestScenarios.test_robbing_a_promoted_kong_only()
  local g = south_kongs_5s(true)
  lu.assertEquals(g:state().phase, "rob")
  assert(g:play("E", { type = "win" }))
  local names = {}
  for _, it in ipairs(g.last_results[1].result.items) do names[it.name] = true end
  lu.assertTrue(names["robbing the kong"])
  g = south_kongs_5s(false)
  lu.assertEquals(g:state().phase, "turn")                 -- no rob window: South draws his loose tile
  lu.assertEquals(g:state().turn, "S")
end

-- §9.4, C10: South, waiting for Thirteen Orphans on 1m, robs East's concealed kong of 1m.
-- The robbed kong is no kong: East is scored as a loser on a concealed pung of terminals
-- (8), not a kong (32). Limit 500: East pays 1000, West and North 500; East's 8 is paid
-- double by West and North: E -1000 + 32 = -968, W and N -500 - 16 = -516.
function TestScenarios.test_robbing_a_concealed_kong_for_thirteen_orphans()
  local g = assert(jong.scenario { rules = "classical", seed = 1,
    hands = { E = "1111m234p567s2345m", S = "9m9m1p9p1s9s1234567z",
              W = "234m678p345s678s6p", N = "567m234p789p234s7s" } })
  assert(g:play("E", { type = "kong_concealed", tile = "1m" }))
  lu.assertEquals(g:state().phase, "rob")
  assert(g:play("S", { type = "win" }))
  local res = g.last_results[1]
  lu.assertEquals(res.result.limit, "Thirteen Orphans")
  lu.assertEquals(res.result.losers.E.items, { { name = "pung of terminals", value = 8, unit = "points" } })
  lu.assertEquals(res.payments, { E = -968, S = 2000, W = -516, N = -516 })
  lu.assertEquals(#g:state().seats.E.melds, 0)          -- the kong left East's melds
end

-- C16: East declares a concealed kong, another with its replacement, and goes out on the
-- second replacement (kong box tiles 9s, then 8p).
function TestScenarios.test_twofold_fortune()
  local E = tiles("1m1m1m1m2m2m2m2m3p4p5p6p")
  local g = assert(jong.game { rules = "classical", seed = 1, wall = {
    front = wall(E, S_SETS, W_SETS, tiles("1z1z1z2z2z2z3z3z3z5z5z5z"), tiles("7p9p9p9p9s")),
    back = "9s8p" } })
  assert(g:play("E", { type = "kong_concealed", tile = "1m" }))
  assert(g:play("E", { type = "kong_concealed", tile = "2m" }))
  assert(g:play("E", { type = "win" }))
  lu.assertEquals(g.last_results[1].result.limit, "Twofold Fortune")
end

-- §20: South can go out on West's 7p in the Mixed-Hand game, not in the One-Double game
-- (the hand has no double).
local function south_waits_on_7p(rules)
  local E = tiles("1m1m1m2m2m2m3m3m3m4m4m4m")
  local S = tiles("2m3m4m5m5m6p8p9s9s9s4p4p")
  local W = tiles("5s5s5s6s6s6s7s7s7s8s8s7p")
  local N = tiles("1z1z1z2z2z2z3z3z3z5z5z5z")
  local g = game(rules, wall(E, S, W, N, tiles("6z4p8s1z6z7z9m")))
  -- E discards 6z, S draws 7z and discards it, W draws 9m and discards 7p
  assert(g:play("E", { type = "discard", tile = "6z" }))
  while g:state().phase ~= "turn" do assert(g:play(g:waiting()[1], { type = "pass" })) end
  assert(g:play("S", { type = "discard", tile = "7z" }))
  while g:state().phase ~= "turn" do assert(g:play(g:waiting()[1], { type = "pass" })) end
  assert(g:play("W", { type = "discard", tile = "7p" }))
  return legal_types(g, "S").win == true
end

function TestScenarios.test_one_double_refuses_a_hand_without_a_double()
  lu.assertTrue(south_waits_on_7p("classical"))
  lu.assertFalse(south_waits_on_7p("babcock_one_double"))
end

TestDeclarations = {}

-- A stand-in game in a claim window: West has discarded 7p; South holds 234m 55m 68p 999s
-- [444p] and, before West's discard, had discarded `south_discard` without drawing since.
local function south_may_win_on_7p(options, south_discard, south_flags, south_drew)
  local r = assert(jong.load_rules("classical"))
  local function seat(concealed, melds, flags)
    return { concealed = concealed, melds = melds, bonus = {}, discards = { {} }, flags = flags or 0,
             hand = concealed .. " " .. table.concat(melds, " ") }
  end
  local ev = { { type = "deal_start" }, { type = "extra", name = "original_call", seat = "S", tile = "9m" },
               { type = "draw", seat = "S", tile = south_drew or south_discard, from = "wall" },
               { type = "discard", seat = "S", tile = south_discard },
               { type = "draw", seat = "W", tile = "7p", from = "wall" },
               { type = "discard", seat = "W", tile = "7p" } }
  local st = { phase = "claim", turn = "W", discarder = "W", round = "E", wall = 40, honba = 0,
               events = #ev, seats = { E = seat("1234m", {}), S = seat("234m55m68p999s", { "[444p]@N" }, south_flags),
                                       W = seat("1234p", {}), N = seat("1234s", {}) } }
  local g = { rules = r, options = assert(jong.resolve_options(r, options)),
              state = function() return st end,
              seat_summary = function(_, s)
             local me = st.seats[s]
             return { discards = #me.discards, melds = #me.melds, flags = me.flags }
           end,
              events = function(_, first) local out = {} for i = first, #ev do out[#out + 1] = ev[i] end return out end }
  return r.may_win(g, { type = "win", seat = "S", tile = "7p" })
end

-- §10.2: after the Original Call every drawn tile must be discarded, else no Mah Jong.
function TestDeclarations.test_original_call_hand_changed()
  lu.assertTrue(south_may_win_on_7p({}, "1z", 1, "1z"))
  local ok, why = south_may_win_on_7p({}, "1z", 1, "3z")
  lu.assertFalse(ok)
  lu.assertStrContains(why, "Original Call")
end

-- §10.3 sacred discard (option): no win on a tile the player discarded before drawing again.
function TestDeclarations.test_sacred_discard()
  lu.assertTrue(south_may_win_on_7p({}, "7p"))
  lu.assertFalse(south_may_win_on_7p({ sacred_discard = true }, "7p"))
  lu.assertTrue(south_may_win_on_7p({ sacred_discard = true }, "1z"))
end

-- §10.1 (option): Mah Jong only after declaring calling (or the Original Call).
function TestDeclarations.test_must_declare_calling()
  lu.assertFalse(south_may_win_on_7p({ must_declare_calling = true }, "1z"))
  lu.assertTrue(south_may_win_on_7p({ must_declare_calling = true }, "1z", 2))   -- calling declared
  lu.assertTrue(south_may_win_on_7p({ must_declare_calling = true }, "1z", 1))   -- Original Call
end

TestDealer = {}

-- A stand-in game at the end of a deal: `last` is the win or the draw, dealer = player d.
local function deal_end(options, last, honba, dealer, round)
  local r = assert(jong.load_rules("classical"))
  local seats = {}
  for i, s in ipairs { "E", "S", "W", "N" } do seats[s] = { player = (dealer + i - 1) % 4 } end
  local st = { round = round or "E", honba = honba, events = 3, seats = seats,
               result = last.type == "win" and "win" or "exhaustive",
               winners = last.type == "win" and { last.seat } or {} }
  return setmetatable({ rules = r, options = assert(jong.resolve_options(r, options)),
           core = require("stand_in").core(st),
           state = function() return st end,
           events = function() return { { type = "deal_start" }, last, { type = "settle" } } end },
         { __index = jong.Game })
end

function TestDealer.test_east_keeps_the_deal_when_he_wins_and_on_a_wash_out()
  local r = assert(jong.load_rules("classical"))
  lu.assertEquals(r.next_deal(deal_end({}, { type = "win", seat = "E" }, 0, 0)),
    { dealer_keeps = true, round = "E", honba = 1, match_over = false })
  lu.assertEquals(r.next_deal(deal_end({}, { type = "draw_end" }, 2, 0)),
    { dealer_keeps = true, round = "E", honba = 2, match_over = false })
  lu.assertEquals(r.next_deal(deal_end({ draw_passes_deal = true }, { type = "draw_end" }, 2, 0)),
    { dealer_keeps = false, round = "E", honba = 0, match_over = false })
  lu.assertEquals(r.next_deal(deal_end({}, { type = "win", seat = "W" }, 3, 0)),
    { dealer_keeps = false, round = "E", honba = 0, match_over = false })
end

function TestDealer.test_east_streak_limit_passes_the_deal()
  local r = assert(jong.load_rules("classical"))
  -- the 9th consecutive win (8 before it): the deal passes anyway (§5.7)
  lu.assertFalse(r.next_deal(deal_end({}, { type = "win", seat = "E" }, 8, 0)).dealer_keeps)
  lu.assertTrue(r.next_deal(deal_end({ east_streak_limit = 13 }, { type = "win", seat = "E" }, 8, 0)).dealer_keeps)
end

function TestDealer.test_round_and_game_end()
  local r = assert(jong.load_rules("classical"))
  -- the deal returns to the first East (player 0 is South now): the wind advances
  lu.assertEquals(r.next_deal(deal_end({}, { type = "win", seat = "S" }, 0, 3, "E")).round, "S")
  local last = r.next_deal(deal_end({}, { type = "win", seat = "S" }, 0, 3, "N"))
  lu.assertTrue(last.match_over)
  lu.assertTrue(r.next_deal(deal_end({ rounds = 1 }, { type = "win", seat = "S" }, 0, 3, "E")).match_over)
end

-- §5.2, §5.5 in real games: the seats are drawn from the seed, and the prevailing wind
-- advances when the deal comes back to the round's first East, whoever that player is.
function TestDealer.test_wind_follows_the_drawn_first_dealer()
  local firsts = {}
  for seed = 1, 6 do
    local g = assert(jong.game { rules = "classical", seed = seed, options = { draw_passes_deal = true } })
    local first = g:state().seats.E.player
    firsts[first] = true
    local round = "E"
    for _ = 1, 400 do
      assert(g:run_bots(nil, "random", 1) == 1)
      local st = g:state()
      if st.phase == "match_end" then break end
      if st.round ~= round then
        lu.assertEquals(st.seats.E.player, first, "seed " .. seed .. ": " .. round .. " -> " .. st.round)
        round = st.round
        if round == "W" then break end
      end
    end
    lu.assertNotEquals(round, "E", "seed " .. seed .. ": the wind never advanced")
  end
  lu.assertTrue(firsts[1] or firsts[2] or firsts[3] or false)   -- some first dealer is not player 0
end

-- The wash-out in a real game: nobody scores, East keeps the deal (§12.1, §5.4).
function TestDealer.test_wash_out_in_play()
  local g = assert(jong.game { rules = "classical", seed = 7 })
  for _ = 1, 5000 do
    local st = g:state()
    if st.phase == "deal_end" then break end
    local w = g:waiting()[1]
    assert(g:play(w, g:bot(w, "random")))
  end
  local ev = g:events(1)
  local drawn = false
  for _, e in ipairs(ev) do if e.type == "draw_end" then drawn = true end end
  lu.assertTrue(drawn)                                -- random players do not go out here
  local before = g:state()
  for _, s in ipairs { "E", "S", "W", "N" } do
    lu.assertEquals(before.seats[s].points, 2000)     -- nobody scores or pays (§5.6: 2,000 each)
  end
  local dealer = before.seats.E.player
  assert(g:play("E", { type = "next" }))
  lu.assertEquals(g:state().seats.E.player, dealer)
  lu.assertTrue(g:check())
end

TestSelfPlay = {}

-- Seeded self-play with the built-in players: every invariant holds, every settlement sums
-- to zero, and the match ends.
local function self_play(rules, seed)
  local g = assert(jong.game { rules = rules, seed = seed })
  local n, err = g:run_bots(nil, "greedy", 200000)
  lu.assertNotNil(n, err)
  lu.assertTrue(g:check())
  for _, e in ipairs(g:events(1)) do
    if e.type == "settle" then
      local sum = 0
      for _, v in pairs(e.payments) do sum = sum + v end
      lu.assertEquals(sum, 0)
    end
  end
  return g
end

function TestSelfPlay.test_classical_matches()
  for seed = 1, 3 do
    local g = self_play("classical", seed)
    lu.assertEquals(g:state().phase, "match_end")
  end
end

function TestSelfPlay.test_babcock_matches()
  self_play("babcock_one_double", 1)
end

os.exit(lu.LuaUnit.run())
