-- The tsumo-son tables of sanma.md section 12 (non-dealer and dealer tsumo totals, han 1-4,
-- fu 20-110, and the limit row), checked cell by cell through the ruleset's settle hook:
-- each payer's share, the winner's total, and the ron column of the limit table (12.1).
local lu = require "luaunit"
local R = assert(jong.load_rules("sanma"))

-- Payments for a win of han/fu (or {yakuman = n}) by `seat` (expect.settle).
local function settle(value, seat, win_by, options) return require("expect").settle(R, value, seat, win_by, options) end

-- Non-dealer tsumo: fu -> {1 han .. 4 han} = {dealer share, other non-dealer share}; the spec
-- writes "dealer + other = total"; "mangan" = 4,000 + 2,000.
local NON_DEALER = {
  [20] = { nil, { 700, 400 }, { 1300, 700 }, { 2600, 1300 } },
  [25] = { nil, nil, { 1600, 800 }, { 3200, 1600 } },
  [30] = { { 500, 300 }, { 1000, 500 }, { 2000, 1000 }, { 3900, 2000 } },
  [40] = { { 700, 400 }, { 1300, 700 }, { 2600, 1300 }, "mangan" },
  [50] = { { 800, 400 }, { 1600, 800 }, { 3200, 1600 }, "mangan" },
  [60] = { { 1000, 500 }, { 2000, 1000 }, { 3900, 2000 }, "mangan" },
  [70] = { { 1200, 600 }, { 2300, 1200 }, "mangan", "mangan" },
  [80] = { { 1300, 700 }, { 2600, 1300 }, "mangan", "mangan" },
  [90] = { { 1500, 800 }, { 2900, 1500 }, "mangan", "mangan" },
  [100] = { { 1600, 800 }, { 3200, 1600 }, "mangan", "mangan" },
  [110] = { { 1800, 900 }, { 3600, 1800 }, "mangan", "mangan" },
}
-- Dealer tsumo: fu -> {1 han .. 4 han} = what each of the two payers pays.
local DEALER = {
  [20] = { nil, 700, 1300, 2600 },
  [25] = { nil, nil, 1600, 3200 },
  [30] = { 500, 1000, 2000, 3900 },
  [40] = { 700, 1300, 2600, "mangan" },
  [50] = { 800, 1600, 3200, "mangan" },
  [60] = { 1000, 2000, 3900, "mangan" },
  [70] = { 1200, 2300, "mangan", "mangan" },
  [80] = { 1300, 2600, "mangan", "mangan" },
  [90] = { 1500, 2900, "mangan", "mangan" },
  [100] = { 1600, 3200, "mangan", "mangan" },
  [110] = { 1800, 3600, "mangan", "mangan" },
}

-- Non-dealer S wins by tsumo: E (dealer) pays dealer_share, W pays other; nobody else.
local function check_non_dealer(value, dealer_share, other, what)
  local p = settle(value, "S", "self")
  lu.assertEquals(p, { E = -dealer_share, S = dealer_share + other, W = -other }, what)
end

-- The dealer wins by tsumo: S and W each pay `each`.
local function check_dealer(value, each, what)
  local p = settle(value, "E", "self")
  lu.assertEquals(p, { E = 2 * each, S = -each, W = -each }, what)
end

function test_non_dealer_tsumo_table()
  local cells = 0
  for fu, row in pairs(NON_DEALER) do
    for han = 1, 4 do
      local cell, what = row[han], han .. " han " .. fu .. " fu non-dealer tsumo"
      if cell == "mangan" then cell = { 4000, 2000 } end
      if cell then
        check_non_dealer({ han = han, fu = fu }, cell[1], cell[2], what)
        cells = cells + 1
      end
    end
  end
  lu.assertEquals(cells, 41)
end

function test_dealer_tsumo_table()
  local cells = 0
  for fu, row in pairs(DEALER) do
    for han = 1, 4 do
      local each, what = row[han], han .. " han " .. fu .. " fu dealer tsumo"
      if each == "mangan" then each = 4000 end
      if each then
        check_dealer({ han = han, fu = fu }, each, what)
        cells = cells + 1
      end
    end
  end
  lu.assertEquals(cells, 41)
end

-- The limit table: {han, non-dealer ron, {dealer share, other}, dealer ron, dealer tsumo each}.
function test_limit_table()
  for _, row in ipairs({ { 5, 8000, { 4000, 2000 }, 12000, 4000 }, { 6, 12000, { 6000, 3000 }, 18000, 6000 },
                         { 7, 12000, { 6000, 3000 }, 18000, 6000 }, { 8, 16000, { 8000, 4000 }, 24000, 8000 },
                         { 10, 16000, { 8000, 4000 }, 24000, 8000 }, { 11, 24000, { 12000, 6000 }, 36000, 12000 },
                         { 12, 24000, { 12000, 6000 }, 36000, 12000 } }) do
    local value, han = { han = row[1], fu = 30 }, row[1]
    local p, from = settle(value, "S", "discard")
    lu.assertEquals(p.S, row[2], han .. " han non-dealer ron")
    lu.assertEquals(p[from], -row[2])
    check_non_dealer(value, row[3][1], row[3][2], han .. " han non-dealer tsumo")
    p = settle(value, "E", "discard")
    lu.assertEquals(p.E, row[4], han .. " han dealer ron")
    check_dealer(value, row[5], han .. " han dealer tsumo")
  end
  -- Yakuman (x n): 32,000 n ron; 16,000 n + 8,000 n tsumo; dealer 48,000 n, 16,000 n each.
  for n = 1, 2 do
    local value = { yakuman = n }
    lu.assertEquals(settle(value, "S", "discard").S, 32000 * n)
    check_non_dealer(value, 16000 * n, 8000 * n, n .. " yakuman non-dealer tsumo")
    lu.assertEquals(settle(value, "E", "discard").E, 48000 * n)
    check_dealer(value, 16000 * n, n .. " yakuman dealer tsumo")
  end
  -- Kazoe (13 han or more, no yakuman) is one yakuman under the default kazoe = yakuman.
  check_non_dealer({ han = 13, fu = 40 }, 16000, 8000, "kazoe yakuman non-dealer tsumo")
end

-- 12.2: the spec's own figures for tsumo_loss = false: a non-dealer mangan tsumo is
-- 5,000 + 3,000 (each payer adds half the absent North's 2,000 share).
function test_without_tsumo_loss()
  local p = settle({ han = 5, fu = 30 }, "S", "self", { tsumo_loss = false })
  lu.assertEquals(p, { E = -5000, S = 8000, W = -3000 })
  -- dealer mangan: each pays 4,000 + half of the absent 4,000 = 6,000
  p = settle({ han = 5, fu = 30 }, "E", "self", { tsumo_loss = false })
  lu.assertEquals(p, { E = 12000, S = -6000, W = -6000 })
end

os.exit(lu.LuaUnit.run())
