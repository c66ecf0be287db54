-- Sichuan in the engine: a win on the discard made right after a kong (杠上炮, §11.3,
-- W2). The engine marks the win after_kong; the kong money the discarder received for
-- that kong moves to the winner (sc.kong_shot = transfer), goes back to its payers
-- (void) or stays (keep), and leaves the discarder's ledger, so the wall's end refunds
-- nothing of it (Example 9 with a concealed kong).
local lu = require "luaunit"

local in_play = require "in_play"
local play, events, last_event = in_play.play, in_play.events, in_play.last_event

-- No exchange; the missing suits are declared (E dots, S and W as below, N bamboo).
local function deal(hands, draws, options, missing)
  options = options or {}
  options.exchange = "off"
  local g = assert(jong.scenario { rules = "sichuan", seed = 1, options = options, draws = draws, hands = hands })
  for _, seat in ipairs { "E", "S", "W", "N" } do play(g, seat, "declare " .. missing[seat]) end
  return g
end

-- E discards 1p; S draws 9p, declares a concealed kong of 7s (E, W, N pay 2 each), draws
-- 6s and discards it; W (Example 9's hand, dots missing) wins on it.
local function kong_then_discard(options)
  local g = deal({ E = "123456789m1122p9s", S = "7777s123456p88p1s", W = "234567888m4599s", N = "123456789p1357m" },
                 "9p6s", options, { E = "p", S = "m", W = "p", N = "s" })
  play(g, "E", "d 1p")
  play(g, "S", "kong 7s")
  lu.assertEquals(g:kong_income("S"), { E = 2, W = 2, N = 2 })
  play(g, "S", "d 6s")
  play(g, "W", "win")
  return g
end

local function items(g)
  local out = {}
  for _, it in ipairs(g.last_results[1].result.items) do out[#out + 1] = { it.name, it.value, it.unit } end
  return out
end

function test_transfer()
  local g = kong_then_discard()
  local win = last_event(g, "win")
  lu.assertEquals({ win.seat, win.from, win.by }, { "W", "S", "discard" })
  lu.assertEquals(win.flags, { "after_kong" })
  lu.assertEquals(items(g), { { "Plain win", 0, "fan" }, { "Win after a kong", 1, "fan" },
                              { "Kong money transfer", 6, "base" } })
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -8, W = 8, N = 0 })
  lu.assertEquals(g:kong_income("S"), {})                 -- moved: nothing left to refund
  -- the situation of the win in play is the one jong score reads
  local s = jong.score { rules = "sichuan", seat = "W", hand = "234567888m45699s", win_tile = "6s",
                         win_by = "discard", from = "S", flags = { "after_kong" }, kong_kind = "concealed",
                         missing_suit = "p" }
  lu.assertEquals(s.payments, { E = 0, S = -8, W = 8, N = 0 })
end

function test_void()
  local g = kong_then_discard { kong_shot = "void" }
  lu.assertEquals(items(g)[3], { "Kong money refund", 6, "base" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 2, S = -8, W = 4, N = 2 })
  lu.assertEquals(g:kong_income("S"), {})
end

function test_keep()
  local g = kong_then_discard { kong_shot = "keep" }
  lu.assertEquals(#items(g), 2)
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -2, W = 2, N = 0 })
  lu.assertEquals(g:kong_income("S"), { E = 2, W = 2, N = 2 })
end

-- The preset sbr (§16) in play: its kong_shot = void applies; an option given explicitly
-- wins over it (here exchange = off).
function test_sbr_preset_in_play()
  local g = kong_then_discard { preset = "sbr" }
  lu.assertEquals(g.options.kong_shot, "void")
  lu.assertEquals(g.options.exchange, "off")
  lu.assertEquals(items(g)[3], { "Kong money refund", 6, "base" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 2, S = -8, W = 4, N = 2 })
  g = kong_then_discard { preset = "sbr", kong_shot = "transfer" }
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -8, W = 8, N = 0 })
  -- and the engine settings: the exchange by the dice
  local h = assert(jong.game { rules = "sichuan", seed = 2, options = { preset = "sbr" } })
  lu.assertEquals(h.options.exchange, "dice")
  local dice = in_play.events(h, "deal_start")[1].dice
  local t = 0
  for _, d in ipairs(dice) do t = t + d end
  lu.assertEquals(h:state().exchange, ({ [0] = "left", "right", "across" })[t % 3])   -- §7.2
end

