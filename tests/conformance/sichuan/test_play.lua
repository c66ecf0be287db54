-- Sichuan in the engine: play after a win (§10). A stacked deal with three wins: two on
-- the dealer's first discard (一炮多响, §9.3), then the next active seat after the farther
-- winner draws and wins by self-draw, paid by the one seat still in the deal; the deal
-- ends with one seat left. And self-play keeping every invariant.
local lu = require "luaunit"

local in_play = require "in_play"
local play, events = in_play.play, in_play.events

-- A stacked deal (§6.3): the four hands (the dealer's 14 tiles, 13 for the others), then
-- the tiles drawn after the deal.
-- No exchange (sc.exchange = off); the missing suits are declared first (§8.1).
local function game(e, s, w, n, draws)
  return assert(jong.scenario { rules = "sichuan", seed = 1, hands = { E = e, S = s, W = w, N = n }, draws = draws,
                                options = { exchange = "off" } })
end

-- Before play (§8.1): every seat declares its missing suit.
local function declare(g, e, s, w, n)
  for seat, suit in pairs { E = e, S = s, W = w, N = n } do play(g, seat, "declare " .. suit) end
end

function test_three_wins_in_one_deal()
  local g = game("445566778899m1p5s", "23456677899p34s", "111222333789m5s", "123456789p44s56s", "7s")
  declare(g, "s", "m", "p", "m")
  play(g, "E", "d 5s")
  play(g, "S", "win")
  play(g, "W", "win")
  -- S and W have left; North, the first seat still playing after West, draws 7s.
  lu.assertEquals(g:brief().left, 2 + 4)
  lu.assertEquals(g:brief().turn, "N")
  play(g, "N", "win")
  local wins = events(g, "win")
  lu.assertEquals(#wins, 3)
  local settles = events(g, "settle")
  lu.assertEquals(settles[1].payments, { E = -2, S = 1, W = 1, N = 0 })   -- one discard, two winners
  -- North's first draw, no claim made: an earthly win (P16, 5 fan, capped: 8) and the
  -- self-draw base, paid by East alone (the only other seat still in the deal).
  lu.assertEquals(settles[2].payments, { E = -9, S = 0, W = 0, N = 9 })
  lu.assertEquals(g:brief().phase, "deal_end")                            -- one seat left
  lu.assertEquals(g:brief().first_winner, "S")
  lu.assertEquals(g:brief().first_shared, "E")
end

function test_self_play()
  local g = assert(jong.game { rules = "sichuan", seed = 3 })
  g:run_bots(nil, "greedy")
  lu.assertEquals(g:brief().phase, "match_end")
  local total = 0
  for _, seat in ipairs { "E", "S", "W", "N" } do total = total + g:seat(seat).points end
  lu.assertEquals(total, 0)
end

-- §11.1 in play: a concealed kong is paid at once, 2 by each other seat in the deal, and
-- the engine keeps each share in the declarer's ledger (for the refund of §15.3).
function test_kong_money_when_declared()
  local g = game("5555p123456789m1s", "1122334466779s", "111222333789m5s", "123467899p44s56s", "9s")
  declare(g, "s", "m", "p", "m")
  play(g, "E", "kong 5p")
  local pays = events(g, "payment")
  lu.assertEquals(#pays, 1)
  lu.assertEquals(pays[1].payments, { E = 6, S = -2, W = -2, N = -2 })
  lu.assertEquals(g:kong_income("E"), { S = 2, W = 2, N = 2 })
  lu.assertEquals(g:seat_summary("E").points + g:seat_summary("S").points, 4)
end

-- §15 in play: at the wall's end the checks move points among the seats still in the
-- deal (the sums stay zero).
function test_wall_end_checks_in_play()
  local settled, moved = 0, 0
  for seed = 1, 10 do
    local g = assert(jong.game { rules = "sichuan", seed = seed })
    g:run_bots(nil, "greedy")
    local prev
    for _, e in ipairs(g:events()) do
      if e.type == "settle" and prev == "draw_end" then
        local p = e.payments
        settled = settled + 1
        lu.assertEquals(p.E + p.S + p.W + p.N, 0)
        if p.E ~= 0 or p.S ~= 0 or p.W ~= 0 or p.N ~= 0 then moved = moved + 1 end
      end
      prev = e.type
    end
  end
  lu.assertTrue(settled > 0)
  lu.assertTrue(moved > 0)
end

os.exit(lu.LuaUnit.run())
