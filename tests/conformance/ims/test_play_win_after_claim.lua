-- IMS option win_after_claim (s6.1, s18 A15): MahJong in turn right after one's own Sequence
-- or Triplet bid. The hand is won on the claimed discard, exactly as the MahJong bid on that
-- discard would have won it (s6.1: "he could have bid MahJong on that discard instead"; s9:
-- the winning tile is grabbed, the set it completes is revealed and the hand stays Fully
-- Private): the feeder is the discarder. It is offered exactly when `jong score` says the
-- hand so won wins. Spec: /work/shared/rules/ims.md.
local lu = require "luaunit"
local in_play = require "in_play"

-- East lets 2z go (his first discard, so the first circulation is over when 5m comes),
-- South 5z, West 3z, North 4z; East then discards 5m, which South's hand waits on.
local function to_the_5m(south, options)
  local g = assert(jong.scenario { rules = "ims", seed = 1, options = options,
    hands = { E = "19m19p19s1234567z5m", S = south, W = "222p333p444p555p6z", N = "777m888m999m777p7z" },
    draws = "5z3z4z2m" })
  for _, move in ipairs { { "E", "d 2z" }, { "S", "d 5z" }, { "W", "d 3z" }, { "N", "d 4z" } } do
    in_play.play(g, move[1], move[2])
    in_play.pass_all(g)
  end
  in_play.play(g, "E", "d 5m")
  return g
end

local CHOW_WAIT = "46m123p456p789s11z"   -- 5m completes 456m
local function claimed_then(south, claim, options)
  local g = to_the_5m(south, options)
  lu.assertEquals(g:state().claim_tile, "5m")
  in_play.play(g, "S", claim)
  in_play.pass_all(g)
  lu.assertEquals(g:state().turn, "S")
  lu.assertTrue(g:state().after_claim)
  return g
end

local function win_action(g, seat)
  for _, a in ipairs(g:legal(seat)) do
    if a.type == "win" then return a end
  end
end

-- Default: no MahJong right after the Sequence bid, the engine says why.
function test_default_no_mahjong_after_a_claim()
  local g = claimed_then(CHOW_WAIT, "chow 4m")
  lu.assertNil(win_action(g, "S"))
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "no win right after a chow or pung claim")
end

-- On: the win is offered, recorded as won on East's 5m, and scored and settled exactly as
-- the MahJong bid on that 5m is (the same hand, the same feeder).
function test_mahjong_after_a_sequence_bid_is_the_grab_of_the_discard()
  local g = claimed_then(CHOW_WAIT, "chow 4m", { win_after_claim = true })
  local win = win_action(g, "S")
  lu.assertNotNil(win)
  local record = g:pending_win(win)
  lu.assertEquals({ record.how, record.from, record.tile, record.hand }, { "discard", "E", "5m", "456m123456p789s11z" })
  local situation = g:situation(record)
  local scored = assert(jong.score(situation))
  lu.assertTrue(scored.wins)
  in_play.play(g, "S", win)
  local e = in_play.last_event(g, "win")
  lu.assertEquals({ e.seat, e.by, e.from, e.tile }, { "S", "discard", "E", "5m" })
  local after_claim = g.last_results[1]
  lu.assertEquals(after_claim.result.value, scored.value)

  local bid = to_the_5m(CHOW_WAIT, { win_after_claim = true })
  in_play.play(bid, "S", "win")
  local on_bid = bid.last_results[1]
  lu.assertEquals(after_claim.result.value, on_bid.result.value)
  lu.assertEquals(after_claim.result.items, on_bid.result.items)
  lu.assertEquals(after_claim.payments, on_bid.payments)
  lu.assertEquals(after_claim.payments.S, -after_claim.payments.E)   -- the feeder pays (s17)
end

-- On, after a Triplet bid: the same.
function test_mahjong_after_a_triplet_bid()
  local g = claimed_then("55m123p456p789s11z", "pung", { win_after_claim = true })
  local win = win_action(g, "S")
  lu.assertNotNil(win)
  lu.assertEquals(g:pending_win(win).hand, "555m123456p789s11z")
  in_play.play(g, "S", win)
  local bid = to_the_5m("55m123p456p789s11z", { win_after_claim = true })
  in_play.play(bid, "S", "win")
  lu.assertEquals(g.last_results[1].payments, bid.last_results[1].payments)
end

-- On, but the claim leaves no winning hand: no MahJong, the hand is not complete.
function test_no_mahjong_when_the_claim_leaves_no_winning_hand()
  local g = claimed_then("55m123p456p789s12z", "pung", { win_after_claim = true })
  lu.assertNil(win_action(g, "S"))
  local ok, err = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(err, "not complete")
end

-- On, with Minimum Fan above what the hand makes: score says it does not win, so it is not
-- offered (one truth: the same test as the bid, which is not offered either).
function test_minimum_fan_applies()
  local options = { win_after_claim = true, minimum_fan = 12 }
  local bid = to_the_5m(CHOW_WAIT, options)
  lu.assertNil(win_action(bid, "S"))
  local g = claimed_then(CHOW_WAIT, "chow 4m", options)
  lu.assertNil(win_action(g, "S"))
end

-- On, with Stricter MahJong (s8 b): South could have bid MahJong on this 5m and bid a
-- Sequence instead, so he may not win by grab on 5m before his next discard.
function test_stricter_mahjong_forbids_it()
  local g = claimed_then(CHOW_WAIT, "chow 4m", { win_after_claim = true, stricter_mahjong = true })
  lu.assertNil(win_action(g, "S"))
end

os.exit(lu.LuaUnit.run())
