-- examples/explore.lua: explore a game state from a script.
--   build/jong run examples/explore.lua [RULES] [SEED]
-- Starts a game, looks at the dealer's hand (shanten, waits after each discard, what
-- a win would score), plays a few turns with the built-in bots, takes one back and
-- shows what changed. Every call is the `jong` module's (docs/api.md).
local rules, seed = arg[1] or "base", tonumber(arg[2] or "7")

local g = assert(jong.game { rules = rules, seed = seed })
local st = g:state()
print(string.format("%s, seed %d: round %s, %s to play, %d tiles in the wall",
  g.rules.name, seed, st.round, st.turn, st.wall))

-- The dealer holds 14 tiles: what does each discard leave?
local hand = st.seats.E.hand
local a = jong.analysis(hand)
print("E holds " .. hand .. ", shanten " .. a.shanten.all)

-- The concealed tiles less one, in notation ("1m2m3m" is as good as "123m").
local function without(tiles, tile)
  local rest, removed = {}, false
  for _, t in ipairs(tiles) do
    if t == tile and not removed then removed = true else rest[#rest + 1] = t end
  end
  return table.concat(rest)
end

local tiles = assert(jong.parse_hand(hand)).tiles
local best = {}
for _, action in ipairs(g:legal("E")) do
  if action.type == "discard" then
    local rest = assert(jong.analysis(without(tiles, jong.kind_of(action.tile))))
    best[#best + 1] = { tile = action.tile, shanten = rest.shanten.all, waits = rest.waits }
  end
end
table.sort(best, function(x, y)
  if x.shanten ~= y.shanten then return x.shanten < y.shanten end
  return jong.kind(x.tile) < jong.kind(y.tile)
end)
for i = 1, math.min(3, #best) do
  local b = best[i]
  print(string.format("  discard %s -> shanten %d%s", b.tile, b.shanten,
    #b.waits > 0 and ", waits " .. table.concat(b.waits, " ") or ""))
end

-- Play on with the greedy bot for every seat for a few actions, printing the events.
local first_event = g:state().events + 1
for _ = 1, 8 do
  local seat = g:waiting()[1]
  if not seat then break end
  assert(g:play(seat, assert(g:bot(seat, "greedy"))))
end
for _, e in ipairs(g:events(first_event)) do
  print(string.format("  event %-8s %s %s", e.type, e.seat or "", e.tile or ""))
end
assert(g:check())   -- every tile accounted for

-- Take the last action back: the state is exactly as before it.
local before = g:state()
assert(g:undo())
local after = g:state()
print(string.format("undo: %d -> %d events, %s to play again", before.events, after.events, after.turn))
assert(g:redo())
assert(g:state().events == before.events, "redo gives the same state")

-- What would win for the seat in turn, and what it would score.
local seat = g:state().turn
local now = g:state().seats[seat].hand
print(seat .. " holds " .. now)
local h = assert(jong.parse_hand(now))
if h.size == 13 then
  local waits = jong.analysis(now).waits
  print("  waits: " .. (#waits > 0 and table.concat(waits, " ") or "none yet"))
end

-- Scoring a hand directly, outside the game: the same hooks the game uses.
local r = jong.score { rules = rules, seat = "E", hand = "123456789m11p234s", win_tile = "4s",
  win_by = "self" }
print(string.format("123456789m11p234s self-drawn: wins %s, %s", tostring(r.wins), jong.json_encode(r.value)))
assert(r.ok and r.wins)
