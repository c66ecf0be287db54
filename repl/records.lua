-- Game records: Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines and jong's own
-- log, read into one plain record (and written back: tenhou6, mjai). The record:
--
--   {format =, players = 4 | 3, rules = "tenhou" | "tenhou3", options = {...},
--    names = {...}, deals = {deal, ...}, final = {points per player} | nil}
--   deal = {kyoku = k (0-based: round wind k // players, dealer player k % players),
--           honba =, deposits =, points = {per player, at the deal's start},
--           hands = {[0] = {tiles}, ...} (13 per player, in notation), dora = indicator,
--           events = {event, ...}}
--   event = {t = "draw", p =, tile =} | {t = "discard", p =, tile =, riichi = bool}
--         | {t = "chow" | "pung" | "kong", p =, from =, tile =, tiles = {from the hand}}
--         | {t = "kong_concealed" | "kong_promoted", p =, tile =} | {t = "kita", p =}
--         | {t = "dora", tile =} | {t = "riichi_paid", p =}
--         | {t = "win", p =, from =, tile =, deltas = {per player}, ura = {...}, pao =}
--         | {t = "draw_end", reason = "exhaustive" | "kyuushu" | ..., deltas =, shown = {p = true}}
--
-- Players are numbered from 0 in the log's order; player 0 deals first. Tiles are in
-- jong's notation ("5m", "0p" a red five, "7z"). Every reader returns nil, reason
-- (with the position: byte, line or event) on a file it cannot read.
local jong = jong or require "jong"
local M = {}

local ok_lxp, lxp = pcall(require, "lxp")
local ok_zlib, zlib = pcall(require, "zlib")
local ok_cjson, cjson = pcall(require, "cjson")

-- ---------------------------------------------------------------- helpers

local SUITS = { "m", "p", "s", "z" }

-- Tenhou's tile id (0-135) in notation; red fives are ids 16, 52, 88 when `aka`.
local TENHOU_NAMES = { [true] = {}, [false] = {} }
for id = 0, 135 do
  local kind = id // 4
  local suit, rank = kind // 9, kind % 9 + 1
  TENHOU_NAMES[false][id] = rank .. SUITS[suit + 1]
  TENHOU_NAMES[true][id] = ((id == 16 or id == 52 or id == 88) and 0 or rank) .. SUITS[suit + 1]
end
local function tenhou_tile(id, aka)
  local t = TENHOU_NAMES[aka and true or false][id]
  if not t then error("tile id " .. tostring(id) .. " is not 0-135", 0) end
  return t
end
M.tenhou_tile = tenhou_tile

-- gunzip when the data starts with the gzip magic; nil, reason on a broken stream.
function M.gunzip(data)
  if data:sub(1, 2) ~= "\31\139" then return data end
  if not ok_zlib then return nil, "gzip-compressed, and lua-zlib is not installed" end
  local ok, out, eof = pcall(function() return zlib.inflate()(data) end)
  if not ok then return nil, "gzip: " .. tostring(out) end
  if not eof then return nil, "gzip: the file is truncated (" .. #data .. " bytes)" end
  return out
end

local function split_numbers(s, what)
  local out = {}
  if not s or s == "" then return out end
  for part in s:gmatch("[^,]+") do
    local v = tonumber(part)
    if not v then error(what .. ": '" .. part .. "' is not a number", 0) end
    out[#out + 1] = v
  end
  return out
end

-- ---------------------------------------------------------------- mjlog XML

-- Tenhou's meld code (N m="...") by the caller `who`: the event, or nil, reason.
local function decode_meld(m, who, n, aka)
  local from = (who + (m & 3)) % n
  if m & 4 ~= 0 then                      -- chow
    local t = m >> 10
    local r = t % 3
    t = t // 3
    local base = (t // 7) * 9 + t % 7
    local ids = {}
    for i = 0, 2 do ids[i] = (base + i) * 4 + ((m >> (3 + 2 * i)) & 3) end
    local hand = {}
    for i = 0, 2 do if i ~= r then hand[#hand + 1] = tenhou_tile(ids[i], aka) end end
    return { t = "chow", p = who, from = from, tile = tenhou_tile(ids[r], aka), tiles = hand }
  elseif m & 0x18 ~= 0 then               -- pung (8) or promoted kong (16)
    local t = m >> 9
    local r = t % 3
    t = t // 3
    local unused = (m >> 5) & 3
    local ids = {}
    for i = 0, 3 do if i ~= unused then ids[#ids + 1] = t * 4 + i end end
    if m & 8 ~= 0 then
      local hand = {}
      for i = 1, 3 do if i ~= r + 1 then hand[#hand + 1] = tenhou_tile(ids[i], aka) end end
      return { t = "pung", p = who, from = from, tile = tenhou_tile(ids[r + 1], aka), tiles = hand }
    end
    return { t = "kong_promoted", p = who, tile = tenhou_tile(t * 4 + unused, aka) }
  elseif m & 0x20 ~= 0 then               -- kita (three players)
    return { t = "kita", p = who, tile = "4z" }
  end
  local id = m >> 8
  local kind = id // 4
  if kind > 33 then return nil, "unknown meld code " .. m end
  if m & 3 == 0 then
    return { t = "kong_concealed", p = who, tile = tenhou_tile(kind * 4 + (kind % 9 == 4 and kind < 27 and 1 or 0), aka),
             red = aka and kind < 27 and kind % 9 == 4 }
  end
  local hand = {}
  for i = 0, 3 do
    if kind * 4 + i ~= id then hand[#hand + 1] = tenhou_tile(kind * 4 + i, aka) end
  end
  return { t = "kong", p = who, from = from, tile = tenhou_tile(id, aka), tiles = hand }
end
M.decode_meld = decode_meld

local DRAW_TAGS = { T = 0, U = 1, V = 2, W = 3 }
local DISCARD_TAGS = { D = 0, E = 1, F = 2, G = 3 }
-- Draw and discard tags ("T77", "G3"): {is a draw, player, tile id}.
local TILE_TAGS = {}
for c, p in pairs(DRAW_TAGS) do for id = 0, 135 do TILE_TAGS[c .. id] = { true, p, id } end end
for c, p in pairs(DISCARD_TAGS) do for id = 0, 135 do TILE_TAGS[c .. id] = { false, p, id } end end
local ABORTS = { yao9 = "kyuushu", reach4 = "suucha_riichi", ron3 = "sanchahou", kan4 = "suukaikan",
  kaze4 = "suufon", nm = "nagashi" }
local KNOWN_TAGS = { mjloggm = true, SHUFFLE = true, GO = true, UN = true, TAIKYOKU = true,
  INIT = true, N = true, REACH = true, DORA = true, AGARI = true, RYUUKYOKU = true, BYE = true }

local function deltas_of(sc, n)
  local d = {}
  for p = 0, n - 1 do d[p] = math.floor((sc[2 * p + 2] or 0) * 100 + 0.5) end
  return d
end

-- Reads mjlog XML text (one game) into a record, or nil, reason.
function M.read_mjlog(text)
  if not ok_lxp then return nil, "lua-expat is not installed" end
  local rec = { format = "mjlog", players = 4, options = {}, deals = {}, names = {} }
  local aka = true
  local deal, pending_riichi
  local count = 0
  local err
  local function fail(msg) if not err then err = msg end end
  local function tiles_of(s)
    local out = {}
    for _, id in ipairs(split_numbers(s, "tiles")) do
      if id < 0 or id > 135 then error("tile id " .. id .. " is not 0-135", 0) end
      out[#out + 1] = tenhou_tile(id, aka)
    end
    return out
  end
  local names = TENHOU_NAMES[true]
  local function push(ev)
    ev.at = count
    local events = deal.events
    events[#events + 1] = ev
  end
  local function element(tag, a)
      local move = TILE_TAGS[tag]
      if move then
        if not deal then error("<" .. tag .. "> before the first deal", 0) end
        local events = deal.events
        local p = move[2]
        if move[1] then
          events[#events + 1] = { t = "draw", p = p, tile = names[move[3]], at = count }
        else
          events[#events + 1] = { t = "discard", p = p, tile = names[move[3]], riichi = pending_riichi == p or nil, at = count }
          pending_riichi = nil
        end
        return
      end
      if tag:match("^[TUVWDEFG]%d+$") then error("tile id " .. tag:sub(2) .. " is not 0-135", 0) end
      if not KNOWN_TAGS[tag] then error("unknown tag <" .. tag .. ">", 0) end
      if tag == "GO" then
        local ty = tonumber(a.type) or 0
        aka = ty & 2 == 0
        rec.players = ty & 16 ~= 0 and 3 or 4
        rec.rules = rec.players == 3 and "tenhou3" or "tenhou"
        rec.options.red_fives = aka and 3 or 0
        names = TENHOU_NAMES[aka]
        if ty & 4 ~= 0 then rec.options.open_tanyao = false end
        rec.options.match_length = ty & 8 ~= 0 and "hanchan" or "tonpuusen"
        rec.go_type = ty
      elseif tag == "UN" and a.n0 and not rec.names[1] then
        for p = 0, 3 do
          local s = a["n" .. p]
          if s then rec.names[p + 1] = s:gsub("%%(%x%x)", function(h) return string.char(tonumber(h, 16)) end) end
        end
      elseif tag == "INIT" then
        local seed = split_numbers(a.seed, "INIT seed")
        if #seed < 6 then error("INIT seed has " .. #seed .. " numbers, not 6", 0) end
        local ten = split_numbers(a.ten, "INIT ten")
        deal = { kyoku = seed[1], honba = seed[2], deposits = seed[3], dice = { seed[4] + 1, seed[5] + 1 },
                 dora = tenhou_tile(seed[6], aka), points = {}, hands = {}, events = {} }
        local n = a.hai3 and a.hai3 ~= "" and 4 or (rec.players == 3 and 3 or 4)
        for p = 0, n - 1 do
          deal.points[p] = (ten[p + 1] or 0) * 100
          deal.hands[p] = tiles_of(a["hai" .. p] or "")
          if #deal.hands[p] ~= 13 then error("INIT hai" .. p .. " has " .. #deal.hands[p] .. " tiles", 0) end
        end
        deal.at = count
        rec.deals[#rec.deals + 1] = deal
        pending_riichi = nil
      elseif tag == "N" then
        if not deal then error("<N> before the first deal", 0) end
        local ev, why = decode_meld(tonumber(a.m) or -1, tonumber(a.who) or 0, rec.players, aka)
        if not ev then error(why, 0) end
        push(ev)
      elseif tag == "REACH" then
        local who = tonumber(a.who)
        if a.step == "1" then pending_riichi = who
        else push({ t = "riichi_paid", p = who }) end
      elseif tag == "DORA" then
        push({ t = "dora", tile = tenhou_tile(tonumber(a.hai), aka) })
      elseif tag == "AGARI" then
        local who, from = tonumber(a.who), tonumber(a.fromWho)
        local ev = { t = "win", p = who, from = from ~= who and from or nil,
          tile = tenhou_tile(tonumber(a.machi), aka),
          deltas = deltas_of(split_numbers(a.sc, "AGARI sc"), rec.players),
          ura = a.doraHaiUra and tiles_of(a.doraHaiUra) or nil, pao = tonumber(a.paoWho),
          ten = split_numbers(a.ten, "AGARI ten") }
        push(ev)
      elseif tag == "RYUUKYOKU" then
        local shown = {}
        for p = 0, 3 do if a["hai" .. p] then shown[p] = true end end
        push({ t = "draw_end", reason = a.type and (ABORTS[a.type] or a.type) or "exhaustive",
          deltas = deltas_of(split_numbers(a.sc, "RYUUKYOKU sc"), rec.players), shown = shown })
      end
      if (tag == "AGARI" or tag == "RYUUKYOKU") and a.owari then
        local o = split_numbers(a.owari, "owari")
        rec.final = {}
        for p = 0, rec.players - 1 do rec.final[p + 1] = math.floor(o[2 * p + 1] * 100 + 0.5) end
      end
  end
  local function start(parser, tag, a)
    if err then return end
    count = count + 1
    local ok, e = pcall(element, tag, a)
    if not ok then
      local line, col = parser:pos()
      fail(("line %d, column %d: <%s>: %s"):format(line, col, tag, e))
    end
  end
  local p = lxp.new({ StartElement = start })
  local ok, msg, line, col = p:parse(text)
  if ok then ok, msg, line, col = p:parse() end
  p:close()
  if err then return nil, err end
  if not ok then return nil, ("XML: %s at line %s, column %s"):format(msg, line, col) end
  if #rec.deals == 0 then return nil, "no deal (<INIT>) in the log" end
  if not rec.rules then rec.rules = rec.players == 3 and "tenhou3" or "tenhou" end
  return rec
end

-- ---------------------------------------------------------------- reading any file

-- Which format a text is in: "mjlog", "tenhou6", "mjai", "jong" or nil.
function M.detect(text)
  local head = text:match("^%s*(.?)")
  if head == "<" then return "mjlog" end
  if head == "{" then
    local first = text:match("^%s*([^\n]*)")
    if first:find('"type"%s*:') then
      if first:find('"type"%s*:%s*"jong_') or first:find('"format"%s*:%s*"jong"') then return "jong" end
      return "mjai"
    end
    if text:find('"log"%s*:') then return "tenhou6" end
  end
  return nil
end

-- Reads a record from text (any format; gzip is undone first). nil, reason.
function M.read(text)
  local data, err = M.gunzip(text)
  if not data then return nil, err end
  local fmt = M.detect(data)
  if fmt == "mjlog" then return M.read_mjlog(data) end
  if fmt == "tenhou6" and M.read_tenhou6 then return M.read_tenhou6(data) end
  if fmt == "mjai" and M.read_mjai then return M.read_mjai(data) end
  if fmt == "jong" and M.read_jong then return M.read_jong(data) end
  if data == "" then return nil, "the file is empty" end
  return nil, "not a game record: neither mjlog XML, tenhou.net/6 JSON, mjai JSON lines nor a jong log"
end

M.cjson = ok_cjson and cjson or nil
return M
