-- rules/lib/patterns.lua: shapes several variants name, on counts by kind
-- (f.counts: the concealed tiles with the winning one).
local tiles = require "lib.tiles"
local M = {}

-- Nine gates: no meld, one suit, 1112345678999 and one more of the suit. Returns the
-- suit, or nil.
function M.nine_gates(counts, nmelds)
  if nmelds and nmelds > 0 then return nil end
  local suit, n = nil, 0
  for t, c in pairs(counts) do
    local s = tiles.SUIT[t]
    if s == "z" or (suit and s ~= suit) then return nil end
    suit, n = s, n + c
  end
  if not suit or n ~= 14 then return nil end
  local of = tiles.OF_SUIT[suit]
  if (counts[of[1]] or 0) < 3 or (counts[of[9]] or 0) < 3 then return nil end
  for r = 2, 8 do if not counts[of[r]] then return nil end end
  return suit
end

-- Seven pairs: 14 concealed tiles in pairs; four alike count as two pairs only when
-- `four_alike` is true. Returns true or false.
function M.seven_pairs(counts, four_alike)
  local pairs_n = 0
  for _, c in pairs(counts) do
    if c == 2 then pairs_n = pairs_n + 1
    elseif c == 4 and four_alike then pairs_n = pairs_n + 2
    else return false end
  end
  return pairs_n == 7
end

-- Knitted: 1-4-7, 2-5-8 and 3-6-9 each in a different suit (all nine held). Returns the
-- suits in the order of their triads ("mps": 147m 258p 369s), or nil.
local TRIADS = { { 1, 4, 7 }, { 2, 5, 8 }, { 3, 6, 9 } }
local ORDERS = { "mps", "msp", "pms", "psm", "smp", "spm" }
function M.knitted(counts)
  for _, order in ipairs(ORDERS) do
    local all = true
    for i = 1, 3 do
      local of = tiles.OF_SUIT[order:sub(i, i)]
      for _, r in ipairs(TRIADS[i]) do all = all and (counts[of[r]] or 0) >= 1 end
    end
    if all then return order end
  end
  return nil
end

-- Thirteen unrelated (Shisanlan, the orchard's "scattered"): fourteen different tiles, the
-- suited ones of one suit at least three ranks apart (147m 258p 369s and five honours, say).
function M.unrelated(counts)
  local n, last = 0, {}
  for _, kind in ipairs(tiles.KINDS) do          -- in kind order: 1m ... 9m, 1p ..., 1z ... 7z
    local c = counts[kind] or 0
    if c > 1 then return false end
    if c == 1 then
      n = n + 1
      local suit = tiles.SUIT[kind]
      if suit ~= "z" then
        local rank = tiles.RANK[kind]
        if last[suit] and rank - last[suit] < 3 then return false end
        last[suit] = rank
      end
    end
  end
  return n == 14
end

return M
