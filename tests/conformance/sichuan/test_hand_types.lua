-- Every row of sichuan.md §12.1-12.2 that no worked example reaches: P3, P4, P11-P14, P16
-- (both sc.earthly readings), P18, W5, O1, O2, sc.self_draw = none, and the
-- sc.yaojiu_jiangdui / sc.heavenly_earthly / sc.last_tile_fan switches; value, every item
-- (name, value, unit, in order), the limit and the payments. Hands include the winning tile.
local lu = require "luaunit"
local expect = require "expect"

-- items: { {name, value[, unit]} ... } (unit "fan" when left out)
local function wins(s, value, items, payments, limit)
  s.rules = "sichuan"
  local want = {}
  for i, it in ipairs(items) do want[i] = { it[1], it[2], it[3] or "fan" } end
  return expect.win(jong.score(s), { value = value, items = want, payments = payments, limit = limit })
end

local function on_discard(hand, win_tile, missing_suit, options, flags)
  return { seat = "W", hand = hand, win_tile = win_tile, win_by = "discard", from = "N",
           missing_suit = missing_suit, options = options, flags = flags }
end

local NONE = { fan_cap = "none" }
local PLAIN = "234m456m678m345p22p"        -- no 1 or 9, no four alike; bamboo missing

-- P3: 123p 123p 456p 789p 55p, one suit, nothing more.
function test_P3_pure_one_suit()
  wins(on_discard("11223345556789p", "9p", "m"), { fan = 2, points = 4 }, { { "Pure one suit", 2 } },
       { E = 0, S = 0, W = 4, N = -4 })
end

-- P4: seven pairs in two suits, no four alike.
function test_P4_seven_pairs()
  wins(on_discard("11335577m224466p", "6p", "s"), { fan = 2, points = 4 }, { { "Seven pairs", 2 } },
       { E = 0, S = 0, W = 4, N = -4 })
end

-- P11: 123p 789p 789p 789p 11p (three of each of 1p and 9p, no root); capped at 3 fan by
-- default. Without sc.yaojiu_jiangdui it is only P3.
function test_P11_pure_terminals_in_all_sets()
  local hand = "11123777888999p"
  wins(on_discard(hand, "2p", "m"), { fan = 4, points = 8 }, { { "Pure terminals in all sets", 4 } },
       { E = 0, S = 0, W = 8, N = -8 }, "Cap")
  wins(on_discard(hand, "2p", "m", NONE), { fan = 4, points = 16 }, { { "Pure terminals in all sets", 4 } },
       { E = 0, S = 0, W = 16, N = -16 })
  wins(on_discard(hand, "2p", "m", { fan_cap = "none", yaojiu_jiangdui = false }), { fan = 2, points = 4 },
       { { "Pure one suit", 2 } }, { E = 0, S = 0, W = 4, N = -4 })
end

-- P12: four dot pungs and the 9p paired by the winning tile.
function test_P12_pure_golden_single_wait()
  wins(on_discard("99p [222p] [444p] [666p] [888p]", "9p", "m", NONE), { fan = 4, points = 16 },
       { { "Pure golden single wait", 4 } }, { E = 0, S = 0, W = 16, N = -16 })
end

-- P13: every tile a 2, 5 or 8 (P13 4 beats P8 3); without sc.yaojiu_jiangdui: P5 2.
function test_P13_258_golden_single_wait()
  local hand = "55s [222p] [555p] [888p] [222s]"
  wins(on_discard(hand, "5s", "m", NONE), { fan = 4, points = 16 }, { { "2-5-8 golden single wait", 4 } },
       { E = 0, S = 0, W = 16, N = -16 })
  wins(on_discard(hand, "5s", "m", { fan_cap = "none", yaojiu_jiangdui = false }), { fan = 2, points = 4 },
       { { "Golden single wait", 2 } }, { E = 0, S = 0, W = 4, N = -4 })
end

-- P14: dot pairs with four 1p; the root is consumed (5 fan, not 5 + 1).
function test_P14_pure_dragon_seven_pairs()
  local hand = "11113355778899p"
  wins(on_discard(hand, "9p", "m"), { fan = 5, points = 8 }, { { "Pure dragon seven pairs", 5 } },
       { E = 0, S = 0, W = 8, N = -8 }, "Cap")
  wins(on_discard(hand, "9p", "m", NONE), { fan = 5, points = 32 }, { { "Pure dragon seven pairs", 5 } },
       { E = 0, S = 0, W = 32, N = -32 })
end

