-- The one-hook house rule of docs/authoring.md (chapter 4), played on a stacked wall: South
-- is offered no chow of East's 3m under no_chow (a pung still; a chow too under hongkong),
-- and the win on East's 5m under both, scored as `jong score` scores it.
local lu = require "luaunit"

local RULES = "examples/rules/no_chow.lua"
local SOUTH = "1234567892345m"           -- pure one suit, waiting on 2m and 5m

-- East discards 3m (South may pung it, and chow it under hongkong); a go-round of 6z; East
-- draws 5m and discards it.
local function game(rules)
  return assert(jong.scenario { rules = rules, seed = 1, draws = "6z6z6z5m",
    hands = { E = "11m3m99p33s1122z345z", S = SOUTH, W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
end

local function offers(g, seat, kind)
  for _, a in ipairs(g:legal(seat)) do if a.type == kind then return true end end
  return false
end

function test_no_chow_claim()
  local g = game("hongkong")
  assert(g:play("E", "d 3m"))
  lu.assertTrue(offers(g, "S", "chow"))
  g = game(RULES)
  assert(g:play("E", "d 3m"))
  lu.assertFalse(offers(g, "S", "chow"))
  lu.assertTrue(offers(g, "S", "pung"))
  local ok, err = g:play("S", "chow 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "no chows at this table")
end

function test_the_win_is_still_claimed()
  for _, rules in ipairs { "hongkong", RULES } do
    local g = game(rules)
    assert(g:run { { "E", "d 3m" }, { "S", "pass" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
    lu.assertTrue(offers(g, "S", "win"), rules)
    assert(g:play("S", "win"))
    local r = jong.score { rules = rules, seat = "S", hand = SOUTH .. "5m", win_tile = "5m",
                           win_by = "discard", from = "E" }
    lu.assertEquals(g.last_results[1].result.items, r.items)
    lu.assertEquals(g:last_payments(), r.payments)
  end
end

os.exit(lu.LuaUnit.run())
