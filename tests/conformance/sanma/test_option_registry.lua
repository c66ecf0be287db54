-- The option registry of sanma.md (section 16) as the spec writes it: every option exists under
-- its name with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("sanma"))

-- name -> {default, alternatives...}
local REGISTRY = {
  red_fives = { 2, 0 },
  open_tanyao = { true, false },
  double_yakuman = { false, true },
  yakuman_stacking = { true, false },
  kazoe = { "yakuman", "sanbaiman" },
  kiriage = { false, true },
  double_wind_pair_fu = { 4, 2 },
  open_pinfu_30 = { true, false },
  pinfu_tsumo_fu = { false, true },
  renhou = { "none", "mangan", "yakuman" },
  nagashi_mangan = { true, false },
  nagashi_honba = { false, true },
  ippatsu = { true, false },
  kan_ura = { true, false },
  kan_dora_timing = { "after_discard", "immediate" },
  riichi_min_wall = { 3, 0, 1, 2 },
  riichi_needs_1000 = { true, false },
  riichi_ankan = { "wait_unchanged", "forbidden", "strict" },
  multiple_ron = { "all", "double_only", "head_bump" },
  honba_multiple_ron = { "nearest", "each" },
  kuikae = { "forbidden", "allowed" },
  kong_after_call = { false, true },
  kan_on_last_tile = { "forbidden", "ends_deal" },
  call_on_last_discard = { "ron_only", "allowed" },
  rob_ankan_kokushi = { true, false },
  pao = { true, false },
  pao_suukantsu = { false, true },
  pao_tsumo = { "tsumo_total", "ron_value" },
  pao_honba = { "liable", "discarder" },
  pao_stacked = { "whole", "liable_share" },
  abort_kyuushu = { true, false },
  abort_suukaikan = { true, false },
  abort_suufon = { false },
  abort_suucha_riichi = { false },
  tenpai_needs_yaku = { false, true },
  draw_renchan = { "tenpai", "always_pass", "always_keep" },
  match_length = { "hanchan", "tonpuusen" },
  tobi = { true, false },
  agari_yame = { true, false },
  west_extension = { true, false },
  leftover_deposits = { "to_first", "discarded" },
  uma = { { 20, 0, -20 }, { 15, 0, -15 } },
  start_points = { 35000 },
  return_points = { 40000 },
  tsumo_loss = { true, false },
  honba_ron = { 200, 300 },
  honba_tsumo = { 100, 200 },
  noten_total = { 2000, 3000 },
  kita = { true, false },
  kita_rinshan = { true, false },
  kita_chankan = { false, true },
  kita_interrupts = { true, false },
  north_calls = { false, true },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "")

os.exit(lu.LuaUnit.run())
