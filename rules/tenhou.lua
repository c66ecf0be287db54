-- rules/tenhou.lua: Tenhou's four-player ranked rules (tenhou.net; docs/japanese.md,
-- "Presets"): Japanese with these option values, checked against real game records
-- with `jong replay --check` (docs/records.md).
local japanese = require "japanese"

-- Japanese's option `name` with another default.
local set = require("lib.presets").setter(japanese)

local R = {
  name = "tenhou",
  extends = "japanese",
  options = {
    red_fives = set("red_fives", 3),                       -- one red five a suit
    nagashi_mangan = set("nagashi_mangan", true),          -- 9.5
    nagashi_honba = set("nagashi_honba", false),           -- 9.5: paid without honba (a real record)
    kan_dora_timing = set("kan_dora_timing", "after_discard"),   -- 5.6: open kongs after the discard
    kan_on_last_tile = set("kan_on_last_tile", "forbidden"),     -- 5.4
    call_on_last_discard = set("call_on_last_discard", "ron_only"),
    rob_ankan_kokushi = set("rob_ankan_kokushi", true),    -- 6.7: thirteen orphans may rob a concealed kong
    abort_kyuushu = set("abort_kyuushu", true),            -- 10
    abort_suufon = set("abort_suufon", true),
    abort_suucha_riichi = set("abort_suucha_riichi", true),
    abort_suukaikan = set("abort_suukaikan", true),
    multiple_ron = set("multiple_ron", "double_only"),     -- three ron: abortive draw
    pao_stacked = set("pao_stacked", "whole_hand"),        -- 17.6: the liable player pays the whole hand
    tobi = set("tobi", true),                              -- 4.6: below 0 ends the match
    agari_yame = set("agari_yame", true),
    tenpai_yame = set("tenpai_yame", true),                -- 4.6: 8 of 8 records of 2022 (records of 2009 play on: records.lua)
    tenpai_melded_fourth = set("tenpai_melded_fourth", true),   -- 9.2: a wait beside its own kong is tenpai (real records)
    west_extension = set("west_extension", true),          -- to 30,000
    -- Lobby rules a record's header states (docs/records.md): the ranked rooms start at
    -- 25,000; other lobbies at what their first deal shows.
    start_points = { default = 25000, doc = "points each player starts with (4.1; Tenhou lobbies: the log's first INIT ten)" },
    one_deal = { default = false, doc = "the match is one deal (Tenhou lobby type bit 0x800, as its records show)" },
  },
}

function R.configure(o, r)
  local e = japanese.configure(o, r or R)
  e.start_points = o.start_points                        -- 4.1
  return e
end

function R.next_deal(g)
  local r = japanese.next_deal(g)
  if g.options.one_deal then r.match_over = true end
  return r
end

return R
