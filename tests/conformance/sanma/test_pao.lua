-- Sanma pao (sanma.md §12.5) with Tenhou's amounts and its three options, which no worked
-- example reaches: South wins daisangen; his third dragon pung [777z] was fed by West, who is
-- liable. Computed by hand from the spec; 1 honba where stated (200 on a ron, 100 per payer
-- on a tsumo, §12.3).
local lu = require "luaunit"
local expect = require "expect"

local HAND = "234p88s [555z]@E [666z]@W [777z]@W"

local function s(win_by, from, extra)
  local t = { rules = "sanma", seat = "S", round = "E", hand = HAND, win_tile = "8s", win_by = win_by, from = from }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function yakuman(t, payments, n, items)
  expect.win(jong.score(t), { value = { yakuman = n or 1 }, items = items or { { "Daisangen", 1, "yakuman" } },
                              limit = "Yakuman", payments = payments })
end

-- Tsumo, pao_tsumo = tsumo_total (default): West alone pays what the two payers would have
-- paid (16,000 + 8,000), and the honba of both (pao_honba = liable); ron_value: 32,000.
function test_tsumo()
  yakuman(s("self"), { E = 0, S = 24000, W = -24000 })
  yakuman(s("self", nil, { honba = 1 }), { E = 0, S = 24200, W = -24200 })
  yakuman(s("self", nil, { honba = 1, options = { pao_tsumo = "ron_value" } }), { E = 0, S = 32200, W = -32200 })
  -- without pao: the ordinary tsumo-son split
  yakuman(s("self", nil, { options = { pao = false } }), { E = -16000, S = 24000, W = -8000 })
end

-- Ron by a third player (East discards): East and West each pay half of 32,000; the honba
-- (200) goes with the liable player by default, with the discarder under pao_honba = discarder.
-- Ron on the liable player's own discard: he pays everything.
function test_ron()
  yakuman(s("discard", "E", { honba = 1 }), { E = -16000, S = 32200, W = -16200 })
  yakuman(s("discard", "E", { honba = 1, options = { pao_honba = "discarder" } }), { E = -16200, S = 32200, W = -16000 })
  yakuman(s("discard", "W", { honba = 1 }), { E = 0, S = 32200, W = -32200 })
end

-- Stacked yakuman (daisangen + tsuuiisou) by tsumo: pao_stacked = whole (default) makes West
-- pay the whole hand as a tsumo total (2 x 24,000); liable_share moves only the daisangen's
-- 24,000, the tsuuiisou is split as usual (East 16,000, West 8,000).
function test_stacked_yakuman()
  local t = { rules = "sanma", seat = "S", round = "E", hand = "444z11z [555z]@E [666z]@W [777z]@W", win_tile = "1z",
              win_by = "self" }
  local items = { { "Daisangen", 1, "yakuman" }, { "Tsuuiisou", 1, "yakuman" } }
  yakuman(t, { E = 0, S = 48000, W = -48000 }, 2, items)
  t.options = { pao_stacked = "liable_share" }
  yakuman(t, { E = -16000, S = 48000, W = -32000 }, 2, items)
end

os.exit(lu.LuaUnit.run())
