-- A Japanese child with one more complete hand beyond the core's forms (tests/lua/
-- test_special_ready.lua): "Thirteen individuals", a yakuman: 1-4-7, 2-5-8 and 3-6-9 in
-- the three suits, one of each, and five honours of four kinds. special_complete says the
-- shape is complete; score values it (one truth: play offers what score says wins).
local japanese = require "japanese"

local TRIADS = { [1] = true, [2] = true, [3] = true }

-- counts: kind -> count of a 14-tile concealed hand
local function individuals(counts)
  local start, honours, kinds, pairs_ = {}, 0, 0, 0
  for kind, n in pairs(counts) do
    local rank, suit = tonumber(kind:sub(1, 1)), kind:sub(2, 2)
    if suit == "z" then
      honours, kinds = honours + n, kinds + 1
      if n == 2 then pairs_ = pairs_ + 1 elseif n ~= 1 then return false end
    elseif n ~= 1 then
      return false
    else
      local first = (rank - 1) % 3 + 1
      start[suit] = start[suit] or first
      if start[suit] ~= first then return false end
    end
  end
  local used = {}
  for _, suit in ipairs { "m", "p", "s" } do
    local first = start[suit]
    if not first or used[first] or not TRIADS[first] then return false end
    used[first] = true
    for r = first, 9, 3 do if not counts[r .. suit] then return false end end
  end
  return honours == 5 and kinds == 4 and pairs_ == 1
end

local R = { name = "truth_japanese_special", extends = "japanese" }

function R.special_complete(g, seat, concealed, nmelds)
  if nmelds > 0 then return false end
  local counts = {}
  for _, t in ipairs(jong.tiles(concealed)) do counts[t] = (counts[t] or 0) + 1 end
  return individuals(counts)
end

function R.score(f)
  local result, why = japanese.score(f)
  if result == nil then return nil, why end
  if result.wins or #f.melds > 0 or not individuals(f.counts) then return result end
  return { wins = true, value = { yakuman = 1 }, limit = "Yakuman",
           items = { { name = "Thirteen individuals", value = 1, unit = "yakuman" } } }
end

return R
