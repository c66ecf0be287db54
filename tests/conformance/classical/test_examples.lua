-- Worked examples 1-14 of the Chinese Classical spec (/work/shared/rules/classical.md, §22).
-- Each asserts the value, every item (name, value, unit, in order), the limit and the
-- payments. "hand" holds the concealed tiles including the winning tile, then the melds.
-- Item order: Mah Jong first, then Table A (sets in reading order: concealed sets, then
-- melds), then Table B; a limit hand has the one line of its Table C name.
local lu = require "luaunit"

local function P(name, v) return { name, v, "points" } end
local function D(name, v) return { name, v, "doubles" } end
local function L(name, v) return { name, v or 500, "limit" } end

local expect = require "expect"

-- want = {value=, items=, limit=, payments=}: every example states its payments.
local function check(s, want)
  s.rules = s.rules or "classical"
  assert(want.payments, "an example states its payments")
  return expect.win(jong.score(s), want)
end

-- Example 1: Four Winds payment example; North wins, every loser scores.
function test_example_01_four_winds_payments()
  check({ seat = "N", round = "E", hand = "12399955s [777z] [888s] f1 g2", win_tile = "5s",
          win_by = "self",
          losers = { E = "55z", S = "999m66z [1111p]c f3", W = "444p33z [888m] f2" } },
    { value = { points = 48, doubles = 2, score = 192 },
      items = { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of honours", 4),
                P("pung of simples", 2), P("each flower or season", 4), P("each flower or season", 4),
                P("winning tile self-drawn", 2), P("winning tile is the only possible tile", 2),
                P("winning tile completes the pair, pair of simples", 2),
                D("pung or kong of dragons", 1), D("one suit with honours", 1) },
      payments = { E = -492, S = -70, W = -206, N = 768 } })
end

-- Example 1, the losers' own scores (East 2, South 46, West 12) through their payments:
-- each loser alone against a zero-scoring rest.
function test_example_01_loser_scores()
  local base = { seat = "N", round = "E", hand = "12399955s [777z] [888s] f1 g2", win_tile = "5s",
                 win_by = "self" }
  local function pay(losers)
    local s = {}
    for k, v in pairs(base) do s[k] = v end
    s.rules, s.losers = "classical", losers
    return jong.score(s).payments
  end
  -- East 2: receives 2 x 2 from South and from West.
  lu.assertEquals(pay({ E = "55z" }), { E = -384 + 8, S = -192 - 4, W = -192 - 4, N = 768 })
  -- South 46: East pays 92, West 46.
  lu.assertEquals(pay({ S = "999m66z [1111p]c f3" }), { E = -384 - 92, S = -192 + 138, W = -192 - 46, N = 768 })
  -- West 12: own-wind pair 2, no double for the own flower alone.
  lu.assertEquals(pay({ W = "444p33z [888m] f2" }), { E = -384 - 24, S = -192 - 12, W = -192 + 36, N = 768 })
end

-- Example 2: Babcock Fig. 16, only possible place on a discard.
function test_example_02_babcock_fig16()
  check({ seat = "S", round = "E", hand = "234m55m678p999s [444p]", win_tile = "7p",
          win_by = "discard", from = "W" },
    { value = { points = 32, doubles = 0, score = 32 },
      items = { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of simples", 2),
                P("winning tile is the only possible tile", 2) },
      payments = { E = -64, S = 128, W = -32, N = -32 } })
end

-- Example 3: Babcock Fig. 17, drawn into the only place, West's own wind.
function test_example_03_babcock_fig17()
  check({ seat = "W", round = "E", hand = "123777m55s [111p] [333z]", win_tile = "2m",
          win_by = "self" },
    { value = { points = 36, doubles = 1, score = 72 },
      items = { P("Mah Jong", 20), P("pung of simples", 4), P("pung of terminals", 4),
                P("pung of honours", 4), P("winning tile self-drawn", 2),
                P("winning tile is the only possible tile", 2), D("pung or kong of own wind", 1) },
      payments = { E = -144, S = -72, W = 288, N = -72 } })
