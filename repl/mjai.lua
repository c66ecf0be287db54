-- jong mjai: a match in which seats are external programs speaking mjai JSON lines on
-- their stdin and stdout (docs/records.md, "mjai bots"), the others jong's own bots.
--
-- Every event of the game goes to every external bot as one JSON line (others' drawn
-- tiles and hands as "?"); the bot answers each with one line: {"type":"none"} or its
-- action (dahai, reach, chi, pon, daiminkan, ankan, kakan, hora, ryukyoku). The answer
-- to its own tsumo is its move; to another seat's dahai or kakan, its claim. Each answer
-- has a time limit; an action the engine does not allow ends the match with an error
-- naming the seat, the action and what the engine allows.
local jong = jong or require "jong"
local records = require "records"
local process = require "process"
local M = {}

local mt = records.to_mjai_tile
local BAKAZE = { E = "E", S = "S", W = "W", N = "N" }
local SEAT_INDEX = { E = 0, S = 1, W = 2, N = 3 }

local function encode(t) return jong.json_encode(t) end

-- An mjai answer as the engine's action of `seat`, or nil, reason.
local function to_action(msg, seat)
  local ty = msg.type
  local function tile(s)
    local t = records.mjai_tile(s)
    if not t then error("bad tile " .. tostring(s), 0) end
    return t
  end
  if ty == "none" then return { type = "pass", seat = seat } end
  if ty == "dahai" then return { type = "discard", seat = seat, tile = tile(msg.pai) } end
  if ty == "hora" then return { type = "win", seat = seat } end
  if ty == "ryukyoku" then return { type = "kyuushu", seat = seat } end
  if ty == "pon" or ty == "daiminkan" then
    local reds = 0
    for _, c in ipairs(msg.consumed or {}) do if tile(c):sub(1, 1) == "0" then reds = reds + 1 end end
    return { type = ty == "pon" and "pung" or "kong", seat = seat, reds = reds }
  end
  if ty == "chi" then
    local low, reds = jong.kind_of(tile(msg.pai)), 0
    for _, c in ipairs(msg.consumed or {}) do
      local t = tile(c)
      if t:sub(1, 1) == "0" then reds = reds + 1 end
      if jong.kind(jong.kind_of(t)) < jong.kind(low) then low = jong.kind_of(t) end
    end
    return { type = "chow", seat = seat, chow = low, reds = reds }
  end
  if ty == "ankan" then return { type = "kong_concealed", seat = seat, tile = jong.kind_of(tile((msg.consumed or {})[1])) } end
  if ty == "kakan" then return { type = "kong_promoted", seat = seat, tile = jong.kind_of(tile(msg.pai)) } end
  return nil, "unknown action type '" .. tostring(ty) .. "'"
end

