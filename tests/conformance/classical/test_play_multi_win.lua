-- classical.multi_win (§8.3): several players claim the same discard for Mah Jong; only one
-- wins the hand. first_in_turn (default, S001 3.4): the first in turn order after the
-- discarder. by_set_type (S000's precedence "MJ special hand, MJ with Pong, MJ with Chow, MJ
-- with Pair"): the claim whose tile completes a special hand, else a pung, else a chow, else
-- the pair (a hand the tile completes in several readings claims with the highest of them);
-- equal claims by turn order. Spec: /work/shared/rules/classical.md.
local lu = require "luaunit"
local in_play = require "in_play"

-- East discards; every seat the tile completes claims it for Mah Jong (claimants: those
-- seats, in turn order), the others pass. The seat that wins.
local function claims_on_the_discard(hands, discard, multi_win, claimants)
  local g = assert(jong.scenario { rules = "classical", seed = 1, hands = hands,
                                   options = { multi_win = multi_win } })
  in_play.play(g, "E", "d " .. discard)
  local claimed = {}
  for _, s in ipairs(g:waiting()) do
    if in_play.legal_types(g, s).win then
      claimed[#claimed + 1] = s
      in_play.play(g, s, "win")
    else
      in_play.play(g, s, "pass")
    end
  end
  lu.assertEquals(claimed, claimants)
  local wins = in_play.events(g, "win")
  lu.assertEquals(#wins, 1)                               -- only one player wins the hand
  lu.assertEquals({ wins[1].by, wins[1].from, wins[1].tile }, { "discard", "E", discard })
  lu.assertEquals(#g.last_results, 1)
  lu.assertEquals(g.last_results[1].seat, wins[1].seat)
  return wins[1].seat
end

-- East's 5p: South waits on it for the pair, West for a pung (5577p), North for a chow (46p).
local PAIR_PUNG_CHOW = { E = "19m19s1234567z258p", S = "123456789m123s5p", W = "5577p234567s888s",
                         N = "46p999p666s777z11z" }

function test_first_in_turn_the_nearest_wins()
  lu.assertEquals(claims_on_the_discard(PAIR_PUNG_CHOW, "5p", "first_in_turn", { "S", "W", "N" }), "S")
end

function test_by_set_type_a_pung_before_a_chow_and_the_pair()
  lu.assertEquals(claims_on_the_discard(PAIR_PUNG_CHOW, "5p", "by_set_type", { "S", "W", "N" }), "W")
end

-- West not waiting (his 5p pair broken): North's chow before South's pair, though South is
-- nearer.
function test_by_set_type_a_chow_before_the_pair()
  local hands = { E = PAIR_PUNG_CHOW.E, S = PAIR_PUNG_CHOW.S, W = "3577p234567s888s", N = PAIR_PUNG_CHOW.N }
  lu.assertEquals(claims_on_the_discard(hands, "5p", "by_set_type", { "S", "N" }), "N")
  lu.assertEquals(claims_on_the_discard(hands, "5p", "first_in_turn", { "S", "N" }), "S")
end

-- Two claims of one type: the first in turn order. South (46p) and North (34p) both complete
-- a chow.
function test_by_set_type_equal_claims_by_turn_order()
  local hands = { E = "19m19s1234567z258p", S = "123456789m46p99s", W = "3577p234567s888s", N = "34p999p666s777z11z" }
  lu.assertEquals(claims_on_the_discard(hands, "5p", "by_set_type", { "S", "N" }), "S")
end

-- East's 9s: South completes a pung (9933s), North Thirteen Orphans: the special hand wins.
local PUNG_ORPHANS = { E = "234567p456s66m9s1m8s", S = "99s33s234m567m888p", W = "2457m2467p2467s1z",
                       N = "19m19p19s1234567z" }

function test_by_set_type_a_special_hand_first()
  lu.assertEquals(claims_on_the_discard(PUNG_ORPHANS, "9s", "by_set_type", { "S", "N" }), "N")
  lu.assertEquals(claims_on_the_discard(PUNG_ORPHANS, "9s", "first_in_turn", { "S", "N" }), "S")
end

-- A hand the tile completes in several readings claims with the best of them: South's
-- 5567p with 5p reads 55p + 567p, the tile in the pair or in the chow: a chow claim, equal to
-- North's (46p), so South wins by turn order (by its pair reading North's chow would).
function test_by_set_type_the_best_reading_counts()
  local hands = { E = "19m19s1234567z258p", S = "123456789m5567p", W = "3577p234567s888s", N = PAIR_PUNG_CHOW.N }
  lu.assertEquals(claims_on_the_discard(hands, "5p", "by_set_type", { "S", "N" }), "S")
  hands.S = PAIR_PUNG_CHOW.S   -- only the pair: North's chow first
  lu.assertEquals(claims_on_the_discard(hands, "5p", "by_set_type", { "S", "N" }), "N")
end

os.exit(lu.LuaUnit.run())
