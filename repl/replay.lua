-- Replaying a game record (repl/records.lua) through the engine and checking it: every
-- action the log shows must be among the engine's legal actions, and every result
-- (win or draw, its kind, the payments per seat), the points at each deal's start and
-- the final points must be what the engine computes. Each deal is dealt from a wall
-- stacked from the log (the hands, the draws, the loose tiles and the indicators), so
-- the engine sees exactly the tiles the players saw.
local jong = jong or require "jong"
local records = require "records"
local M = {}

local SEATS = jong.SEATS
local WIND = { "East", "South", "West", "North" }

-- ---------------------------------------------------------------- tiles

local function kind_index(t)   -- 0-33 of a notation tile ("0m" is 5m)
  local r, s = t:sub(1, 1), t:sub(2, 2)
  r = tonumber(r)
  if r == 0 then r = 5 end
  local base = s == "m" and 0 or s == "p" and 9 or s == "s" and 18 or 27
  return base + r - 1
end
local function plain(t) return t:sub(1, 1) == "0" and "5" .. t:sub(2, 2) or t end

-- The tile set of the game's options: count per notation tile.
local function tile_set(players, reds)
  local set = {}
  for _, s in ipairs { "m", "p", "s" } do
    for r = 1, 9 do set[r .. s] = 4 end
  end
  for r = 1, 7 do set[r .. "z"] = 4 end
  if players == 3 then for r = 2, 8 do set[r .. "m"] = 0 end end
  local red = type(reds) == "table" and reds or (reds == 3 and { 1, 1, 1 }) or (reds == 4 and { 1, 2, 1 })
    or (reds == 2 and { 0, 1, 1 }) or { 0, 0, 0 }
  for i, s in ipairs { "m", "p", "s" } do
    if red[i] > 0 and set["5" .. s] > 0 then
      set["0" .. s] = red[i]
      set["5" .. s] = set["5" .. s] - red[i]
    end
  end
  return set
end

-- ---------------------------------------------------------------- the walls

