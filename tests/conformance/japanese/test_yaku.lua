-- Japanese (riichi) scoring: one case per yaku and yakuman, fu, limits, kazoe, options,
-- invalid situations, the choice of the reading that pays most.
-- Spec: /work/shared/rules/japanese.md. "hand" holds the concealed tiles including the
-- winning tile. Seats: the winner is South in the East round unless stated.
local lu = require "luaunit"

local function score(given)
  local s = {}
  for k, v in pairs(given) do s[k] = v end
  s.rules = "japanese"
  s.seat = s.seat or "S"
  s.round = s.round or "E"
  if s.win_by == nil then s.win_by = "discard" end
  if s.win_by == "discard" and s.from == nil then s.from = "W" end
  return jong.score(s)
end

local expect = require "expect"

-- want = {value=, items={{name, value, unit}...}, limit=, payments= (optional)}
local function check(s, want) return expect.win(score(s), want) end

local function check_invalid(s, pattern)
  local r = score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, pattern)
end

local function check_no_win(s, reason)
  local r = score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertFalse(r.wins)
  lu.assertEquals(r.reason, reason)
end

local function with(s, extra)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  for k, v in pairs(extra) do t[k] = v end
  return t
end

-- J1's hand without dora: pinfu, ron from West.
local PINFU = { hand = "345m678m345p678s99p", win_tile = "5m" }
local RON_FU = { { "Base", 20, "fu" }, { "Menzen kafu", 10, "fu" } }

---------------------------------------------------------------- 12. Yaku

function test_double_riichi()
  check(with(PINFU, { flags = { "double_riichi" } }),
    { value = { han = 3, fu = 30 },
      items = { { "Double riichi", 2, "han" }, { "Pinfu", 1, "han" }, RON_FU[1], RON_FU[2] },
      payments = { E = 0, S = 3900, W = -3900, N = 0 } })
end

function test_ippatsu()
  check(with(PINFU, { flags = { "riichi", "ippatsu" } }),
    { value = { han = 3, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Ippatsu", 1, "han" }, { "Pinfu", 1, "han" },
                RON_FU[1], RON_FU[2] } })
end

function test_ippatsu_option_off()
  check(with(PINFU, { flags = { "riichi", "ippatsu" }, options = { ippatsu = false } }),
    { value = { han = 2, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, RON_FU[1], RON_FU[2] } })
end

function test_pinfu_ron_1000()
  check(PINFU, { value = { han = 1, fu = 30 }, items = { { "Pinfu", 1, "han" }, RON_FU[1], RON_FU[2] },
                 payments = { E = 0, S = 1000, W = -1000, N = 0 } })
end

