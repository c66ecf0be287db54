-- A Japanese house abortive draw (examples/rules/japanese_dragons.lua): check_abort in play
-- on a stacked wall, the option, the parent untouched and its own abortive draws kept.
local lu = require "luaunit"

local RULES = "examples/rules/japanese_dragons.lua"

-- Every seat's first discard is a dragon (East 5z, South 6z, West 7z, North 5z); nobody
-- can claim any of them (each seat also holds one East wind). `first` replaces the discards.
local function first_go_around(rules, options, discards)
  local g = assert(jong.scenario { rules = rules, options = options, seed = 1, draws = "5m5p5s",
    hands = { E = "147m147p147s1234z5z", S = "258m258p258s123z6z", W = "369m369p369s123z7z",
              N = "147m258p369s1z5z6z7z" } })
  discards = discards or { "5z", "6z", "7z", "5z" }
  assert(g:run { { "E", "d " .. discards[1] }, { "S", "d " .. discards[2] }, { "W", "d " .. discards[3] },
                 { "N", "d " .. discards[4] } })
  return g
end

local function last_draw_end(g)
  local ev = g:deal_events()
  for i = #ev, 1, -1 do if ev[i].type == "draw_end" then return ev[i] end end
end

function test_four_dragons_abort_the_deal()
  local g = first_go_around(RULES)
  lu.assertEquals(g:state().phase, "deal_end")
  lu.assertEquals(g:state().result, "abortive")
  lu.assertEquals(last_draw_end(g).reason, "four dragons")
  lu.assertEquals(g:last_payments(), { E = 0, S = 0, W = 0, N = 0 })  -- Japanese: an abort pays nothing
  assert(g:play(g:waiting()[1], "next"))                 -- Japanese's next_deal: the dealer keeps, honba 1
  lu.assertEquals(g:seat("E").player, 0)
  lu.assertEquals(g:brief().honba, 1)
end

function test_not_an_abort()
  local g = first_go_around("japanese")                  -- the parent: play goes on
  lu.assertEquals(g:state().phase, "turn")
  lu.assertEquals(g:brief().turn, "E")
  g = first_go_around(RULES, { abort_dragons = false })
  lu.assertEquals(g:state().phase, "turn")
  g = first_go_around(RULES, nil, { "5z", "6z", "7z", "1z" }) -- North's first discard a wind
  lu.assertEquals(g:state().phase, "turn")
end

-- The parent's abortive draws are asked first: four winds are suufon renda when its option
-- is on.
function test_parent_aborts_kept()
  local g = assert(jong.scenario { rules = RULES, options = { abort_suufon = true }, seed = 1, draws = "5m5p5s",
    hands = { E = "147m147p147s1234z5z", S = "258m258p258s123z6z", W = "369m369p369s123z7z",
              N = "147m258p369s1z5z6z7z" } })
  assert(g:run { { "E", "d 1z" }, { "S", "d 1z" }, { "W", "d 1z" }, { "N", "d 1z" } })
  lu.assertEquals(last_draw_end(g).reason, "suufon renda")
  g = first_go_around(RULES, { abort_suufon = true })
  lu.assertEquals(last_draw_end(g).reason, "four dragons")
end

-- Scoring is Japanese's.
function test_scoring_is_the_parents()
  local s = { seat = "S", hand = "234m456p678s22s567p", win_tile = "2s", win_by = "discard", from = "E" }
  s.rules = RULES
  local mine = jong.score(s)
  s.rules = "japanese"
  local parent = jong.score(s)
  lu.assertTrue(mine.wins, mine.reason)
  lu.assertEquals(mine.items, parent.items)
  lu.assertEquals(mine.payments, parent.payments)
end

os.exit(lu.LuaUnit.run())
