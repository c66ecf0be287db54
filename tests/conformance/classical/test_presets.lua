-- The DMJL and BMJA presets of Chinese Classical (classical.md §21): rulesets
-- classical_dmjl and classical_bmja, each compared with the standard game.
local lu = require "luaunit"

local function P(name, v) return { name, v, "points" } end
local function D(name, v) return { name, v, "doubles" } end

local score = require("expect").score

local items_of = require("expect").items

-- Example 2 of the spec (South wins on West's 7p, two chows) with West holding
-- 555z 666z 77z concealed: 18 points, two dragon doubles (+ Little Three Dragons in DMJL).
local EX2_LITTLE_DRAGONS = { seat = "S", hand = "234m55m678p999s [444p]", win_tile = "7p",
                             win_by = "discard", from = "W", losers = { W = "555z666z77z" } }

TestDMJL = {}

function TestDMJL.test_little_three_dragons_for_a_loser()
  local std = score("classical", EX2_LITTLE_DRAGONS)      -- West 18 x 4 = 72
  lu.assertEquals(std.payments, { E = -208, S = 128, W = 184, N = -104 })
  local dmjl = score("classical_dmjl", EX2_LITTLE_DRAGONS) -- West 18 x 8 = 144
  lu.assertEquals(dmjl.value, std.value)
  lu.assertEquals(dmjl.payments, { E = -352, S = 128, W = 400, N = -176 })
end

function TestDMJL.test_big_three_dragons_for_a_loser()
  -- North: three concealed dragon pungs: 24 points, 3 + 1 (B7) doubles, + 2 in DMJL
  local s = { seat = "S", hand = "234m55m678p999s [444p]", win_tile = "7p", win_by = "discard",
              from = "W", losers = { N = "555z666z777z" } }
  lu.assertEquals(score("classical", s).payments, { E = -64 - 768, S = 128, W = -32 - 384, N = -32 + 1152 })
  -- 24 x 64 = 1536 -> 500
  lu.assertEquals(score("classical_dmjl", s).payments, { E = -64 - 1000, S = 128, W = -32 - 500, N = -32 + 1500 })
end

function TestDMJL.test_four_joys_for_the_winner()
  -- South: pungs of East, South, West and a North pair: Little Four Joys (1) in DMJL
  local s = { seat = "S", round = "E", hand = "234m44z [111z] [222z] [333z]", win_tile = "4z",
              win_by = "discard", from = "W" }
  local std = score("classical", s)
  -- 20 + 4 x 3 + 2 (only possible) + 4 (honour pair completed); doubles: own wind,
  -- prevailing wind, one suit with honours (+ Little Four Joys in DMJL: 38 x 16, capped)
  lu.assertEquals(std.value, { points = 38, doubles = 3, score = 304 })
  local dmjl = score("classical_dmjl", s)
  lu.assertEquals(dmjl.value, { points = 38, doubles = 4, score = 500 })
  lu.assertEquals(dmjl.limit, "limit")
  lu.assertEquals(items_of(dmjl), {
    P("Mah Jong", 20), P("pung of honours", 4), P("pung of honours", 4), P("pung of honours", 4),
    P("winning tile is the only possible tile", 2),
    P("winning tile completes the pair, pair of terminals or honours", 4),
    D("pung or kong of own wind", 1), D("pung or kong of prevailing wind", 1),
    D("Little Four Joys", 1), D("one suit with honours", 1) })
end

function TestDMJL.test_squirming_snake()
  local s = { seat = "S", hand = "11122345678m [999m]", win_tile = "5m", win_by = "discard", from = "W" }
  local r = score("classical_dmjl", s)
  lu.assertEquals(r.limit, "Squirming Snake")
  lu.assertEquals(items_of(r), { { "Squirming Snake", 500, "limit" } })
  lu.assertEquals(r.payments, { E = -1000, S = 2000, W = -500, N = -500 })
  lu.assertEquals(score("classical", s).limit, jong.json_null)
end

TestBMJA = {}

function TestBMJA.test_example_9_under_bmja()
  -- no A15/A17 (options), no B7, no B10; own flower 1, all four flowers 2; limit 1000
  local r = score("classical_bmja", { seat = "E", hand = "111222555789s77z f1 f2 f3 f4",
                                      win_tile = "7z", win_by = "self" })
  lu.assertEquals(r.value, { points = 56, doubles = 4, score = 896 })
  lu.assertEquals(items_of(r), {
    P("Mah Jong", 20), P("pung of terminals", 8), P("pung of simples", 4), P("pung of simples", 4),
    P("pair of dragons", 2), P("each flower or season", 4), P("each flower or season", 4),
    P("each flower or season", 4), P("each flower or season", 4), P("winning tile self-drawn", 2),
    D("own flower", 1), D("all four flowers", 2), D("concealed hand", 1) })
  lu.assertEquals(r.payments, { E = 5376, S = -1792, W = -1792, N = -1792 })
end

function TestBMJA.test_at_most_one_chow()
  local r = score("classical_bmja", { seat = "S", hand = "234m55m678p999s [444p]", win_tile = "7p",
                                      win_by = "discard", from = "W" })
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, "one chow")
end