function test_pinfu_tsumo_fu_option()
  -- J2 with pinfu_tsumo_fu: 4 han 30 fu, dealer tsumo 3,900 all (+100 honba).
  check({ seat = "E", round = "S", hand = "234m456p678p345s88s", win_tile = "5s", win_by = "self",
          flags = { "riichi" }, honba = 1, options = { pinfu_tsumo_fu = true } },
    { value = { han = 4, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" },
                { "Tanyao", 1, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Rounding", 8, "fu" } },
      payments = { E = 12000, S = -4000, W = -4000, N = -4000 } })
end

function test_open_pinfu_30_option_off()
  -- 15: without open_pinfu_30 an open ron of 20 fu stays 20 (1 han: 700); an open tsumo still
  -- gets its 2 tsumo fu (pinfu is closed only), 22 -> 30. (MahjongRepository/mahjong 5167518
  -- with fu_for_open_pinfu=False gives the tsumo 20 fu.)
  local s = { hand = "22p445566s [456s] [678p]", win_tile = "4s", options = { open_pinfu_30 = false } }
  check(s, { value = { han = 1, fu = 20 }, items = { { "Tanyao", 1, "han" }, { "Base", 20, "fu" } },
             payments = { E = 0, S = 700, W = -700, N = 0 } })
  check(with(s, { win_by = "self" }),
    { value = { han = 1, fu = 30 },
      items = { { "Tanyao", 1, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" }, { "Rounding", 8, "fu" } },
      payments = { E = -500, S = 1100, W = -300, N = -300 } })
end

function test_no_pinfu_on_edge_wait()
  check({ hand = "123m456p678s345s99p", win_tile = "3m", flags = { "riichi" } },
    { value = { han = 1, fu = 40 },
      items = { { "Riichi", 1, "han" }, RON_FU[1], RON_FU[2], { "Penchan wait", 2, "fu" },
                { "Rounding", 8, "fu" } },
      payments = { E = 0, S = 1300, W = -1300, N = 0 } })
end

function test_no_pinfu_with_yakuhai_pair_double_wind()
  -- East seat, East round: the 11z pair is worth 4 fu (option double_wind_pair_fu).
  local s = { seat = "E", hand = "999m456p678s345s11z", win_tile = "5s", from = "S", flags = { "riichi" } }
  check(s, { value = { han = 1, fu = 50 },
    items = { { "Riichi", 1, "han" }, RON_FU[1], RON_FU[2], { "Closed pon 999m", 8, "fu" },
              { "Double wind pair", 4, "fu" }, { "Rounding", 8, "fu" } },
    payments = { E = 2400, S = -2400, W = 0, N = 0 } })
  s.options = { double_wind_pair_fu = 2 }
  check(s, { value = { han = 1, fu = 40 },
    items = { { "Riichi", 1, "han" }, RON_FU[1], RON_FU[2], { "Closed pon 999m", 8, "fu" },
              { "Double wind pair", 2, "fu" } },
    payments = { E = 2000, S = -2000, W = 0, N = 0 } })
end

function test_round_wind_pair()
  check({ hand = "999m456p678s345s11z", win_tile = "5s", flags = { "riichi" } },
    { value = { han = 1, fu = 40 },
      items = { { "Riichi", 1, "han" }, RON_FU[1], RON_FU[2], { "Closed pon 999m", 8, "fu" },
                { "Round wind pair", 2, "fu" } } })
end

function test_open_tanyao_option_off()
  check_no_win({ seat = "W", hand = "345s66s678p [234m] [567p]", win_tile = "6p", from = "S", dora = "5s",
                 options = { open_tanyao = false } }, "no yaku")
end

function test_ryanpeikou_beats_chiitoitsu()
  check({ hand = "112233m778899p55s", win_tile = "1m" },
    { value = { han = 4, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Ryanpeikou", 3, "han" }, RON_FU[1], RON_FU[2] },
      payments = { E = 0, S = 7700, W = -7700, N = 0 } })
end

function test_yakuhai_round_wind_only()
  check({ hand = "234m456p789s99s [111z]", win_tile = "2m" },
    { value = { han = 1, fu = 30 },
      items = { { "Yakuhai: round wind", 1, "han" }, { "Base", 20, "fu" }, { "Open pon 111z", 4, "fu" },
                { "Rounding", 6, "fu" } },
      payments = { E = 0, S = 1000, W = -1000, N = 0 } })
end

function test_houtei()
  check(with(PINFU, { flags = { "last_tile" } }),
    { value = { han = 2, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Houtei raoyui", 1, "han" }, RON_FU[1], RON_FU[2] },
      payments = { E = 0, S = 2000, W = -2000, N = 0 } })
end

function test_haitei()
  check(with(PINFU, { win_by = "self", flags = { "last_tile" } }),
    { value = { han = 3, fu = 20 },
      items = { { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" }, { "Haitei raoyue", 1, "han" },
                { "Base", 20, "fu" } },
      payments = { E = -1300, S = 2700, W = -700, N = -700 } })
end

function test_sanshoku_doujun_closed()
  check({ hand = "123m123p123s678s99m", win_tile = "1m" },
    { value = { han = 3, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Sanshoku doujun", 2, "han" }, RON_FU[1], RON_FU[2] },
      payments = { E = 0, S = 3900, W = -3900, N = 0 } })
end

function test_sanshoku_doujun_open()
  check({ hand = "123m123s678s99m [123p]", win_tile = "1m" },
    { value = { han = 1, fu = 30 },
      items = { { "Sanshoku doujun", 1, "han" }, { "Base", 20, "fu" }, { "Open pinfu", 10, "fu" } },
      payments = { E = 0, S = 1000, W = -1000, N = 0 } })
end

function test_ittsu()
  check({ hand = "123456789p234s55m", win_tile = "9p" },
    { value = { han = 3, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Ittsu", 2, "han" }, RON_FU[1], RON_FU[2] } })
end

function test_chanta()
  check({ hand = "123m789p789s111s44z", win_tile = "4z" },
    { value = { han = 2, fu = 40 },
      items = { { "Chanta", 2, "han" }, RON_FU[1], RON_FU[2], { "Closed pon 111s", 8, "fu" },
                { "Tanki wait", 2, "fu" } },
      payments = { E = 0, S = 2600, W = -2600, N = 0 } })
end

function test_junchan()
  check({ hand = "123m789p789s111s99m", win_tile = "9m" },
    { value = { han = 3, fu = 40 },
      items = { { "Junchan", 3, "han" }, RON_FU[1], RON_FU[2], { "Closed pon 111s", 8, "fu" },
                { "Tanki wait", 2, "fu" } },
      payments = { E = 0, S = 5200, W = -5200, N = 0 } })
end

function test_toitoi_open_pon_by_ron()
  check({ hand = "66m777s [222m] [333p] [444s]", win_tile = "7s" },
    { value = { han = 3, fu = 30 },
      items = { { "Tanyao", 1, "han" }, { "Toitoi", 2, "han" }, { "Base", 20, "fu" },
                { "Open pon 222m", 2, "fu" }, { "Open pon 333p", 2, "fu" }, { "Open pon 444s", 2, "fu" },
                { "Open pon 777s", 2, "fu" }, { "Rounding", 2, "fu" } },
      payments = { E = 0, S = 3900, W = -3900, N = 0 } })
end

function test_sanshoku_doukou()
  check({ hand = "222p222s456m99p [222m]", win_tile = "9p" },
    { value = { han = 2, fu = 40 },
      items = { { "Sanshoku doukou", 2, "han" }, { "Base", 20, "fu" }, { "Open pon 222m", 2, "fu" },
                { "Closed pon 222p", 4, "fu" }, { "Closed pon 222s", 4, "fu" }, { "Tanki wait", 2, "fu" },
                { "Rounding", 8, "fu" } },
      payments = { E = 0, S = 2600, W = -2600, N = 0 } })
end

function test_sankantsu()
  check({ hand = "456m77p [1111m] [2222p]c [3333s]", win_tile = "7p" },
    { value = { han = 2, fu = 70 },
      items = { { "Sankantsu", 2, "han" }, { "Base", 20, "fu" }, { "Open kong 1111m", 16, "fu" },
                { "Closed kong 2222p", 16, "fu" }, { "Open kong 3333s", 8, "fu" }, { "Tanki wait", 2, "fu" },
                { "Rounding", 8, "fu" } },
      payments = { E = 0, S = 4500, W = -4500, N = 0 } })
end

function test_honroutou_toitoi()
  check({ seat = "W", hand = "111s99s222z [111m] [999p]", win_tile = "2z", from = "N" },
    { value = { han = 4, fu = 40 },
      items = { { "Toitoi", 2, "han" }, { "Honroutou", 2, "han" }, { "Base", 20, "fu" },
                { "Open pon 111m", 4, "fu" }, { "Open pon 999p", 4, "fu" }, { "Closed pon 111s", 8, "fu" },
                { "Open pon 222z", 4, "fu" } },
      limit = "Mangan",
      payments = { E = 0, S = 0, W = 8000, N = -8000 } })
end

function test_honroutou_chiitoitsu()
  check({ hand = "11m99m11p99p11s99s11z", win_tile = "1z" },
    { value = { han = 4, fu = 25 },
      items = { { "Chiitoitsu", 2, "han" }, { "Honroutou", 2, "han" }, { "Chiitoitsu", 25, "fu" } },
      payments = { E = 0, S = 6400, W = -6400, N = 0 } })
end

function test_shousangen()
  check({ hand = "77z234m567p [555z] [666z]", win_tile = "4m" },
    { value = { han = 4, fu = 30 },
      items = { { "Yakuhai: White", 1, "han" }, { "Yakuhai: Green", 1, "han" }, { "Shousangen", 2, "han" },
                { "Base", 20, "fu" }, { "Open pon 555z", 4, "fu" }, { "Open pon 666z", 4, "fu" },
                { "Dragon pair", 2, "fu" } },
      payments = { E = 0, S = 7700, W = -7700, N = 0 } })
end

function test_chinitsu_open()
  check({ hand = "123m456m678m55m [999m]", win_tile = "6m" },
    { value = { han = 5, fu = 30 },
      items = { { "Chinitsu", 5, "han" }, { "Base", 20, "fu" }, { "Open pon 999m", 4, "fu" },
                { "Rounding", 6, "fu" } },
      limit = "Mangan",
      payments = { E = 0, S = 8000, W = -8000, N = 0 } })
end

function test_renhou_options()
  local s = { hand = "234m456p678p345s88s", win_tile = "5s", flags = { "first_turn" } }
  check(s, { value = { han = 2, fu = 30 },
    items = { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, RON_FU[1], RON_FU[2] } })
  s.options = { renhou = "mangan" }
  check(s, { value = { han = 7, fu = 30 },
    items = { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, { "Renhou", 5, "han" }, RON_FU[1], RON_FU[2] },
    limit = "Haneman", payments = { E = 0, S = 12000, W = -12000, N = 0 } })
  s.options = { renhou = "yakuman" }
  check(s, { value = { yakuman = 1 }, items = { { "Renhou", 1, "yakuman" } }, limit = "Yakuman",
    payments = { E = 0, S = 32000, W = -32000, N = 0 } })
end

function test_renhou_mangan_not_with_chiitoitsu()
  -- 12: chiitoitsu combines only with the listed yaku; renhou is not among them.
  check({ hand = "11m33p55p77s99s22z66z", win_tile = "6z", flags = { "first_turn" },
          options = { renhou = "mangan" } },
    { value = { han = 2, fu = 25 }, items = { { "Chiitoitsu", 2, "han" }, { "Chiitoitsu", 25, "fu" } },
      payments = { E = 0, S = 1600, W = -1600, N = 0 } })
end

---------------------------------------------------------------- 13. Yakuman

local function yakuman(s, names, payments)
  local items, n = {}, 0
  for i, it in ipairs(names) do items[i] = { it[1], it[2], "yakuman" }; n = n + it[2] end
  check(s, { value = { yakuman = n }, items = items, limit = "Yakuman", payments = payments })
end

function test_kokushi_single_wait()
  local s = { hand = "19m19p19s12345677z", win_tile = "1m" }
  yakuman(s, { { "Kokushi musou", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
  s.options = { double_yakuman = true }
  yakuman(s, { { "Kokushi musou", 1 } })
end

function test_suuankou_tanki_ron()
  local s = { hand = "222m444p777s111z99s", win_tile = "9s" }
  yakuman(s, { { "Suuankou", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
  s.options = { double_yakuman = true }
  yakuman(s, { { "Suuankou", 2 } }, { E = 0, S = 64000, W = -64000, N = 0 })
end

function test_shousuushii()
  yakuman({ hand = "44z567m [111z] [222z] [333z]", win_tile = "7m", win_by = "self" },
    { { "Shousuushii", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
end

function test_daisuushii()
  local s = { hand = "55m [111z] [222z] [333z] [444z]", win_tile = "5m", from = "E" }
  yakuman(s, { { "Daisuushii", 1 } }, { E = -32000, S = 32000, W = 0, N = 0 })
  s.options = { double_yakuman = true }
  yakuman(s, { { "Daisuushii", 2 } }, { E = -64000, S = 64000, W = 0, N = 0 })
end

function test_daisuushii_pao_ron_by_third()
  -- West fed the fourth wind set; North deals in: West and North pay half each.
  yakuman({ hand = "55m [111z]@E [222z]@N [333z]@E [444z]@W", win_tile = "5m", from = "N" },
    { { "Daisuushii", 1 } }, { E = 0, S = 32000, W = -16000, N = -16000 })
end

function test_tsuuiisou_seven_pairs()
  yakuman({ hand = "11z22z33z44z55z66z77z", win_tile = "7z", win_by = "self" },
    { { "Tsuuiisou", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
end

function test_stacked_yakuman_and_stacking_off()
  local s = { hand = "111z22z [555z] [666z] [777z]", win_tile = "2z", win_by = "self" }
  yakuman(s, { { "Daisangen", 1 }, { "Tsuuiisou", 1 } }, { E = -32000, S = 64000, W = -16000, N = -16000 })
  s.options = { yakuman_stacking = false }
  yakuman(s, { { "Daisangen", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
end

function test_pao_moves_only_its_share()
  -- North fed the third dragon set; daisangen (pao) + tsuuiisou (paid as a normal tsumo).
  yakuman({ hand = "111z22z [555z]@E [666z]@W [777z]@N", win_tile = "2z", win_by = "self", honba = 1 },
    { { "Daisangen", 1 }, { "Tsuuiisou", 1 } }, { E = -16000, S = 64300, W = -8000, N = -40300 })
end

function test_pao_option_off()
  yakuman({ hand = "234p88s [555z]@E [666z]@W [777z]@N", win_tile = "8s", win_by = "self",
            options = { pao = false } },
    { { "Daisangen", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
end

function test_pao_ron_by_the_liable_player()
  -- 17.6: North fed the third dragon set and deals in himself: he pays all.
  yakuman({ hand = "234p88s [555z]@E [666z]@W [777z]@N", win_tile = "8s", from = "N" },
    { { "Daisangen", 1 } }, { E = 0, S = 32000, W = 0, N = -32000 })
end

function test_pao_suukantsu_option()
  local s = { hand = "55m [1111m]@E [2222p]c [3333s]@N [4444z]@W", win_tile = "5m", win_by = "self" }
  yakuman(s, { { "Suukantsu", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
  s.options = { pao_suukantsu = true }   -- West fed the fourth kong
  yakuman(s, { { "Suukantsu", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
end

function test_chinroutou()
  yakuman({ hand = "111m999m111p999p11s", win_tile = "9p" },
    { { "Chinroutou", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
end

function test_ryuuiisou()
  yakuman({ hand = "234s234s666s888s66z", win_tile = "6z" },
    { { "Ryuuiisou", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
end

function test_chuuren_nine_sided()
  local s = { hand = "11123455678999m", win_tile = "5m" }
  yakuman(s, { { "Chuuren poutou", 1 } })
  s.options = { double_yakuman = true }
  yakuman(s, { { "Chuuren poutou", 2 } }, { E = 0, S = 64000, W = -64000, N = 0 })
end

function test_chuuren_not_nine_sided()
  yakuman({ hand = "11123455678999m", win_tile = "9m", options = { double_yakuman = true } },
    { { "Chuuren poutou", 1 } })
end

function test_suukantsu()
  yakuman({ hand = "55m [1111m] [2222p]c [3333s] [4444z]", win_tile = "5m" },
    { { "Suukantsu", 1 } }, { E = 0, S = 32000, W = -32000, N = 0 })
end

function test_tenhou()
  yakuman({ seat = "E", hand = "234m456p678p345s88s", win_tile = "5s", win_by = "self",
            flags = { "first_turn" } },
    { { "Tenhou", 1 } }, { E = 48000, S = -16000, W = -16000, N = -16000 })
end

function test_chiihou()
  yakuman({ hand = "234m456p678p345s88s", win_tile = "5s", win_by = "self", flags = { "first_turn" } },
    { { "Chiihou", 1 } }, { E = -16000, S = 32000, W = -8000, N = -8000 })
end

---------------------------------------------------------------- 16. Limits, kazoe

local SANBAIMAN = { hand = "112233m456789m99m", win_tile = "9m", win_by = "self", flags = { "riichi" } }
local SANBAIMAN_ITEMS = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" },
  { "Iipeikou", 1, "han" }, { "Ittsu", 2, "han" }, { "Chinitsu", 6, "han" } }

function test_sanbaiman_prefers_higher_han_on_equal_payment()
  local items = { table.unpack(SANBAIMAN_ITEMS) }
  items[#items + 1] = { "Base", 20, "fu" }
  check(SANBAIMAN, { value = { han = 12, fu = 20 }, items = items, limit = "Sanbaiman",
                     payments = { E = -12000, S = 24000, W = -6000, N = -6000 } })
end

function test_kazoe_yakuman()
  local items = { table.unpack(SANBAIMAN_ITEMS) }
  items[#items + 1] = { "Dora", 3, "han" }
  items[#items + 1] = { "Base", 20, "fu" }
  local s = with(SANBAIMAN, { dora = "8m" })
  check(s, { value = { han = 15, fu = 20, yakuman = 1 }, items = items, limit = "Yakuman",
             payments = { E = -16000, S = 32000, W = -8000, N = -8000 } })
  s.options = { kazoe = "sanbaiman" }
  check(s, { value = { han = 15, fu = 20 }, items = items, limit = "Sanbaiman",
             payments = { E = -12000, S = 24000, W = -6000, N = -6000 } })
end

function test_four_han_thirty_fu_tsumo_pays_more_than_ron()
  -- 17.2: 4 han 30 fu non-dealer tsumo = 3,900 + 2,000 + 2,000 = 7,900.
  check({ hand = "234m456p678p345s88s", win_tile = "5s", win_by = "self", flags = { "riichi" },
          options = { pinfu_tsumo_fu = true } },
    { value = { han = 4, fu = 30 },
      items = { { "Riichi", 1, "han" }, { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" },
                { "Tanyao", 1, "han" }, { "Base", 20, "fu" }, { "Tsumo", 2, "fu" },
                { "Rounding", 8, "fu" } },
      payments = { E = -3900, S = 7900, W = -2000, N = -2000 } })
end

function test_kiriage_three_han_sixty_fu()
  local s = { hand = "999m111p777z456s22p", win_tile = "5s" }
  local items = { { "Yakuhai: Red", 1, "han" }, { "Sanankou", 2, "han" }, RON_FU[1], RON_FU[2],
                  { "Closed pon 999m", 8, "fu" }, { "Closed pon 111p", 8, "fu" },
                  { "Closed pon 777z", 8, "fu" }, { "Kanchan wait", 2, "fu" }, { "Rounding", 4, "fu" } }
  check(s, { value = { han = 3, fu = 60 }, items = items, payments = { E = 0, S = 7700, W = -7700, N = 0 } })
  s.options = { kiriage = true }
  check(s, { value = { han = 3, fu = 60 }, items = items, limit = "Mangan",
             payments = { E = 0, S = 8000, W = -8000, N = 0 } })
end

---------------------------------------------------------------- 14. Dora, red fives

function test_ura_only_with_riichi_and_kan_ura()
  local s = with(PINFU, { flags = { "riichi" }, ura = "2z4p" })   -- second ura indicator -> 5p
  check(s, { value = { han = 3, fu = 30 },
    items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, { "Ura-dora", 1, "han" }, RON_FU[1], RON_FU[2] } })
  s.options = { kan_ura = false }
  check(s, { value = { han = 2, fu = 30 },
    items = { { "Riichi", 1, "han" }, { "Pinfu", 1, "han" }, RON_FU[1], RON_FU[2] } })
  check(with(PINFU, { ura = "4p" }), { value = { han = 1, fu = 30 },
    items = { { "Pinfu", 1, "han" }, RON_FU[1], RON_FU[2] } })
end

function test_two_indicators_same_dora()
  check(with(PINFU, { dora = "8p8p" }), { value = { han = 5, fu = 30 },
    items = { { "Pinfu", 1, "han" }, { "Dora", 4, "han" }, RON_FU[1], RON_FU[2] }, limit = "Mangan" })
end

function test_dora_do_not_make_a_yaku()
  check_no_win({ seat = "W", round = "S", hand = "111p123s456m999s33z", win_tile = "2s", from = "N",
                 dora = "8s" }, "no yaku")
end

function test_red_five_winning_tile_and_option_4()
  check({ seat = "W", hand = "340m678p406s678m22p", win_tile = "0m", from = "N",
          options = { red_fives = 4 } },
    { value = { han = 4, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, { "Red fives", 2, "han" }, RON_FU[1], RON_FU[2] },
      payments = { E = 0, S = 0, W = 7700, N = -7700 } })
end

function test_red_five_without_the_option_is_refused()
  check_invalid({ seat = "W", hand = "340m678p456s678m22p", win_tile = "6m", from = "N" }, "red")
end

---------------------------------------------------------------- 17. Payments

function test_double_ron_honba_each()
  check({ seat = "E", round = "S", hand = "555z234m456p789s11s", win_tile = "4p", from = "W", dora = "6s",
          honba = 1, deposits = 2, winners = { "N", "E" }, options = { honba_multiple_ron = "each" } },
    { value = { han = 2, fu = 40 },
      items = { { "Yakuhai: White", 1, "han" }, { "Dora", 1, "han" }, RON_FU[1], RON_FU[2],
                { "Closed pon 555z", 8, "fu" }, { "Rounding", 2, "fu" } },
      payments = { E = 6200, S = 0, W = -4200, N = 0 } })
end

function test_dealer_tsumo_honba()
  check(with(PINFU, { seat = "E", win_by = "self", honba = 3 }),
    { value = { han = 2, fu = 20 },
      items = { { "Menzen tsumo", 1, "han" }, { "Pinfu", 1, "han" }, { "Base", 20, "fu" } },
      payments = { E = 3000, S = -1000, W = -1000, N = -1000 } })
end

---------------------------------------------------------------- Invalid situations

function test_unknown_flag()
  check_invalid(with(PINFU, { flags = { "tenpai" } }), "unknown flag")
end

function test_riichi_with_open_hand()
  check_invalid({ hand = "345s66s678p [234m] [567p]", win_tile = "6p", flags = { "riichi" } }, "riichi")
end

function test_ippatsu_without_riichi()
  check_invalid(with(PINFU, { flags = { "ippatsu" } }), "ippatsu")
end

function test_robbing_kong_needs_a_discard_win()
  check_invalid(with(PINFU, { win_by = "self", flags = { "robbing_kong" } }), "robbing_kong")
end

function test_robbing_kong_of_a_tile_held_twice()
  check_invalid({ hand = "345m678m345p678s99p", win_tile = "9p", flags = { "robbing_kong" } }, "robbing_kong")
end

function test_kong_replacement_without_kong()
  check_invalid(with(PINFU, { win_by = "self", flags = { "kong_replacement" } }), "kong")
end

function test_winning_tile_not_in_hand()
  local r = score({ hand = "345m678m345p678s99p", win_tile = "1z" })
  lu.assertFalse(r.ok)
end

function test_no_yaku()
  check_no_win({ seat = "W", round = "S", hand = "111p123s456m999s33z", win_tile = "2s", from = "N" }, "no yaku")
end

function test_not_a_complete_hand()
  check_no_win({ hand = "345m678m345p678s19p", win_tile = "5m" }, "not a complete hand")
end

---------------------------------------------------------------- 18. Readings

function test_kanchan_or_ryanmen_the_higher_reading()
  -- 3456m + 4m: 345 + 456 with the 4m in 456 (two-sided, pinfu) beats the kanchan 3_5.
  check({ hand = "345m456m678p234s88s", win_tile = "4m" },
    { value = { han = 2, fu = 30 },
      items = { { "Pinfu", 1, "han" }, { "Tanyao", 1, "han" }, RON_FU[1], RON_FU[2] } })
end

function test_yakuman_reading_beats_kazoe()
  -- 18.3: 777p 888p 999p 33p + [5555p]c by tsumo is suuankou; read as 789p x3 it is 14 han
  -- (tsumo, iipeikou, chinitsu, dora 7p and 8p: 6). A kazoe yakuman pays the same: the
  -- yakuman reading is taken; with kazoe = sanbaiman the yakuman pays more.
  -- (MahjongRepository/mahjong 5167518 orders readings by han: the 14-han reading both times,
  -- scored sanbaiman with kazoe_limit=KAZOE_SANBAIMAN.)
  local s = { seat = "W", hand = "33777888999p [5555p]c", win_tile = "3p", win_by = "self",
              dora = "6p7p" }
  yakuman(s, { { "Suuankou", 1 } }, { E = -16000, S = -8000, W = 32000, N = -8000 })
  s.options = { kazoe = "sanbaiman" }
  yakuman(s, { { "Suuankou", 1 } }, { E = -16000, S = -8000, W = 32000, N = -8000 })
end

os.exit(lu.LuaUnit.run())
