-- examples/rules/singapore.lua: a family of its own from `base`, after the Singaporean
-- (and Malaysian) game as public descriptions give it (the Wikipedia article "Singaporean
-- Mahjong scoring rules", mahjongstudio.com's "Singapore Mahjong Rules"): hands are valued
-- in tai, capped at a limit (5 by default), a 1-tai hand is paid one unit and each further
-- tai doubles it, the discarder pays double; flowers and seasons are bonus tiles worth a tai
-- at their own seat; kongs are paid at once (settle_kong).
--
-- What this file cannot say (docs/authoring.md, "Singapore"): the four animal tiles (the
-- engine's tile set has 136 or 144 tiles: no cat, rat, rooster or centipede), and the
-- payments made at once when a bonus tile is exposed (a "bite": cat and rat, rooster and
-- centipede, a seat's own flower and season): no hook is called when a bonus tile is shown.
local tiles = require "lib.tiles"

local R = {
  name = "singapore",
  extends = "base",
  option_prefix = "sg.",
  tiles = 144,                                          -- flowers f1-f4, seasons g1-g4
  forms = { "standard", "thirteen_orphans" },           -- no seven pairs
  options = {
    limit = { default = 5, doc = "the tai a hand is capped at (the limit)" },
    minimum = { default = 1, doc = "tai a hand needs to win" },
    unit = { default = 1, doc = "what a 1-tai hand is paid (each further tai doubles it)" },
    shooter = { default = "double", values = { "double", "all" },
                doc = "a discarder pays double and the others single, or the discarder pays for all" },
    kong_money = { default = true, doc = "a kong is paid at once: 1 unit by each other seat, 2 when concealed" },
  },
}

local SEAT_FLOWER = { E = { f1 = true, g1 = true }, S = { f2 = true, g2 = true },
                      W = { f3 = true, g3 = true }, N = { f4 = true, g4 = true } }

local function pungs_of(reading, visit)        -- the pungs and kongs of a reading
  local n = 0
  for _, set in ipairs(reading.sets) do
    if set.type ~= "chow" and visit(set.tile) then n = n + 1 end
  end
  return n
end

local function suits(f)                         -- the suits held, and whether honours are
  local held, honours = {}, false
  for kind in pairs(f.all_counts) do
    local s = tiles.SUIT[kind]
    if s == "z" then honours = true elseif s then held[s] = true end
  end
  local n = 0
  for _ in pairs(held) do n = n + 1 end
  return n, honours
end

local function all_chows(f, reading)           -- ping hu: all chows, a plain pair, a two-sided wait, no bonus tile
  if #f.bonus > 0 or reading.wait ~= "two_sided" then return false end
  local pair = reading.pair
  if tiles.DRAGON[pair] or pair == tiles.WIND_TILE[f.seat] or pair == tiles.WIND_TILE[f.round] then return false end
  for _, set in ipairs(reading.sets) do if set.type ~= "chow" then return false end end
  return true
end

-- The items, one entry each: a test answers true (worth `value`) or how many times it
-- counts; reading: nil for thirteen orphans. `limit`: the hand is worth the limit.
R.items = {
  { id = "SG1", name = "Dragon pung", value = 1, unit = "tai", test = function(f, r)
      return r and pungs_of(r, function(t) return tiles.DRAGON[t] end) end },
  { id = "SG2", name = "Seat wind pung", value = 1, unit = "tai", test = function(f, r)
      return r and pungs_of(r, function(t) return t == tiles.WIND_TILE[f.seat] end) end },
  { id = "SG3", name = "Prevailing wind pung", value = 1, unit = "tai", test = function(f, r)
      return r and pungs_of(r, function(t) return t == tiles.WIND_TILE[f.round] end) end },
  { id = "SG4", name = "All pungs", value = 2, unit = "tai", test = function(f, r)
      return r and pungs_of(r, function() return true end) == 4 end },
  { id = "SG5", name = "Half colour", value = 2, unit = "tai", test = function(f)
      local n, honours = suits(f)
      return n == 1 and honours end },
  { id = "SG6", name = "Full colour", value = 4, unit = "tai", test = function(f)
      local n, honours = suits(f)
      return n == 1 and not honours end },
  { id = "SG7", name = "All chows", value = 4, unit = "tai", test = function(f, r) return r and all_chows(f, r) end },
  { id = "SG8", name = "Seat flower", value = 1, unit = "tai", test = function(f)
      local n = 0
      for _, b in ipairs(f.bonus) do if SEAT_FLOWER[f.seat][b] then n = n + 1 end end
      return n end },
  { id = "SG9", name = "Flower set", value = 1, unit = "tai", test = function(f)   -- f1-f4 or g1-g4 all held
      local held, n = {}, 0
      for _, b in ipairs(f.bonus) do held[b] = true end
      for _, set in ipairs { "f", "g" } do
        if held[set .. 1] and held[set .. 2] and held[set .. 3] and held[set .. 4] then n = n + 1 end
      end
      return n end },
  { id = "SG10", name = "No bonus tiles", value = 1, unit = "tai", test = function(f) return #f.bonus == 0 end },
  { id = "SG11", name = "Thirteen orphans", limit = true, unit = "tai", test = function(f, r)
      return r == nil and f.thirteen_orphans end },
  { id = "SG12", name = "Big three dragons", limit = true, unit = "tai", test = function(f, r)
      return r and pungs_of(r, function(t) return tiles.DRAGON[t] end) == 3 end },
}

-- The items of one reading (nil: thirteen orphans) and its tai, the limit not yet applied.
local function tally(f, reading)
  local items, tai = {}, 0
  for _, item in ipairs(f.rules.items) do
    local v = item.test(f, reading)
    local times = v == true and 1 or (math.type(v) == "integer" and v) or 0
    if times > 0 then
      if item.limit then             -- a limit hand: its line alone
        return { { name = item.name, value = f.options.limit, unit = item.unit } }, f.options.limit, item.name
      end
      items[#items + 1] = { name = item.name, value = item.value * times, unit = item.unit }
      tai = tai + item.value * times
    end
  end
  return items, tai
end

function R.score(f)
  local best, best_tai, best_limit
  local function consider(reading)
    local items, tai, limit = tally(f, reading)
    if not best or tai > best_tai then best, best_tai, best_limit = items, tai, limit end
  end
  for _, reading in ipairs(f.readings) do consider(reading) end
  if f.thirteen_orphans and #f.readings == 0 then consider(nil) end
  if not best then return { wins = false, reason = "not a complete hand" } end
  local cap = f.options.limit
  if best_tai >= cap then best_tai, best_limit = cap, best_limit or "Limit" end
  if best_tai < f.options.minimum then
    return { wins = false, reason = best_tai .. " tai, below the minimum of " .. f.options.minimum,
             value = { tai = best_tai }, items = best }
  end
  return { wins = true, value = { tai = best_tai }, items = best, limit = best_limit }
end

-- A 1-tai hand is paid one unit, each further tai doubles it; on a self-draw every other
-- seat pays double, on a discard the discarder pays double and the others single (or,
-- with shooter = "all", the discarder pays four times).
function R.settle(f, result)
  local o = f.options
  local u = o.unit * (1 << math.max(result.value.tai - 1, 0))
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  for _, seat in ipairs(tiles.SEATS) do
    if seat ~= f.seat then
      local amount
      if f.win_by == "self" then amount = 2 * u
      elseif o.shooter == "all" then amount = seat == f.from and 4 * u or 0
      else amount = seat == f.from and 2 * u or u end
      pay[seat], pay[f.seat] = pay[seat] - amount, pay[f.seat] + amount
    end
  end
  return pay
end

-- Kong money, paid when the kong is declared: each other seat pays 1 unit, 2 for a
-- concealed kong (its last meld: `[1111z]c`).
function R.settle_kong(g, seat)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  if not g.options.kong_money then return pay end
  local melds = g:seat(seat).melds
  local each = g.options.unit * ((melds[#melds] or ""):find("%]c") and 2 or 1)
  for _, other in ipairs(g:seats()) do
    if other ~= seat then pay[other], pay[seat] = pay[other] - each, pay[seat] + each end
  end
  return pay
end

return R
