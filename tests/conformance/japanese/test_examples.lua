-- Worked examples J1-J18 of the Japanese spec (/work/shared/rules/japanese.md, section 21).
-- Each asserts the value, every item (name, value, unit, in order), the limit and the payments.
-- "hand" holds the concealed tiles including the winning tile.
local lu = require "luaunit"

local function score(s)
  s.rules = "japanese"
  return jong.score(s)
end

local expect = require "expect"

-- want = {value=, items={{name, value, unit}...}, limit=, payments=}: every example
-- states its payments.
local function check(s, want)
  assert(want.payments, "an example states its payments")
  return expect.win(score(s), want)
end

-- J1: riichi + pinfu + ura-dora, non-dealer ron, own deposit on the table.
function test_J1_riichi_pinfu_ura()
  check({ seat = "S", round = "E", hand = "345m678m345p678s99p", win_tile = "5m",
          win_by = "discard", from = "W", flags = { "riichi" }, dora = "9s", ura = "4p",
          honba = 0, deposits = 1 },
    { value = { han = 3, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, { "Ura-dora", 1, "han" },
                { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } },
      payments = { E = 0, S = 4900, W = -3900, N = 0 } })
end

-- J2: dealer riichi pinfu tanyao tsumo, 1 honba, 2 deposits; pinfu tsumo is 20 fu.
function test_J2_dealer_pinfu_tsumo_honba()
  check({ seat = "E", round = "S", hand = "234m456p678p345s88s", win_tile = "5s",
          win_by = "self", flags = { "riichi" }, dora = "1z", ura = "9p", honba = 1, deposits = 2 },
    { value = { han = 4, fu = 20 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" },
                { "Tanyao", 1, "han" }, { "Base", 20, "fu" } },
      payments = { E = 10100, S = -2700, W = -2700, N = -2700 } })
end

