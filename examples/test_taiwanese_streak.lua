-- The Taiwanese streak cap (examples/rules/taiwanese_streak.lua): next_deal in play, the
-- parent untouched, jong score's streak tai unchanged.
local lu = require "luaunit"

local RULES = "examples/rules/taiwanese_streak.lua"

-- Plays the deal out to an exhaustive draw: every seat discards what it draws and passes
-- every claim (no seat wins).
local function draw_out(g)
  for _ = 1, 2000 do
    local st = g:state()
    if st.phase ~= "turn" and st.phase ~= "claim" then return st.result end
    local seat = g:waiting()[1]
    if st.phase == "claim" then assert(g:play(seat, "pass")) else assert(g:play(seat, "d " .. st.drawn)) end
  end
end

-- The player at East after each of five drawn deals, and the streak (honba) of each deal.
local function dealers(rules, options)
  local g = assert(jong.game { rules = rules, seed = 1, options = options })
  local players, streaks = {}, {}
  for _ = 1, 5 do
    lu.assertEquals(draw_out(g), "exhaustive")
    assert(g:play(g:waiting()[1], "next"))
    players[#players + 1] = g:seat("E").player
    streaks[#streaks + 1] = g:brief().honba
  end
  return players, streaks
end

function test_the_dealer_keeps_three_times_then_passes()
  local players, streaks = dealers(RULES)
  lu.assertEquals(players, { 0, 0, 0, 1, 1 })
  lu.assertEquals(streaks, { 1, 2, 3, 0, 1 })
  players, streaks = dealers("taiwanese")                -- the parent: no cap
  lu.assertEquals(players, { 0, 0, 0, 0, 0 })
  lu.assertEquals(streaks, { 1, 2, 3, 4, 5 })
  players = dealers(RULES, { max_streak = 1 })           -- the option
  lu.assertEquals(players, { 0, 1, 1, 2, 2 })
  players = dealers(RULES, { draw_keeps_dealer = false })   -- the parent's option still rules
  lu.assertEquals(players, { 1, 2, 3, 0, 1 })
end

-- Scoring is Taiwanese's: a dealer on a streak of 3 is paid D1 and 3 x D2, as in the parent.
function test_streak_tai_as_in_the_parent()
  local s = { seat = "E", hand = "123m456m789m123p456p11s", win_tile = "1s", win_by = "discard", from = "S",
              dealer_streak = 3 }
  s.rules = RULES
  local mine = jong.score(s)
  s.rules = "taiwanese"
  local parent = jong.score(s)
  lu.assertTrue(mine.wins, mine.reason)
  lu.assertEquals(mine.items, parent.items)
  lu.assertEquals(mine.payments, parent.payments)
  local names = {}
  for _, it in ipairs(mine.items) do names[it.name] = it.value end
  lu.assertEquals(names["Dealer"], 1)
  lu.assertEquals(names["Dealer streak"], 6)
end

os.exit(lu.LuaUnit.run())