local function describe(list)
  local out = {}
  for _, a in ipairs(list) do
    out[#out + 1] = a.type .. (a.chow and (" " .. a.chow) or (a.tile and a.type ~= "pass" and (" " .. a.tile)) or "")
  end
  return table.concat(out, ", ")
end

-- Plays one match. o: {rules, seed, bots = {[seat index 0-3] = command}, timeout (ms),
-- log = file or nil}. Returns the final points, or nil, error.
function M.match(o)
  local g, err = jong.game { rules = o.rules, seed = o.seed, options = o.options }
  if not g then return nil, err end
  local n = g.rules.players or 4
  local procs = {}
  local function close_all()
    for _, p in pairs(procs) do p:close() end
    g:close()
  end
  for idx, cmd in pairs(o.bots) do
    local p, perr = process.spawn(cmd)
    if not p then close_all(); return nil, "bot " .. idx .. ": " .. tostring(perr) end
    procs[idx] = p
  end
  local failure
  local function fail(msg) failure = msg; error(msg, 0) end
  -- Sends an mjai event to every bot (masked for those it concerns not) and collects
  -- the answers: {[player] = decoded answer}.
  local function broadcast(ev, mask)
    local answers = {}
    for idx, p in pairs(procs) do
      local line = encode(mask and mask(ev, idx) or ev)
      if o.log then o.log:write(idx, " < ", line, "\n") end
      if not p:send(line) then fail(("bot %d (%s) has exited"):format(idx, o.bots[idx])) end
      local answer, rerr = p:recv(o.timeout)
      if not answer then
        fail(("bot %d (%s) did not answer %s in %d ms (%s)"):format(idx, o.bots[idx], ev.type, o.timeout, rerr))
      end
      if o.log then o.log:write(idx, " > ", answer, "\n") end
      local okd, msg = pcall(jong.json_decode, answer)
      if not okd or type(msg) ~= "table" or type(msg.type) ~= "string" then
        fail(("bot %d sent %q, not an mjai action"):format(idx, answer))
      end
      answers[idx] = msg
    end
    return answers
  end
  local names = {}
  for p = 0, n - 1 do names[p + 1] = o.bots[p] and ("bot " .. p) or ("jong " .. p) end
  local ok, perr = pcall(function()
    for idx in pairs(procs) do
      local line = encode { type = "start_game", id = idx, names = names }
      procs[idx]:send(line)
      local answer, rerr = procs[idx]:recv(o.timeout)
      if not answer then
        fail(("bot %d (%s) did not answer start_game in %d ms (%s)"):format(idx, o.bots[idx], o.timeout, rerr))
      end
    end
    local seen = 0          -- engine events already sent
    local dealer, scores
    local pending = {}      -- answers of bots per player, to the latest event
    local hands = {}
    local riichi_pending
    local function player(seat) return (dealer + SEAT_INDEX[seat]) % n end
    local function seat_of(p) return jong.SEATS[(p - dealer) % n + 1] end
    local function send_events()
      local evs = g:events(seen + 1)
      seen = seen + #evs
      local start
      for _, e in ipairs(evs) do
        local t = e.type
        local out, mask
        if t == "deal_start" then
          dealer = math.tointeger(e.dealer)
          start = { type = "start_kyoku", bakaze = BAKAZE[e.round], kyoku = dealer + 1, honba = e.honba,
            kyotaku = e.deposits // 1000, oya = dealer, scores = {}, tehais = {} }
          for p = 0, n - 1 do start.scores[p + 1] = g:seat_summary(seat_of(p)).points end
        elseif t == "deal" then
          local tiles = jong.tiles(e.tiles)
          local p = player(e.seat)
          local h = {}
          for j = 1, 13 do h[j] = mt(tiles[j]) end
          start.tehais[p + 1] = h
          if tiles[14] then start.first = { p = p, tile = tiles[14] } end
        elseif t == "dora" then
          if start then
            start.dora_marker = mt(e.tile)
            local first = start.first
            start.first = nil
            local s = start
            start = nil
            pending = broadcast(s, function(ev, idx)
              local c = {}
              for k, v in pairs(ev) do c[k] = v end
              c.tehais = {}
              for p = 0, n - 1 do
                c.tehais[p + 1] = p == idx and ev.tehais[p + 1] or { "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?" }
              end
              return c
            end)
            if first then out = { type = "tsumo", actor = first.p, pai = mt(first.tile) } end
          else
            out = { type = "dora", dora_marker = mt(e.tile) }
          end
        elseif t == "draw" then
          out = { type = "tsumo", actor = player(e.seat), pai = mt(e.tile) }
        elseif t == "discard" then
          local p = player(e.seat)
          if e.with == "riichi" and riichi_pending ~= p then broadcast { type = "reach", actor = p } end
          riichi_pending = nil
          out = { type = "dahai", actor = p, pai = mt(e.tile), tsumogiri = false }
        elseif t == "chow" or t == "pung" or t == "kong" then
          out = { type = t == "chow" and "chi" or t == "pung" and "pon" or "daiminkan", actor = player(e.seat),
            target = player(e.from), pai = mt(e.tile), consumed = {} }
        elseif t == "kong_concealed" then
          local k = mt(jong.kind_of(e.tile))
          out = { type = "ankan", actor = player(e.seat), consumed = { k, k, k, k } }
        elseif t == "kong_promoted" then
          local k = mt(jong.kind_of(e.tile))
          out = { type = "kakan", actor = player(e.seat), pai = mt(e.tile), consumed = { k, k, k } }
        elseif t == "win" then
          out = { type = "hora", actor = player(e.seat), target = e.from and player(e.from) or player(e.seat), pai = mt(e.tile) }
        elseif t == "draw_end" then
          out = { type = "ryukyoku", reason = e.kind == "exhaustive" and "fanpai" or e.reason }
        elseif t == "next_deal" then
          out = { type = "end_kyoku" }
        end
        if out then
          pending = broadcast(out, out.type == "tsumo" and function(ev, idx)
            if ev.actor == idx then return ev end
            return { type = "tsumo", actor = ev.actor, pai = "?" }
          end or nil)
        end
      end
    end
    while true do
      send_events()
      local waiting = g:waiting()
      if #waiting == 0 then break end
      local moved = false
      for _, seat in ipairs(waiting) do
        local p = player(seat)
        local phase = g:brief().phase
        if procs[p] and phase == "deal_end" then
          assert(g:play(seat, { type = "next", seat = seat }))
          moved = true
          break
        elseif procs[p] then
          local msg = pending[p]
          pending[p] = nil
          local action, aerr
          if not msg then
            fail(("bot %d (seat %s) gave no action where it must act (legal: %s)"):format(p, seat, describe(g:legal(seat))))
          elseif msg.type == "reach" then
            -- riichi: the bot's next answer is its discard
            riichi_pending = p
            local answers = broadcast { type = "reach", actor = p }
            local d = answers[p]
            if not d or d.type ~= "dahai" then fail(("bot %d declared riichi but did not discard"):format(p)) end
            local okt, t = pcall(records.mjai_tile, d.pai)
            action = { type = "riichi", seat = seat, tile = okt and t or nil }
          else
            local okc, a, why = pcall(to_action, msg, seat)
            if not okc then aerr = a elseif not a then aerr = why else action = a end
            if aerr then fail(("bot %d (seat %s) sent %s: %s"):format(p, seat, encode(msg), aerr)) end
          end
          if action.type == "pass" and phase == "turn" then
            fail(("bot %d (seat %s) answered none where it must move (legal: %s)"):format(p, seat, describe(g:legal(seat))))
          end
          local okp, applied, why = pcall(g.play, g, seat, action)
          if not okp or not applied then
            fail(("bot %d (seat %s) sent an illegal action %s: %s (legal: %s)"):format(p, seat, encode(msg or {}),
              tostring(okp and why or applied), describe(g:legal(seat))))
          end
          moved = true
          break
        else
          local a = g:bot(seat)
          if a then
            assert(g:play(seat, a))
            moved = true
            break
          end
        end
      end
      if not moved then fail("no seat can move (waiting: " .. table.concat(waiting, " ") .. ")") end
    end
    scores = {}
    for p = 0, n - 1 do scores[p + 1] = g:seat_summary(seat_of(p)).points end
    broadcast { type = "end_game", scores = scores }
    return scores
  end)
  close_all()
  if not ok then return nil, failure or perr end
  return perr
end

local USAGE = [[
usage: jong mjai [--rules R] [--seed S] [--games N] [--timeout MS] [--log FILE] --bot CMD [--bot CMD ...]
Plays N matches (default 1) under ruleset R (default tenhou) in which seat 0, 1, ...
are the external programs CMD (run with sh -c), speaking mjai JSON lines on stdin and
stdout, and the other seats jong's own bots. Each answer must come within MS
milliseconds (default 5000). Prints one JSON line per match with the final points;
an illegal action or a bot that does not answer ends the match with an error (exit 1).
--log FILE writes every line sent (<) and received (>).
]]

function M.cli(args)
  local o = { rules = "tenhou", seed = 1, bots = {}, timeout = 5000 }
  local games, nb, log = 1, 0, nil
  local i = 1
  -- a whole number of at least `min` for option `a`, or nil after an error line
  local function whole(a, v, min)
    local n = math.tointeger(tonumber(v))
    if n and n >= min then return n end
    io.stderr:write("jong mjai: ", a, " takes a whole number of at least ", min, ", not '", v, "'\n")
  end
  while i <= #args do
    local a, v = args[i], args[i + 1]
    if a == "--help" or a == "-h" then io.write(USAGE); return 0
    elseif not v and (a == "--rules" or a == "--seed" or a == "--games" or a == "--timeout" or a == "--log"
                      or a == "--bot") then
      io.stderr:write("jong mjai: ", a, " takes a value (jong mjai --help)\n"); return 2
    elseif a == "--rules" and v then o.rules = v; i = i + 1
    elseif a == "--seed" and v then o.seed = whole(a, v, 0); if not o.seed then return 2 end; i = i + 1
    elseif a == "--games" and v then games = whole(a, v, 1); if not games then return 2 end; i = i + 1
    elseif a == "--timeout" and v then o.timeout = whole(a, v, 1); if not o.timeout then return 2 end; i = i + 1
    elseif a == "--log" and v then log = v; i = i + 1
    elseif a == "--bot" and v then o.bots[nb] = v; nb = nb + 1; i = i + 1
    else io.stderr:write("jong mjai: unknown argument " .. a .. " (jong mjai --help)\n"); return 2 end
    i = i + 1
  end
  if nb == 0 then io.stderr:write(USAGE); return 2 end
  -- the ruleset first: a name that is none is a usage mistake, and the log is left alone
  local r, rerr = jong.load_rules(o.rules)
  if not r then io.stderr:write("jong mjai: --rules: ", jong.terminal_text(jong.first_line(tostring(rerr))), "\n"); return 2 end
  if log then
    -- kept in memory, written whole at the end (repl/files.c): the file is whole or as it was
    local ok, err = require("files").writable(log)
    if not ok then io.stderr:write("jong mjai: " .. log .. ": " .. err .. "\n"); return 1 end
    local lines = {}
    o.log = { write = function(_, ...) for _, x in ipairs { ... } do lines[#lines + 1] = x end end,
      close = function() return require("files").write(log, table.concat(lines)) end }
  end
  local status = 0
  for k = 1, games do
    o.seed = o.seed + (k > 1 and 1 or 0)
    local scores, err = M.match(o)
    if scores then
      io.write(encode { match = k, seed = o.seed, ok = true, final = scores }, "\n")
    else
      io.write(encode { match = k, seed = o.seed, ok = false, error = err }, "\n")
      status = 1
    end
  end
  if o.log then
    local ok, err = o.log:close()
    if not ok then io.stderr:write("jong mjai: " .. log .. ": " .. err .. "\n"); status = 1 end
  end
  return status
end

return M
