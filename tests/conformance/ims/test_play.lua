-- IMS play: the engine settings from the options, the draw at 14 tiles, self-play keeping
-- every invariant, a stacked Heavenly MahJong, and the play hooks (the IMS flags of a win,
-- Minimum Fan and Stricter MahJong in may_win, 13 Individuals in special_complete,
-- next_deal) on hand-made game states.
local lu = require "luaunit"

local SEATS = { "E", "S", "W", "N" }
local R = assert(jong.load_rules("ims"))

local function options(given) return assert(jong.resolve_options(R, given)) end

-- Tiles not in the stockpile: hands, melds, flowers and the discards nobody claimed.
local function stockpile(st)
  local out = 144
  for _, s in ipairs(SEATS) do
    local x = st.seats[s]
    out = out - #jong.tiles(x.concealed) - #x.bonus
    for _, m in ipairs(x.melds) do out = out - #jong.tiles(m:match("%[(.-)%]")) end
    for _, d in ipairs(x.discards) do
      if not d.claimed_by then out = out - 1 end
    end
  end
  return out
end

function test_engine_settings_follow_the_options()
  local e = jong.engine_settings(R, options())
  lu.assertTrue(e.bonus)
  lu.assertEquals(e.reserve, 13)
  lu.assertEquals(e.multi_win, "nearest")
  lu.assertEquals(e.dead_policy, "none")
  lu.assertFalse(e.win_after_claim)
  e = jong.engine_settings(R, options { use_flower_tiles = false, allow_multiple_wins = true,
                                        exhaust_threshold = 20, win_after_claim = true })
  lu.assertFalse(e.bonus)
  lu.assertEquals(e.reserve, 19)
  lu.assertEquals(e.multi_win, "all")
  lu.assertTrue(e.win_after_claim)
end

function test_exhaustive_draw_leaves_thirteen_tiles()
  local g = assert(jong.game { rules = "ims", seed = 7 })
  local draws = 0
  for _ = 1, 20000 do
    local st = g:state()
    if st.phase == "deal_end" then
      for _, e in ipairs(g:events(st.events - 3)) do
        if e.type == "draw_end" then
          draws = draws + 1
          lu.assertEquals(e.kind, "exhaustive")
          lu.assertEquals(st.wall, 0)
          lu.assertEquals(stockpile(st), 13)          -- fewer than 14: no ordinary draw
        end
      end
    end
    if st.phase == "match_end" or draws >= 3 then break end
    assert(g:run_bots({}, "random", 1))
  end
  lu.assertEquals(draws, 3)
end

function test_self_play_keeps_every_invariant()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = "ims", seed = seed })
    for _ = 1, 3000 do
      local n = assert(g:run_bots({}, "greedy", 1))
      assert(g:check())
      local st = g:state()
      local sum = 0
      for _, s in ipairs(SEATS) do sum = sum + st.seats[s].points end
      lu.assertEquals(sum, 0)                         -- starting score 0, zero-sum payments
      if n == 0 or st.phase == "match_end" then break end
    end
  end
end

function test_stacked_heavenly_mahjong()
  local g = assert(jong.game { rules = "ims", seed = 1 })
  -- seat by seat: E, S, W, N 13 tiles each, then the dealer's 14th
  assert(g:stack("234m567m345p678s8p" .. "111999m111999p1s" .. "222888s333444m5z" .. "666777z555z2p3p4p9s" .. "8p"))
  local legal, win = g:legal("E"), nil
  for _, a in ipairs(legal) do
    if a.type == "win" then win = a end
  end
  lu.assertNotNil(win)
  assert(g:play("E", win))
  local res = g.last_results[1]
  lu.assertEquals(res.result.value, { fan = 12, aux = 0, adjusted = 12, basic = 132, total = 198 })
  local names = {}
  for i, it in ipairs(res.result.items) do names[i] = it.name end
  lu.assertEquals(names, { "All Sequences", "No Terminals", "Totally Concealed", "Heavenly / Earthly / Humanly" })
  lu.assertEquals(res.payments, { E = 198, S = -66, W = -66, N = -66 })
end

-- s7, s8 Allow Multiple Wins: East's first discard 9s completes South's and North's hands
-- (both Humanly MahJong, 12 fan, 132 each). With the option both win and East pays both;
-- by default only South, the nearest successor of East, wins.
local function two_waiting_on_9s(multi)
  local g = assert(jong.game { rules = "ims", seed = 1, options = { allow_multiple_wins = multi } })
  assert(g:stack("123456789m123p5z" .. "456p789p111z222z9s" .. "12345678s66p8p12z" .. "333444666777z9s" .. "9s"))
  assert(g:play("E", assert(g:parse_action("E", "d 9s"))))
  lu.assertEquals(g:waiting(), { "S", "N" })
  for _, seat in ipairs { "S", "N" } do
    local win
    for _, a in ipairs(g:legal(seat)) do
      if a.type == "win" then win = a end
    end
    assert(g:play(seat, assert(win)))
  end
  return g.last_results
