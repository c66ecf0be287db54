-- rules/lib/payments.lua: the payments table of a settlement, {E=, S=, W=, N=}.
local P = {}

function P.zero() return { E = 0, S = 0, W = 0, N = 0 } end

-- Moves `amount` from seat `from` to seat `to`.
function P.move(pay, from, to, amount)
  pay[from] = pay[from] - amount
  pay[to] = pay[to] + amount
end

-- x rounded up to a multiple of unit (100: Japanese payments).
function P.round_up(x, unit) return -((-x) // unit) * unit end

-- A self-drawn win: every other seat pays the winner amount(seat).
function P.self_draw(pay, winner, amount)
  for _, seat in ipairs { "E", "S", "W", "N" } do
    if seat ~= winner then P.move(pay, seat, winner, amount(seat)) end
  end
  return pay
end

-- A liable seat pays `share` of what the others would pay; the rest as usual.
function P.with_liability(pay, winner, liable, total, share)
  P.move(pay, liable, winner, total * share)
  return pay
end

-- Several winners of one discard: the situation's `co_winners` (play gives each win the
-- other winners' seats) as a set {S = true}; empty without. A co-winner is no loser.
local NONE = {}
function P.co_winners(f)
  local list = f.situation and f.situation.co_winners
  if list == nil then return NONE end
  local set = {}
  for _, p in ipairs(list) do set[p] = true end
  return set
end

-- Why a situation's `co_winners` cannot hold, or nil: a list of seats other than the
-- winner and the discarder, on a discard win, where the ruleset lets several win (allowed).
local SEAT = { E = true, S = true, W = true, N = true }
function P.check_co_winners(f, allowed, option)
  local list = f.situation and f.situation.co_winners
  if list == nil then return nil end
  if type(list) ~= "table" or f.win_by ~= "discard" or not allowed then
    return "co_winners lists the other winners of the same discard (a discard win with " .. option .. ")"
  end
  for _, p in ipairs(list) do
    if not SEAT[p] or p == f.seat or p == f.from then
      return "co_winners must be seats other than the winner and the discarder"
    end
  end
  return nil
end

-- The players of a match by final points, first to last, ties to the earlier player:
-- points = each player's points in player order; {{player =, points =}, ...}.
function P.ranked(points)
  local out = {}
  for i, p in ipairs(points) do out[i] = { player = i, points = p } end
  table.sort(out, function(a, b)
    if a.points ~= b.points then return a.points > b.points end
    return a.player < b.player
  end)
  return out
end

return P
