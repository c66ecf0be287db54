-- rules/lib/waits.lua: the structural waits of a concealed part, for the wait elements of
-- the scoring tables ("the hand waited on exactly one kind": MCR Edge / Closed / Single
-- Wait; Japanese, Taiwanese and other single-wait rules read the same way). Kinds are
-- numbered 1-34 in the order of jong.TILES (1-9 characters, 10-18 dots, 19-27 bamboo,
-- 28-34 the honours). Each suit's counts are read as one number (base 6) and whether they
-- split into sets (bit 1) or into sets and one pair (bit 2) is remembered, so a hand costs
-- a few table lookups per candidate kind.

local waits = {}

local SPLITS = {}
local POW6 = {}
for r = 1, 9 do POW6[r] = 6 ^ (r - 1) // 1 end

local function sets_only(c, from)
  local r = from
  while r <= 9 and c[r] == 0 do r = r + 1 end
  if r > 9 then return true end
  if c[r] >= 3 then
    c[r] = c[r] - 3
    local ok = sets_only(c, r)
    c[r] = c[r] + 3
    if ok then return true end
  end
  if r <= 7 and c[r + 1] > 0 and c[r + 2] > 0 then
    c[r], c[r + 1], c[r + 2] = c[r] - 1, c[r + 1] - 1, c[r + 2] - 1
    local ok = sets_only(c, r)
    c[r], c[r + 1], c[r + 2] = c[r] + 1, c[r + 1] + 1, c[r + 2] + 1
    if ok then return true end
  end
  return false
end

local function splits(key)   -- key: a suit's counts in base 6
  local s = SPLITS[key]
  if s then return s end
  local c, k = {}, key
  for r = 1, 9 do c[r] = k % 6; k = k // 6 end
  s = sets_only(c, 1) and 1 or 0
  for r = 1, 9 do
    if c[r] >= 2 then
      c[r] = c[r] - 2
      if sets_only(c, 1) then s = s | 2 end
      c[r] = c[r] + 2
      if s & 2 ~= 0 then break end
    end
  end
  SPLITS[key] = s
  return s
end

local function honor_splits(cnt)   -- honours alone: sets are pungs, at most one pair
  local pairs_ = 0
  for k = 28, 34 do
    local n = cnt[k]
    if n == 2 then pairs_ = pairs_ + 1
    elseif n ~= 0 and n ~= 3 then return 0 end
  end
  return pairs_ == 0 and 1 or pairs_ == 1 and 2 or 0
end

-- Do four groups (their bits) make one complete hand: every group sets, one of them with
-- the pair?
local function complete_groups(g1, g2, g3, g4)
  local sets = (g1 & 1) + (g2 & 1) + (g3 & 1) + (g4 & 1)
  if sets < 3 then return false end
  if sets == 4 then   -- one group may also split with a pair instead
    return (g1 | g2 | g3 | g4) & 2 ~= 0
  end
  return (g1 & 1 == 0 and g1 & 2 ~= 0) or (g2 & 1 == 0 and g2 & 2 ~= 0)
      or (g3 & 1 == 0 and g3 & 2 ~= 0) or (g4 & 1 == 0 and g4 & 2 ~= 0)
end

-- waits.count(cnt, n): how many kinds complete the concealed tiles `cnt` (counts by kind
-- 1-34, n = 13 - 3 * melds of them, e.g. a hand before its winning tile) into four sets
-- and a pair, or into seven pairs (four of a kind counts as two) when n is 13. Counted
-- structurally: a kind counts even when its copies are all in sight, a fifth copy too.
-- Counting stops at 2 (enough to know whether the wait was on exactly one kind).
function waits.count(cnt, nconcealed)
  local k1, k2, k3 = 0, 0, 0
  for k = 1, 9 do k1 = k1 + cnt[k] * POW6[k] end
  for k = 10, 18 do k2 = k2 + cnt[k] * POW6[k - 9] end
  for k = 19, 27 do k3 = k3 + cnt[k] * POW6[k - 18] end
  local g1, g2, g3, g4 = splits(k1), splits(k2), splits(k3), honor_splits(cnt)
  local odd = 0                                      -- Seven Pairs: one odd count, no more
  if nconcealed == 13 then
    for k = 1, 34 do odd = odd + cnt[k] % 2 end
  end
  local waits = 0
  for k = 1, 34 do
    -- a kind can only complete the hand next to tiles held: an honour held, a suited kind
    -- within two of a tile of its suit
    local near = cnt[k] > 0
    if not near and k <= 27 then
      local r = (k - 1) % 9 + 1
      near = (r > 1 and cnt[k - 1] > 0) or (r < 9 and cnt[k + 1] > 0)
          or (r > 2 and cnt[k - 2] > 0) or (r < 8 and cnt[k + 2] > 0)
    end
    if near then
      local done
      if k <= 9 then done = complete_groups(splits(k1 + POW6[k]), g2, g3, g4)
      elseif k <= 18 then done = complete_groups(g1, splits(k2 + POW6[k - 9]), g3, g4)
      elseif k <= 27 then done = complete_groups(g1, g2, splits(k3 + POW6[k - 18]), g4)
      else
        cnt[k] = cnt[k] + 1
        done = complete_groups(g1, g2, g3, honor_splits(cnt))
        cnt[k] = cnt[k] - 1
      end
      if not done and odd == 1 and cnt[k] % 2 == 1 then done = true end
      if done then
        waits = waits + 1
        if waits > 1 then return waits end          -- more than one: enough to know
      end
    end
  end
  return waits
end

return waits
