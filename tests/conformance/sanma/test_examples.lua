-- Worked examples S1-S13, D1-D3 and F1 of the sanma spec (/work/shared/rules/sanma.md,
-- section 18), and the errors of section 17. Each win asserts the value, every item (name,
-- value, unit, in order), the limit and the payments, keyed E, S, W only.
local lu = require "luaunit"
local expect = require "expect"

local function score(s)
  s.rules = "sanma"
  return jong.score(s)
end

local function check(s, want)
  assert(want.payments, "an example states its payments")
  return expect.win(score(s), want)
end

-- S1: Kita doubled by a West indicator, non-dealer ron (fu in full).
function test_S1_kita_doubled_by_west_indicator()
  check({ seat = "S", round = "E", hand = "234888p66888999s", kita = 1, win_tile = "8s",
          win_by = "discard", from = "E", flags = { "riichi" }, dora = "3z", ura = "1z",
          honba = 0, deposits = 1 },
    { value = { han = 3, fu = 50 },
      items = { { "Riichi", 1, "han" }, { "Dora", 2, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" }, { "Closed pon 888p", 4, "fu" },
                { "Open pon 888s", 2, "fu" }, { "Closed pon 999s", 8, "fu" },
                { "Rounding", 6, "fu" } },
      payments = { E = -6400, S = 7400, W = 0 } })
end

-- S2: Non-dealer tsumo under tsumo-son, 2 honba.
function test_S2_tsumo_son_two_honba()
  check({ seat = "S", round = "S", hand = "12356788p678s333z", kita = 0, win_tile = "6p",
          win_by = "self", flags = { "riichi" }, dora = "5p", ura = "2s", honba = 2,
          deposits = 1 },
    { value = { han = 3, fu = 40 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Dora", 1, "han" },
                { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Closed pon 333z", 8, "fu" },
                { "Kanchan wait", 2, "fu" }, { "Rounding", 8, "fu" } },
      payments = { E = -2800, S = 5300, W = -1500 } })
end

-- S3: Dealer tsumo with two kita in an open hand, 1 honba; West is no yakuhai for East.
function test_S3_dealer_tsumo_two_kita_open()
  check({ seat = "E", round = "S", hand = "34566p444s [333z]@W [111z]@W", kita = 2,
          win_tile = "3p", win_by = "self", dora = "1z", honba = 1, deposits = 0 },
    { value = { han = 3, fu = 40 },
      items = { { "Yakuhai: seat wind", 1, "han" }, { "Dora", 2, "han" },
                { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Closed pon 444s", 4, "fu" },
                { "Open pon 111z", 4, "fu" }, { "Open pon 333z", 4, "fu" },
                { "Rounding", 6, "fu" } },
      payments = { E = 5400, S = -2700, W = -2700 } })
end

-- S4: Ron with honba: 200 per counter.
function test_S4_ron_honba_200()
  check({ seat = "W", round = "S", hand = "11m678p123456678s", kita = 0, win_tile = "6s",
          win_by = "discard", from = "S", dora = "3p", honba = 2, deposits = 1 },
    { value = { han = 1, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } },
      payments = { E = 0, S = -1400, W = 2400 } })
end

-- S5: Open hand, kita under a West indicator, red five, 4 han 30 fu (no kiriage).
function test_S5_open_kita_west_red_no_kiriage()
  check({ seat = "W", round = "S", hand = "23444067p234s [555z]@S", kita = 1,
          win_tile = "3s", win_by = "discard", from = "E", dora = "3z", honba = 0,
          deposits = 0 },
    { value = { han = 4, fu = 30 },
      items = { { "Yakuhai: White", 1, "han" }, { "Dora", 2, "han" },
                { "Red fives", 1, "han" }, { "Base", 20, "fu" },
                { "Open pon 555z", 4, "fu" }, { "Kanchan wait", 2, "fu" },
                { "Rounding", 4, "fu" } },
      payments = { E = -7700, S = 0, W = 7700 } })
end

-- S6: Rinshan kaihou on the kita replacement tile.
function test_S6_rinshan_on_kita_replacement()
  check({ seat = "S", round = "S", hand = "678p123789s33z [777z]@E", kita = 1,
          win_tile = "9s", win_by = "self", flags = { "kita_replacement" }, dora = "7p",
          honba = 0, deposits = 0 },
    { value = { han = 4, fu = 30 },
      items = { { "Yakuhai: Red", 1, "han" }, { "Rinshan kaihou", 1, "han" },
                { "Dora", 2, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" },
                { "Open pon 777z", 4, "fu" }, { "Rounding", 4, "fu" } },
      payments = { E = -3900, S = 5900, W = -2000 } })
end

-- S7: Ron on another player's kita (no chankan).
function test_S7_ron_on_kita_no_chankan()
  check({ seat = "W", round = "S", hand = "123444789p567s44z", kita = 1, win_tile = "4z",
          win_by = "discard", from = "S", flags = { "riichi", "robbing_kita" },
          dora = "1s", ura = "9s", honba = 0, deposits = 1 },
    { value = { han = 2, fu = 40 },
      items = { { "Riichi", 1, "han" }, { "Dora", 1, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" }, { "Closed pon 444p", 4, "fu" },
                { "Tanki wait", 2, "fu" }, { "Rounding", 4, "fu" } },
      payments = { E = 0, S = -2600, W = 3600 } })
end

-- S8: Yakuman on a robbed kita, dealer, 6 honba.
function test_S8_kokushi_on_robbed_kita_dealer()
  check({ seat = "E", round = "E", hand = "19m19p19s12234567z", kita = 0, win_tile = "4z",
          win_by = "discard", from = "S", flags = { "robbing_kita" }, dora = "2s",
          honba = 6, deposits = 1 },
    { value = { yakuman = 1 },
      items = { { "Kokushi musou", 1, "yakuman" } },
      limit = "Yakuman", payments = { E = 50200, S = -49200, W = 0 } })
end

-- S9: Double ron: W is nearest to S and takes honba and sticks.
function test_S9_double_ron_nearest_takes_honba_W()
  check({ seat = "W", round = "E", hand = "22267899p111456s", kita = 2, win_tile = "1s",
          win_by = "discard", from = "S", flags = { "riichi" }, dora = "1p", ura = "6s",
          honba = 2, deposits = 2, winners = { "W", "E" } },
    { value = { han = 6, fu = 40 },
      items = { { "Riichi", 1, "han" }, { "Dora", 5, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" }, { "Closed pon 222p", 4, "fu" },
                { "Open pon 111s", 4, "fu" }, { "Rounding", 2, "fu" } },
      limit = "Haneman", payments = { E = 0, S = -12400, W = 14400 } })
end

-- S9: Double ron: E, the second winner, gets neither honba nor sticks.
function test_S9_double_ron_dealer_second_E()
  check({ seat = "E", round = "E", hand = "344056p12388s [666z]@S", kita = 1,
          win_tile = "1s", win_by = "discard", from = "S", dora = "1p", honba = 2,
          deposits = 2, winners = { "W", "E" } },
    { value = { han = 3, fu = 30 },
      items = { { "Yakuhai: Green", 1, "han" }, { "Dora", 1, "han" },
                { "Red fives", 1, "han" }, { "Base", 20, "fu" },
                { "Open pon 666z", 4, "fu" }, { "Rounding", 6, "fu" } },
      payments = { E = 5800, S = -5800, W = 0 } })
end

-- S10: Indicator 1m makes 9m dora.
function test_S10_indicator_1m_makes_9m_dora()
  check({ seat = "S", round = "E", hand = "999m56788p234s [111z]@E", kita = 0,
          win_tile = "9m", win_by = "self", dora = "1m", honba = 0, deposits = 0 },
    { value = { han = 4, fu = 40 },
      items = { { "Yakuhai: round wind", 1, "han" }, { "Dora", 3, "han" },
                { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Closed pon 999m", 8, "fu" },
                { "Open pon 111z", 4, "fu" }, { "Rounding", 6, "fu" } },
      limit = "Mangan", payments = { E = -4000, S = 6000, W = -2000 } })
end

-- S11: Four kita under West dora and ura indicators: counted yakuman by dealer tsumo.
function test_S11_four_kita_kazoe_yakuman()
  check({ seat = "E", round = "S", hand = "456789p22245699s", kita = 4, win_tile = "4s",
          win_by = "self", flags = { "riichi" }, dora = "3z", ura = "3z", honba = 1,
          deposits = 2 },
    { value = { han = 14, fu = 30, yakuman = 1 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Dora", 8, "han" },
                { "Ura-dora", 4, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" },
                { "Closed pon 222s", 4, "fu" }, { "Rounding", 4, "fu" } },
      limit = "Yakuman", payments = { E = 34200, S = -16100, W = -16100 } })
end

-- S12: Pinfu tsumo, 20 fu, non-dealer.
function test_S12_pinfu_tsumo_20_fu()
  check({ seat = "S", round = "S", hand = "33456789p123456s", kita = 0, win_tile = "4p",
          win_by = "self", dora = "1m", honba = 0, deposits = 0 },
    { value = { han = 2, fu = 20 },
      items = { { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" }, { "Base", 20, "fu" } },
      payments = { E = -700, S = 1100, W = -400 } })
end

-- S13: Suuankou by dealer tsumo, 4 honba.
function test_S13_suuankou_dealer_tsumo()
  check({ seat = "E", round = "E", hand = "222666777p44s222z", kita = 1, win_tile = "6p",
          win_by = "self", flags = { "riichi" }, dora = "7s", ura = "8p", honba = 4,
          deposits = 2 },
    { value = { yakuman = 1 },
      items = { { "Suuankou", 1, "yakuman" } },
      limit = "Yakuman", payments = { E = 34800, S = -16400, W = -16400 } })
end

-- 7.6: a kita replacement tile can complete seven pairs: rinshan kaihou counts with
-- chiitoitsu (a kong never leaves seven pairs possible; a kita does). A real Tenhou win.
function test_rinshan_with_seven_pairs_on_kita()
  check({ seat = "E", round = "E", hand = "1199m88p33s116677z", kita = 1, win_tile = "1z", win_by = "self",
          flags = { "riichi", "kita_replacement" }, dora = "1p", ura = "1m", honba = 0, deposits = 2 },
    { value = { han = 8, fu = 25 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Rinshan kaihou", 1, "han" },
                { "Chiitoitsu", 2, "han" }, { "Dora", 1, "han" }, { "Ura-dora", 2, "han" },
                { "Chiitoitsu", 25, "fu" } },
      limit = "Baiman", payments = { E = 18000, S = -8000, W = -8000 } })
end

-- 17: situations sanma cannot hold are errors.
local function refused(s, part)
  local r = score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, part)
end

local BASE = { seat = "S", round = "E", hand = "234888p66888999s", win_tile = "8s",
               win_by = "discard", from = "E", dora = "3z" }

local function with(fields)
  local s = {}
  for k, v in pairs(BASE) do s[k] = v end
  for k, v in pairs(fields) do s[k] = v end
  return s
end

function test_errors_of_section_17()
  refused(with { hand = "195m888p66888999s" }, "bad tile '5m' at column 3: not in the sanma tile set")
  refused(with { hand = "0m234888p6688899s" }, "bad tile '0m' at column 1")
  refused(with { dora = "5m" }, "not in the sanma tile set")
  refused(with { seat = "N" }, "no North seat")
  refused(with { from = "N" }, "no North seat")
  refused(with { round = "N" }, "no North seat")
  refused(with { kita = 5 }, "kita: must be 0-4")
  refused(with { kita = -1 }, "kita: must be 0-4")
  refused(with { hand = "234888p66999s444z", win_tile = "8p", kita = 2 }, "more than four Norths")
  refused(with { hand = "888p66888999s [234p]", win_tile = "8s" }, "no chi")
  refused(with { win_by = "self", from = jong.json_null, flags = { "robbing_kita" } }, "robbing_kita needs win_by 'discard'")
  refused(with { flags = { "kita_replacement" } }, "kita_replacement needs win_by 'self'")
  refused(with { win_by = "self", from = jong.json_null, flags = { "kita_replacement" } }, "kita_replacement without a kita")
  refused(with { winners = { "S", "N" } }, "winners")
end

-- 7.5: a kita counts as a call, so a tsumo on its replacement tile has no ippatsu (also
-- without kita_rinshan); with kita_interrupts = false it has.
function test_ippatsu_on_a_kita_replacement()
  local s = { seat = "E", round = "E", hand = "123456789p11s234s", kita = 1, win_tile = "4s",
              win_by = "self", flags = { "riichi", "ippatsu", "kita_replacement" }, dora = "5z" }
  refused(s, "ippatsu after a kita")
  s.options = { kita_rinshan = false }
  refused(s, "ippatsu after a kita")
  s.options = { kita_interrupts = false }
  check(s, { value = { han = 8, fu = 20 },
             items = { { "Riichi", 1, "han" }, { "Ippatsu", 1, "han" }, { "Menzen tsumo", 1, "han" },
                       { "Pinfu", 1, "han" }, { "Rinshan kaihou", 1, "han" }, { "Ittsu", 2, "han" },
                       { "Dora", 1, "han" }, { "Base", 20, "fu" } },
             limit = "Baiman", payments = { E = 16000, S = -8000, W = -8000 } })
end

-- 7.5: tenhou and chiihou are not after any kita, the winner's own included (a situation
-- with first_turn and kita is refused); with kita_interrupts = false they are.
function test_no_first_turn_after_a_kita()
  local s = { seat = "E", round = "E", hand = "123456789p11s234s", kita = 1, win_tile = "4s",
              win_by = "self", flags = { "first_turn", "kita_replacement" }, dora = "5z" }
  refused(s, "first_turn after a kita")
  s.flags = { "first_turn" }
  refused(s, "first_turn after a kita")
  s.options = { kita_interrupts = false }
  check(s, { value = { yakuman = 1 }, items = { { "Tenhou", 1, "yakuman" } }, limit = "Yakuman",
             payments = { E = 32000, S = -16000, W = -16000 } })
end

-- 7.3: a kita is no meld: a hand with kita stays closed (riichi, pinfu, menzen tsumo).
function test_kita_keeps_the_hand_closed()
  local r = score { seat = "S", round = "E", hand = "33456789p123456s", kita = 2, win_tile = "4p",
                    win_by = "self", flags = { "riichi" }, dora = "1m" }
  lu.assertEquals(r.value, { han = 5, fu = 20 })
  lu.assertEquals(expect.items(r)[1], { "Riichi", 1, "han" })
end

-- 7.7: kita are dora, never a yaku: a hand with kita and no yaku does not win.
function test_kita_is_no_yaku()
  expect.no_win(score { seat = "S", round = "E", hand = "234p66888999s [888p]@W", win_tile = "8s",
                        win_by = "discard", from = "E", kita = 3, dora = "3z" }, "no yaku")
end

-- 13.2: North is nobody's wind: a North pon is no yakuhai, a North pair no fu.
function test_north_never_yakuhai()
  expect.no_win(score { seat = "S", round = "E", hand = "234p567p999s11p [444z]@W", win_tile = "9s",
                        win_by = "discard", from = "E", dora = "5z" }, "no yaku")
end

-- 12.2: tsumo_loss = false (Mahjong Soul): the absent share split between the payers.
function test_no_tsumo_loss_option()
  local r = score { seat = "S", round = "E", hand = "999m56788p234s [111z]@E", win_tile = "9m",
                    win_by = "self", dora = "1m", options = { tsumo_loss = false } }
  lu.assertEquals(r.payments, { E = -5000, S = 8000, W = -3000 })
end

local R = assert(jong.load_rules("sanma"))
local function options(o) return assert(jong.resolve_options(R, o)) end

-- D1: one tenpai player: each noten player pays 1,000; the dealer is noten and passes.
function test_D1_one_tenpai()
  local d = R.exhaustive_draw({ tenpai = { S = true }, honba = 1, options = options() })
  lu.assertEquals(d.payments, { E = -1000, S = 2000, W = -1000 })
  lu.assertFalse(d.dealer_keeps)
  lu.assertEquals(d.honba, 2)
  local r = R.rotation({ round = "E", dealer = 1, honba = 1, outcome = "draw", dealer_keeps = false,
                         options = options() })
  lu.assertEquals(r, { round = "E", dealer = 2, honba = 2, ended = false, keep = false })
end

-- D2: two tenpai players including the dealer: the noten player pays 2,000; E keeps.
function test_D2_two_tenpai_dealer_keeps()
  local d = R.exhaustive_draw({ tenpai = { E = true, S = true }, honba = 1, options = options() })
  lu.assertEquals(d.payments, { E = 1000, S = 1000, W = -2000 })
  lu.assertTrue(d.dealer_keeps)
  lu.assertEquals(d.honba, 2)
end

-- D3: nagashi mangan by the dealer, honba not paid, no noten payment; the dealer is noten.
function test_D3_nagashi_mangan_no_honba()
  local d = R.exhaustive_draw({ tenpai = { S = true }, nagashi = { E = true }, honba = 1, options = options() })
  lu.assertEquals(d.payments, { E = 8000, S = -4000, W = -4000 })
  lu.assertFalse(d.dealer_keeps)
  lu.assertEquals(d.honba, 2)
  d = R.exhaustive_draw({ nagashi = { S = true }, honba = 1, options = options() })
  lu.assertEquals(d.payments, { E = -4000, S = 6000, W = -2000 })
end

-- F1: the final score with a tie for first (the first dealer ranks first).
function test_F1_final_score_with_a_tie()
  local r = R.final_ranking({ 41500, 22000, 41500 }, options())
  lu.assertEquals({ r[1].player, r[1].total }, { 1, 36 })
  lu.assertEquals({ r[2].player, r[2].total }, { 3, 2 })
  lu.assertEquals({ r[3].player, r[3].total }, { 2, -38 })
end

-- 4.6: the end of the match.
function test_match_end()
  local o = options()
  local function rot(s) s.options = o; s.honba = s.honba or 0; return R.rotation(s) end
  -- before S3 nothing but a bust ends it
  lu.assertFalse(rot { round = "S", dealer = 2, outcome = "win", points = { 60000, 20000, 25000 } }.ended)
  lu.assertTrue(rot { round = "E", dealer = 1, outcome = "win", points = { 106000, -1000, 0 } }.ended)
  lu.assertFalse(rot { round = "E", dealer = 1, outcome = "win", points = { 105000, 0, 0 } }.ended)
  -- S3, the deal passes: ends iff someone has 40,000
  lu.assertTrue(rot { round = "S", dealer = 3, outcome = "win", points = { 40000, 30000, 35000 } }.ended)
  local r = rot { round = "S", dealer = 3, outcome = "win", points = { 39000, 31000, 35000 } }
  lu.assertEquals({ r.ended, r.round, r.dealer }, { false, "W", 1 })
  -- S3, the dealer keeps: ends iff he is first with 40,000 (agari-yame)
  lu.assertTrue(rot { round = "S", dealer = 3, outcome = "win", dealer_won = true, dealer_player = 3,
                      points = { 30000, 30000, 45000 } }.ended)
  lu.assertFalse(rot { round = "S", dealer = 3, outcome = "win", dealer_won = true, dealer_player = 3,
                       points = { 50000, 10000, 45000 } }.ended)
  -- an abortive draw in S3 goes on
  lu.assertFalse(rot { round = "S", dealer = 3, outcome = "abort", points = { 50000, 10000, 45000 } }.ended)
  -- West round: W3 passing ends it
  lu.assertTrue(rot { round = "W", dealer = 3, outcome = "draw", points = { 36000, 34000, 35000 } }.ended)
  lu.assertFalse(rot { round = "W", dealer = 2, outcome = "draw", points = { 36000, 34000, 35000 } }.ended)
  -- S3, the dealer keeps the deal tenpai at a draw while first with 40,000: ends
  -- (tenpai-yame), but with option tenpai_yame = false
  local tenpai = { round = "S", dealer = 3, outcome = "draw", dealer_keeps = true, dealer_player = 3,
                   points = { 30000, 30000, 45000 } }
  lu.assertTrue(rot(tenpai).ended)
  o = options({ tenpai_yame = false })
  lu.assertFalse(rot(tenpai).ended)
end

os.exit(lu.LuaUnit.run())
