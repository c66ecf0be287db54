-- The house yaku of docs/authoring.md (chapter 2): scored by `jong score`, and offered as
-- a win in a game on a stacked wall exactly when it is the hand's only yaku.
local lu = require "luaunit"

local RULES = "examples/rules/house_yaku.lua"
local SOUTH = "1235m456p234s789s"          -- waits on 5m alone: no yaku in plain Japanese

local function score(rules)
  return jong.score { rules = rules, seat = "S", hand = SOUTH .. "5m", win_tile = "5m",
                      win_by = "discard", from = "E" }
end

function test_scored()
  lu.assertFalse(score("japanese").wins)
  local r = score(RULES)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.items[1], { name = "Gogo", value = 1, unit = "han" })
  lu.assertEquals(r.value, { han = 1, fu = 40 })
end

-- East discards 7z; South, West and North draw and discard a 6z each; East draws 5m and
-- discards it. Is South offered the ron?
local function offered(rules)
  local g = assert(jong.scenario { rules = rules, seed = 1, draws = "6z6z6z5m",
    hands = { E = "11m99p33s1122z3457z", S = SOUTH, W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
  for _, a in ipairs(g:legal("S")) do
    if a.type == "win" then return true, g end
  end
  return false, g
end

function test_in_play()
  lu.assertFalse((offered("japanese")))
  local wins, g = offered(RULES)
  lu.assertTrue(wins)
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.items[1].name, "Gogo")
  lu.assertEquals(g:last_payments(), { E = -1300, S = 1300, W = 0, N = 0 })
end

os.exit(lu.LuaUnit.run())
