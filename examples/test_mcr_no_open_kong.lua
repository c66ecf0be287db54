-- MCR without kongs claimed from a discard (examples/rules/mcr_no_open_kong.lua): may_claim
-- in play on a stacked wall, the parent untouched, a concealed kong still made, scoring MCR's.
local lu = require "luaunit"

local RULES = "examples/rules/mcr_no_open_kong.lua"

-- East holds four 1m and discards 5z first; South holds three 5z.
local function game(rules)
  return assert(jong.scenario { rules = rules, seed = 1,
    hands = { E = "1111m234p567s789s5z", S = "2m47m258p369s1555z", W = "2288m33p44p55s66s7z",
              N = "11p22p33s44s55m66m7z" } })
end

local function types(g, seat)
  local t = {}
  for _, a in ipairs(g:legal(seat)) do t[a.type] = true end
  return t
end

function test_no_kong_from_a_discard()
  local g = game(RULES)
  lu.assertTrue(types(g, "E").kong_concealed)            -- not a claim: still allowed
  assert(g:play("E", "d 5z"))
  lu.assertEquals(types(g, "S"), { pass = true, pung = true })
  local ok, why = g:play("S", "kong")
  lu.assertNil(ok)
  lu.assertEquals(why, "seat S cannot kong 5z: no kong from a discard at this table")
  assert(g:play("S", "pung"))
  lu.assertEquals(g:seat("S").melds[1], "[555z]@E")
end

function test_the_parent_allows_it()
  local g = game("mcr")
  assert(g:play("E", "d 5z"))
  lu.assertEquals(types(g, "S"), { pass = true, pung = true, kong = true })
  assert(g:play("S", "kong"))
end

function test_concealed_kong_stays()
  local g = game(RULES)
  assert(g:play("E", "kong 1m"))
  lu.assertEquals(#g:seat("E").melds, 1)
end

-- Scoring is MCR's, a Melded Kong included (a kong of a jong score situation is a fact, not
-- a claim this table refuses).
function test_scoring_is_the_parents()
  local s = { seat = "S", hand = "123m456m789m11p [5555z]", win_tile = "1p", win_by = "discard", from = "W" }
  s.rules = RULES
  local mine = jong.score(s)
  s.rules = "mcr"
  local parent = jong.score(s)
  lu.assertEquals(mine.wins, parent.wins)
  lu.assertEquals(mine.items, parent.items)
  lu.assertEquals(mine.payments, parent.payments)
end

os.exit(lu.LuaUnit.run())