-- The tiles in a fixed order (holes of the wall are filled in this order).
local TILE_ORDER = {}
for _, suit in ipairs { "m", "p", "s" } do
  for r = 0, 9 do TILE_ORDER[#TILE_ORDER + 1] = r .. suit end
end
for r = 1, 7 do TILE_ORDER[#TILE_ORDER + 1] = r .. "z" end

local LOOSE_AFTER = { kong = true, kong_concealed = true, kong_promoted = true, kita = true }

-- The stacked wall of one deal: front (the deal in the engine's order, then the draws)
-- and back (loose tiles, then indicators at dead index 4, 6, ... with their ura under
-- them), as notation strings. Raises an error when the log holds more of a tile than
-- the set. A draw right after the same player's kong or kita is a loose tile.
local function deal_wall(rec, deal, set, first, step)
  local n = rec.players
  local dealer = deal.kyoku % 4
  local left = {}
  for t, c in pairs(set) do left[t] = c end
  local function take(t, what, i)
    local c = left[t]
    if not c or c <= 0 then
      error(("deal %d: the log has one %s too many (%s %d)"):format(deal.index, tostring(t), what, i), 0)
    end
    left[t] = c - 1
    return t
  end
  local front, back, nfront = {}, {}, 0
  for pass = 1, 4 do
    local k = pass < 4 and 4 or 1
    for s = 0, n - 1 do
      local hand = deal.hands[(dealer + s) % n]
      for j = (pass - 1) * 4 + 1, (pass - 1) * 4 + k do
        local t = hand[j]
        local c = left[t]
        if not c or c <= 0 then take(t, "tile of the hand of player", (dealer + s) % n) end
        left[t] = c - 1
        nfront = nfront + 1
        front[nfront] = t
      end
    end
  end
  local nloose, ndora, ura = 0, 1, nil
  -- indicator i (1-based) at dead index first + step * (i - 1), its ura under it (+1)
  local function at(i) return first + step * (i - 1) + 1 end
  back[at(1)] = take(deal.dora, "dora indicator", 1)
  local prev
  for _, e in ipairs(deal.events) do
    local t = e.t
    if t == "draw" then
      if prev and LOOSE_AFTER[prev.t] and prev.p == e.p then
        nloose = nloose + 1
        back[nloose] = take(e.tile, "loose tile", nloose)
      else
        local x = e.tile
        local c = left[x]
        if not c or c <= 0 then take(x, "draw", nfront + 1) end
        left[x] = c - 1
        nfront = nfront + 1
        front[nfront] = x
      end
    elseif t == "dora" then
      ndora = ndora + 1
      back[at(ndora)] = take(e.tile, "dora indicator", ndora)
    elseif t == "win" and e.ura and #e.ura > 0 and not ura then
      ura = e.ura
    end
    if t ~= "dora" then prev = e end
  end
  for i, t in ipairs(deal.kan_dora or {}) do back[at(i + 1)] = take(t, "dora indicator", i + 1) end
  for i, u in ipairs(ura or {}) do back[at(i) + 1] = take(u, "ura indicator", i) end
  -- Holes (loose tiles nobody drew, ura nobody saw) get tiles nobody saw.
  local last = 0
  for k in pairs(back) do if k > last then last = k end end
  local o = 1
  for k = 1, last do
    if not back[k] then
      while (left[TILE_ORDER[o]] or 0) == 0 do o = o + 1 end
      back[k] = TILE_ORDER[o]
      left[back[k]] = left[back[k]] - 1
    end
  end
  return table.concat(front), table.concat(back)
end

-- ---------------------------------------------------------------- the replay

local function describe_action(a)
  local s = a.type
  if a.type == "chow" then s = s .. " " .. a.chow
  elseif a.tile and a.type ~= "pass" and a.type ~= "pung" and a.type ~= "kong" and a.type ~= "win" then
    s = s .. " " .. a.tile
  end
  return s
end

local function list_actions(list)
  local out = {}
  for _, a in ipairs(list) do out[#out + 1] = describe_action(a) end
  return #out > 0 and table.concat(out, ", ") or "nothing"
end

local function T(t) return t and tostring(t) or "(no tile)" end
local EVENT_TEXT = {
  draw = function(e) return "draws " .. T(e.tile) end,
  discard = function(e) return (e.riichi and "declares riichi discarding " or "discards ") .. T(e.tile) end,
  chow = function(e) return "chows " .. T(e.tile) .. " with " .. table.concat(e.tiles or {}) end,
  pung = function(e) return "pungs " .. T(e.tile) end,
  kong = function(e) return "kongs " .. T(e.tile) .. " (claimed)" end,
  kong_concealed = function(e) return "declares a concealed kong of " .. T(e.tile) end,
  kong_promoted = function(e) return "promotes a pung to a kong with " .. T(e.tile) end,
  kita = function() return "sets aside a North (kita)" end,
  win = function(e) return e.from and ("wins on " .. T(e.tile) .. " from player " .. e.from) or ("wins on " .. T(e.tile) .. " by self-draw") end,
  draw_end = function(e) return "the deal ends in a draw (" .. tostring(e.reason) .. ")" end,
}

-- Replays one record once, with the options it states (o as for M.check).
local function check_once(rec, o)
  o = o or {}
  if rec.played then return { ok = true, deals = rec.played.deals, final = rec.played.final } end
  local n = rec.players
  local rules = o.rules or rec.rules or (n == 3 and "tenhou3" or "tenhou")
  local options = {}
  for k, v in pairs(rec.options or {}) do options[k] = v end
  -- The points every player starts with: what the first deal shows when it is the
  -- match's first (East 1, no honba, no sticks) and all players have the same.
  local d1 = rec.deals[1]
  if options.start_points == nil and d1 and d1.kyoku == 0 and d1.honba == 0 and d1.deposits == 0
     and d1.points and d1.points[0] then
    local same = true
    for p = 1, n - 1 do same = same and d1.points[p] == d1.points[0] end
    if same then options.start_points = d1.points[0] end
  end
  for k, v in pairs(o.options or {}) do options[k] = v end
  local res = { ok = false, deals = 0 }
  -- a Tenhou lobby whose rules no ruleset of jong has (records.lua): refused, unless
  -- the ruleset is given
  if rec.unsupported and not o.rules then res.error = rec.unsupported; return res end
  local r, err = jong.load_rules(rules)
  if not r then res.error = err; return res end
  -- Options the ruleset does not have are left to its defaults.
  for k in pairs(options) do if not r.options[k] then options[k] = nil end end
  local g
  g, err = jong.game { rules = r, options = options, seed = 1 }
  if not g then res.error = err; return res end
  local core = g.core
  local set = tile_set(n, g.options.red_fives or 0)
  -- where the ruleset's indicators lie in the dead wall (docs/hooks.md: dora_first, dora_step)
  local es = jong.engine_settings(g.rules, g.options)
  local dora_first = es.dora_first or 4
  local dora_step = (es.dora_step or 0) > 0 and es.dora_step or 2
  -- The round, honba, sticks, points and payments of every deal are whole numbers (made
  -- integers here: 1500.0 is 1500).
  local function whole(v) return type(v) == "number" and math.tointeger(v) or nil end
  for i, deal in ipairs(rec.deals) do
    local bad
    for _, k in ipairs { "kyoku", "honba", "deposits" } do
      local v = whole(deal[k])
      if not v or v < 0 then bad = k .. " " .. tostring(deal[k]) else deal[k] = v end
    end
    for p = 0, n - 1 do
      local v = deal.points and deal.points[p]
      if v ~= nil then
        if not whole(v) then bad = "points of player " .. p .. " " .. tostring(v) else deal.points[p] = whole(v) end
      end
    end
    for _, e in ipairs(deal.events) do
      for p = 0, n - 1 do
        local v = e.deltas and e.deltas[p]
        if v ~= nil then
          if not whole(v) then bad = ("payment of player %d at event %s %s"):format(p, tostring(e.at), tostring(v))
          else e.deltas[p] = whole(v) end
        end
      end
    end
    if bad then res.error = ("deal %d: the log's %s is not a whole number"):format(i, bad); g:close(); return res end
  end
  for p, v in pairs(rec.final or {}) do
    if not whole(v) then
      res.error = ("the log's final points of player %d (%s) are not a whole number"):format(p - 1, tostring(v))
      g:close()
      return res
    end
    rec.final[p] = whole(v)
  end
  -- Stack every deal's wall before the match begins.
  local walls = {}
  for i, deal in ipairs(rec.deals) do
    deal.index = i
    local ok, front, back = pcall(deal_wall, rec, deal, set, dora_first, dora_step)
    if not ok then res.error = front; g:close(); return res end
    walls[i] = { front, back }
  end
  for i = 2, #walls do
    local ok, serr = pcall(core.stack_deal, core, i - 1, walls[i][1], walls[i][2])
    if not ok or not serr then
      res.error = "deal " .. i .. ": " .. jong.first_line(tostring(ok and select(2, core:stack_deal(i - 1, walls[i][1], walls[i][2])) or serr))
      g:close()
      return res
    end
  end
  res.options, res.walls = options, walls
  local ok
  ok, err = g:stack(walls[1][1], walls[1][2])
  if not ok then res.error = "deal 1: " .. tostring(err); g:close(); return res end

  g.hook_error = nil
  local deal, dealer
  local start_points = {}
  local function seat_of(p) return SEATS[(p - dealer) % n + 1] end
  local function where(e)
    return ("event %d (deal %d, %s %d, %d honba)"):format(e.at or 0, deal.index,
      WIND[deal.kyoku // 4 + 1] or "?", deal.kyoku % 4 + 1, deal.honba)
  end
  local function fail(e, msg)
    res.error = where(e) .. ": " .. msg
    error(res, 0)
  end
  -- A hook that failed while the engine played an action the log has (listing what the
  -- other seats may claim after a discard, say) is kept with where it failed: a later
  -- refusal names it, since the engine went on without what it would have listed.
  local hook_failed
  local function note_hook(e, doing)
    if g.hook_error then
      if not hook_failed then
        hook_failed = ("%s, as the engine played %s: %s"):format(where(e), doing, jong.first_line(g.hook_error))
      end
      g.hook_error = nil
    end
  end
  local function earlier_hook()
    return hook_failed and ("; a hook failed before, at " .. hook_failed) or ""
  end
  local function apply(e, a)
    local okp, applied, why = pcall(core.apply, core, a)
    if not okp then fail(e, jong.first_line(applied) .. earlier_hook()) end
    if not applied then fail(e, "the engine refused " .. a.seat .. " " .. describe_action(a) .. ": " .. tostring(why) .. earlier_hook()) end
    note_hook(e, a.seat .. " " .. describe_action(a))
  end
  local B, S = {}, {}
  local function brief() return core:brief(B) end
  local function phase() return core:brief(B).phase end
  local function points_of(seat) return core:seat_summary(seat, S).points end
  -- Every seat still asked in a claim or rob window passes, but those in `keep`.
  local function pass_others(e, keep)
    local ph = phase()
    if ph ~= "claim" and ph ~= "rob" then return end
    for _, s in ipairs(core:waiting()) do
      if not (keep and keep[s]) then apply(e, { type = "pass", seat = s }) end
    end
  end
  local function log_text(e) return EVENT_TEXT[e.t] and EVENT_TEXT[e.t](e) or e.t end
  -- What the engine allows `seat` now, for an error. A hook that fails while the engine
  -- lists it is the error itself, named with the seat and `doing` (what the log does
  -- there), never a refusal of the log's action.
  local function legal_of(e, seat, doing)
    g.hook_error = nil
    local okl, list = pcall(core.legal, core, seat)
    if not okl or g.hook_error then
      fail(e, ("a hook failed while the engine listed what %s may do (%s): %s"):format(
        seat, doing, jong.first_line(g.hook_error or tostring(list))))
    end
    return list
  end
  -- Plays the log's action `a` of `seat`; when the engine refuses it, the error lists
  -- what the engine allows. (The engine applies exactly its legal actions.) A hook that
  -- failed on the way is named: one asked about this action (may_claim, may_win) refused
  -- it; one asked about the seat (allowed_discards, actions) failed listing its actions.
  local function play(e, seat, a, what)
    a.seat = seat
    local okp, applied, why = pcall(core.apply, core, a)
    local doing = ("%s (player %d) %s"):format(seat, e.p or -1, what or log_text(e))
    if okp and applied then note_hook(e, doing); return end
    if not okp then why = jong.first_line(applied) end
    local herr = g.hook_error and jong.first_line(g.hook_error)
    if herr then
      if herr:match("^hook %S+ .-failed, refusing %u+ %l") or herr:match("^hook [^:]*asked about") then
        fail(e, ("the log has %s; a hook failed judging it: %s"):format(doing, herr))
      end
      fail(e, ("a hook failed while the engine listed what %s may do (the log has %s next): %s"):format(
        seat, doing, herr))
    end
    local list = legal_of(e, seat, "the log has " .. doing .. " next")
    fail(e, ("the log has %s; the engine allows %s: %s (%s)%s"):format(
      doing, seat, list_actions(list), tostring(why), earlier_hook()))
  end

  local function check_start()
    local b = brief()
    local round, honba, deposits = b.round, b.honba, b.deposits
    local want_round = SEATS[deal.kyoku // 4 + 1]
    local e = deal.events[1] or { at = deal.at }
    e.at = e.at or deal.at
    local dealer_player = core:seat_summary("E", S).player
    -- a record whose first deal is not a match's first: an excerpt (jong plays matches whole)
    local excerpt = deal.index == 1 and " (the record starts in the middle of a match; a match is replayed from East 1, 0 honba)" or ""
    if dealer_player ~= dealer or round ~= want_round then
      fail(e, ("the log deals %s %d (player %d deals); the engine deals %s round, player %d deals%s"):format(
        WIND[deal.kyoku // 4 + 1], deal.kyoku % 4 + 1, dealer, round, dealer_player, excerpt))
    end
    if honba ~= deal.honba or deposits ~= deal.deposits * 1000 then
      fail(e, ("the log starts with %d honba and %d riichi sticks; the engine with %d honba and %d points on the table%s"):format(
        deal.honba, deal.deposits, honba, deposits, excerpt))
    end
    for p = 0, n - 1 do
      local pts = points_of(seat_of(p))
      start_points[p] = pts
      if deal.points[p] and pts ~= deal.points[p] then
        fail(e, ("player %d starts the deal with %d points in the log, %d in the engine"):format(p, deal.points[p], pts))
      end
    end
  end

  -- The settlement of the deal just ended (from the engine's event log).
  local function settlement()
    local st = g:state()
    local lines = core:events(st.deal_event)
    for i = #lines, 1, -1 do
      if lines[i]:find('"type":"settle"', 1, true) then return jong.json_decode(lines[i]) end
    end
  end

  local function check_result(e, want, kind)
    local ph = phase()
    if ph ~= "deal_end" and ph ~= "match_end" then
      local turn = brief().turn
      local list = legal_of(e, turn, "the log ends the deal: " .. log_text(e))
      fail(e, ("the log ends the deal (%s); the engine goes on (%s, %s to act: %s)%s"):format(
        log_text(e), ph, turn, list_actions(list), earlier_hook()))
    end
    local result = core:outcome()
    if kind == "win" and result ~= "win" or kind ~= "win" and result == "win" then
      fail(e, ("the log ends the deal with %s; the engine with a %s"):format(log_text(e), tostring(result)))
    end
    if kind ~= "win" then
      local want_kind = (kind == "exhaustive" or kind == "nagashi") and "exhaustive" or "abortive"
      if result ~= want_kind then
        fail(e, ("the log ends the deal with a draw (%s); the engine with an %s draw"):format(kind, tostring(result)))
      end
    end
    -- The change of each player's points over the deal: the log's payments less the
    -- riichi sticks it saw paid; the engine's points now less at the deal's start.
    local paid = {}
    for _, x in ipairs(deal.events) do
      if x.t == "riichi_paid" then paid[x.p] = (paid[x.p] or 0) + 1000 end
    end
    -- After the last deal Tenhou gives the deposits left on the table to the first
    -- player in the final points, the engine in the last settlement: compare with those.
    local last = deal.index == #rec.deals and rec.final
    local diffs = {}
    -- a log that does not say the payments (an mjai hora or ryukyoku without deltas) is
    -- checked by the next deal's starting points, or the final points, only
    if not want and not last then return end
    for p = 0, n - 1 do
      local seat = seat_of(p)
      local log_net = last and rec.final[p + 1] - start_points[p] or (want[p] or 0) - (paid[p] or 0)
      local got = points_of(seat) - start_points[p]
      if got ~= log_net then
        diffs[#diffs + 1] = ("%s (player %d) %+d in the log, %+d in the engine"):format(seat, p, log_net, got)
      end
    end
    -- A log without the final points (one deal a line) shows nothing of the deposits the
    -- engine gives the first player after the last deal: one player off by exactly them.
    if #diffs == 1 and deal.index == #rec.deals and not rec.final then
      local left = deal.deposits * 1000
      for _, x in pairs(paid) do left = left + x end
      if kind == "win" then left = 0 end
      local extra = 0
      for p = 0, n - 1 do
        extra = extra + (points_of(seat_of(p)) - start_points[p]) - ((want[p] or 0) - (paid[p] or 0))
      end
      if left > 0 and extra == left then diffs = {} end
    end
    if #diffs > 0 then
      -- a riichi winner whose ura indicators the log does not show (some mjai logs): the
      -- engine's are tiles it filled in
      local riichi, unseen = {}, nil
      for _, x in ipairs(deal.events) do
        if x.t == "discard" and x.riichi then riichi[x.p] = true end
        if x.t == "win" and riichi[x.p] and not x.ura then unseen = x.p end
      end
      local note = unseen and ("; the log does not show the ura indicators of player %d's riichi win:"
        .. " the engine's are tiles it filled in"):format(unseen) or ""
      fail(e, "the deal's payments differ: " .. table.concat(diffs, "; ") .. note .. earlier_hook())
    end
  end

  local function run_deal()
    local events = deal.events
    local i = 1
    while i <= #events do
      local e = events[i]
      local t = e.t
      if t == "draw" then
        local b = brief()
        if b.phase == "claim" or b.phase == "rob" then
          pass_others(e)
          b = brief()
        end
        local ph, turn = b.phase, b.turn
        if ph ~= "turn" or turn ~= seat_of(e.p) then
          fail(e, ("the log has %s (player %d) draw %s; the engine is at %s with %s to act"):format(
            seat_of(e.p), e.p, e.tile, ph, turn))
        end
      elseif t == "discard" then   -- in turn: after a draw or a claim
        local seat = seat_of(e.p)
        play(e, seat, { type = e.riichi and "riichi" or "discard", tile = e.tile })
      elseif t == "chow" or t == "pung" or t == "kong" then
        local seat = seat_of(e.p)
        local low
        if t == "chow" then
          low = kind_index(e.tile)
          for _, x in ipairs(e.tiles) do low = math.min(low, kind_index(x)) end
        end
        local reds = 0
        for _, x in ipairs(e.tiles) do if x:sub(1, 1) == "0" then reds = reds + 1 end end
        play(e, seat, { type = t, chow = low and jong.TILES[low + 1], reds = reds })
        pass_others(e)
      elseif t == "kong_concealed" or t == "kong_promoted" then
        pass_others(e)
        local seat = seat_of(e.p)
        local k = kind_index(e.tile)
        play(e, seat, { type = t, tile = jong.TILES[k + 1] })
      elseif t == "kita" then
        pass_others(e)
        local seat = seat_of(e.p)
        play(e, seat, { type = "kita", tile = "4z" })
      elseif t == "win" then
        -- One or several winners of the same tile.
        local j = i
        local want = {}
        for p = 0, n - 1 do want[p] = 0 end
        local keep = {}
        while events[j] and events[j].t == "win" do
          local w = events[j]
          if w.unpaid then want = nil end
          for p = 0, n - 1 do if want then want[p] = want[p] + (w.deltas[p] or 0) end end
          local seat = seat_of(w.p)
          if not w.from then pass_others(w) end
          play(w, seat, { type = "win" })
          keep[seat] = true
          j = j + 1
        end
        pass_others(e, keep)
        check_result(events[j - 1], want, "win")
        i = j - 1
      elseif t == "draw_end" then
        local reason = e.reason
        if reason == "kyuushu" then
          pass_others(e)
          local turn = brief().turn
          play(e, turn, { type = "kyuushu" })
        elseif reason == "sanchahou" then
          local keep = {}
          for p in pairs(e.shown or {}) do
            local seat = seat_of(p)
            play(e, seat, { type = "win" }, "wins (one of three)")
            keep[seat] = true
          end
          pass_others(e, keep)
        else
          pass_others(e)
        end
        check_result(e, not e.unpaid and e.deltas or nil, reason)
      end
      i = i + 1
    end
  end

  local okrun, perr = pcall(function()
    for i, d in ipairs(rec.deals) do
      deal = d
      dealer = d.kyoku % 4
      if i > 1 then
        local ph = phase()
        if ph == "match_end" then
          fail(d.events[1] or { at = d.at }, "the log plays another deal; the engine has ended the match")
        end
        if ph ~= "deal_end" then
          fail(d.events[1] or { at = d.at }, "the log starts a new deal; the engine is at " .. ph)
        end
        apply(d.events[1] or { at = d.at }, { type = "next", seat = "E" })
        if phase() == "match_end" then
          fail(d.events[1] or { at = d.at }, "the log plays another deal; the engine has ended the match")
        end
      end
      check_start()
      run_deal()
      res.deals = i
    end
    if rec.final then
      local last = rec.deals[#rec.deals]
      local e = last.events[#last.events] or { at = last.at }
      if phase() == "deal_end" then apply(e, { type = "next", seat = "E" }) end
      if phase() ~= "match_end" then
        fail(e, "the log ends the match; the engine plays on (" .. phase() .. ")")
      end
      local diffs = {}
      for p = 0, n - 1 do
        local pts = points_of(seat_of(p))
        if pts ~= rec.final[p + 1] then
          diffs[#diffs + 1] = ("player %d has %d in the log, %d in the engine"):format(p, rec.final[p + 1], pts)
        end
      end
      if #diffs > 0 then fail(e, "final points differ: " .. table.concat(diffs, "; ")) end
    end
  end)
  res.final = {}
  if dealer then
    for p = 0, n - 1 do
      res.final[p + 1] = points_of(seat_of(p))
    end
  end
  if o.keep then res.game = g else g:close() end
  if not okrun then
    if type(perr) ~= "table" then res.error = "internal error: " .. tostring(perr) end
    return res
  end
  res.ok = true
  return res
end

-- Replays one record. o: {rules =, options =, keep =}. Returns a result
-- {ok =, deals =, final = {...}, error =} (and `game`, the engine's game, with `keep`).
-- A record that does not say the match's length (mjai without `kyoku_first`; a
-- tenhou.net/6 room name without 東 or 南) and ends the match where a hanchan plays on is
-- an East-only match: it is replayed so.
function M.check(rec, o)
  o = o or {}
  local res = check_once(rec, o)
  local stated = (rec.options or {}).match_length or (o.options or {}).match_length
  if not res.ok and not stated and res.error and res.error:find("the log ends the match; the engine plays on", 1, true) then
    local options = {}
    for k, v in pairs(o.options or {}) do options[k] = v end
    options.match_length = "tonpuusen"
    local again = check_once(rec, { rules = o.rules, options = options, keep = o.keep })
    if again.ok then
      if res.game then res.game:close() end
      return again
    end
    if again.game then again.game:close() end
  end
  return res
end

-- A game to step through (the REPL's `load`): the first game of a file (any format)
-- replayed through the engine as far as it agrees with the log; every deal's wall is
-- stacked, so undo and redo walk the whole game. Returns the game, a description
-- {rules =, format =, deals =, error = the first disagreement or nil}, or nil, reason.
function M.load_game(path, o)
  local rec, err = M.read_file(path)
  if not rec then return nil, err end
  local r = M.check(rec, { rules = o and o.rules, options = o and o.options, keep = true })
  if not r.game then return nil, r.error end
  local how = M.how_of(r)
  how.format, how.deals, how.error, how.names = rec.format, r.deals, r.error, rec.names
  return r.game, how
end

-- What makes the game of a replayed record again (as a jong log's header says it): the
-- rules, seed 1, the options, the first deal's stacked wall and those of the later deals.
function M.how_of(r)
  local walls = {}
  for i = 2, #r.walls do walls[i - 1] = { front = r.walls[i][1], back = r.walls[i][2] } end
  return { rules = r.game.rules.name, seed = 1, options = r.options,
           wall = { front = r.walls[1][1], back = r.walls[1][2] }, walls = walls }
end

-- Rules given as a file (a path with "/" or a name ending in ".lua"; else a ruleset's
-- name, looked up on the rules path wherever jong runs).
local function rules_file(rules)
  return type(rules) == "string" and (rules:find("/", 1, true) or rules:match("%.lua$")) and true or false
end

-- What a jong log's header stores of the rules: a rules file given by a relative path
-- (./house.lua, ../x/house.lua) as its absolute path, so the log loads from any folder;
-- a ruleset's name as it is.
function M.rules_to_save(rules)
  if not rules_file(rules) or rules:sub(1, 1) == "/" then return rules end
  return require("paths").absolute(rules) or rules
end

-- A saved game's rules as a person reads them: a file in the folder jong runs in (or
-- below it) by its path from there, any other as it is.
function M.rules_shown(rules)
  if not rules_file(rules) or rules:sub(1, 1) ~= "/" then return rules end
  local here = require("paths").absolute(".")
  if here and rules:sub(1, #here + 1) == here .. "/" then return rules:sub(#here + 2) end
  return rules
end

-- When the rules of a saved game are a file that is not there: the reason, naming it
-- (and the folder a relative path is read from); else nil.
local function missing_rules(rules)
  if not rules_file(rules) then return nil end
  local f = io.open(rules, "rb")
  if f then f:close(); return nil end
  local from = rules:sub(1, 1) ~= "/" and
    (" (a relative path, read from the folder jong runs in: " .. tostring(require("paths").absolute(".")) .. ")") or ""
  return "the rules file " .. rules .. " is missing" .. from
end
M.missing_rules = missing_rules

-- A new game made as `how` says (jong.game's table), with the stacked walls of its later
-- deals (`how.walls`: deal 2, 3, ...). Returns the game, or nil, reason.
function M.game_of(how)
  local g, err = jong.game(how)
  if not g then return nil, missing_rules(how.rules) or err end
  for i, w in ipairs(how.walls or {}) do
    local front, back = w.front or w[1], w.back or w[2]
    local ok, serr = pcall(g.core.stack_deal, g.core, i, front, back)
    if not ok or not serr then
      g:close()
      return nil, "the wall of deal " .. (i + 1) .. ": " .. jong.first_line(tostring(ok and "refused" or serr))
    end
  end
  return g
end

-- A game replayed from jong log actions (text: one JSON action a line) made as `how` says
-- (with the walls of later deals, as game_of). Returns the game, or nil, reason.
function M.replay_jong(text, how)
  local g, err = M.game_of(how)
  if not g then return nil, err end
  local ok, perr = g:play_log(text)
  if not ok then g:close(); return nil, perr end
  return g
end

-- The game of a jong log as the REPL's `save` writes it (a first line with the rules,
-- seed, options and stacked wall, or every deal's walls for a saved record; then one
-- action a line) and how it was made; or nil, reason (a refused action names its line
-- in the text, the header counted). For the REPL's `load` and `jong render`.
M.NOT_SAVED = "not a saved game (its first line names the rules and seed)"
function M.load_saved(text, which)
  -- a log of several games (jong sim --log) has a header line before each: game
  -- `which` (default the first) is made; how.games says how many the log holds
  which = which or 1
  local lines, starts = {}, {}
  for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("([^\n]*)\n") do
    lines[#lines + 1] = line
    if line:find('"type"%s*:%s*"game"') then starts[#starts + 1] = #lines end
  end
  local how = jong.json_decode(lines[1] or "")
  if type(how) ~= "table" or how.type ~= "game" then return nil, M.NOT_SAVED end
  if which > #starts then
    return nil, "the log holds " .. #starts .. " game" .. (#starts == 1 and "" or "s") .. ": there is no game " .. which
  end
  local at = starts[which]   -- the line of the game's header
  how = jong.json_decode(lines[at])
  if type(how) ~= "table" or how.type ~= "game" then return nil, "line " .. at .. ": bad header line" end
  how.type, how.games = nil, #starts
  for _, k in ipairs { "options", "wall", "walls" } do
    if how[k] == jong.json_null then how[k] = nil end
  end
  how.seed = math.tointeger(how.seed) or how.seed
  local rest = table.concat(lines, "\n", at + 1, (starts[which + 1] or #lines + 1) - 1)
  local g, err
  local missing = missing_rules(how.rules)
  if missing then return nil, "line " .. at .. ": " .. missing end
  if how.walls then g, err = M.replay_jong(rest, how)   -- a saved record: the later deals' walls too
  else g, err = jong.replay(rest, how) end
  -- both count the lines after the header: the file's line is that many more
  if not g then return nil, (tostring(err):gsub("^line (%d+)", function(n) return "line " .. n + at end)) end
  return g, how
end

-- For the REPL's loaders: is the text (gzip undone) a Tenhou or mjai record?
function M.detect_record(text)
  local data = records.gunzip(text)
  local fmt = data and records.detect(data)
  return fmt == "mjlog" or fmt == "tenhou6" or fmt == "mjai"
end

-- For the REPL's loaders: the game of a record's text (as load_game) and how it was made.
function M.load_text(text)
  local rec, err = records.read(text)
  if not rec then return nil, err end
  local r = M.check(rec, { keep = true })
  if not r.game then return nil, r.error end
  local how = M.how_of(r)
  how.record, how.deals, how.error = rec.format, r.deals, r.error
  return r.game, how
end

-- The index (1-based, as g:events()) of each deal's deal_start event in a game.
function M.deal_starts(g)
  local out = {}
  for i, line in ipairs(g.core:events()) do
    if line:find('"type":"deal_start"', 1, true) then out[#out + 1] = i end
  end
  return out
end

-- ---------------------------------------------------------------- records of jong games

local function seat_index_of(seat) return ({ E = 1, S = 2, W = 3, N = 4 })[seat] end

local ABORT_REASONS = { ["kyuushu"] = "kyuushu", ["suufon renda"] = "suufon", ["suucha riichi"] = "suucha_riichi",
  ["suukaikan"] = "suukaikan", ["three winners"] = "sanchahou" }

-- Takes n tiles of kind `k` ("5m") from a hand (counts by notation tile), plain ones
-- first, `reds` red fives first when asked: the tiles taken.
local function take_tiles(hand, k, n, reds)
  local out = {}
  local red = k:sub(2, 2) ~= "z" and k:sub(1, 1) == "5" and ("0" .. k:sub(2, 2)) or nil
  for _ = 1, n do
    local t
    if red and (reds or 0) > 0 and (hand[red] or 0) > 0 then t, reds = red, reds - 1
    elseif (hand[k] or 0) > 0 then t = k
    elseif red and (hand[red] or 0) > 0 then t = red
    else t = k end
    hand[t] = (hand[t] or 0) - 1
    out[#out + 1] = t
  end
  return out
end

-- The record of a game jong played: `how` = {rules =, options =, seed =, wall =} (what
-- made the game) and its actions (JSON lines, as g:log_json() writes them). The game is
-- played again to see each deal's ura indicators. nil, reason when an action is refused.
function M.record_of(how, actions_text)
  local g, err = M.game_of(how)
  if not g then return nil, err end
  local core = g.core
  local n = g.rules.players or 4
  local ura_of = {}     -- deal number -> ura indicators at its end
  local lineno = 0
  local B = {}
  for line in actions_text:gmatch("[^\n]+") do
    lineno = lineno + 1
    local a = jong.json_decode(line)
    if type(a) ~= "table" then g:close(); return nil, "action " .. lineno .. ": bad JSON" end
    local ok, aerr = g:play(a.seat, a)
    if not ok then g:close(); return nil, "action " .. lineno .. ": " .. tostring(aerr) end
    local b = core:brief(B)
    if b.phase == "deal_end" or b.phase == "match_end" then ura_of[b.deal] = core:ura() end
  end
  local rec = { format = "jong", players = n, rules = type(how.rules) == "string" and how.rules or g.rules.name,
    options = {}, deals = {}, names = {} }
  -- Only Japanese-family games become records of Tenhou's kind; for the others every
  -- action was legal and the points are the engine's.
  local family = g.rules
  while family and family.name ~= "japanese" do family = family.parent end
  if not family then
    rec.played = { deals = #M.deal_starts(g), final = {} }
    for p = 0, n - 1 do
      for _, seat in ipairs(jong.SEATS) do
        if seat_index_of(seat) <= n and g:seat_summary(seat).player == p then rec.played.final[p + 1] = g:seat_summary(seat).points end
      end
    end
    g:close()
    return rec
  end
  for k, v in pairs(g.options) do rec.options[k] = v end
  local points = {}
  for p = 0, n - 1 do points[p] = g.rules.starting_points or 25000 end
  local deal, dealer, hands, first_draw_pending
  local settle_deltas
  local function player(seat) return (dealer + jong.seat_index(seat) - 1) % n end
  local events = g:events()
  local function push(ev) deal.events[#deal.events + 1] = ev end
  local ROUNDS = { E = 0, S = 1, W = 2, N = 3 }
  for i, e in ipairs(events) do
    local t = e.type
    if t == "deal_start" then
      dealer = math.tointeger(e.dealer)
      deal = { kyoku = ROUNDS[e.round] * 4 + dealer, honba = e.honba, deposits = e.deposits // 1000,
        points = {}, hands = {}, events = {}, deal_no = e.deal }
      for p = 0, n - 1 do deal.points[p] = points[p] end
      hands = {}
      rec.deals[#rec.deals + 1] = deal
    elseif t == "deal" then
      local p = player(e.seat)
      local tiles = jong.tiles(e.tiles)
      hands[p] = {}
      deal.hands[p] = {}
      for j = 1, 13 do
        deal.hands[p][j] = tiles[j]
        hands[p][tiles[j]] = (hands[p][tiles[j]] or 0) + 1
      end
      if tiles[14] then first_draw_pending = { p = p, tile = tiles[14] } end
    elseif t == "dora" then
      if not deal.dora then
        deal.dora = e.tile
        if first_draw_pending then
          local fd = first_draw_pending
          hands[fd.p][fd.tile] = (hands[fd.p][fd.tile] or 0) + 1
          push { t = "draw", p = fd.p, tile = fd.tile }
          first_draw_pending = nil
        end
      else
        push { t = "dora", tile = e.tile }
      end
    elseif t == "draw" then
      local p = player(e.seat)
      hands[p][e.tile] = (hands[p][e.tile] or 0) + 1
      push { t = "draw", p = p, tile = e.tile }
    elseif t == "discard" then
      local p = player(e.seat)
      hands[p][e.tile] = hands[p][e.tile] - 1
      push { t = "discard", p = p, tile = e.tile, riichi = e.with == "riichi" or nil }
    elseif t == "chow" or t == "pung" or t == "kong" then
      local p = player(e.seat)
      local used = {}
      if t == "chow" then
        local low = jong.kind_of(e.chow)
        local base = tonumber(low:sub(1, 1))
        for r = base, base + 2 do
          local k = r .. low:sub(2, 2)
          if k ~= jong.kind_of(e.tile) then used[#used + 1] = take_tiles(hands[p], k, 1)[1] end
        end
      else
        used = take_tiles(hands[p], jong.kind_of(e.tile), t == "pung" and 2 or 3)
      end
      push { t = t, p = p, from = player(e.from), tile = e.tile, tiles = used }
    elseif t == "kong_concealed" then
      local p = player(e.seat)
      take_tiles(hands[p], jong.kind_of(e.tile), 4)
      push { t = t, p = p, tile = e.tile }
    elseif t == "kong_promoted" then
      local p = player(e.seat)
      local added = take_tiles(hands[p], jong.kind_of(e.tile), 1)[1]
      push { t = t, p = p, tile = added }
    elseif t == "set_aside" then
      local p = player(e.seat)
      hands[p][e.tile] = (hands[p][e.tile] or 0) - 1
      push { t = "kita", p = p, tile = e.tile }
    elseif t == "extra" and e.name == "kyuushu" then
      -- the draw_end that follows says it
    elseif t == "win" then
      push { t = "win", p = player(e.seat), from = e.from and player(e.from) or nil, tile = e.tile,
        deltas = {}, ura = ura_of[deal.deal_no] }
    elseif t == "draw_end" then
      local reason = e.kind == "exhaustive" and "exhaustive" or ABORT_REASONS[e.reason] or e.reason
      local ev = { t = "draw_end", reason = reason, deltas = {}, shown = {} }
      if reason == "sanchahou" then
        local last
        for j = #deal.events, 1, -1 do if deal.events[j].t == "discard" then last = deal.events[j]; break end end
        for p = 0, n - 1 do if not last or p ~= last.p then ev.shown[p] = true end end
      end
      push(ev)
    elseif t == "settle" then
      -- Tenhou's convention: the payments of the result without riichi sticks paid in
      -- the deal, and a riichi won on (void) neither paid nor given back.
      local deltas = {}
      for p = 0, n - 1 do deltas[p] = 0 end
      for seat, v in pairs(e.payments) do deltas[player(seat)] = v end
      local evs = deal.events
      local winner_ev
      for j = 1, #evs do
        local x = evs[j]
        if x.t == "win" or x.t == "draw_end" then winner_ev = winner_ev or x end
      end
      -- riichi sticks: paid unless the riichi discard was won on
      local j = 1
      while j <= #evs do
        local x = evs[j]
        if x.t == "discard" and x.riichi then
          local nxt = evs[j + 1]
          if nxt and nxt.t == "win" and nxt.from == x.p then
            deltas[x.p] = deltas[x.p] - 1000      -- the engine gave the stick back
          else
            table.insert(evs, j + 1, { t = "riichi_paid", p = x.p })
            j = j + 1
          end
        end
        j = j + 1
      end
      for p = 0, n - 1 do
        local paid = 0
        for _, x in ipairs(evs) do if x.t == "riichi_paid" and x.p == p then paid = paid + 1000 end end
        points[p] = points[p] + deltas[p] - paid
      end
      if winner_ev then
        for p = 0, n - 1 do winner_ev.deltas[p] = deltas[p] end
        for _, x in ipairs(evs) do
          if x.t == "win" and x ~= winner_ev then for p = 0, n - 1 do x.deltas[p] = 0 end end
        end
      end
    end
  end
  if core:brief(B).phase == "match_end" then
    rec.final = {}
    for p = 0, n - 1 do rec.final[p + 1] = points[p] end
  end
  g:close()
  return rec
end

-- Reads a jong log: a header line {"type": "game", "rules", "seed", "options", "wall"}
-- and the actions, one JSON object a line (what the REPL's `save` writes); several games
-- may follow one another. Returns the records (a list), or nil, reason.
function M.read_jong(text)
  local games, cur = {}, nil
  local lineno = 0
  for line in text:gmatch("[^\n]*") do
    lineno = lineno + 1
    if line:find("%S") then
      local v = jong.json_decode(line)
      if type(v) ~= "table" then return nil, "line " .. lineno .. ": bad JSON" end
      if v.type == "game" then
        cur = { how = v, lines = {}, linenos = {}, at = lineno }
        games[#games + 1] = cur
      elseif not cur then
        return nil, "line " .. lineno .. ": an action before the game's header line"
      else
        cur.lines[#cur.lines + 1] = line
        cur.linenos[#cur.lines] = lineno
      end
    end
  end
  if #games == 0 then return nil, "no game header line ({\"type\": \"game\", ...})" end
  local out = {}
  for i, gm in ipairs(games) do
    local how = gm.how
    how.type = nil
    for k, v in pairs(how) do if v == jong.json_null then how[k] = nil end end
    how.seed = math.tointeger(how.seed) or how.seed
    local rec, err = M.record_of(how, table.concat(gm.lines, "\n"))
    if not rec then   -- the action's own line in the file
      local n, rest = err:match("^action (%d+): (.*)$")
      local at = n and gm.linenos[tonumber(n)]
      if at then err = "line " .. at .. ", action " .. n .. ": " .. rest end
      return nil, "game " .. i .. " (line " .. gm.at .. "): " .. err
    end
    out[i] = rec
  end
  return out
end

-- The header and action lines of a game (the jong log format): `how` as for record_of.
function M.jong_log(how, g)
  local header = { type = "game", rules = M.rules_to_save(how.rules), seed = how.seed,
    options = setmetatable(how.options or {}, jong.json_object), wall = how.wall,
    walls = how.walls and #how.walls > 0 and how.walls or nil }
  return jong.json_encode(header) .. "\n" .. g:log_json()
end

-- ---------------------------------------------------------------- the command

local function json_string(s) return jong.json_encode(s) end

-- One result as the JSON line `jong replay --check` prints.
function M.result_line(file, r)
  local parts = { '{"file":' .. json_string(file), '"ok":' .. tostring(r.ok == true),
    '"deals":' .. (r.deals or 0) }
  local f = {}
  for i, v in ipairs(r.final or {}) do f[i] = tostring(v) end
  parts[#parts + 1] = '"final":[' .. table.concat(f, ",") .. "]"
  if not r.ok then parts[#parts + 1] = '"error":' .. json_string(r.error or "unknown error") end
  return table.concat(parts, ",") .. "}"
end

-- Reads the records of a file (gzip undone; a jong log may hold several games): a list
-- of records, or nil, reason.
function M.read_all(path)
  local f, err = io.stdin, nil               -- "-": the standard input
  if path ~= "-" then f, err = io.open(path, "rb") end
  if not f then return nil, err end
  local text, rerr = f:read("a")
  if f ~= io.stdin then f:close() end
  if not text then return nil, path .. ": " .. tostring(rerr) end
  local data, gerr = records.gunzip(text)
  if not data then return nil, gerr end
  if records.detect(data) == "jong" then return M.read_jong(data) end
  local rec
  rec, err = records.read(data)
  if not rec then return nil, err end
  return { rec }
end

-- The first record of a file, or nil, reason.
function M.read_file(path)
  local recs, err = M.read_all(path)
  if not recs then return nil, err end
  return recs[1]
end

-- Reads a file and checks its games: a list of result tables. Never raises: a reader
-- or replay failure is an error result.
function M.check_file(path, o)
  local ok, recs, err = pcall(M.read_all, path)
  if not ok then return { { ok = false, deals = 0, error = "cannot read: " .. jong.first_line(tostring(recs)) } } end
  if not recs then return { { ok = false, deals = 0, error = err } } end
  local out = {}
  for i, rec in ipairs(recs) do
    local okc, r = pcall(M.check, rec, o)
    out[i] = okc and r or { ok = false, deals = 0, error = "internal error: " .. jong.first_line(tostring(r)) }
  end
  return out
end

local REPLAY_USAGE = [[
usage: jong replay --check [--rules R] [--option NAME=VALUE ...] FILE...
Replays each game record through the engine and checks it: every action of the log
must be legal, and every result (win or draw, its kind, the payments of each seat),
the points at each deal's start and the final points must be the engine's. FILE is a
Tenhou mjlog XML file (plain or gzip-compressed), a tenhou.net/6 JSON log, an mjai
JSON-lines log or a jong log; - reads one from the standard input. The ruleset is R, by default chosen from the log
(tenhou for four-player Tenhou games, tenhou3 for three-player ones). Prints one JSON
line per game: {"file", "ok", "deals", "final", "error"}; exits 0 when every game is ok.
]]

local function option_value(v)
  if v == "true" then return true elseif v == "false" then return false end
  return tonumber(v) or v
end

function M.cli_replay(args)
  collectgarbage("generational")     -- many short-lived tables (events, actions): faster
  local o = { options = {} }
  local files = {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then io.write(REPLAY_USAGE); return 0
    elseif (a == "--rules" or a == "--option") and not args[i + 1] then
      io.stderr:write("jong replay: ", a, " takes a value (jong replay --help)\n"); return 2
    elseif a == "--check" then o.check = true
    elseif a == "--rules" then i = i + 1; o.rules = args[i]
    elseif a == "--option" then
      i = i + 1
      local k, v = (args[i] or ""):match("^([%w_.]+)=(.*)$")
      if not k then io.stderr:write("jong replay: --option takes NAME=VALUE\n"); return 2 end
      o.options[k] = option_value(v)
    elseif a:sub(1, 2) == "--" then
      io.stderr:write("jong replay: unknown option " .. a .. " (jong replay --help)\n"); return 2
    else files[#files + 1] = a end
    i = i + 1
  end
  if #files == 0 then io.stderr:write(REPLAY_USAGE); return 2 end
  if o.rules then   -- a ruleset asked for must exist, and the options asked for be its own
    local r, err = jong.load_rules(o.rules)
    if not r then io.stderr:write("jong replay: --rules: ", jong.terminal_text(jong.first_line(tostring(err))), "\n"); return 2 end
    for k in pairs(o.options) do
      if not r.options[k] then
        io.stderr:write(jong.terminal_text("jong replay: --option: unknown option '" .. k .. "' for rules " .. r.name), "\n"); return 2
      end
    end
  end
  local status = 0
  for _, path in ipairs(files) do
    for _, r in ipairs(M.check_file(path, o)) do
      io.write(jong.terminal_text(M.result_line(path, r)), "\n")   -- (rule code's errors and names)
      if not r.ok then status = 1 end
    end
  end
  return status
end

local EXPORT_USAGE = [[
usage: jong export --to tenhou6|mjai [-o OUT] FILE
Reads a game record (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines or a jong
log; - reads it from the standard input) and writes it as tenhou.net/6 JSON or mjai
JSON lines, to OUT or the standard output. `jong replay --check` reads the result back.
]]

function M.cli_export(args)
  local to, out, file
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then io.write(EXPORT_USAGE); return 0
    elseif (a == "--to" or a == "-o" or a == "--output") and not args[i + 1] then
      io.stderr:write("jong export: ", a, " takes a value (jong export --help)\n"); return 2
    elseif a == "--to" then i = i + 1; to = args[i]
    elseif a == "-o" or a == "--output" then i = i + 1; out = args[i]
    elseif a:sub(1, 1) == "-" and a ~= "-" then io.stderr:write("jong export: unknown option " .. a .. " (jong export --help)\n"); return 2
    elseif file then io.stderr:write("jong export: one FILE at a time\n"); return 2
    else file = a end
    i = i + 1
  end
  if not file and not to then io.stderr:write(EXPORT_USAGE); return 2 end
  if to ~= "tenhou6" and to ~= "mjai" then
    io.stderr:write("jong export: --to is tenhou6 or mjai", to and (", not '" .. to .. "'") or "", "\n"); return 2
  end
  if not file then io.stderr:write("jong export: which record? give a FILE\n", EXPORT_USAGE); return 2 end
  local rec, err = M.read_file(file)
  if not rec then
    if err:sub(1, #file + 2) ~= file .. ": " then err = file .. ": " .. err end   -- the file named once
    io.stderr:write("jong export: " .. err .. "\n"); return 1
  end
  local text = to == "tenhou6" and records.write_tenhou6(rec) or records.write_mjai(rec)
  if out then
    local ok, werr = require("files").write(out, text)   -- whole or not at all
    if not ok then io.stderr:write("jong export: " .. out .. ": " .. werr .. "\n"); return 1 end
  else
    io.write(text)
  end
  return 0
end

-- jong mjai (repl/mjai.lua).
function M.cli_mjai(args) return require("mjai").cli(args) end

return M