function TestBMJA.test_at_most_one_chow_in_a_limit_hand_too()
  -- Kajongg scoringtest Blessing and TwofoldFortune: a standard-shape limit hand with two
  -- chows is no Mah Jong under BMJA (classical: the limit)
  local heaven = { seat = "E", hand = "123456p55667788s f4 g4", win_tile = "1p", win_by = "self",
                   flags = { "first_turn" } }
  lu.assertEquals(score("classical", heaven).limit, "Blessing of Heaven")
  local r = score("classical_bmja", heaven)
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, "one chow")
  local twofold = { seat = "E", hand = "23455567s [1111s]c [8888s]+ f1 f2 f3 f4", win_tile = "4s",
                    win_by = "self", flags = { "kong_replacement", "kong_upon_kong" } }
  lu.assertEquals(score("classical", twofold).limit, "Twofold Fortune")
  lu.assertFalse(score("classical_bmja", twofold).wins)
  -- Gates of Heaven is a shape of its own: its chows do not count
  lu.assertEquals(score("classical_bmja", { seat = "S", hand = "11123455678999m", win_tile = "5m",
                                            win_by = "self" }).limit, "Gates of Heaven")
end

function TestBMJA.test_purity_instead_of_one_suit_no_honours()
  -- all pungs of one suit, concealed and self-drawn except a melded pung
  local s = { seat = "S", hand = "222p444p666p88p [999p]", win_tile = "8p", win_by = "self" }
  local std = score("classical", s)
  local bmja = score("classical_bmja", s)
  local has_purity = false
  for _, it in ipairs(bmja.items) do if it.name == "Purity" then has_purity = (it.value == 3) end end
  lu.assertTrue(has_purity)
  for _, it in ipairs(std.items) do lu.assertNotEquals(it.name, "Purity") end
end

function TestBMJA.test_gates_of_heaven_only_on_two_to_eight()
  lu.assertEquals(score("classical_bmja", { seat = "S", hand = "11123455678999m", win_tile = "5m",
                                            win_by = "discard", from = "W" }).limit, "Gates of Heaven")
  lu.assertNotEquals(score("classical_bmja", { seat = "S", hand = "11112345678999m", win_tile = "1m",
                                               win_by = "discard", from = "W" }).limit, "Gates of Heaven")
end

function TestBMJA.test_roof_off_limit_hand_scores_the_bmja_limit()
  -- Kajongg scoringtest runs BMJA with the roof off too: a limit hand then scores the
  -- BMJA limit, 1000 (LastIsOnlyPossible: a plain hand 68 x 32 = 2176, uncapped)
  local heads = { seat = "E", hand = "111m999m999p11s [999s]", win_tile = "1s", win_by = "discard",
                  from = "N", options = { limit = "roof_off" } }
  local r = score("classical_bmja", heads)
  lu.assertEquals(r.limit, "Heads and Tails")
  lu.assertEquals(r.value.score, 1000)
  lu.assertEquals(score("classical", heads).value.score, 500)
  local plain = score("classical_bmja", { seat = "E", hand = "22p555777z [3333s]c [1111z]+", win_tile = "2p",
                                          win_by = "discard", from = "N", options = { limit = "roof_off" } })
  lu.assertEquals(plain.value, { points = 68, doubles = 5, score = 2176 })
end

function TestBMJA.test_buried_treasure()
  -- Kajongg scoringtest BuriedTreasure (BMJA column): East, self-drawn kong replacement
  local function east(hand, tile, extra)
    local s = { seat = "E", hand = hand, win_tile = tile, win_by = "self", flags = { "kong_replacement" } }
    for k, v in pairs(extra or {}) do s[k] = v end
    return s
  end
  local r = score("classical_bmja", east("33344455888m111z", "1z"))
  lu.assertEquals(r.limit, "Buried Treasure")
  lu.assertEquals(items_of(r), { { "Buried Treasure", 1000, "limit" } })
  lu.assertEquals(score("classical", east("33344455888m111z", "1z")).limit, "Hidden Treasure")
  -- two suits: 42 points, 4 doubles; a kong: 58, 4; a chow: 38, 3
  lu.assertEquals(score("classical_bmja", east("333444m33p888s111z", "1z")).value, { points = 42, doubles = 4, score = 672 })
  lu.assertEquals(score("classical_bmja", east("333m33p111z [4444m] [8888s]c", "1z")).value,
                  { points = 58, doubles = 4, score = 928 })
  lu.assertEquals(score("classical_bmja", east("333444789m55m111z", "1z")).value, { points = 38, doubles = 3, score = 304 })
  -- the pair may be completed by a discard (random cross-check with Kajongg 22.12.3)
  local pair = score("classical_bmja", { seat = "W", round = "S", hand = "11444555666888s f4", win_tile = "1s",
                                         win_by = "discard", from = "S" })
  lu.assertEquals(pair.limit, "Buried Treasure")
  -- a pung completed by a discard is exposed: no Buried Treasure
  lu.assertNotEquals(score("classical_bmja", { seat = "W", round = "S", hand = "11444555666888s f4", win_tile = "4s",
                                               win_by = "discard", from = "S" }).limit, "Buried Treasure")