-- P16 with sc.earthly = first_draw (default): a non-dealer's self-draw on his first draw.
-- With dealer_discard: a win on the dealer's first discard (a first-turn self-draw is then
-- plain). With sc.heavenly_earthly off: plain.
function test_P16_earthly_win()
  local function s(win_by, options)
    return { seat = "S", hand = PLAIN, win_tile = "2p", win_by = win_by, from = win_by == "discard" and "E" or nil,
             flags = { "first_turn" }, missing_suit = "s", options = options }
  end
  wins(s("self"), { fan = 5, points = 8 }, { { "Earthly win", 5 }, { "Self-draw bonus", 1, "base" } },
       { E = -9, S = 27, W = -9, N = -9 }, "Cap")
  wins(s("discard", { earthly = "dealer_discard" }), { fan = 5, points = 8 }, { { "Earthly win", 5 } },
       { E = -8, S = 8, W = 0, N = 0 }, "Cap")
  wins(s("self", { earthly = "dealer_discard" }), { fan = 0, points = 1 },
       { { "Plain win", 0 }, { "Self-draw bonus", 1, "base" } }, { E = -2, S = 6, W = -2, N = -2 })
  wins(s("self", { heavenly_earthly = false }), { fan = 0, points = 1 },
       { { "Plain win", 0 }, { "Self-draw bonus", 1, "base" } }, { E = -2, S = 6, W = -2, N = -2 })
end

-- P18: four dot kongs and a dot pair; the four roots are consumed.
function test_P18_pure_eighteen_arhats()
  wins({ seat = "N", hand = "55p [1111p] [2222p] [3333p] [4444p]", win_tile = "5p", win_by = "discard",
         from = "W", missing_suit = "m", options = NONE },
       { fan = 8, points = 256 }, { { "Pure eighteen arhats", 8 } }, { E = 0, S = 0, W = -256, N = 256 })
end

-- W5: a win on the discard made after the last tile; nothing with sc.last_tile_fan off.
function test_W5_last_discard()
  wins(on_discard(PLAIN, "2p", "s", nil, { "last_tile" }), { fan = 1, points = 2 },
       { { "Plain win", 0 }, { "Last discard", 1 } }, { E = 0, S = 0, W = 2, N = -2 })
  wins(on_discard(PLAIN, "2p", "s", { last_tile_fan = false }, { "last_tile" }), { fan = 0, points = 1 },
       { { "Plain win", 0 } }, { E = 0, S = 0, W = 1, N = -1 })
end

-- O1, O2 with sc.menqing_zhongzhang: O1 needs a self-draw and no claimed meld (a concealed
-- kong is allowed), O2 no 1 or 9 anywhere; both come after Root and before the bonus.
function test_O1_O2_menqing_zhongzhang()
  local on = { menqing_zhongzhang = true }
  local function self(hand) return { seat = "S", hand = hand, win_tile = "2p", win_by = "self", missing_suit = "s",
                                      options = on } end
  wins(self(PLAIN), { fan = 2, points = 4 },
       { { "Plain win", 0 }, { "Concealed self-draw", 1 }, { "All simples", 1 }, { "Self-draw bonus", 1, "base" } },
       { E = -5, S = 15, W = -5, N = -5 })
  wins(self("234m678m345p22p [555m]"), { fan = 1, points = 2 },
       { { "Plain win", 0 }, { "All simples", 1 }, { "Self-draw bonus", 1, "base" } },
       { E = -3, S = 9, W = -3, N = -3 })
  wins(self("234m678m345p22p [5555m]c"), { fan = 3, points = 8 },
       { { "Plain win", 0 }, { "Root", 1 }, { "Concealed self-draw", 1 }, { "All simples", 1 },
         { "Self-draw bonus", 1, "base" } },
       { E = -9, S = 27, W = -9, N = -9 })
  -- on a discard, and with a 1m: neither
  wins({ seat = "S", hand = "123m456m678m345p22p", win_tile = "2p", win_by = "discard", from = "W",
         missing_suit = "s", options = on },
       { fan = 0, points = 1 }, { { "Plain win", 0 } }, { E = 0, S = 1, W = -1, N = 0 })
end

-- 14.2: sc.self_draw = none: a self-draw is paid P by each active player, no bonus, no W6.
function test_self_draw_none()
  wins({ seat = "S", hand = PLAIN, win_tile = "2p", win_by = "self", missing_suit = "s",
         options = { self_draw = "none" } },
       { fan = 0, points = 1 }, { { "Plain win", 0 } }, { E = -1, S = 3, W = -1, N = -1 })
end

os.exit(lu.LuaUnit.run())
