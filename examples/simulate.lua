-- examples/simulate.lua: play many deals with the built-in bots and count what happens.
--   build/jong run examples/simulate.lua [RULES] [DEALS] [SEED] [BOT]
-- Each deal is a new game from its own seed; the bots (random or greedy) play every
-- seat. After every action the script checks that every tile is accounted for and that
-- the points still sum to what they were. Prints the wins by kind, the draws and the
-- actions per deal.
local rules = arg[1] or "base"
local deals = tonumber(arg[2] or "20")
local seed = tonumber(arg[3] or "1")
local bot = arg[4] or "greedy"

local function total_points(st)
  local sum = 0
  for _, seat in ipairs(jong.SEATS) do sum = sum + st.seats[seat].points end
  return sum
end

local counts = { self = 0, discard = 0, rob = 0, draw = 0, actions = 0 }
local winners = { E = 0, S = 0, W = 0, N = 0 }
local started = os.clock()
for d = 1, deals do
  local g = assert(jong.game { rules = rules, seed = seed + d - 1 })
  local points = total_points(g:state())
  local first = g:state().events + 1
  local steps = 0
  while g:state().phase == "turn" or g:state().phase == "claim" or g:state().phase == "rob" do
    local seat = g:waiting()[1]
    local action = assert(g:bot(seat, bot), "no bot action")
    assert(g:play(seat, action))
    assert(g:check())
    assert(total_points(g:state()) == points, "the points sum changed")
    steps = steps + 1
    assert(steps < 1000, "a deal that does not end")
  end
  counts.actions = counts.actions + steps
  local won = false
  for _, e in ipairs(g:events(first)) do
    if e.type == "win" then
      counts[e.by] = counts[e.by] + 1
      winners[e.seat] = winners[e.seat] + 1
      won = true
    end
  end
  if not won then counts.draw = counts.draw + 1 end
end
local seconds = os.clock() - started

print(string.format("%s, %d deals from seed %d, %s bots", rules, deals, seed, bot))
print(string.format("wins: %d self-drawn, %d on a discard, %d robbing a kong; %d draws",
  counts.self, counts.discard, counts.rob, counts.draw))
print(string.format("winners: E %d, S %d, W %d, N %d", winners.E, winners.S, winners.W, winners.N))
print(string.format("%.1f actions a deal, %.0f deals/s", counts.actions / deals,
  seconds > 0 and deals / seconds or 0))
assert(counts.self + counts.discard + counts.rob + counts.draw >= deals)
