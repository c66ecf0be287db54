-- House payments on Japanese (examples/rules/house_payments.lua): a riichi stake of 2,000
-- and no honba, in `jong score` and in play.
local lu = require "luaunit"

local RULES = "examples/rules/house_payments.lua"

-- South wins 1,300 (yakuhai) on West's discard with 2 honba and one stick on the table.
local function score(rules, options)
  return jong.score { rules = rules, options = options, seat = "S", hand = "123m456p789s5577z7z",
                      win_tile = "7z", win_by = "discard", from = "W", honba = 2, deposits = 1 }
end

function test_scored()
  lu.assertEquals(score("japanese").payments, { E = 0, S = 1300 + 600 + 1000, W = -1900, N = 0 })
  lu.assertEquals(score(RULES).payments, { E = 0, S = 1300 + 2000, W = -1300, N = 0 })
  lu.assertEquals(score(RULES, { honba_paid = true }).payments, { E = 0, S = 1900 + 2000, W = -1900, N = 0 })
end

-- South declares riichi on his first draw and wins on East's 7z.
function test_in_play()
  local g = assert(jong.scenario { rules = RULES, seed = 1, draws = "6z6z6z9m",
    hands = { E = "11m99p33s1122z3457z", S = "123m456p789s5577z",
              W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 4z" }, { "S", "riichi 6z" } })
  lu.assertEquals(g:state().deposits, 2000)
  lu.assertEquals(g:state().seats.S.points, 23000)
  assert(g:run { { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 7z" }, { "S", "win" } })
  local pay = g:last_payments()
  lu.assertEquals(pay, { E = -8000, S = 10000, W = 0, N = 0 })   -- 8,000 and the stick back
  lu.assertEquals(g:state().seats.S.points, 33000)
  lu.assertTrue(g:check())
end

-- Whole matches under the house rules keep every invariant.
function test_matches()
  for seed = 1, 3 do
    local g = assert(jong.game { rules = RULES, seed = seed })
    g:run_bots({}, "default")
    lu.assertEquals(g:state().phase, "match_end")
    lu.assertTrue(g:check())
  end
end

os.exit(lu.LuaUnit.run())
