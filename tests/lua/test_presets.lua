-- The platform presets (rules/tenhou.lua, mahjongsoul.lua, ema.lua, wrc.lua): Japanese
-- with option values changed, each difference seen in a scored hand or in play.
local lu = require "luaunit"

local function score(rules, s)
  s.rules = rules
  return jong.score(s)
end

-- Daisangen + tsuuiisou, the third dragon pon called from North; South tsumo, 1 honba.
local STACKED = { seat = "S", round = "E", hand = "11z222z [555z]@N [666z]@W [777z]@N", win_tile = "1z",
  win_by = "self", flags = {}, dora = "9s", honba = 1 }

TestPresets = {}

function TestPresets.test_they_load_as_japanese_children()
  for _, name in ipairs { "tenhou", "mahjongsoul", "ema", "wrc" } do
    local r = assert(jong.load_rules(name))
    lu.assertEquals(r.extends, "japanese")
    assert(jong.resolve_options(r, {}))
  end
  lu.assertEquals(jong.resolve_options(jong.load_rules("tenhou"), {}).red_fives, 3)
  lu.assertEquals(jong.resolve_options(jong.load_rules("ema"), {}).red_fives, 0)
end

function TestPresets.test_tenhou_pao_pays_the_whole_stacked_hand()
  local r = score("tenhou", STACKED)
  lu.assertEquals(r.value.yakuman, 2)
  lu.assertEquals(r.payments, { E = 0, S = 64300, W = 0, N = -64300 })
  r = score("japanese", STACKED)   -- the spec: only the liable yakuman's share moves
  lu.assertEquals(r.payments, { E = -16000, S = 64300, W = -8000, N = -40300 })
end

function TestPresets.test_ema_counts_one_yakuman()
  local r = score("ema", STACKED)
  lu.assertEquals(r.value.yakuman, 1)
end

function TestPresets.test_wrc_kiriage()
  -- J9: dealer, open hand, 4 han 30 fu: 11,600, with kiriage a mangan
  local s = { seat = "E", round = "E", hand = "123s345s789s99s [111z]", win_tile = "8s",
    win_by = "discard", from = "N", flags = {}, dora = "5m" }
  local j, w = score("japanese", s), score("wrc", s)
  lu.assertEquals({ j.value.han, j.value.fu }, { 4, 30 })
  lu.assertEquals(j.payments.E, 11600)
  lu.assertEquals(w.payments.E, 12000)
end

function TestPresets.test_mahjongsoul_double_yakuman()
  local s = { seat = "S", round = "E", hand = "19m19p19s12345677z", win_tile = "7z", win_by = "discard",
    from = "W", flags = {}, dora = "1m" }
  lu.assertEquals(score("tenhou", s).value.yakuman, 1)
  lu.assertEquals(score("mahjongsoul", s).value.yakuman, 2)    -- thirteen-sided wait
end

function TestPresets.test_they_play()
  for _, name in ipairs { "tenhou", "mahjongsoul", "ema", "wrc" } do
    local g = assert(jong.game { rules = name, seed = 3 })
    g:run_bots({}, nil, 100000)
    lu.assertEquals(g:state().phase, "match_end")
    assert(g:check())
  end
end

os.exit(lu.LuaUnit.run())
