-- Sanma house rules (examples/rules/sanma_house.lua): no tsumo loss, a kita worth two
-- dora; in `jong score` and in play at a table of three.
local lu = require "luaunit"

local RULES = "examples/rules/sanma_house.lua"

-- South wins on East's 3s with ittsu and one kita: 3 han in sanma, 4 (mangan) here.
local function score(rules, options)
  return jong.score { rules = rules, options = options, seat = "S", round = "E", kita = 1,
                      hand = "123456789p11123s", win_tile = "3s", win_by = "discard", from = "E" }
end

function test_scored()
  local plain, house = score("sanma"), score(RULES)
  lu.assertEquals(plain.value, { han = 3, fu = 40 })
  lu.assertEquals(house.value, { han = 4, fu = 40 })
  lu.assertEquals(house.limit, "Mangan")
  lu.assertEquals(house.items[3], { name = "Kita (house)", value = 1, unit = "han" })
  lu.assertEquals(house.payments, { E = -8000, S = 8000, W = 0 })
  lu.assertEquals(score(RULES, { kita_dora = 1 }).payments, plain.payments)
end

-- A self-draw: sanma's tsumo loss is off, so the two payers share the North's part.
function test_tsumo_without_loss()
  local s = { rules = RULES, seat = "S", round = "E", hand = "123456789p11123s", win_tile = "3s", win_by = "self" }
  -- 3 han 30 fu: the dealer pays 2,000, West 1,000, and each half the North's 1,000
  local pay = jong.score(s).payments
  lu.assertEquals(pay, { E = -2500, S = 4000, W = -1500 })
  lu.assertEquals(math.type(pay.E), "integer")
end

-- Play: the dealer sets North aside as kita, draws 1s from the dead wall and wins on it.
local JUNK_S = "1m9m2p5p8p3s6s9s1z2z5z6z7z"
local JUNK_W = "1m9m3p6p9p4s7s9s1z2z5z6z7z"

local function kita_tsumo(rules)
  local g = assert(jong.scenario { rules = rules, back = "1s7p7p7p7s7s7s8s5z9m",
    hands = { E = "123456789p11s23s4z", S = JUNK_S, W = JUNK_W } })
  lu.assertEquals(g:seats(), { "E", "S", "W" })
  assert(g:run { { "E", "kita" }, { "E", "win" } })
  return g
end

function test_in_play()
  local plain, house = kita_tsumo("sanma"), kita_tsumo(RULES)
  lu.assertEquals(plain:last_payments(), { E = 12000, S = -6000, W = -6000 })
  local r = house.last_results[1].result
  lu.assertEquals(r.value.han, 7)                      -- 6 han in sanma, one kita more
  lu.assertEquals(r.limit, "Haneman")
  lu.assertEquals(house:last_payments(), { E = 18000, S = -9000, W = -9000 })
  lu.assertTrue(house:check())
end

os.exit(lu.LuaUnit.run())