end

-- Example 4: Babcock Fig. 18, East punging the green dragons to go out.
function test_example_04_babcock_fig18()
  check({ seat = "E", round = "S", hand = "234m111z55z666z [8888p]+", win_tile = "6z",
          win_by = "discard", from = "N" },
    { value = { points = 42, doubles = 2, score = 168 },
      items = { P("Mah Jong", 20), P("pung of honours", 8), P("pung of honours", 4),
                P("kong of simples", 8), P("pair of dragons", 2),
                D("pung or kong of dragons", 1), D("pung or kong of own wind", 1) },
      payments = { E = 1008, S = -336, W = -336, N = -336 } })
end

-- Example 5: zero-point hand with own flower and season.
function test_example_05_zero_point_hand()
  check({ seat = "W", round = "N", hand = "123m55m [789m] [234s] [123p] f3 g3", win_tile = "1m",
          win_by = "discard", from = "S" },
    { value = { points = 28, doubles = 2, score = 112 },
      items = { P("Mah Jong", 20), P("each flower or season", 4), P("each flower or season", 4),
                D("own flower and own season", 1), D("zero-point hand", 1) },
      payments = { E = -224, S = -112, W = 448, N = -112 } })
end

-- Example 6: three concealed pungs, East self-drawn.
function test_example_06_three_concealed_pungs()
  check({ seat = "E", round = "E", hand = "111p111s222s44s [9999m]+", win_tile = "2s",
          win_by = "self" },
    { value = { points = 58, doubles = 2, score = 232 },
      items = { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of terminals", 8),
                P("pung of simples", 4), P("kong of terminals", 16), P("winning tile self-drawn", 2),
                D("three concealed pungs", 1), D("no chow", 1) },
      payments = { E = 1392, S = -464, W = -464, N = -464 } })
end

-- Example 7: robbing South's promoted kong with Original Call.
function test_example_07_robbing_kong_original_call()
  check({ seat = "N", round = "E", hand = "123p556677s88s [234p] f4 g4", win_tile = "1p",
          win_by = "discard", from = "S", flags = { "robbing_kong", "original_call" } },
    { value = { points = 28, doubles = 4, score = 448 },
      items = { P("Mah Jong", 20), P("each flower or season", 4), P("each flower or season", 4),
                D("own flower and own season", 1), D("zero-point hand", 1),
                D("robbing the kong", 1), D("Mah Jong with Original Call", 1) },
      payments = { E = -896, S = -448, W = -448, N = 1792 } })
end

-- Example 8: pure suit, single wait on a discard.
function test_example_08_pure_suit_single_wait()
  check({ seat = "E", round = "E", hand = "55m [111m] [777m] [234m] [666m]", win_tile = "5m",
          win_by = "discard", from = "W" },
    { value = { points = 32, doubles = 3, score = 256 },
      items = { P("Mah Jong", 20), P("pung of terminals", 4), P("pung of simples", 2),
                P("pung of simples", 2), P("winning tile is the only possible tile", 2),
                P("winning tile completes the pair, pair of simples", 2),
                D("one suit, no honours", 3) },
      payments = { E = 1536, S = -512, W = -512, N = -512 } })
end

-- Example 9: 992 capped by the limit.
function test_example_09_capped_by_limit()
  check({ seat = "E", round = "E", hand = "111222555789s77z f1 f2 f3 f4", win_tile = "7z",
          win_by = "self" },
    { value = { points = 62, doubles = 4, score = 500 }, limit = "limit",
      items = { P("Mah Jong", 20), P("pung of terminals", 8), P("pung of simples", 4),
                P("pung of simples", 4), P("pair of dragons", 2),
                P("each flower or season", 4), P("each flower or season", 4), P("each flower or season", 4),
                P("each flower or season", 4), P("winning tile self-drawn", 2),
                P("winning tile is the only possible tile", 2),
                P("winning tile completes the pair, pair of terminals or honours", 4),
                D("all four flowers", 1), D("three concealed pungs", 1), D("concealed hand", 1),
                D("one suit with honours", 1) },
      payments = { E = 3000, S = -1000, W = -1000, N = -1000 } })
