-- Sichuan Bloody Battle: every worked example of sichuan.md §19 (Examples 1-19): value,
-- every item (name, value, unit, in order), the limit and the payments; the kong and
-- wall-end events. Hands include the winning tile.
local lu = require "luaunit"
local expect = require "expect"

local function sit(t)
  t.rules = "sichuan"
  return t
end

local function with(s, options, extra)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  t.options = options
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

-- items: { {name, value[, unit]} ... } (unit "fan" when left out)
local function units(items)
  local out = {}
  for i, it in ipairs(items) do out[i] = { it[1], it[2], it[3] or "fan" } end
  return out
end

local function wins(s, value, items, payments, limit)
  return expect.win(jong.score(sit(s)), { value = value, items = units(items), payments = payments, limit = limit })
end

local EX4 = { seat = "S", hand = "11224455778899p", win_tile = "9p", win_by = "self", missing_suit = "m" }

function test_01_plain_win_on_a_discard()
  wins({ seat = "W", hand = "234567p345678s55s", win_tile = "3s", win_by = "discard", from = "N", missing_suit = "m" },
       { fan = 0, points = 1 }, { { "Plain win", 0 } }, { E = 0, S = 0, W = 1, N = -1 })
end

function test_02_plain_self_draw()
  wins({ seat = "S", hand = "11123678m456789p", win_tile = "6p", win_by = "self", missing_suit = "s" },
       { fan = 0, points = 1 }, { { "Plain win", 0 }, { "Self-draw bonus", 1, "base" } },
       { E = -2, S = 6, W = -2, N = -2 })
end

function test_03_all_pungs_with_a_root()
  wins({ seat = "N", hand = "222p77799s [555p] [8888s]", win_tile = "7s", win_by = "discard", from = "E",
         missing_suit = "m" },
       { fan = 2, points = 4 }, { { "All pungs", 1 }, { "Root", 1 } }, { E = -4, S = 0, W = 0, N = 4 })
end

function test_04_pure_seven_pairs_capped()
  wins(EX4, { fan = 4, points = 8 }, { { "Pure seven pairs", 4 }, { "Self-draw bonus", 1, "base" } },
       { E = -9, S = 27, W = -9, N = -9 }, "Cap")
end

function test_05_the_second_winner()
  wins(with(EX4, nil, { active = { "E", "S", "N" }, win_order = 2 }), { fan = 4, points = 8 },
       { { "Pure seven pairs", 4 }, { "Self-draw bonus", 1, "base" } }, { E = -9, S = 18, W = 0, N = -9 }, "Cap")
end

function test_06_dragon_seven_pairs()
  local s = { seat = "W", hand = "11113355p224477s", win_tile = "7s", win_by = "discard", from = "S",
              missing_suit = "m" }
  wins(s, { fan = 4, points = 8 }, { { "Dragon seven pairs", 4 } }, { E = 0, S = -8, W = 8, N = 0 }, "Cap")
  wins(with(s, { fan_cap = 4 }), { fan = 4, points = 16 }, { { "Dragon seven pairs", 4 } },
       { E = 0, S = -16, W = 16, N = 0 })
  wins(with(s, { fan_cap = 4, dragon_seven_pairs = 3 }), { fan = 3, points = 8 }, { { "Dragon seven pairs", 3 } },
       { E = 0, S = -8, W = 8, N = 0 })
end

function test_07_golden_single_wait_with_a_root()
  wins({ seat = "E", hand = "66p [333s] [777s] [999p] [4444p]c", win_tile = "6p", win_by = "discard", from = "N",
         missing_suit = "m" },
       { fan = 3, points = 8 }, { { "Golden single wait", 2 }, { "Root", 1 } }, { E = 8, S = 0, W = 0, N = -8 })
end

function test_08_kong_replacement_win()
  local s = { seat = "E", hand = "234567m45655p [8888m]c", win_tile = "5p", win_by = "self",
              flags = { "kong_replacement" }, missing_suit = "s" }
  wins(s, { fan = 2, points = 4 },
       { { "Plain win", 0 }, { "Root", 1 }, { "Kong replacement win", 1 }, { "Self-draw bonus", 1, "base" } },
       { E = 15, S = -5, W = -5, N = -5 })
  wins(with(s, { self_draw = "fan" }), { fan = 3, points = 8 },
       { { "Plain win", 0 }, { "Root", 1 }, { "Kong replacement win", 1 }, { "Self-drawn", 1 } },
       { E = 24, S = -8, W = -8, N = -8 })
