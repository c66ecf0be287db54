-- Hong Kong Old Style in the engine: stacked deals for chee only from the left (§7.2),
-- robbing a promoted kong (§7.5, Example 11 played out), the minimum faan refusing a win
-- (§11.2), and self-play keeping every invariant with the dealer rules of §5.3-§5.4.
local lu = require "luaunit"

local in_play = require "in_play"
local play, last_event, legal_types = in_play.play, in_play.last_event, in_play.legal_types

local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")
local game = hk.game

TestPlay = {}

function TestPlay.test_chee_only_from_the_left()
  -- East discards 3m; South (on his right) may chee it, West and North may not.
  local g = game({ "3m111p999s555z666z7z", "1245m22p2345678s", "12m22p3456789p12s", "45m33p4444z2222z1s" })
  play(g, "E", "d 3m")
  lu.assertTrue(legal_types(g, "S").chow)
  lu.assertNil(legal_types(g, "W").chow)
  local ok, err = g:play("W", { type = "chow", tile = "3m", chow = "1m" })
  lu.assertNil(ok)
  lu.assertStrContains(err, "chow only from the player on the left")
  ok, err = g:play("N", { type = "chow", tile = "3m", chow = "3m" })
  lu.assertNil(ok)
  play(g, "S", { type = "chow", tile = "3m", chow = "3m" })
  lu.assertEquals(g:state().seats.S.melds[1], "[345m]@E")
end

-- Example 11 in play: East waits on 2s/5s; South pongs East's 5s, later draws the fourth
-- and promotes; East robs the kong and South pays as the discarder.
function TestPlay.test_robbing_a_promoted_kong()
  local g = game({ "12334678999s11z5s", "55s123456789m12p", "23456789p12345m", "222333444555z6z" }, "7z7z6z5s")
  play(g, "E", "d 5s")
  play(g, "S", "pung")
  play(g, "S", "d 1p")
  for _, seat in ipairs(g:waiting()) do play(g, seat, "pass") end
  play(g, "W", "d 7z")
  play(g, "N", "d 7z")
  play(g, "E", "d 6z")
  for _, seat in ipairs(g:waiting()) do play(g, seat, "pass") end
  play(g, "S", "kong 5s")
  lu.assertEquals(g:state().phase, "rob")
  play(g, "E", "win")
  local win = last_event(g, "win")
  lu.assertEquals(win.by, "rob")
  lu.assertEquals(win.from, "S")
  lu.assertEquals(last_event(g, "settle").payments, { E = 64, S = -32, W = -16, N = -16 })
  local items = {}
  for i, it in ipairs(g.last_results[1].result.items) do items[i] = it.name .. " " .. it.value end
  lu.assertEquals(items, { "Mixed one suit 3", "Concealed hand 1", "Robbing a kong 1" })
end

-- §7.5 hk.rob_kong = seed_literal: South draws the fourth 5s and declares a concealed kong;
-- East, waiting on 2s/5s, may rob it (only with the option); South pays as the discarder.
local function south_declares_concealed_5s(options)
  local g = game({ "12334678999s11z6z", "555s12345678m12p", "23456789p12345m", "222333444555z6z" }, "5s",
                 options, "9m9m")
  play(g, "E", "d 6z")
  for _, seat in ipairs(g:waiting()) do play(g, seat, "pass") end
  play(g, "S", { type = "kong_concealed", tile = "5s" })
  return g
end

