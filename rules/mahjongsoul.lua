-- rules/mahjongsoul.lua: Mahjong Soul's four-player ranked rules (Jade and Throne rooms),
-- as Japanese with these option values (docs/japanese.md, "Presets").
local japanese = require "japanese"

-- Japanese's option `name` with another default.
local set = require("lib.presets").setter(japanese)

return {
  name = "mahjongsoul",
  extends = "japanese",
  options = {
    red_fives = set("red_fives", 3),
    double_yakuman = set("double_yakuman", true),          -- kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii
    nagashi_mangan = set("nagashi_mangan", true),
    kan_dora_timing = set("kan_dora_timing", "after_discard"),
    kan_on_last_tile = set("kan_on_last_tile", "forbidden"),
    call_on_last_discard = set("call_on_last_discard", "ron_only"),
    rob_ankan_kokushi = set("rob_ankan_kokushi", true),
    abort_kyuushu = set("abort_kyuushu", true),
    abort_suufon = set("abort_suufon", true),
    abort_suucha_riichi = set("abort_suucha_riichi", true),
    abort_suukaikan = set("abort_suukaikan", true),
    multiple_ron = set("multiple_ron", "double_only"),     -- three ron: abortive draw
    pao_suukantsu = set("pao_suukantsu", true),
    tobi = set("tobi", true),
    agari_yame = set("agari_yame", true),
    tenpai_yame = set("tenpai_yame", true),
    west_extension = set("west_extension", true),
    uma = set("uma", { 15, 5, -5, -15 }),
  },
}