end

function TestBMJA.test_losers_calling_for_a_limit_hand()
  -- Kajongg scoringtest, BMJA column (loser East, round East): a loser's hand of 13 that one
  -- tile would make a listed limit hand scores 0.4 of the limit when that is more than its
  -- own score; one calling for Purity adds 3 doubles
  local function east(hand)
    local r = score("classical_bmja", { seat = "S", hand = "222m555m888m99m [777m]", win_tile = "9m",
                                        win_by = "self", losers = { E = hand } })
    return r.losers.E
  end
  local blessings = east("4447z [111z] [222z] [3333z]+")       -- FourBlessingsOverTheDoor
  lu.assertEquals(blessings.value, { points = 0, doubles = 0, score = 400 })
  -- (7z makes All honours and Four Blessings: the first in Table C order is named)
  lu.assertEquals(items_of(blessings), { { "Calling for All honours", 400, "limit" } })
  -- Purity: 28 points, own flower 1 + all four flowers 2 + calling for Purity 3
  lu.assertEquals(east("2223336688s [111s] f1 f2 f3 f4").value, { points = 28, doubles = 6, score = 1000 })
  -- Three Great Scholars: 40 points x 2^5 is more than 0.4 of the limit
  local scholars = east("2p555666777z [1111z]+")
  lu.assertEquals(scholars.value, { points = 40, doubles = 5, score = 1000 })
  -- the standard game has no such rule
  local std = score("classical", { seat = "S", hand = "222m555m888m99m [777m]", win_tile = "9m", win_by = "self",
                                   losers = { E = "4447z [111z] [222z] [3333z]+" } }).losers.E
  lu.assertEquals(std.value, { points = 32, doubles = 2, score = 128 })
end

-- The BMJA special hands (§11.1 extra_special_hands = bmja, §21; Kajongg's predicates and
-- values, checked against Kajongg 22.12.3 ClassicalChineseBMJA on 2,600 random hands)
function TestBMJA.test_special_hands()
  local function win(hand, tile, extra)
    local s = { seat = "S", round = "E", hand = hand, win_tile = tile, win_by = "self" }
    for k, v in pairs(extra or {}) do s[k] = v end
    return score("classical_bmja", s)
  end
  -- seven pairs of terminals and honours: half the limit (KJ "RC1C1B9B9S1S1S9S9WeWeWsWsDrDr mw LDr")
  local r = win("11m1199p99s1122z77z", "7z")
  lu.assertEquals(r.limit, "All Pair Honours")
  lu.assertEquals(items_of(r), { { "All Pair Honours", 500, "limit" } })
  lu.assertEquals(r.payments, { E = -1000, S = 2000, W = -500, N = -500 })
  -- seven pairs of one value in two suits (KJ "RB4B9B1B7B6B7B1S4S9S1S7S6S7S1 yw mw LB4")
  lu.assertEquals(items_of(win("1146779p1146779s g3", "4s", { seat = "W", round = "S" })),
                  { { "Knitting", 500, "limit" } })
  -- four values in all three suits and a fifth in two (KJ "RC2S2B2C8S8B8C9S9B9C2S2B2B3S3 mw LS9")
  lu.assertEquals(items_of(win("2289m22389p22389s", "9p", { seat = "W", round = "N" })),
                  { { "Triple Knitting", 500, "limit" } })
  -- 1-1-2...9 of one suit and the four winds: the limit (KJ "RB1B1B2B3B4B5B6B7B8B9WeWsWwWn mw LB1")
  lu.assertEquals(items_of(win("1123456789s1234z", "1s")), { { "Wriggling Snake", 1000, "limit" } })
  -- Triple Knitting of terminals only is Heads and Tails (KJ: the limit hand holds on any
  -- shape; "RC1C1C1C1C9S1S1S1S1S9B1B1B1B9 mw LS1")
  lu.assertEquals(items_of(win("11119m11119p1119s", "1p")),
                  { { "Heads and Tails", 1000, "limit" } })
  -- not winning hands in the standard game, nor with a meld, nor one tile off
  lu.assertFalse(score("classical", { seat = "S", hand = "11m99p1199s1122z77z", win_tile = "7z", win_by = "self" }).wins)
  lu.assertFalse(win("9p1199s1122z77z [999p]", "7z").wins)
  lu.assertFalse(win("1467789p1467799s", "4s").wins)