function TestPlay.test_seed_literal_robs_a_concealed_kong()
  lu.assertNotEquals(south_declares_concealed_5s({}):state().phase, "rob")
  local g = south_declares_concealed_5s({ rob_kong = "seed_literal" })
  lu.assertEquals(g:state().phase, "rob")
  play(g, "E", "win")
  local win = last_event(g, "win")
  lu.assertEquals({ win.by, win.from }, { "rob", "S" })
  local items = {}
  for i, it in ipairs(g.last_results[1].result.items) do items[i] = it.name .. " " .. it.value end
  lu.assertEquals(items[#items], "Robbing a kong 1")
  local pay = last_event(g, "settle").payments
  lu.assertTrue(pay.W < 0 and pay.W == pay.N and pay.S == 2 * pay.W, "the declarer pays as the discarder")   -- §14.2
end

-- West's common hand (common 1 + concealed 1 = 2 faan) may not win on South's 4s under the
-- default minimum of 3; with hk.min_faan = 2 it may.
function TestPlay.test_minimum_faan_refuses_the_win()
  local hands = { "5s111p999s555z666z7z", "55s1234m6789m22p4s", "123m456m789p23s55p", "3333z4444z77z22z1s" }
  local g = game(hands, "8s")
  play(g, "E", "d 5s")
  play(g, "S", "pung")
  play(g, "S", "d 4s")
  lu.assertNil(legal_types(g, "W").win)
  local ok, err = g:play("W", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "below the minimum of 3")

  g = game(hands, "8s", { min_faan = 2 })
  play(g, "E", "d 5s")
  play(g, "S", "pung")
  play(g, "S", "d 4s")
  lu.assertTrue(legal_types(g, "W").win)
  play(g, "W", "win")
  lu.assertEquals(last_event(g, "settle").payments, { E = -4, S = -8, W = 16, N = -4 })
end

-- §12.5 H16 and H17: East declares a concealed kong of East winds, draws the fourth South
-- wind as replacement, declares that kong too and wins on the second replacement.
function TestPlay.test_win_on_kong_replacement_and_kong_upon_kong()
  local hands = { "1111z222z345m678m9p", "123456789s123p4z", "123456789m456p7p", "123456789p5z6z7z3s" }
  local g = game(hands, nil, nil, "9p")
  play(g, "E", "kong 1z")
  play(g, "E", "win")
  lu.assertEquals(last_event(g, "settle").payments, { E = 96, S = -32, W = -32, N = -32 })   -- 1+1+1+1 = 4
  local items = {}
  for i, it in ipairs(g.last_results[1].result.items) do items[i] = it.name .. " " .. it.value end
  lu.assertEquals(items, { "Seat-wind pung/kong 1", "Prevailing-wind pung/kong 1", "Self-drawn 1",
                           "Win on kong replacement 1" })

  g = game(hands, nil, nil, "2z9p")
  play(g, "E", "kong 1z")
  play(g, "E", "kong 2z")
  play(g, "E", "win")
  lu.assertEquals(last_event(g, "settle").payments, { E = 384, S = -128, W = -128, N = -128 })   -- 11 -> 10
  items = {}
  for i, it in ipairs(g.last_results[1].result.items) do items[i] = it.name .. " " .. it.value end
  lu.assertEquals(items, { "Seat-wind pung/kong 1", "Prevailing-wind pung/kong 1", "Self-drawn 1",
                           "Kong upon kong 8" })
end

-- Self-play: every match ends after four prevailing winds, the invariants hold, every
-- settlement sums to zero, and the dealer keeps the deal after his win or a draw.
function TestPlay.test_self_play_matches()
  for seed = 1, 4 do
    local g = jong.game { rules = "hongkong", seed = seed }
    local n, err = g:run_bots(nil, "greedy", 200000)
    lu.assertNotNil(n, err)
    lu.assertEquals(g:state().phase, "match_end")
    local ok, cerr = g:check()
    lu.assertTrue(ok, cerr)
    local dealer_kept, rounds = nil, {}
    for _, e in ipairs(g:events()) do
      if e.type == "deal_start" then rounds[e.round] = true end
      if e.type == "win" then dealer_kept = (dealer_kept ~= false or e.seat == "E") and e.seat == "E" end
      if e.type == "draw_end" then dealer_kept = true end
      if e.type == "settle" then
        local p = e.payments
        lu.assertEquals(p.E + p.S + p.W + p.N, 0)
      end
      if e.type == "next_deal" then
        if not e.match_over then lu.assertEquals(e.dealer_keeps, dealer_kept) end
        dealer_kept = nil
      end
    end
    lu.assertEquals(rounds, { E = true, S = true, W = true, N = true })
  end
end

-- Self-play under other options: flowers, the dead 14 tiles, the last discard, several
-- winners, the presets and tables; every match ends and every settlement sums to zero.
function TestPlay.test_self_play_with_options()
  local sets = {
    { use_flowers = true, dead_wall14 = true, last_discard = true, multi_win = "all", min_faan = 0,
      humanly_hand = true, fifth_tile_penalty = true },
    { draw_keeps_dealer = false, rounds = 2, faan_preset = "mjc", liability_hands = "extended",
      money_table = "doubling", faan_limit = 7 },
    { use_flowers = true, min_faan = 1, concealed_with_flowers = false, unlimited_faan = true,
      faan_limit = "none", money_table = "half_spicy" },
  }
  for _, options in ipairs(sets) do
    for seed = 1, 2 do
      local g = jong.game { rules = "hongkong", seed = seed, options = options }
      local n, err = g:run_bots(nil, "greedy", 400000)
      lu.assertNotNil(n, err)
      lu.assertEquals(g:state().phase, "match_end")
      local ok, cerr = g:check()
      lu.assertTrue(ok, cerr)
      for _, e in ipairs(g:events()) do
        if e.type == "settle" then
          local p = e.payments
          lu.assertEquals(p.E + p.S + p.W + p.N, 0)
        end
      end
    end
  end
end

-- may_win builds the situation of a win with g:brief() (R.win_situation) instead of
-- g:situation: over self-play both give the same facts and the same judgement of every win
-- the engine asks about.
function TestPlay.test_may_win_sees_the_situation_of_the_win()
  local R = assert(jong.load_rules("hongkong"))
  local may_win, asked, differ = R.may_win, 0, {}
  local function facts_line(s)
    local f = assert(jong.facts(s))
    local flags = {}
    for name in pairs(f.flags) do flags[#flags + 1] = name end
    table.sort(flags)
    local r = R.score(f)
    return table.concat({ f.seat, f.round, f.situation.hand, f.win_tile, f.win_by, tostring(f.from),
                          table.concat(flags, ","), tostring(r.wins), r.reason or r.value.faan }, " ")
  end
  R.may_win = function(g, action)
    asked = asked + 1
    local mine, engine = facts_line(R.win_situation(g, action.win)), facts_line(g:situation(action.win))
    if mine ~= engine then differ[#differ + 1] = mine .. " | " .. engine end
    return may_win(g, action)
  end
  local ok, err = pcall(function()
    for _, options in ipairs { {}, { use_flowers = true, last_discard = true, humanly_hand = true, min_faan = 0 } } do
      for seed = 1, 2 do
        local g = jong.game { rules = "hongkong", seed = seed, options = options }
        lu.assertNotNil(g:run_bots(nil, "greedy", 400000))
      end
    end
  end)
  R.may_win = may_win
  lu.assertTrue(ok, err)
  lu.assertTrue(asked > 100)
  lu.assertEquals(differ, {})
end

-- §5.1 hk.seating (wind_draw and random alike): the players' winds are drawn from the seed,
-- so the first dealer is any player; §5.4 the prevailing wind advances exactly when the deal
-- comes back to the player who dealt first in the wind.
function TestPlay.test_seats_are_drawn_and_the_wind_follows_the_first_dealer()
  local first_dealers = {}
  for seed = 1, 12 do
    local seating = seed % 2 == 0 and "random" or "wind_draw"
    local g = jong.game { rules = "hongkong", seed = seed, options = { seating = seating } }
    local first = g:seat("E").player
    first_dealers[first] = true
    lu.assertNotNil(g:run_bots(nil, "greedy", 400000))
    lu.assertEquals(g:state().phase, "match_end")
    local round, winds = nil, 0
    for _, e in ipairs(g:events()) do
      if e.type == "deal_start" then
        if e.round ~= round then
          lu.assertEquals(math.tointeger(e.dealer), first)   -- a wind begins with the first dealer
          round, winds = e.round, winds + 1
        end
      end
    end
    lu.assertEquals(winds, 4)
  end
  lu.assertEquals(first_dealers, { [0] = true, [1] = true, [2] = true, [3] = true })
end

-- §9.3 hk.fifth_tile_penalty in play: the situation hook flags fifth_tile on a discard win
-- when fewer than 5 tiles are left and the tile had not been seen among the discards; the
-- discarder then pays for all. A stand-in game gives the wall count and the discards.
local function stand_in(left, discards, options)
  local R = assert(jong.load_rules("hongkong"))
  local seats = {}
  for _, seat in ipairs { "E", "S", "W", "N" } do
    local list = {}
    for i, t in ipairs(jong.tiles(discards[seat] or "")) do list[i] = { tile = t } end
    seats[seat] = { discards = list }
  end
  local g = setmetatable({ rules = R, options = assert(jong.resolve_options(R, options)) }, { __index = jong.Game })
  function g:brief()
    return { phase = "claim", turn = "N", drawable = left, round = "E", honba = 0, deposits = 0, deal = 1,
             deal_in_round = 0 }
  end
  function g:seat_summary() return { discards = 0, melds = 0, flags = 0, points = 0, player = 0 } end                      -- nobody announced (§9.1)
  function g:state() return { seats = seats, events = 0 } end
  return R, g
end

-- §9.1 hk.liability_announce = manual: the announcement is offered to a seat whose three
-- exposed sets are of one suit without honours, once; a win after it carries the flag.
function TestPlay.test_liability_announcement_in_play()
  local R = assert(jong.load_rules("hongkong"))
  local function game_with(melds, flags)
    local st = { seats = { W = { melds = melds, flags = flags or 0, discards = {} } } }
    local g = setmetatable({ rules = R, options = assert(jong.resolve_options(R, { liability_announce = "manual" })),
                             core = require("stand_in").core(st) }, { __index = jong.Game })
    return g
  end
  local one_suit = { "[123p]@S", "[456p]@N", "[777p]@E" }
  lu.assertEquals(R.actions(game_with(one_suit), "W"), { { type = "announce" } })
  lu.assertEquals(R.actions(game_with({ "[123p]@S", "[456p]@N", "[555z]@E" }), "W"), {})      -- an honour set
  lu.assertEquals(R.actions(game_with({ "[123p]@S", "[456p]@N", "[1111p]c" }), "W"), {})      -- two exposed
  lu.assertEquals(R.actions(game_with(one_suit, 1), "W"), {})                                 -- announced
  lu.assertEquals(R.apply_action(game_with(one_suit), { type = "announce", seat = "W" }), { set_flags = 1 })
  local s = { flags = {} }
  R.situation(game_with(one_suit, 1), { seat = "W", how = "discard" }, s)
  lu.assertEquals(s.flags, { "liability_announced" })
  s = { flags = {} }
  R.situation(game_with(one_suit, 0), { seat = "W", how = "discard" }, s)
  lu.assertEquals(s.flags, {})
  -- in self-play the announcement is made and every match keeps its invariants
  local made = 0
  for seed = 1, 12 do
    local g = assert(jong.game { rules = "hongkong", seed = seed, options = { liability_announce = "manual" } })
    lu.assertNotNil(g:run_bots(nil, "greedy", 400000))
    lu.assertTrue(g:check())
    for _, e in ipairs(g:events()) do if e.type == "extra" and e.name == "announce" then made = made + 1 end end
  end
  lu.assertTrue(made > 0)
end

function TestPlay.test_fifth_tile_in_play()
  -- West wins on North's discard 5p (Pure one suit, 7 faan: u = 32).
  local win = { seat = "W", from = "N", tile = "5p", how = "discard", hand = "22255p [123p]@S [456p]@S [789p]@S" }
  local function payments(left, discards, options)
    local R, g = stand_in(left, discards, options)
    local s = R.win_situation(g, win)
    local r = jong.score(s)
    lu.assertTrue(r.wins, r.reason)
    local flagged = false
    for _, name in ipairs(s.flags) do flagged = flagged or name == "fifth_tile" end
    return r.payments, flagged
  end
  local on = { fifth_tile_penalty = true, liability_announce = "manual" }   -- no Calling 9 here
  local pay, flagged = payments(4, { E = "1z9m", N = "3s5p" }, on)          -- 5p unseen before
  lu.assertTrue(flagged)
  lu.assertEquals(pay, { W = 128, N = -128, E = 0, S = 0 })
  pay, flagged = payments(4, { E = "5p1z", N = "3s5p" }, on)                -- 5p seen before
  lu.assertFalse(flagged)
  lu.assertEquals(pay, { W = 128, N = -64, E = -32, S = -32 })
  pay, flagged = payments(5, { N = "5p" }, on)                              -- 5 tiles left
  lu.assertFalse(flagged)
  lu.assertEquals(pay, { W = 128, N = -64, E = -32, S = -32 })
  pay, flagged = payments(2, { N = "5p" }, { liability_announce = "manual" })   -- option off
  lu.assertFalse(flagged)
  lu.assertEquals(pay, { W = 128, N = -64, E = -32, S = -32 })
end

-- hk.draw_keeps_dealer = false: the deal passes after a draw; hk.rounds = 1: East only.
function TestPlay.test_draw_passes_the_deal_and_one_round()
  local g = jong.game { rules = "hongkong", seed = 3, options = { draw_keeps_dealer = false, rounds = 1 } }
  lu.assertNotNil(g:run_bots(nil, "greedy", 200000))
  lu.assertEquals(g:state().phase, "match_end")
  local drawn, draws = false, 0
  for _, e in ipairs(g:events()) do
    lu.assertTrue(e.type ~= "deal_start" or e.round == "E")
    if e.type == "deal_start" then drawn = false end
    if e.type == "draw_end" then drawn, draws = true, draws + 1 end
    if e.type == "next_deal" and drawn and not e.match_over then lu.assertFalse(e.dealer_keeps) end
  end
  lu.assertTrue(draws > 0)
end

os.exit(lu.LuaUnit.run())
