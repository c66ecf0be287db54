-- rules/tenhou.lua: Tenhou's four-player ranked rules, as Japanese with its values.
local japanese = require "japanese"
local o = japanese.options

local function set(name, value)
  local spec = {}
  for k, v in pairs(o[name]) do spec[k] = v end
  spec.default = value
  return spec
end

return {
  name = "tenhou",
  extends = "japanese",
  options = {
    red_fives = set("red_fives", 3),
    nagashi_mangan = set("nagashi_mangan", true),
    kan_dora_timing = set("kan_dora_timing", "after_discard"),
    abort_kyuushu = set("abort_kyuushu", true),
    abort_suufon = set("abort_suufon", true),
    abort_suucha_riichi = set("abort_suucha_riichi", true),
    abort_suukaikan = set("abort_suukaikan", true),
    multiple_ron = set("multiple_ron", "double_only"),
    pao_stacked = set("pao_stacked", "whole_hand"),
    tobi = set("tobi", true),
    agari_yame = set("agari_yame", true),
    west_extension = set("west_extension", true),
  },
}