-- J3: one han, fifty fu, 2 honba.
function test_J3_one_han_fifty_fu()
  check({ seat = "W", round = "S", hand = "111p123s456m777z33z", win_tile = "2s",
          win_by = "discard", from = "N", dora = "5p", honba = 2 },
    { value = { han = 1, fu = 50 },
      items = { { "Yakuhai: Red", 1, "han" }, { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" },
                { "Closed pon 111p", 8, "fu" }, { "Closed pon 777z", 8, "fu" },
                { "Seat wind pair", 2, "fu" }, { "Kanchan wait", 2, "fu" } },
      payments = { E = 0, S = 0, W = 2200, N = -2200 } })
end

-- J4: three pons or three identical chows: the pons pay more.
function test_J4_highest_reading()
  check({ seat = "N", round = "E", hand = "111222333m789p55s", win_tile = "5s",
          win_by = "self", dora = "4z" },
    { value = { han = 3, fu = 40 },
      items = { { "Menzen tsumo", 1, "han" }, { "Sanankou", 2, "han" }, { "Base", 20, "fu" },
                { "Tsumo", 2, "fu" }, { "Closed pon 111m", 8, "fu" }, { "Closed pon 222m", 4, "fu" },
                { "Closed pon 333m", 4, "fu" }, { "Tanki wait", 2, "fu" } },
      payments = { E = -2600, S = -1300, W = -1300, N = 5200 } })
end

-- J5: open tanyao, open pinfu shape = 30 fu, two dora.
function test_J5_open_tanyao_open_pinfu()
  check({ seat = "W", round = "E", hand = "345s66s678p [234m] [567p]", win_tile = "6p",
          win_by = "discard", from = "S", dora = "5s" },
    { value = { han = 3, fu = 30 },
      items = { { "Tanyao", 1, "han" }, { "Dora", 2, "han" }, { "Base", 20, "fu" },
                { "Open pinfu", 10, "fu" } },
      payments = { E = 0, S = -3900, W = 3900, N = 0 } })
end

-- J6: chiitoitsu, riichi, tsumo: 25 fu.
function test_J6_chiitoitsu_tsumo()
  check({ seat = "N", round = "S", hand = "11m33p55p77s99s22z66z", win_tile = "6z",
          win_by = "self", flags = { "riichi" }, dora = "1m", ura = "3m", deposits = 1 },
    { value = { han = 4, fu = 25 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Chiitoitsu", 2, "han" },
                { "Chiitoitsu", 25, "fu" } },
      payments = { E = -3200, S = -1600, W = -1600, N = 7400 } })
end

-- J7: mangan by han, non-dealer ron.
function test_J7_mangan_by_han()
  check({ seat = "S", round = "E", hand = "223344m567p456s88p", win_tile = "6s",
          win_by = "discard", from = "W", flags = { "riichi" }, dora = "4p", ura = "1z", deposits = 1 },
    { value = { han = 5, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" },
                { "Iipeikou", 1, "han" }, { "Dora", 1, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" } },
      limit = "Mangan",
      payments = { E = 0, S = 9000, W = -8000, N = 0 } })
end

-- J8: dealer haneman tsumo: closed honitsu + White.
function test_J8_dealer_haneman()
  check({ seat = "E", round = "E", hand = "234p678p555z11p999p", win_tile = "9p",
          win_by = "self", dora = "3p" },
    { value = { han = 6, fu = 40 },
      items = { { "Menzen tsumo", 1, "han" }, { "Yakuhai: White", 1, "han" }, { "Honitsu", 3, "han" },
                { "Dora", 1, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" },
                { "Closed pon 999p", 8, "fu" }, { "Closed pon 555z", 8, "fu" }, { "Rounding", 2, "fu" } },
      limit = "Haneman",
      payments = { E = 18000, S = -6000, W = -6000, N = -6000 } })
end

local J9 = { seat = "E", round = "E", hand = "123s345s789s99s [111z]", win_tile = "8s",
             win_by = "discard", from = "N", dora = "5m" }
local J9_items = { { "Yakuhai: seat wind", 1, "han" }, { "Yakuhai: round wind", 1, "han" },
                   { "Honitsu", 2, "han" }, { "Base", 20, "fu" }, { "Open pon 111z", 4, "fu" },
                   { "Kanchan wait", 2, "fu" }, { "Rounding", 4, "fu" } }

-- J9: dealer, open hand, 4 han 30 fu = 11,600.
function test_J9_dealer_open_4han30fu()
  check(J9, { value = { han = 4, fu = 30 }, items = J9_items,
              payments = { E = 11600, S = 0, W = 0, N = -11600 } })
end

-- J9 with kiriage: 12,000.
function test_J9_kiriage()
  local s = {}
  for k, v in pairs(J9) do s[k] = v end
  s.options = { kiriage = true }
  check(s, { value = { han = 4, fu = 30 }, items = J9_items, limit = "Mangan",
             payments = { E = 12000, S = 0, W = 0, N = -12000 } })
end

-- J10: baiman: closed chinitsu, riichi, tsumo.
function test_J10_baiman()
  check({ seat = "W", round = "S", hand = "123m345m567m888m99m", win_tile = "8m",
          win_by = "self", flags = { "riichi" }, dora = "1z", ura = "2z" },
    { value = { han = 8, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Chinitsu", 6, "han" },
                { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Closed pon 888m", 4, "fu" },
                { "Rounding", 4, "fu" } },
      limit = "Baiman",
      payments = { E = -8000, S = -4000, W = 16000, N = -4000 } })
end

-- J11: rinshan kaihou on a concealed kong; mangan through fu; dora and kan-dora.
function test_J11_rinshan_concealed_kong()
  check({ seat = "N", round = "E", hand = "234m567m678p55s [9999s]c", win_tile = "6p",
          win_by = "self", flags = { "kong_replacement" }, dora = "1m4m" },
    { value = { han = 4, fu = 60 },
      items = { { "Menzen tsumo", 1, "han" }, { "Rinshan kaihou", 1, "han" }, { "Dora", 2, "han" },
                { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Closed kong 9999s", 32, "fu" },
                { "Rounding", 6, "fu" } },
      limit = "Mangan",
      payments = { E = -4000, S = -2000, W = -2000, N = 8000 } })
end

-- J12: chankan, paid by the promoter.
function test_J12_chankan()
  check({ seat = "W", round = "E", hand = "456p123s789s567m88m", win_tile = "6p",
          win_by = "discard", from = "S", flags = { "robbing_kong" }, dora = "2z" },
    { value = { han = 2, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Chankan", 1, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" } },
      payments = { E = 0, S = -2000, W = 2000, N = 0 } })
end

-- J13: suuankou, dealer tsumo.
function test_J13_suuankou_tsumo()
  check({ seat = "E", round = "S", hand = "222m444p777s99s111z", win_tile = "1z", win_by = "self" },
    { value = { yakuman = 1 }, items = { { "Suuankou", 1, "yakuman" } }, limit = "Yakuman",
      payments = { E = 48000, S = -16000, W = -16000, N = -16000 } })
end

-- J13, by ron on 1z: the 111z pon is open: no suuankou.
function test_J13_by_ron_no_suuankou()
  check({ seat = "E", round = "S", hand = "222m444p777s99s111z", win_tile = "1z",
          win_by = "discard", from = "S" },
    { value = { han = 5, fu = 50 },
      items = { { "Yakuhai: seat wind", 1, "han" }, { "Toitoi", 2, "han" }, { "Sanankou", 2, "han" },
                { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" }, { "Closed pon 222m", 4, "fu" },
                { "Closed pon 444p", 4, "fu" }, { "Closed pon 777s", 4, "fu" },
                { "Open pon 111z", 4, "fu" }, { "Rounding", 4, "fu" } },
      limit = "Mangan",
      payments = { E = 12000, S = -12000, W = 0, N = 0 } })
end

-- J14: double ron on West's 4p; North (nearest) takes honba and deposits.
function test_J14_double_ron()
  local north = check({ seat = "N", round = "S", hand = "345m678m234p567s99p", win_tile = "4p",
          win_by = "discard", from = "W", flags = { "riichi" }, dora = "6s", ura = "8m",
          honba = 1, deposits = 2, winners = { "N", "E" } },
    { value = { han = 3, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, { "Dora", 1, "han" },
                { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } },
      payments = { E = 0, S = 0, W = -4200, N = 6200 } })
  local east = check({ seat = "E", round = "S", hand = "555z234m456p789s11s", win_tile = "4p",
          win_by = "discard", from = "W", dora = "6s", honba = 1, deposits = 2, winners = { "N", "E" } },
    { value = { han = 2, fu = 40 },
      items = { { "Yakuhai: White", 1, "han" }, { "Dora", 1, "han" }, { "Base", 20, "fu" },
                { "Menzen kafu", 10, "fu" }, { "Closed pon 555z", 8, "fu" }, { "Rounding", 2, "fu" } },
      payments = { E = 3900, S = 0, W = -3900, N = 0 } })
  lu.assertEquals(north.payments.W + east.payments.W, -8100)
end

-- J15: kokushi musou, 13-sided wait: one yakuman by default, two with double_yakuman.
function test_J15_kokushi_13_sided()
  local s = { seat = "N", round = "E", hand = "119m19p19s1234567z", win_tile = "1m",
              win_by = "discard", from = "E" }
  check(s, { value = { yakuman = 1 }, items = { { "Kokushi musou", 1, "yakuman" } }, limit = "Yakuman",
             payments = { E = -32000, S = 0, W = 0, N = 32000 } })
  s.options = { double_yakuman = true }
  check(s, { value = { yakuman = 2 }, items = { { "Kokushi musou", 2, "yakuman" } }, limit = "Yakuman",
             payments = { E = -64000, S = 0, W = 0, N = 64000 } })
end

-- J16: exhaustive draw: two tenpai, two noten (no hand score).
function test_J16_exhaustive_draw()
  local R = assert(jong.load_rules("japanese"))
  local d = R.exhaustive_draw({ tenpai = { S = true, W = true }, dealer = "E", honba = 1, deposits = 2 })
  lu.assertEquals(d.payments, { E = -1500, S = 1500, W = 1500, N = -1500 })
  lu.assertEquals(d.dealer_keeps, false)
  lu.assertEquals(d.honba, 2)
  lu.assertEquals(d.deposits, 2)
end

-- J17: red fives (option red_fives = 3).
function test_J17_red_fives()
  check({ seat = "W", round = "E", hand = "340m678p406s678m22p", win_tile = "6m",
          win_by = "discard", from = "N", dora = "1z", options = { red_fives = 3 } },
    { value = { han = 4, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, { "Red fives", 2, "han" },
                { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } },
      payments = { E = 0, S = 0, W = 7700, N = -7700 } })
end

-- J18: daisangen with pao: North fed the third dragon set and pays all on a tsumo.
function test_J18_daisangen_pao_tsumo()
  check({ seat = "S", round = "E", hand = "234p88s [555z]@E [666z]@W [777z]@N", win_tile = "8s",
          win_by = "self" },
    { value = { yakuman = 1 }, items = { { "Daisangen", 1, "yakuman" } }, limit = "Yakuman",
      payments = { E = 0, S = 32000, W = 0, N = -32000 } })
end

-- J18 variant: West deals the 8s: West and North pay 16,000 each.
function test_J18_daisangen_pao_ron()
  check({ seat = "S", round = "E", hand = "234p88s [555z]@E [666z]@W [777z]@N", win_tile = "8s",
          win_by = "discard", from = "W" },
    { value = { yakuman = 1 }, items = { { "Daisangen", 1, "yakuman" } }, limit = "Yakuman",
      payments = { E = 0, S = 32000, W = -16000, N = -16000 } })
end

os.exit(lu.LuaUnit.run())
