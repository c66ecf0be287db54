-- A stand-in for the engine's game (`g.core`) over a hand-made state table, for
-- conformance tests that call play hooks on a game object built by hand: the cheap
-- accessors (docs/api.md) answer from the table as the engine would from its state.
local M = {}

local SEATS = { "E", "S", "W", "N" }

-- The record t, or with field names (g:brief("round", "honba")) their values.
local function fields(t, name, ...)
  if type(name) ~= "string" then return t end
  if select("#", ...) == 0 then return t[name] end
  return t[name], fields(t, ...)
end

-- core(st): st as g:state() gives it (phase, turn, wall, round, honba, deposits, deal,
-- deal_in_round, result, winners, seats = {E = {discards =, melds =, flags =, points =,
-- player =}, ...}). Without deal_in_round, the player of seat East (the passes of the deal
-- when the first dealer was player 0).
function M.core(st)
  local core = {}
  function core:brief(name, ...)
    local passes = st.deal_in_round or (st.seats.E and st.seats.E.player) or 0
    return fields({ phase = st.phase or "deal_end", turn = st.turn or "E", drawable = st.wall or 0,
                    round = st.round or "E", honba = st.honba or 0, deposits = st.deposits or 0,
                    deal = st.deal or 0, deal_in_round = passes }, name, ...)
  end
  function core:seat_summary(seat, name, ...)
    local me = st.seats[seat] or {}
    return fields({ discards = #(me.discards or {}), melds = #(me.melds or {}), flags = me.flags or 0,
                    points = me.points or 0, player = me.player or 0 }, name, ...)
  end
  function core:outcome()
    if not st.result then return nil end
    return st.result, table.unpack(st.winners or {})
  end
  function core:seat(seat) return st.seats[seat] end
  function core:state() return st end
  return core
end

M.SEATS = SEATS
return M