end

function TestBMJA.test_losers_calling_for_a_special_hand()
  -- KJ "Calling for All pair honors" / "Knitting" 0.2 of the limit, "Wriggling Snake" 0.4
  local r = score("classical_bmja", { seat = "E", hand = "111222333444m55m", win_tile = "5m", win_by = "self",
                                      losers = { S = "11m99s1199p1122z7z", W = "2244668m224466p",
                                                 N = "112345678s9s123z" } })
  lu.assertEquals(items_of(r.losers.S), { { "Calling for All Pair Honours", 200, "limit" } })
  lu.assertEquals(items_of(r.losers.W), { { "Calling for Knitting", 200, "limit" } })
  lu.assertEquals(items_of(r.losers.N), { { "Calling for Wriggling Snake", 400, "limit" } })
  -- KJ "RWwWwC1C9C9B9B9S9S9WnWnS1S1": 0.2 of the limit
  local kj = score("classical_bmja", { seat = "E", hand = "111222333444m55m", win_tile = "5m", win_by = "self",
                                       losers = { S = "199m99p1199s3344z" } })
  lu.assertEquals(kj.losers.S.value, { points = 0, doubles = 0, score = 200 })
end

function TestBMJA.test_special_hand_valued_by_the_tables_when_more()
  -- KJ "RB4B9B1B7B6B7B1S4S9S1S7S6S7S1 fe fs fw fn mw LB4" (East, round South): Knitting by
  -- the tables is 18 points (no Mah Jong points), 5 doubles: 576, more than half the limit
  local r = score("classical_bmja", { seat = "E", round = "S", hand = "1146779p1146779s f1 f2 f3 f4",
                                      win_tile = "4s", win_by = "self" })
  lu.assertEquals(r.value, { points = 18, doubles = 5, score = 576 })
  lu.assertEquals(items_of(r), {
    P("each flower or season", 4), P("each flower or season", 4), P("each flower or season", 4), P("each flower or season", 4),
    P("winning tile self-drawn", 2), D("own flower", 1), D("all four flowers", 2), D("no chow", 1),
    D("concealed hand", 1) })
  -- a loser calling for All Pair Honours scores 0.2 of the limit though its completed hand
  -- would score more by the tables (KJ "RWsC9C9WwWwS1S1B1B1C1C1WeWe fe fs fw fn", West, round E)
  local l = score("classical_bmja", { seat = "N", round = "E", hand = "111222333444m55m", win_tile = "5m",
                                      win_by = "self", losers = { W = "1199m11p11s11233z f1 f2 f3 f4" } })
  lu.assertEquals(items_of(l.losers.W), { { "Calling for All Pair Honours", 200, "limit" } })
end

function TestBMJA.test_special_hand_wins_in_play()
  -- East is dealt Knitting: Mah Jong is offered (the engine asks special_complete), not
  -- in the standard game (no calling declaration needed here: must_declare_calling off)
  local function front()
    local E = jong.tiles("2m2m4m4m6m6m8m2p2p4p4p6p")
    local S = jong.tiles("1p1s1s2s2s2s3s3s3s4s4s4s")
    local W = jong.tiles("5s5s5s6s6s6s7s7s7s8s8s8s")
    local N = jong.tiles("9s9s9s1z1z1z2z2z2z3z3z3z")
    local out = {}
    for b = 0, 2 do
      for _, hand in ipairs { E, S, W, N } do
        for i = 1, 4 do out[#out + 1] = hand[b * 4 + i] end
      end
    end
    for _, t in ipairs(jong.tiles("6p9p9p9p8p")) do out[#out + 1] = t end
    return table.concat(out)
  end
  local function offers_win(rules)
    local g = assert(jong.game { rules = rules, seed = 1, wall = { front = front() },
                                 options = { must_declare_calling = false } })
    for _, a in ipairs(g:legal("E")) do if a.type == "win" then return true end end
    return false
  end
  lu.assertTrue(offers_win("classical_bmja"))
  lu.assertFalse(offers_win("classical"))
end

function TestBMJA.test_defaults()
  local r = assert(jong.load_rules("classical_bmja"))
  lu.assertEquals(r.options.limit.default, 1000)
  lu.assertEquals(r.options.own_bonus.default, "each")
  lu.assertTrue(r.options.must_declare_calling.default)
  lu.assertEquals(r.configure(assert(jong.resolve_options(r, {}))).dead_size, 14)
end

os.exit(lu.LuaUnit.run())
