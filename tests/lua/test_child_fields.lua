-- A child that changes only a data field of its parent (docs/hooks.md, "Reference") must
-- get it in play as in `jong score`: the parent's hooks read it through the ruleset in play
-- (f.rules, g.rules, configure's second argument), not through their own table.
local lu = require "luaunit"

local FIELDS = "tests/lua/rules/japanese_fields.lua"   -- riichi_deposit 2000, noten_total 6000

-- jong score: one riichi stick on the table is worth the child's stake.
function test_stick_scored()
  local s = { rules = FIELDS, seat = "S", hand = "123m456p789s5577z7z", win_tile = "7z",
              win_by = "discard", from = "W", deposits = 1 }
  local r = jong.score(s)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.payments.S - (-r.payments.W), 2000)
end

-- In play: a riichi puts 2,000 on the table, and the ron takes 2,000 back.
function test_stick_in_play()
  local g = assert(jong.scenario { rules = FIELDS, seed = 1, draws = "6z6z6z9m",
    hands = { E = "11m99p33s1122z3457z", S = "123m456p789s5577z",
              W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 4z" }, { "S", "riichi 6z" } })
  lu.assertEquals(g:state().deposits, 2000)
  lu.assertEquals(g:state().seats.S.points, 23000)
  assert(g:run { { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 7z" }, { "S", "win" } })
  local pay = g:last_payments()
  lu.assertEquals(pay.S + pay.E, 2000)              -- the stick, besides the ron
  lu.assertEquals(g:state().deposits, 0)
  lu.assertTrue(g:check())
end

-- In play: noten payments of 6,000 in all (seed 1 ends its first deal drawn with two
-- seats tenpai: 3,000 from each noten seat).
function test_noten_total_in_play()
  local g = assert(jong.game { rules = FIELDS, seed = 1 })
  while g:state().phase ~= "deal_end" do assert(g:run_bots({}, "default", 1) == 1) end
  lu.assertEquals(g:state().result, "exhaustive")
  local got = 0
  for _, v in pairs(g:last_payments()) do if v > 0 then got = got + v end end
  lu.assertEquals(got, 6000)
end

-- Sanma's configure sets the claims: a child's own claims (no kong on a discard) hold.
local function kong_offered(rules)
  local g = assert(jong.scenario { rules = rules, seed = 1,
    hands = { E = "1m9m2p5p8p3s6s9s1z2z5z6z7z4s", S = "444s1m9m3p6p9p1z2z5z6z7p", W = "1m9m3p6p9p7s9s1z2z5z6z7z7p" } })
  assert(g:play("E", "d 4s"))
  local types = {}
  for _, a in ipairs(g:legal("S")) do types[a.type] = true end
  return types.kong == true, types.pung == true
end

function test_sanma_child_claims()
  lu.assertEquals({ kong_offered("sanma") }, { true, true })
  lu.assertEquals({ kong_offered("tests/lua/rules/sanma_no_kong.lua") }, { false, true })
end

-- Sichuan's values are its items (data): a child's own hand types hold in play, in
-- `jong score` and in the wall-end event (score_event gets the ruleset in play).
local PLAIN_FAN = "tests/lua/rules/sichuan_plain_fan.lua"

function test_sichuan_child_values_in_play()
  local function first_settlement(rules)
    local g = assert(jong.scenario { rules = rules, seed = 1, options = { exchange = "off" },
      hands = { E = "445566778899m1p5s", S = "23456677899p34s", W = "111222333789m5s", N = "123456789p44s56s" },
      draws = "7s" })
    assert(g:run { { "E", "declare s" }, { "S", "declare m" }, { "W", "declare p" }, { "N", "declare m" },
                   { "E", "d 5s" }, { "S", "win" }, { "W", "win" } })
    for _, e in ipairs(g:events()) do
      if e.type == "settle" then return e.payments end
    end
  end
  lu.assertEquals(first_settlement("sichuan"), { E = -2, S = 1, W = 1, N = 0 })
  lu.assertEquals(first_settlement(PLAIN_FAN), { E = -4, S = 2, W = 2, N = 0 })
end

function test_sichuan_child_values_scored()
  local s = { rules = PLAIN_FAN, seat = "S", hand = "23456677899p34s5s", win_tile = "5s", win_by = "discard",
              from = "E", missing_suit = "m" }
  lu.assertEquals(jong.score(s).items[1], { name = "Plain win", value = 1, unit = "fan" })
  -- the wall's end: each seat's best value when ready is valued with the child's items
  local ev = { rules = PLAIN_FAN, event = "wall_end", active = { "S", "W" },
               seats = { S = { hand = "23456677899p34s", missing_suit = "m" },
                         W = { hand = "1112223337899m", missing_suit = "p" } } }
  local r = jong.score(ev)
  ev.rules = "sichuan"
  local plain = jong.score(ev)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.ready.S.fan, plain.ready.S.fan + 1)
end

os.exit(lu.LuaUnit.run())
