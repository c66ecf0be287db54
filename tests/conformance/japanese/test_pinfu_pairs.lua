-- Pinfu and the pair (japanese.md §12 Pinfu: "pair is not a yakuhai tile"; §15 pair fu and
-- double_wind_pair_fu), on an all-sequence hand where only the pair decides: 234m 456p 678s
-- and 34s waiting on 2s or 5s (two-sided), riichi, South seat, East round unless stated.
-- The other tests of these fu use hands with a pung, where pinfu is out anyway.
local lu = require "luaunit"
local expect = require "expect"

local function s(pair, win_by, extra)
  local t = { rules = "japanese", seat = "S", round = "E", hand = "234m456p678s234s" .. pair, win_tile = "2s",
              win_by = win_by, from = win_by == "discard" and "W" or nil, flags = { "riichi" } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function han(name, v) return { name, v, "han" } end
local function fu(name, v) return { name, v, "fu" } end

-- A pair of North (neither seat nor round wind) allows pinfu: ron 2 han 30 fu, tsumo 3 han 20 fu.
function test_guest_wind_pair_allows_pinfu()
  expect.win(jong.score(s("44z", "discard")),
    { value = { han = 2, fu = 30 }, items = { han("Riichi", 1), han("Pinfu", 1), fu("Base", 20), fu("Menzen kafu", 10) },
      payments = { E = 0, S = 2000, W = -2000, N = 0 } })
  expect.win(jong.score(s("44z", "self")),
    { value = { han = 3, fu = 20 }, items = { han("Riichi", 1), han("Menzen tsumo", 1), han("Pinfu", 1), fu("Base", 20) },
      payments = { E = -1300, S = 2700, W = -700, N = -700 } })
end

-- A seat-wind, round-wind or dragon pair: no pinfu, 2 fu for the pair; ron 20 + 10 + 2 -> 40
-- (1 han 1,300), tsumo 20 + 2 + 2 -> 30 (2 han, 500 / 1,000).
function test_valued_pairs_forbid_pinfu()
  for _, case in ipairs({ { "22z", "Seat wind pair" }, { "11z", "Round wind pair" }, { "55z", "Dragon pair" } }) do
    local pair, item = case[1], case[2]
    expect.win(jong.score(s(pair, "discard")),
      { value = { han = 1, fu = 40 },
        items = { han("Riichi", 1), fu("Base", 20), fu("Menzen kafu", 10), fu(item, 2), fu("Rounding", 8) },
        payments = { E = 0, S = 1300, W = -1300, N = 0 } })
    expect.win(jong.score(s(pair, "self")),
      { value = { han = 2, fu = 30 },
        items = { han("Riichi", 1), han("Menzen tsumo", 1), fu("Base", 20), fu("Tsumo", 2), fu(item, 2),
                  fu("Rounding", 6) },
        payments = { E = -1000, S = 2000, W = -500, N = -500 } })
  end
end

-- The dealer (East seat) in the East round with an East pair: 4 fu by default, 2 with
-- double_wind_pair_fu = 2; either way 40 fu, 1 han, dealer ron 2,000 from South.
function test_double_wind_pair()
  local t = s("11z", "discard", { seat = "E", from = "S" })
  expect.win(jong.score(t),
    { value = { han = 1, fu = 40 },
      items = { han("Riichi", 1), fu("Base", 20), fu("Menzen kafu", 10), fu("Double wind pair", 4), fu("Rounding", 6) },
      payments = { E = 2000, S = -2000, W = 0, N = 0 } })
  t.options = { double_wind_pair_fu = 2 }
  expect.win(jong.score(t),
    { value = { han = 1, fu = 40 },
      items = { han("Riichi", 1), fu("Base", 20), fu("Menzen kafu", 10), fu("Double wind pair", 2), fu("Rounding", 8) },
      payments = { E = 2000, S = -2000, W = 0, N = 0 } })
end

os.exit(lu.LuaUnit.run())
