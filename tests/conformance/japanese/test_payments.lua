-- The payment tables of section 17 (han 1-4, fu 20-110), the limits of section 16.2 and
-- kiriage (16.3), checked cell by cell through the ruleset's settle hook.
local lu = require "luaunit"
local R = assert(jong.load_rules("japanese"))

-- Payments for a win of han/fu (or {yakuman = n}) by `seat` (expect.settle).
local function settle(value, seat, win_by, options) return require("expect").settle(R, value, seat, win_by, options) end

-- "ron" or {non-dealer share, dealer share} / {each}: as the spec's cells.
local NON_DEALER = {   -- fu -> {1 han, 2 han, 3 han, 4 han}: {ron, {each non-dealer, dealer}}
  [20] = { nil, { nil, { 400, 700 } }, { nil, { 700, 1300 } }, { nil, { 1300, 2600 } } },
  [25] = { nil, { 1600, nil }, { 3200, { 800, 1600 } }, { 6400, { 1600, 3200 } } },
  [30] = { { 1000, { 300, 500 } }, { 2000, { 500, 1000 } }, { 3900, { 1000, 2000 } }, { 7700, { 2000, 3900 } } },
  [40] = { { 1300, { 400, 700 } }, { 2600, { 700, 1300 } }, { 5200, { 1300, 2600 } }, "mangan" },
  [50] = { { 1600, { 400, 800 } }, { 3200, { 800, 1600 } }, { 6400, { 1600, 3200 } }, "mangan" },
  [60] = { { 2000, { 500, 1000 } }, { 3900, { 1000, 2000 } }, { 7700, { 2000, 3900 } }, "mangan" },
  [70] = { { 2300, { 600, 1200 } }, { 4500, { 1200, 2300 } }, "mangan", "mangan" },
  [80] = { { 2600, { 700, 1300 } }, { 5200, { 1300, 2600 } }, "mangan", "mangan" },
  [90] = { { 2900, { 800, 1500 } }, { 5800, { 1500, 2900 } }, "mangan", "mangan" },
  [100] = { { 3200, { 800, 1600 } }, { 6400, { 1600, 3200 } }, "mangan", "mangan" },
  [110] = { { 3600, { 900, 1800 } }, { 7100, { 1800, 3600 } }, "mangan", "mangan" },
}
local DEALER = {       -- fu -> {1 han .. 4 han}: {ron, each}
  [20] = { nil, { nil, 700 }, { nil, 1300 }, { nil, 2600 } },
  [25] = { nil, { 2400, nil }, { 4800, 1600 }, { 9600, 3200 } },
  [30] = { { 1500, 500 }, { 2900, 1000 }, { 5800, 2000 }, { 11600, 3900 } },
  [40] = { { 2000, 700 }, { 3900, 1300 }, { 7700, 2600 }, "mangan" },
  [50] = { { 2400, 800 }, { 4800, 1600 }, { 9600, 3200 }, "mangan" },
  [60] = { { 2900, 1000 }, { 5800, 2000 }, { 11600, 3900 }, "mangan" },
  [70] = { { 3400, 1200 }, { 6800, 2300 }, "mangan", "mangan" },
  [80] = { { 3900, 1300 }, { 7700, 2600 }, "mangan", "mangan" },
  [90] = { { 4400, 1500 }, { 8700, 2900 }, "mangan", "mangan" },
  [100] = { { 4800, 1600 }, { 9600, 3200 }, "mangan", "mangan" },
  [110] = { { 5300, 1800 }, { 10600, 3600 }, "mangan", "mangan" },
}

local function check_non_dealer(han, fu, ron, tsumo)
  local value = { han = han, fu = fu }
  if ron then
    local p, from = settle(value, "S", "discard")
    lu.assertEquals(p.S, ron, han .. " han " .. fu .. " fu ron")
    lu.assertEquals(p[from], -ron)
  end
  if tsumo then
    local p = settle(value, "S", "self")
    lu.assertEquals({ p.E, p.W, p.N }, { -tsumo[2], -tsumo[1], -tsumo[1] }, han .. " han " .. fu .. " fu tsumo")
    lu.assertEquals(p.S, tsumo[2] + 2 * tsumo[1])
  end
end

local function check_dealer(han, fu, ron, each)
  local value = { han = han, fu = fu }
  if ron then
    local p = settle(value, "E", "discard")
    lu.assertEquals(p.E, ron, han .. " han " .. fu .. " fu dealer ron")
  end
  if each then
    local p = settle(value, "E", "self")
    lu.assertEquals({ p.S, p.W, p.N, p.E }, { -each, -each, -each, 3 * each }, han .. " han " .. fu .. " fu dealer tsumo")
  end
end

function test_non_dealer_table()
  for fu, row in pairs(NON_DEALER) do
    for han = 1, 4 do
      local cell = row[han]
      if cell == "mangan" then check_non_dealer(han, fu, 8000, { 2000, 4000 })
      elseif cell then check_non_dealer(han, fu, cell[1], cell[2]) end
    end
  end
end

function test_dealer_table()
  for fu, row in pairs(DEALER) do
    for han = 1, 4 do
      local cell = row[han]
      if cell == "mangan" then check_dealer(han, fu, 12000, 4000)
      elseif cell then check_dealer(han, fu, cell[1], cell[2]) end
    end
  end
end

function test_limits()
  -- 16.2: {han, non-dealer ron, non-dealer tsumo {each, dealer}, dealer ron, dealer tsumo each}
  for _, row in ipairs({ { 5, 8000, { 2000, 4000 }, 12000, 4000 }, { 6, 12000, { 3000, 6000 }, 18000, 6000 },
                         { 7, 12000, { 3000, 6000 }, 18000, 6000 }, { 8, 16000, { 4000, 8000 }, 24000, 8000 },
                         { 10, 16000, { 4000, 8000 }, 24000, 8000 }, { 11, 24000, { 6000, 12000 }, 36000, 12000 },
                         { 12, 24000, { 6000, 12000 }, 36000, 12000 }, { 13, 32000, { 8000, 16000 }, 48000, 16000 } }) do
    check_non_dealer(row[1], 30, row[2], row[3])
    check_dealer(row[1], 30, row[4], row[5])
  end
  local p = settle({ yakuman = 2 }, "S", "discard")
  lu.assertEquals(p.S, 64000)
  p = settle({ yakuman = 1 }, "E", "self")
  lu.assertEquals(p.E, 48000)
  p = settle({ han = 14, fu = 40 }, "S", "discard", { kazoe = "sanbaiman" })
  lu.assertEquals(p.S, 24000)
end

function test_kiriage()
  lu.assertEquals(settle({ han = 4, fu = 30 }, "S", "discard", { kiriage = true }).S, 8000)
  lu.assertEquals(settle({ han = 3, fu = 60 }, "E", "discard", { kiriage = true }).E, 12000)
  lu.assertEquals(settle({ han = 3, fu = 60 }, "S", "self", { kiriage = true }).E, -4000)
  lu.assertEquals(settle({ han = 3, fu = 50 }, "S", "discard", { kiriage = true }).S, 6400)
end

os.exit(lu.LuaUnit.run())
