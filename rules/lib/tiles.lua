-- rules/lib/tiles.lua: tiles and seats for rule scripts, made once from the module's
-- tile facts (jong.TILES, jong.suit, jong.rank). `local tiles = require "lib.tiles"`.
local T = {}

T.SEATS = { "E", "S", "W", "N" }
T.SEAT_INDEX = { E = 1, S = 2, W = 3, N = 4 }
T.WIND_TILE = { E = "1z", S = "2z", W = "3z", N = "4z" }   -- a seat's (or round's) wind
T.KINDS = {}                                                -- the 34 kinds in order
T.SUIT, T.RANK = {}, {}                                     -- "5m" -> "m", 5
T.SIMPLE, T.TERMINAL, T.HONOUR, T.WIND, T.DRAGON = {}, {}, {}, {}, {}
T.END = {}                                                  -- terminal or honour
T.GREEN = { ["2s"] = true, ["3s"] = true, ["4s"] = true, ["6s"] = true, ["8s"] = true, ["6z"] = true }
T.OF_SUIT = { m = {}, p = {}, s = {}, z = {} }              -- T.OF_SUIT.m[5] == "5m"

for i, t in ipairs(jong.TILES) do
  local s, r = jong.suit(t), jong.rank(t)
  T.KINDS[i], T.SUIT[t], T.RANK[t], T.OF_SUIT[s][r] = t, s, r, t
  T.HONOUR[t] = s == "z"
  T.TERMINAL[t] = s ~= "z" and (r == 1 or r == 9)
  T.SIMPLE[t] = s ~= "z" and r >= 2 and r <= 8
  T.WIND[t] = s == "z" and r <= 4
  T.DRAGON[t] = s == "z" and r >= 5
  T.END[t] = T.HONOUR[t] or T.TERMINAL[t]
end

-- A plain copy of one of these tables (what require gives is a read-only view; a hot
-- path indexes a plain table faster).
function T.copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- The count of each kind in a hand in notation ("147m258p" -> {["1m"] = 1, ...}; a red
-- five counts as its kind): what lib.patterns' tests take, from special_complete's
-- `concealed`.
function T.counts_of(notation)
  local counts = {}
  for _, t in ipairs(jong.tiles(notation)) do
    local k = jong.kind_of(t)
    counts[k] = (counts[k] or 0) + 1
  end
  return counts
end

-- The seat n places after `seat` (1: the next in turn).
function T.seat_after(seat, n)
  return T.SEATS[(T.SEAT_INDEX[seat] - 1 + (n or 1)) % 4 + 1]
end

return T