end

function test_09_win_after_a_kong()
  local s = { seat = "W", hand = "234567888m45699s", win_tile = "6s", win_by = "discard", from = "S",
              flags = { "after_kong" }, kong_kind = "promoted", missing_suit = "p" }
  wins(s, { fan = 1, points = 2 },
       { { "Plain win", 0 }, { "Win after a kong", 1 }, { "Kong money transfer", 3, "base" } },
       { E = 0, S = -5, W = 5, N = 0 })
  wins(with(s, { kong_shot = "void" }), { fan = 1, points = 2 },
       { { "Plain win", 0 }, { "Win after a kong", 1 }, { "Kong money refund", 3, "base" } },
       { E = 1, S = -5, W = 3, N = 1 })
  wins(with(s, { kong_shot = "keep" }), { fan = 1, points = 2 }, { { "Plain win", 0 }, { "Win after a kong", 1 } },
       { E = 0, S = -2, W = 2, N = 0 })
end

function test_10_robbing_a_kong()
  wins({ seat = "E", hand = "12345678999s567p", win_tile = "7p", win_by = "discard", from = "N",
         flags = { "robbing_kong" }, missing_suit = "m" },
       { fan = 1, points = 2 }, { { "Plain win", 0 }, { "Robbing a kong", 1 } }, { E = 2, S = 0, W = 0, N = -2 })
end

function test_11_last_tile_two_left()
  wins({ seat = "N", hand = "345678m22456789p", win_tile = "8p", win_by = "self", flags = { "last_tile" },
         missing_suit = "s", active = { "S", "N" }, win_order = 3 },
       { fan = 1, points = 2 }, { { "Plain win", 0 }, { "Last tile", 1 }, { "Self-draw bonus", 1, "base" } },
       { E = 0, S = -3, W = 0, N = 3 })
end

function test_12_one_discard_two_winners()
  local r = jong.score_json([[
[{"rules":"sichuan","seat":"S","hand":"55577788s [222s] [444s]","win_tile":"5s","win_by":"discard","from":"E","co_winners":["W"],"missing_suit":"m"},
 {"rules":"sichuan","seat":"W","hand":"23456677899p345s","win_tile":"5s","win_by":"discard","from":"E","co_winners":["S"],"missing_suit":"m","win_order":2}]
]])
  local rs = jong.json_decode(r)
  expect.win(rs[1], { value = { fan = 3, points = 8 }, items = units { { "Pure all pungs", 3 } },
                      payments = { E = -8, S = 8, W = 0, N = 0 } })
  expect.win(rs[2], { value = { fan = 0, points = 1 }, items = units { { "Plain win", 0 } },
                      payments = { E = -1, S = 0, W = 1, N = 0 } })
end

function test_13_heavenly_win()
  wins({ seat = "E", hand = "123456789m23455p", win_tile = "5p", win_by = "self", flags = { "first_turn" },
         missing_suit = "s" },
       { fan = 5, points = 8 }, { { "Heavenly win", 5 }, { "Self-draw bonus", 1, "base" } },
       { E = 27, S = -9, W = -9, N = -9 }, "Cap")
end

function test_14_terminals_in_all_sets()
  local s = { seat = "N", hand = "123789p12399911s", win_tile = "3s", win_by = "discard", from = "S",
              missing_suit = "m" }
  wins(s, { fan = 2, points = 4 }, { { "Terminals in all sets", 2 } }, { E = 0, S = -4, W = 0, N = 4 })
  wins(with(s, { yaojiu_jiangdui = false }), { fan = 0, points = 1 }, { { "Plain win", 0 } },
       { E = 0, S = -1, W = 0, N = 1 })
end

function test_15_all_258_pungs()
  wins({ seat = "S", hand = "22288855s [222p] [555p]", win_tile = "5s", win_by = "discard", from = "W",
         missing_suit = "m" },
       { fan = 3, points = 8 }, { { "All 2-5-8 pungs", 3 } }, { E = 0, S = 8, W = -8, N = 0 })
end

function test_16_missing_suit_held()
  expect.no_win(jong.score(sit { seat = "W", hand = "11p234567789345m", win_tile = "5m", win_by = "discard",
                                 from = "E", missing_suit = "p" }),
                "holds tiles of the missing suit")
end

