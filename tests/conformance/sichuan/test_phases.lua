-- Sichuan before play and the missing suit in play, on stacked walls: the exchange of
-- three tiles in each direction (§7), the hidden declaration of the missing suit (§8.1),
-- a hand holding it cannot win (§8.2) and discards it first (§8.4), the pass lock
-- (§9.6), and undo across the phases.
local lu = require "luaunit"

local SEATS = { "E", "S", "W", "N" }

local function play(g, seat, action)
  local ok, err = g:play(seat, action)
  lu.assertTrue(ok, err)
end

local function events(g, type)
  local out = {}
  for _, e in ipairs(g:events()) do if e.type == type then out[#out + 1] = e end end
  return out
end

local function hands(g)
  local out = {}
  for _, s in ipairs(SEATS) do out[s] = g:seat(s).hand end
  return out
end

local function discards(g, seat)
  local out = {}
  for _, a in ipairs(g:legal(seat)) do
    if a.type == "discard" then out[#out + 1] = a.tile end
  end
  return out
end

-- §7: four hands; each seat passes three tiles of one suit.
local DEAL = { E = "111234m5678p1239s", S = "2345m6789p12345s", W = "5566m112233p799s", N = "6677m4455p44556s" }
local PASS = { E = "1s2s3s", S = "3m4m5m", W = "1p1p2p", N = "4p4p5p" }

local function exchange(direction, seed)
  local g = assert(jong.scenario { rules = "sichuan", seed = seed or 1, hands = DEAL, draws = "1m8s",
                                   options = { exchange = direction } })
  lu.assertEquals(g:state().phase, "exchange")
  for _, s in ipairs(SEATS) do play(g, s, "pass " .. PASS[s]) end
  return g
end

function test_exchange_to_the_right()
  local g = assert(jong.scenario { rules = "sichuan", hands = DEAL, draws = "1m8s", options = { exchange = "right" } })
  lu.assertEquals(g:state().exchange, "right")               -- a fixed direction is known
  lu.assertEquals(g:waiting(), SEATS)                        -- all choose at once
  play(g, "E", "pass 1s2s3s")
  -- E's choice is hidden: its hand is as dealt, it has nothing more to choose
  lu.assertEquals(g:seat("E").hand, "111234m5678p1239s")
  lu.assertEquals(g:legal("E"), {})
  lu.assertEquals(g:waiting(), { "S", "W", "N" })
  lu.assertEquals(#events(g, "exchange"), 0)
  local ok, err = g:play("S", "pass 2m6p1s")
  lu.assertNil(ok)
  lu.assertStrContains(err, "one suit")
  for _, s in ipairs { "S", "W", "N" } do play(g, s, "pass " .. PASS[s]) end
  lu.assertEquals(hands(g), { E = "111234m4455678p9s", S = "2m6789p11223345s", W = "3455566m233p799s",
                              N = "6677m1125p44556s" })
  local ex = events(g, "exchange")
  lu.assertEquals(#ex, 4)
  lu.assertEquals({ ex[1].seat, ex[1].to, ex[1].tiles, ex[1].direction }, { "E", "S", "1s2s3s", "right" })
  lu.assertEquals({ ex[4].seat, ex[4].to, ex[4].tiles }, { "N", "E", "4p4p5p" })
  lu.assertEquals(g:state().phase, "declare")
  lu.assertTrue(g:check())
end

function test_exchange_to_the_left()
  local g = exchange("left")
  lu.assertEquals(hands(g), { E = "111233445m5678p9s", S = "2m1126789p12345s", W = "5566m233445p799s",
                              N = "6677m5p12344556s" })
  lu.assertEquals(events(g, "exchange")[1].to, "N")
end

function test_exchange_across()
  local g = exchange("across")
  lu.assertEquals(hands(g), { E = "111234m1125678p9s", S = "2m4456789p12345s", W = "5566m233p123799s",
                              N = "3456677m5p44556s" })
  lu.assertEquals(events(g, "exchange")[1].to, "W")
end

-- random: drawn from the seed, shown once the tiles have moved; dice: by the total (§7.2)
function test_exchange_random_and_dice()
  local seen = {}
  for seed = 1, 30 do
    local g = assert(jong.scenario { rules = "sichuan", seed = seed, hands = DEAL, draws = "1m8s" })
    lu.assertNil(g:state().exchange)
    for _, s in ipairs(SEATS) do play(g, s, "pass " .. PASS[s]) end
    local d = g:state().exchange
    lu.assertEquals(events(g, "exchange")[1].direction, d)
    seen[d] = true
    local again = exchange("random", seed)
    lu.assertEquals(again:state().exchange, d)              -- the same seed, the same direction
    local dice = exchange("dice", seed)
    local t = 0
    for _, v in ipairs(dice:events()[1].dice) do t = t + v end
    lu.assertEquals(dice:state().exchange, ({ [0] = "left", "right", "across" })[t % 3])
  end
  lu.assertEquals(seen, { left = true, right = true, across = true })
end

-- §7.1: any three tiles with exchange_same_suit = false (sbr)
function test_exchange_any_three()
  local g = assert(jong.scenario { rules = "sichuan", hands = DEAL, draws = "1m8s",
                                   options = { exchange = "right", exchange_same_suit = false } })
  -- twelve kinds, 1m three times: 220 sets of three kinds, 11 with 1m twice, 1m1m1m
  lu.assertEquals(#g:legal("E"), 220 + 11 + 1)
end

-- §8: E declares characters missing and must discard its 5m first; W holds 11p with a
-- hand the 5m completes. Declared dots missing, W cannot win on it (and discards 1p
-- first); undone and declared bamboo missing instead, W wins.
local MISSING = { E = "5m123456789p1234s", S = "2m5566p8899p166s8s", W = "11p234567789m34m", N = "99m12345678955s" }

function test_missing_suit_cannot_win_and_goes_first()
  local g = assert(jong.scenario { rules = "sichuan", hands = MISSING, draws = "3s7p1s",
                                   options = { exchange = "off" } })
  lu.assertEquals(g:state().phase, "declare")
  lu.assertEquals(#g:legal("E"), 3)
  play(g, "E", "declare m")
  lu.assertNil(g:seat("E").missing)                        -- hidden until all declared
  play(g, "W", "declare p")
  play(g, "S", "declare m")
  lu.assertEquals(#events(g, "declare"), 0)
  play(g, "N", "declare m")
  local decl = events(g, "declare")
  lu.assertEquals(#decl, 4)
  lu.assertEquals({ decl[1].seat, decl[1].suit, decl[3].seat, decl[3].suit }, { "E", "m", "W", "p" })
  lu.assertEquals(g:seat("W").missing, "p")
  lu.assertEquals(g:state().phase, "turn")
  lu.assertEquals(discards(g, "E"), { "5m" })               -- §8.4
  local ok, err = g:play("E", "d 1p")
  lu.assertNil(ok)
  lu.assertStrContains(err, "missing suit")
  play(g, "E", "d 5m")
  -- §8.2: the shape is complete, but W holds 11p: no win; S draws
  lu.assertEquals(#events(g, "win"), 0)
  lu.assertEquals(g:state().turn, "S")
  lu.assertEquals(discards(g, "S"), { "2m" })
  play(g, "S", "d 2m")
  lu.assertEquals(g:state().turn, "W")
  lu.assertEquals(discards(g, "W"), { "1p", "7p" })          -- it drew 7p
  -- undo across the phases: back to before W's declaration
  lu.assertEquals(g:undo(5), 5)
  lu.assertEquals(g:state().phase, "declare")
  lu.assertEquals(g:waiting(), { "S", "W", "N" })
  lu.assertNil(g:seat("E").missing)
  play(g, "W", "declare s")
  play(g, "S", "declare m")
  play(g, "N", "declare m")
  play(g, "E", "d 5m")
  lu.assertEquals(g:legal("W")[2].type, "win")
  play(g, "W", "win")
  lu.assertEquals(events(g, "settle")[1].payments, { E = -1, S = 0, W = 1, N = 0 })
  lu.assertTrue(g:check())
  -- the log replays, phases included
  local again = assert(jong.replay(g:log_json(), { rules = "sichuan", options = { exchange = "off" },
                                                   wall = g.made.wall }))
  lu.assertEquals(again:state().events, g:state().events)
end

-- §8.3: no pung of the missing suit. N holds 99m but declared characters missing.
function test_no_pung_of_the_missing_suit()
  local g = assert(jong.scenario { rules = "sichuan", hands = { E = "9m5m123456789p123s", S = MISSING.S,
                                   W = "11p234567789m34s", N = MISSING.N }, draws = "3s7p1s",
                                   options = { exchange = "off", discard_missing_first = false } })
  for _, s in ipairs(SEATS) do play(g, s, "declare " .. (s == "W" and "s" or "m")) end
  play(g, "E", "d 9m")
  lu.assertEquals(g:state().turn, "S")                       -- N was not offered the pung
  lu.assertEquals(#events(g, "pung"), 0)
end

-- §9.6: W passes on a win on E's 5m; S's 2m would give W a win worth no more before W's
-- next draw: not offered. Without the pass lock it is.
function test_pass_lock_on_wins()
  for _, lock in ipairs { true, false } do
    local g = assert(jong.scenario { rules = "sichuan", hands = MISSING, draws = "3s7p1s",
                                     options = { exchange = "off", pass_lock = lock } })
    for _, s in ipairs(SEATS) do play(g, s, "declare " .. (s == "W" and "s" or "m")) end
    play(g, "E", "d 5m")
    lu.assertEquals(g:waiting(), { "W" })
    play(g, "W", "pass")
    play(g, "S", "d 2m")
    if lock then
      lu.assertEquals(g:state().turn, "W")                   -- not asked: W drew
      lu.assertEquals(g:state().drawn, "7p")
    else
      lu.assertEquals(g:legal("W")[2].type, "win")
    end
  end
end

-- §9.6: a win worth more is allowed. W (all characters) passes on E's 2m (pure one suit,
-- 2 fan: 4); S's 1m makes four 1m, a root (3 fan: 8), and W may win on it.
function test_pass_lock_lets_a_better_win_through()
  local g = assert(jong.scenario { rules = "sichuan", draws = "3p7p", options = { exchange = "off" },
    hands = { E = "2m123456789p1234s", S = "1m55668899p6678s", W = "1112345678999m", N = "2233445577899s" } })
  for _, s in ipairs(SEATS) do play(g, s, "declare " .. (s == "W" and "p" or "m")) end
  play(g, "E", "d 2m")
  lu.assertEquals(g:legal("W")[2].type, "win")
  play(g, "W", "pass")
  play(g, "S", "d 1m")
  lu.assertEquals(g:legal("W")[2].type, "win")
  play(g, "W", "win")
  lu.assertEquals(events(g, "settle")[1].payments, { E = 0, S = -8, W = 8, N = 0 })
end

-- §9.6: N passes on a pung of E's 5p; S's 5p cannot be punged before N's next turn.
function test_pass_lock_on_pungs()
  local hands = { E = "5p1234m6789m12345s", S = "5p2233m6677s1178p", W = "111m678p999s1234s",
                  N = "55p789p4567m5678s" }
  for _, lock in ipairs { true, false } do
    local g = assert(jong.scenario { rules = "sichuan", hands = hands, draws = "3p2p",
                                     options = { exchange = "off", pass_lock = lock, discard_missing_first = false } })
    for _, s in ipairs(SEATS) do play(g, s, "declare " .. (s == "E" and "p" or "m")) end
    play(g, "E", "d 5p")
    lu.assertEquals(g:waiting(), { "N" })
    play(g, "N", "pass")
    play(g, "S", "d 5p")
    if lock then
      lu.assertEquals(g:state().turn, "W")
    else
      lu.assertEquals(g:waiting(), { "N" })
      local ok, err = g:play("N", "pung")
      lu.assertTrue(ok, err)
    end
  end
end

-- §15 in play with the declared suits: each deal that ends at the wall's end is paid as
-- the `wall_end` event of `jong score` says for the same hands, missing suits and kong
-- money (one truth).
function test_wall_end_in_play_uses_the_declared_suits()
  local checked = 0
  for seed = 1, 6 do
    local g = assert(jong.game { rules = "sichuan", seed = seed })
    while g:state().phase ~= "match_end" do
      g:run_bots(nil, "greedy", 1)
      local st = g:state()
      if st.phase == "deal_end" and st.result == "exhaustive" then
        local s = { rules = "sichuan", event = "wall_end", active = {}, seats = {} }
        local left = g:brief().left
        for i, seat in ipairs(SEATS) do
          if left >> (i - 1) & 1 == 0 then
            s.active[#s.active + 1] = seat
            local income = g:kong_income(seat)
            s.seats[seat] = { hand = st.seats[seat].hand, missing_suit = st.seats[seat].missing,
                              kong_income = next(income) and income or nil }
          end
        end
        if #s.active >= 2 then
          local r = jong.score(s)
          lu.assertTrue(r.ok, r.error)
          local settle = events(g, "settle")
          lu.assertEquals(settle[#settle].payments, r.payments)
          checked = checked + 1
        end
      end
    end
  end
  lu.assertTrue(checked > 0)
end

os.exit(lu.LuaUnit.run())