end

function test_allow_multiple_wins()
  local res = two_waiting_on_9s(true)
  lu.assertEquals(#res, 2)
  lu.assertEquals(res[1].seat, "S")
  lu.assertEquals(res[1].payments, { E = -132, S = 132, W = 0, N = 0 })
  lu.assertEquals(res[2].seat, "N")
  lu.assertEquals(res[2].payments, { E = -132, S = 0, W = 0, N = 132 })
  res = two_waiting_on_9s(false)
  lu.assertEquals(#res, 1)
  lu.assertEquals(res[1].seat, "S")
  lu.assertEquals(res[1].payments, { E = -132, S = 132, W = 0, N = 0 })
end

function test_version_and_option_registry()
  lu.assertEquals(R.version, "IMS 0.4 (1996)")
  local defaults = {}
  for name, spec in pairs(R.options) do
    lu.assertIsString(spec.doc)
    defaults[name] = spec.default
  end
  lu.assertEquals(defaults, {                         -- s19
    use_flower_tiles = true, allow_multiple_wins = false, stricter_mahjong = false, minimum_fan = 0,
    invitation_only = false, rounds = 4, starting_score = 0, exhaust_threshold = 14,
    win_after_claim = false, rob_concealed_kong_thirteen_orphans = false,
    first_circulation_broken_by_sets = true, after_kong_flower_chain = true,
    robbed_tile_counts_as_discard = true, seven_pairs_allow_four_of_a_kind = true,
    all_terminals_triplet_addon_with_all_triplets = true, sister_sequences_counting = "disjoint_pairs",
    payment_rounding = "ceil",
  })
  -- the prefix may be given
  lu.assertEquals(options { ["ims.minimum_fan"] = 3 }.minimum_fan, 3)
end

---------------------------------------------------------------------------------------------
-- The play hooks on a hand-made game: state() and events() as the engine gives them.

local function fake_game(st, events, given)
  local g = setmetatable({ rules = R, options = options(given) }, { __index = jong.Game })
  st.events, st.deal_event = #events, 1
  for i, e in ipairs(events) do   -- how the deal ended, as the engine's state tells it
    if e.type == "deal_start" then st.deal_event = i end
    if e.type == "win" then
      st.result, st.winners = "win", st.winners or {}
      st.winners[#st.winners + 1] = e.seat
    elseif e.type == "draw_end" then
      st.result = e.kind or "exhaustive"
    end
  end
  function g:state() return st end
  g.core = require("stand_in").core(st)
  function g:events(first)
    local out = {}
    for i = first or 1, #events do
      local e = events[i]
      e.i = i - 1
      out[#out + 1] = e
    end
    return out
  end
  return g
end

local function seat_state(concealed, melds, discards, bonus)
  local d = {}
  for i, t in ipairs(jong.tiles(discards or "")) do d[i] = { tile = t } end
  local m = melds or {}
  local hand = concealed .. (#m > 0 and " " .. table.concat(m, " ") or "")
  -- ndiscards, as the engine's state has it, follows the discards the tests change
  return setmetatable({ hand = hand, concealed = concealed, melds = m, discards = d, bonus = bonus or {}, points = 0 },
                      { __index = function(seat, k) if k == "ndiscards" then return #seat.discards end end })
end

local function deal_start() return { type = "deal_start" } end

-- South waits on 5p (a Dragon Sets hand of 1 fan); West has discarded 5p.
local function claim_state(south_discards)
  return {
    phase = "claim", discarder = "W", claim_tile = "5p", round = "E", wall = 40,
    seats = { E = seat_state("", {}, "1m"), S = seat_state("234m456p789s5p", { "[666z]@W" }, south_discards),
              W = seat_state("", {}, "9m5p"), N = seat_state("", {}, "") },
  }
end

function test_may_win_minimum_fan()
  local events = { deal_start() }
  local g = fake_game(claim_state("1z"), events)
  lu.assertTrue(R.may_win(g, { type = "win", seat = "S", tile = "5p" }))
  g = fake_game(claim_state("1z"), events, { minimum_fan = 2 })
  local ok, reason = R.may_win(g, { type = "win", seat = "S", tile = "5p" })
  lu.assertFalse(ok)
  lu.assertStrContains(reason, "Minimum Fan")
end

function test_may_win_stricter_mahjong_own_discard()
  local events = { deal_start() }
  local g = fake_game(claim_state("5p1z"), events, { stricter_mahjong = true })
  local ok, reason = R.may_win(g, { type = "win", seat = "S", tile = "5p" })
  lu.assertFalse(ok)
  lu.assertStrContains(reason, "Stricter MahJong")
  g = fake_game(claim_state("5p1z"), events)            -- option off
  lu.assertTrue(R.may_win(g, { type = "win", seat = "S", tile = "5p" }))
end

function test_may_win_stricter_mahjong_slipped_tile()
  local events = { deal_start() }
  local st = claim_state("1z")
  local g = fake_game(st, events, { stricter_mahjong = true })
  -- offered on West's 5p: allowed; South lets it slip
  lu.assertTrue(R.may_win(g, { type = "win", seat = "S", tile = "5p" }))
  lu.assertTrue(R.may_win(g, { type = "win", seat = "S", tile = "5p" }))   -- asked again, same discard
  -- North discards another 5p before South discards again: refused
  st.discarder = "N"
  st.seats.N.discards = { { tile = "5p" } }
  local ok, reason = R.may_win(g, { type = "win", seat = "S", tile = "5p" })
  lu.assertFalse(ok)
  lu.assertStrContains(reason, "slipped")
  -- after South's next discard the restriction is gone
  st.seats.S.discards[#st.seats.S.discards + 1] = { tile = "9s" }
  st.discarder = "E"
  st.seats.E.discards[#st.seats.E.discards + 1] = { tile = "5p" }
  lu.assertTrue(R.may_win(g, { type = "win", seat = "S", tile = "5p" }))
end

function test_situation_flags_first_circulation_and_after_a_kong()
  -- East wins on his first 14 tiles: Heavenly
  local st = { phase = "turn", round = "E", wall = 80,
               seats = { E = seat_state("234m567m345p678s88p"), S = seat_state(""), W = seat_state(""),
                         N = seat_state("") } }
  local g = fake_game(st, { deal_start(), { type = "draw", seat = "E", from = "wall", tile = "8p" } })
  local s = {}
  R.situation(g, { seat = "E", how = "self", tile = "8p" }, s)
  lu.assertEquals(s.flags, { "first_turn" })
  -- a set formed earlier ends the first circulation
  g = fake_game(st, { deal_start(), { type = "pung", seat = "S" }, { type = "draw", seat = "E", from = "wall" } })
  R.situation(g, { seat = "E", how = "self", tile = "8p" }, s)
  lu.assertEquals(s.flags, {})
  -- Humanly: a grab of West's first discard
  st.seats.W = seat_state("", {}, "8p")
  st.seats.E.discards = { { tile = "1z" } }
  g = fake_game(st, { deal_start() })
  R.situation(g, { seat = "E", how = "discard", from = "W", tile = "8p" }, s)
  lu.assertEquals(s.flags, { "first_turn" })
  -- the quadruplet's replacement, then a flower and its replacement, in the last-tile state
  st.wall = 0
  g = fake_game(st, { deal_start(), { type = "kong_concealed", seat = "E" },
                      { type = "draw", seat = "E", from = "loose", tile = "f1" },
                      { type = "bonus", seat = "E", tile = "f1" },
                      { type = "draw", seat = "E", from = "replacement", tile = "8p" } })
  R.situation(g, { seat = "E", how = "self", tile = "8p", loose = true }, s)
  lu.assertEquals(s.flags, { "last_tile", "after_kong_flower" })
  g = fake_game(st, { deal_start(), { type = "kong_concealed", seat = "E" },
                      { type = "draw", seat = "E", from = "loose", tile = "8p" } })
  R.situation(g, { seat = "E", how = "self", tile = "8p", loose = true }, s)
  lu.assertEquals(s.flags, { "last_tile", "kong_replacement" })
end

function test_special_complete_thirteen_individuals_and_four_of_a_kind_pairs()
  local g = fake_game({ seats = {} }, {})
  lu.assertTrue(R.special_complete(g, "W", "147m258p369s12355z", 0))
  lu.assertFalse(R.special_complete(g, "W", "147m147p369s12355z", 0))
  lu.assertTrue(R.special_complete(g, "W", "1111m33p55p77s99s22z", 0))
  lu.assertFalse(R.special_complete(g, "W", "1111m33p55p77s99s22z", 1))
  g = fake_game({ seats = {} }, {}, { seven_pairs_allow_four_of_a_kind = false })
  lu.assertFalse(R.special_complete(g, "W", "1111m33p55p77s99s22z", 0))
end

function test_next_deal_dealer_keeps_on_a_win_or_a_draw()
  local function after(result_event, first_dealer_seat, round)
    local st = { round = round or "E", seats = {} }
    for i, s in ipairs(SEATS) do st.seats[s] = { player = (i - 1 + first_dealer_seat) % 4 } end
    local g = fake_game(st, { deal_start(), result_event, { type = "settle" } })
    return R.next_deal(g)
  end
  lu.assertTrue(after({ type = "win", seat = "E" }, 0).dealer_keeps)
  lu.assertTrue(after({ type = "draw_end", kind = "exhaustive" }, 0).dealer_keeps)
  local n = after({ type = "win", seat = "S" }, 0)
  lu.assertFalse(n.dealer_keeps)
  lu.assertEquals(n.round, "E")
  -- the deal returns to the first dealer (now South): the round wind advances
  n = after({ type = "win", seat = "W" }, 3)
  lu.assertEquals(n.round, "S")
  n = after({ type = "win", seat = "W" }, 3, "N")
  lu.assertTrue(n.match_over)
end

os.exit(lu.LuaUnit.run())