function test_17_other_caps()
  wins(with(EX4, { fan_cap = 4 }), { fan = 4, points = 16 }, { { "Pure seven pairs", 4 }, { "Self-draw bonus", 1, "base" } },
       { E = -17, S = 51, W = -17, N = -17 })
  wins({ options = { fan_cap = "none" }, seat = "N", hand = "55s [1111s] [2222p]c [7777p] [9999s]+", win_tile = "5s",
         win_by = "discard", from = "W", missing_suit = "m" },
       { fan = 6, points = 64 }, { { "Eighteen arhats", 6 } }, { E = 0, S = 0, W = -64, N = 64 })
end

local function event(s)
  local r = jong.score(sit(s))
  lu.assertTrue(r.ok, r.error)
  return r
end

function test_18_kong_money()
  local r = event { event = "kong", seat = "W", kong = "concealed" }
  lu.assertEquals(expect.items(r), { { "Concealed kong", 2, "base" } })
  lu.assertEquals(r.payments, { E = -2, S = -2, W = 6, N = -2 })
  r = event { event = "kong", seat = "N", kong = "claimed", from = "S" }
  lu.assertEquals(expect.items(r), { { "Claimed kong", 2, "base" } })
  lu.assertEquals(r.payments, { E = 0, S = -2, W = 0, N = 2 })
  r = event { event = "kong", seat = "E", kong = "promoted", active = { "E", "S", "N" } }
  lu.assertEquals(expect.items(r), { { "Promoted kong", 1, "base" } })
  lu.assertEquals(r.payments, { E = 2, S = -1, W = 0, N = -1 })
  r = event { event = "kong", seat = "E", kong = "promoted", active = { "E", "S", "N" }, fresh = false }
  lu.assertEquals(expect.items(r), {})
  lu.assertEquals(r.payments, { E = 0, S = 0, W = 0, N = 0 })
end

local EX19 = {
  event = "wall_end", active = { "S", "W", "N" },
  seats = { S = { hand = "1m234567p88p3456s", missing_suit = "m" },
            W = { hand = "1112223335566p", missing_suit = "m" },
            N = { hand = "135246m1479p [9999m]c", missing_suit = "s", kong_income = { E = 2, S = 2, W = 2 } } },
}

local function lines(r)
  local out = {}
  for i, it in ipairs(r.items) do out[i] = { it.name, it.value, it.unit, it.from, it.to } end
  return out
end

function test_19_the_wall_runs_out()
  local r = event(EX19)
  lu.assertEquals(lines(r), {
    { "Flower pig", 8, "base", "S", "W" }, { "Flower pig", 8, "base", "S", "N" },
    { "Not ready", 8, "base", "N", "W" },
    { "Kong refund", 2, "base", "N", "E" }, { "Kong refund", 2, "base", "N", "S" }, { "Kong refund", 2, "base", "N", "W" } })
  lu.assertEquals(r.ready.W, { fan = 3, points = 8, tile = "5p" })
  lu.assertEquals(r.ready.N, jong.json_null)
  lu.assertEquals(r.payments, { E = 2, S = -14, W = 18, N = -6 })
  r = event(with(EX19, { fan_cap = 4 }))
  lu.assertEquals(r.ready.W, { fan = 3, points = 8, tile = "5p" })
  lu.assertEquals(r.payments, { E = 2, S = -30, W = 26, N = 2 })
end

function test_refusals()
  local r = jong.score(sit { seat = "W", hand = "234567p345678s55z", win_tile = "3s", win_by = "discard", from = "N" })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "suit tiles only")
  -- several honours: the first in tile order is named (the same answer in every run)
  r = jong.score(sit { seat = "W", hand = "234567p3456s7711z", win_tile = "3s", win_by = "discard", from = "N" })
  lu.assertEquals(r.error, "a Sichuan hand holds suit tiles only (no 1z)")
  expect.no_win(jong.score(sit { seat = "W", hand = "234567p345678s55m", win_tile = "3s", win_by = "discard",
                                 from = "N" }), "holds three suits")
  expect.no_win(jong.score(sit { seat = "W", hand = "234567p345679s55s", win_tile = "3s", win_by = "discard",
                                 from = "N" }), "not a complete hand")
  r = jong.score(sit { seat = "W", hand = "234567p345678s55s", win_tile = "3s", win_by = "discard", from = "N",
                       active = { "W", "S" } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "discarder")
  r = jong.score(sit { event = "fold" })
  lu.assertFalse(r.ok)
end

os.exit(lu.LuaUnit.run())
