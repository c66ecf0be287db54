-- The option registry of japanese.md (section 20) as the spec writes it: every option exists under
-- its name with the spec's default, and
-- takes every alternative the spec lists.
local lu = require "luaunit"
local R = assert(jong.load_rules("japanese"))

-- name -> {default, alternatives...}
local REGISTRY = {
  red_fives = { 0, 3, 4 },
  open_tanyao = { true, false },
  double_yakuman = { false, true },
  yakuman_stacking = { true, false },
  kazoe = { "yakuman", "sanbaiman" },
  kiriage = { false, true },
  double_wind_pair_fu = { 4, 2 },
  open_pinfu_30 = { true, false },
  pinfu_tsumo_fu = { false, true },
  renhou = { "none", "mangan", "yakuman" },
  nagashi_mangan = { false, true },
  ippatsu = { true, false },
  kan_ura = { true, false },
  kan_dora_timing = { "immediate", "after_discard" },
  riichi_min_wall = { 4, 0, 1, 2, 3 },
  riichi_needs_1000 = { true, false },
  riichi_ankan = { "wait_unchanged", "forbidden", "strict" },
  multiple_ron = { "all", "double_only", "head_bump" },
  honba_multiple_ron = { "nearest", "each" },
  kuikae = { "forbidden", "allowed" },
  kan_on_last_tile = { "ends_deal", "forbidden" },
  call_on_last_discard = { "allowed", "ron_only" },
  rob_ankan_kokushi = { false, true },
  pao = { true, false },
  pao_suukantsu = { false, true },
  abort_kyuushu = { false, true },
  abort_suufon = { false, true },
  abort_suucha_riichi = { false, true },
  abort_suukaikan = { false, true },
  tenpai_needs_yaku = { false, true },
  draw_renchan = { "tenpai", "always_pass", "always_keep" },
  match_length = { "hanchan", "tonpuusen" },
  tobi = { false, true },
  agari_yame = { false, true },
  west_extension = { false, true },
  leftover_deposits = { "to_first", "discarded" },
  uma = { { 0, 0, 0, 0 }, { 10, 5, -5, -10 } },
}

TestOptionRegistry = require("option_registry").tests(R, REGISTRY, "")

os.exit(lu.LuaUnit.run())