end

-- Example 10: Heads and Tails; South holds an exposed red pung (8).
function test_example_10_heads_and_tails()
  check({ seat = "E", round = "E", hand = "111m99m [9999s]+ [111p] [999p]", win_tile = "1m",
          win_by = "discard", from = "N", losers = { S = "[777z]" } },
    { value = { points = 0, doubles = 0, score = 500 }, limit = "Heads and Tails",
      items = { L("Heads and Tails") },
      payments = { E = 3000, S = -984, W = -1008, N = -1008 } })
end

-- Example 11: Thirteen Orphans self-drawn.
function test_example_11_thirteen_orphans()
  check({ seat = "E", round = "E", hand = "19m119p19s1234567z", win_tile = "6z", win_by = "self" },
    { value = { points = 0, doubles = 0, score = 500 }, limit = "Thirteen Orphans",
      items = { L("Thirteen Orphans") },
      payments = { E = 3000, S = -1000, W = -1000, N = -1000 } })
end

-- Example 12: South self-drawn, East a strong loser (48), West 6, North 0.
function test_example_12_east_strong_loser()
  check({ seat = "S", round = "W", hand = "234m567p789s22z [333z]", win_tile = "9s",
          win_by = "self", losers = { E = "111m [7777z]+", W = "[555p] f3", N = "" } },
    { value = { points = 28, doubles = 1, score = 56 },
      items = { P("Mah Jong", 20), P("pung of honours", 4), P("pair of own wind", 2),
                P("winning tile self-drawn", 2), D("pung or kong of prevailing wind", 1) },
      payments = { E = 68, S = 224, W = -134, N = -158 } })
end

-- Example 13: Three Great Scholars on a discard; East 8, South 0, North 4.
function test_example_13_three_great_scholars()
  check({ seat = "W", round = "E", hand = "345p88p777z [555z] [666z]", win_tile = "7z",
          win_by = "discard", from = "N", losers = { E = "111s", N = "f4" } },
    { value = { points = 0, doubles = 0, score = 500 }, limit = "Three Great Scholars",
      items = { L("Three Great Scholars") },
      payments = { E = -976, S = -520, W = 2000, N = -504 } })
end

-- Example 14: Babcock game types. Hand A (Example 2) wins only in the Mixed-Hand game.
local HAND_A = { seat = "S", round = "E", hand = "234m55m678p999s [444p]", win_tile = "7p",
                 win_by = "discard", from = "W" }

function test_example_14_hand_a_not_legal_in_one_double_and_cleared_hand()
  for _, rules in ipairs { "babcock_one_double", "babcock_cleared_hand" } do
    local s = {}
    for k, v in pairs(HAND_A) do s[k] = v end
    s.rules = rules
    local r = jong.score(s)
    lu.assertTrue(r.ok, r.error)
    lu.assertFalse(r.wins, rules)
  end
  -- the same through the option of the classical ruleset
  for _, game in ipairs { "one_double", "cleared_hand" } do
    local s = { options = { game_type = game } }
    for k, v in pairs(HAND_A) do s[k] = v end
    s.rules = "classical"
    lu.assertFalse(jong.score(s).wins, game)
  end
end

-- Hand B: legal in all three games, 136.
function test_example_14_hand_b_legal_in_all_three_games()
  for _, rules in ipairs { "classical", "babcock_one_double", "babcock_cleared_hand" } do
    check({ rules = rules, seat = "W", round = "S", hand = "789p22p333z [111p] [456p]",
            win_tile = "3z", win_by = "self" },
      { value = { points = 34, doubles = 2, score = 136 },
        items = { P("Mah Jong", 20), P("pung of honours", 8), P("pung of terminals", 4),
                  P("winning tile self-drawn", 2), D("pung or kong of own wind", 1),
                  D("one suit with honours", 1) },
        payments = { E = -272, S = -136, W = 544, N = -136 } })
  end
end

os.exit(lu.LuaUnit.run())