-- §11.3, §14.4: W and N both win on S's discard after the kong; the transfer goes to W
-- alone, the winner nearest the discarder; each is paid his own hand.
function test_transfer_to_the_nearest_of_two_winners()
  local g = deal({ E = "123456789m1122p9s", S = "7777s123456p88p1s", W = "234567888m4599s", N = "123456789p4588s" },
                 "9p6s", nil, { E = "p", S = "m", W = "p", N = "m" })
  play(g, "E", "d 1p")
  play(g, "S", "kong 7s")
  play(g, "S", "d 6s")
  play(g, "W", "win")
  play(g, "N", "win")
  local r = g.last_results
  lu.assertEquals({ r[1].seat, r[2].seat }, { "W", "N" })
  lu.assertEquals(r[1].result.items[3], { name = "Kong money transfer", value = 6, unit = "base" })
  lu.assertEquals(#r[2].result.items, 2)                   -- Plain win, Win after a kong
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -10, W = 8, N = 2 })
  lu.assertEquals(g:kong_income("S"), {})
end

-- §11.3 with a claimed kong: E discards 7s, S claims a kong of it (E pays 2), draws 6s and
-- discards it; W wins. The 2 units S received for that kong move to W (GF: the last kong's
-- money; it was 0 because the claimed kong's payer was not known at the win).
local function claimed_kong_then_discard(options)
  local g = deal({ E = "123456789m1122p7s", S = "777s123456p88p16s", W = "234567888m4599s", N = "123456789p1357m" },
                 "6s", options, { E = "s", S = "m", W = "p", N = "s" })
  play(g, "E", "d 7s")
  play(g, "S", "kong")
  lu.assertEquals(g:kong_income("S"), { E = 2 })
  play(g, "S", "d 6s")
  play(g, "W", "win")
  return g
end

function test_transfer_of_a_claimed_kong()
  local g = claimed_kong_then_discard()
  lu.assertEquals(items(g), { { "Plain win", 0, "fan" }, { "Win after a kong", 1, "fan" },
                              { "Kong money transfer", 2, "base" } })
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -4, W = 4, N = 0 })
  lu.assertEquals(g:kong_income("S"), {})
  g = claimed_kong_then_discard { kong_shot = "void" }
  lu.assertEquals(items(g)[3], { "Kong money refund", 2, "base" })
  lu.assertEquals(last_event(g, "settle").payments, { E = 2, S = -4, W = 2, N = 0 })
  lu.assertEquals(g:kong_income("S"), {})
  -- jong score: the transfer is 2 units whoever fed the kong; the refund needs kong_from
  local s = { rules = "sichuan", seat = "W", hand = "234567888m45699s", win_tile = "6s", win_by = "discard",
              from = "S", flags = { "after_kong" }, kong_kind = "claimed", missing_suit = "p" }
  lu.assertEquals(jong.score(s).payments, { E = 0, S = -4, W = 4, N = 0 })
  s.kong_from = "E"
  s.options = { kong_shot = "void" }
  lu.assertEquals(jong.score(s).payments, { E = 2, S = -4, W = 2, N = 0 })
  s.kong_from = nil
  lu.assertNotNil(jong.score(s).error)
end

-- §9.4 in play: S pungs E's 5p and promotes it on a later turn. With a fourth 5p drawn
-- since the pung, E, W and N pay 1 each; with one held since the pung, nothing.
local function promoted(s_hand, s_draw)
  local g = deal({ E = "5p11m22m33m44m55m66m7m", S = s_hand, W = "123456789m2344p", N = "66789p12345678s" },
                 "9m9p7m" .. s_draw, nil, { E = "p", S = "m", W = "s", N = "m" })
  play(g, "E", "d 5p")
  play(g, "S", "pung")
  play(g, "S", "d 1s")
  play(g, "W", "d 9m")
  play(g, "N", "d 9p")
  play(g, "E", "d 7m")
  play(g, "S", "kong 5p")
  return g
end

function test_promoted_kong_money_only_with_a_drawn_fourth_tile()
  local g = promoted("55p123s456s789s19s", "5p")
  lu.assertEquals(last_event(g, "payment").payments, { E = -1, S = 3, W = -1, N = -1 })
  g = promoted("555p123s456s789s1s", "2p")
  lu.assertEquals(#events(g, "kong_promoted"), 1)
  lu.assertEquals(#events(g, "payment"), 0)
end

-- A discard that does not follow a kong is no kong shot.
function test_no_kong_no_shot()
  local g = deal({ E = "123456789m1122p9s", S = "7777s123456p88p6s", W = "234567888m4599s", N = "123456789p1357m" },
                 "9p", nil, { E = "p", S = "m", W = "p", N = "s" })
  play(g, "E", "d 1p")
  play(g, "S", "d 6s")
  play(g, "W", "win")
  lu.assertEquals(last_event(g, "win").flags, { "first_turn" })   -- no after_kong
  lu.assertEquals(last_event(g, "settle").payments, { E = 0, S = -1, W = 1, N = 0 })
  lu.assertEquals(#events(g, "payment"), 0)
end

os.exit(lu.LuaUnit.run())
