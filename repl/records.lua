-- Game records: Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines and jong's own
-- log, read into one plain record (and written back: tenhou6, mjai). The record:
--
--   {format =, players = 4 | 3, rules = "tenhou" | "tenhou3", options = {...},
--    names = {...}, deals = {deal, ...}, final = {points per player} | nil}
--   deal = {kyoku = k (0-based, Tenhou's numbering: round wind k // 4, dealer player k % 4),
--           honba =, deposits =, points = {per player, at the deal's start},
--           hands = {[0] = {tiles}, ...} (13 per player, in notation), dora = indicator,
--           events = {event, ...}}
--   event = {t = "draw", p =, tile =} | {t = "discard", p =, tile =, riichi = bool}
--         | {t = "chow" | "pung" | "kong", p =, from =, tile =, tiles = {from the hand}}
--         | {t = "kong_concealed" | "kong_promoted", p =, tile =} | {t = "kita", p =}
--         | {t = "dora", tile =} | {t = "riichi_paid", p =}
--         | {t = "win", p =, from =, tile =, deltas = {per player}, ura = {...}, pao =}
--         | {t = "draw_end", reason = "exhaustive" | "kyuushu" | ..., deltas =, shown = {p = true}}
--           (a win or draw_end with `unpaid`: the log does not say the payments; deltas 0)
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

-- Three-player Tenhou records number the deals round x 4 + dealer (South 1 is 4); one
-- that numbers them round x 3 + dealer (South 1 is 3) is renumbered so.
local function three_player_kyoku(rec)
  if rec.players ~= 3 then return end
  local by_three = false
  for _, d in ipairs(rec.deals) do by_three = by_three or d.kyoku % 4 == 3 end
  if by_three then
    for _, d in ipairs(rec.deals) do d.kyoku = d.kyoku // 3 * 4 + d.kyoku % 3 end
  end
end

-- ---------------------------------------------------------------- mjlog XML

-- Tenhou's meld code (N m="...") by the caller `who`: the event, or nil, reason.
local function decode_meld(m, who, n, aka)
  local from = (who + (m & 3)) % 4        -- 1 right, 2 across, 3 left: seats of a four-seat table, also with three players
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
for c, p in pairs(DISCARD_TAGS) do
  for id = 0, 135 do
    TILE_TAGS[c .. id] = { false, p, id }
    TILE_TAGS[c:lower() .. id] = { false, p, id }    -- a lower-case discard: the drawn tile (tsumogiri)
  end
end
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
  local names = TENHOU_NAMES[true]      -- tile names of the game's tile set (GO: red fives or not)
  local function tiles_of(s)
    local out = {}
    if s and not s:find("[^%d,]") then              -- plain ids (the usual case)
      for id in s:gmatch("%d+") do
        id = tonumber(id)
        if id > 135 then error("tile id " .. id .. " is not 0-135", 0) end
        out[#out + 1] = names[id]
      end
      return out
    end
    for _, id in ipairs(split_numbers(s, "tiles")) do
      if id < 0 or id > 135 then error("tile id " .. id .. " is not 0-135", 0) end
      out[#out + 1] = tenhou_tile(id, aka)
    end
    return out
  end
  local function push(ev)
    ev.at = count
    local events = deal.events
    events[#events + 1] = ev
  end
  local function element(tag, a)
      -- draws and discards within a deal are read by start; here only one before any deal
      if TILE_TAGS[tag] then error("<" .. tag .. "> before the first deal", 0) end
      if not KNOWN_TAGS[tag] then
        if tag:match("^[TUVWDEFGtuvwdefg]%d+$") then error("tile id " .. tag:sub(2) .. " is not 0-135", 0) end
        error("unknown tag <" .. tag .. ">", 0)
      end
      if tag == "GO" then
        local ty = tonumber(a.type) or 0
        aka = ty & 2 == 0
        rec.players = ty & 16 ~= 0 and 3 or 4
        rec.rules = rec.players == 3 and "tenhou3" or "tenhou"
        rec.options.red_fives = aka and (rec.players == 3 and 2 or 3) or 0
        names = TENHOU_NAMES[aka]
        if ty & 4 ~= 0 then rec.options.open_tanyao = false end
        rec.options.match_length = ty & 8 ~= 0 and "hanchan" or "tonpuusen"
        if ty & 0x200 ~= 0 then rec.options.kiriage = true end    -- chip (shuugi) lobbies: kiriage mangan, as their records show
        if ty & 0x800 ~= 0 then rec.options.one_deal = true end   -- a one-deal lobby (its records end after one deal)
        -- bit 0x400 (with 0x200: a chip lobby; dnovikoff/tenhou's ratio1.xml_, type 0x621):
        -- a ron of 8,000 at 1 honba with 2 chips won is paid 9,500 (not 8,300), the final
        -- score a rate of its own: rules jong does not have (replay.check refuses it)
        if ty & 0x400 ~= 0 then
          rec.unsupported = ("GO type %d (0x%x) has bit 0x400, a Tenhou chip lobby whose payments jong's tenhou "
            .. "does not have (a ron of 8,000 at 1 honba with 2 chips won paid 9,500, not 8,300); "
            .. "--rules FILE replays it with a ruleset of yours"):format(ty, ty)
        end
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
        -- Tenhou's first records (2009: the wall's seed on each INIT, before the SHUFFLE
        -- element) show no tenpai-yame: a first dealer tenpai at South 4 plays on
        if a.shuffle and rec.players == 4 then rec.options.tenpai_yame = false end
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
        if #o < 2 * rec.players then
          error("owari has " .. #o .. " numbers, not 2 for each of the " .. rec.players .. " players", 0)
        end
        rec.final = {}
        for p = 0, rec.players - 1 do rec.final[p + 1] = math.floor(o[2 * p + 1] * 100 + 0.5) end
      end
  end
  local function start(parser, tag, a)
    if err then return end
    count = count + 1
    local move = deal and TILE_TAGS[tag]
    if move then                              -- a draw or a discard (most tags): cannot fail
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
    local ok, e = pcall(element, tag, a)
    if not ok then
      local line, col = parser:pos()
      local n = #rec.deals + (tag == "INIT" and 1 or 0)     -- (an INIT read is not a deal yet)
      fail(("line %d, column %d: <%s>: %s%s"):format(line, col, tag, e, n > 0 and (" (deal %d)"):format(n) or ""))
    end
  end
  -- A record saved with an XML declaration naming an encoding expat lacks (Shift_JIS,
  -- as some tools write Tenhou's records) is read when it is all ASCII, as Tenhou's
  -- elements are (names are %-escaped): the declaration then changes nothing.
  local enc = text:match('^%s*<%?xml[^>]-encoding%s*=%s*["\']([^"\']+)')
  if enc and not ({ ["utf-8"] = 1, ["us-ascii"] = 1, ["iso-8859-1"] = 1, ["utf-16"] = 1 })[enc:lower()] then
    if text:find("[\128-\255]") then
      return nil, "XML: the declared encoding " .. enc .. " is not one jong reads (UTF-8, ISO-8859-1), and the file is not all ASCII"
    end
    text = text:gsub('^(%s*<%?xml[^>]-)encoding%s*=%s*["\'][^"\']+["\']', "%1", 1)
  end
  local p = lxp.new({ StartElement = start })
  local ok, msg, line, col = p:parse(text)
  if ok then ok, msg, line, col = p:parse() end
  pcall(p.close, p)            -- a parser that failed complains again when closed
  if err then return nil, err end
  if not ok then return nil, ("XML: %s at line %s, column %s"):format(msg, line, col) end
  if #rec.deals == 0 then return nil, "no deal (<INIT>) in the log" end
  if not rec.rules then rec.rules = rec.players == 3 and "tenhou3" or "tenhou" end
  three_player_kyoku(rec)
  return rec
end

-- ---------------------------------------------------------------- tenhou.net/6 JSON

-- A decoded JSON value with its integral numbers as Lua integers (cjson gives floats).
function M.integers(v)
  if type(v) == "number" then return math.tointeger(v) or v end
  if type(v) ~= "table" then return v end
  for k, x in pairs(v) do
    if type(x) == "number" then v[k] = math.tointeger(x) or x
    elseif type(x) == "table" then M.integers(x) end
  end
  return v
end

-- A tile code of tenhou.net/6 (11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red
-- fives) in notation; nil for anything else.
local T6_SUITS = { "m", "p", "s", "z" }
local function t6_tile(c)
  if type(c) ~= "number" then return nil end
  if c >= 51 and c <= 53 then return "0" .. T6_SUITS[c - 50] end
  local s, r = c // 10, c % 10
  if s < 1 or s > 4 or r < 1 or r > (s == 4 and 7 or 9) then return nil end
  return r .. T6_SUITS[s]
end
M.t6_tile = t6_tile

-- A call or declaration string ("c275226", "41p4141", "424242a42", "r45"): the marker
-- letter, its position in tiles (0-based), and the tiles in order.
local function t6_call(s)
  local marker, pos, tiles = nil, nil, {}
  local i = 1
  while i <= #s do
    local c = s:sub(i, i)
    if c:match("%a") then
      marker, pos = c, #tiles
      i = i + 1
    else
      local code = tonumber(s:sub(i, i + 1))
      local t = t6_tile(code)
      if not t and code ~= 60 then return nil end
      tiles[#tiles + 1] = t or "60"
      i = i + 2
    end
  end
  return marker, pos, tiles
end

local T6_DRAWS = { ["流局"] = "exhaustive", ["全員聴牌"] = "exhaustive", ["全員不聴"] = "exhaustive",
  ["流し満貫"] = "nagashi", ["九種九牌"] = "kyuushu", ["四風連打"] = "suufon", ["四家立直"] = "suucha_riichi",
  ["四槓散了"] = "suukaikan", ["三家和了"] = "sanchahou" }

-- Reads tenhou.net/6 JSON text (one game) into a record, or nil, reason.
function M.read_tenhou6(text)
  if not ok_cjson then return nil, "lua-cjson is not installed" end
  local ok, d = pcall(cjson.decode, text)
  if not ok and text:find("}%s*\n%s*{") then
    -- One JSON object a line, each with some rounds (mjscore): their logs joined.
    local lineno = 0
    for line in text:gmatch("[^\n]+") do
      lineno = lineno + 1
      if line:find("%S") then
        local okl, dl = pcall(cjson.decode, line)
        if not okl then return nil, "line " .. lineno .. ": JSON: " .. tostring(dl) end
        if type(dl) ~= "table" or type(dl.log) ~= "table" then return nil, "line " .. lineno .. ": no \"log\" array" end
        if lineno == 1 then d = dl else
          for _, round in ipairs(dl.log) do d.log[#d.log + 1] = round end
          d.sc = dl.sc or d.sc
        end
      end
    end
    ok = true
  end
  if not ok then return nil, "JSON: " .. tostring(d) end
  d = M.integers(d)
  if type(d) ~= "table" or type(d.log) ~= "table" then return nil, "tenhou.net/6: no \"log\" array" end
  local rule = type(d.rule) == "table" and d.rule or {}
  local disp = type(rule.disp) == "string" and rule.disp or ""
  -- red fives: `aka` (Tenhou), or one count a suit (`aka51` `aka52` `aka53`, 0 for none)
  local aka = false
  for _, key in ipairs { "aka", "aka51", "aka52", "aka53" } do
    if rule[key] ~= nil and rule[key] ~= 0 then aka = true end
  end
  local rec = { format = "tenhou6", options = {}, deals = {}, names = {} }
  local first = d.log[1]
  local n = 4
  if disp:find("三", 1, true) or (type(first) == "table" and type(first[14]) == "table" and #first[14] == 0) then n = 3 end
  rec.players = n
  rec.rules = n == 3 and "tenhou3" or "tenhou"
  rec.options.red_fives = aka and (n == 3 and 2 or 3) or 0
  -- Tenhou's room names ("四鳳南喰赤", "三般東喰", "特南喰赤") say the length and open
  -- tanyao; a name without 東 or 南 (a converted Mahjong Soul game: "三金の間赤") says neither.
  if disp:find("東", 1, true) then rec.options.match_length = "tonpuusen"
  elseif disp:find("南", 1, true) then rec.options.match_length = "hanchan" end
  if rec.options.match_length and not disp:find("喰", 1, true) then rec.options.open_tanyao = false end
  if type(d.name) == "table" then for i = 1, n do rec.names[i] = tostring(d.name[i] or "") end end
  local function tile(c, where)
    local t = t6_tile(c)
    if not t then error(where .. ": bad tile code " .. tostring(c), 0) end
    return t
  end
  for ri, r in ipairs(d.log) do
    local here = "deal " .. ri .. " (log[" .. ri .. "])"
    local okr, err = pcall(function()
      if type(r) ~= "table" or type(r[1]) ~= "table" then error("not a round", 0) end
      local deal = { kyoku = r[1][1], honba = r[1][2], deposits = r[1][3], points = {}, hands = {},
        events = {}, at = ri }
      local hai, take, dis = {}, {}, {}
      for p = 0, n - 1 do
        deal.points[p] = r[2][p + 1]
        hai[p], take[p], dis[p] = r[5 + 3 * p], r[6 + 3 * p], r[7 + 3 * p]
        if type(hai[p]) ~= "table" or type(take[p]) ~= "table" or type(dis[p]) ~= "table" then
          error("player " .. p .. ": missing hand, draws or discards", 0)
        end
        deal.hands[p] = {}
        for i, c in ipairs(hai[p]) do deal.hands[p][i] = tile(c, "hand of player " .. p) end
        if #deal.hands[p] ~= 13 then error("the hand of player " .. p .. " has " .. #deal.hands[p] .. " tiles", 0) end
      end
      local doras, uras = r[3] or {}, r[4] or {}
      deal.dora = tile(doras[1], "dora")
      local result = r[#r]        -- the last entry (after four players' lists, also with three)
      if type(result) ~= "table" then error("no result", 0) end
      if #result == 0 and ri < #d.log then error("no result", 0) end
      -- The order of play: each player's draws (and calls) and discards are listed apart,
      -- so a call is matched to a discard of its tile from its side. When the same tile is
      -- discarded twice before the call, the first is not always the one called: the
      -- reading that uses every entry of the lists is searched for (the call left to a later
      -- discard of the tile when taking it on the first leads nowhere).
      local events, k, ti, di, turn, drawn, choices, seen
      local function push(ev) k = k + 1; ev.at = k; events[k] = ev end
      local function draw(p)
        local x = take[p][ti[p]]
        if x == nil then return false end
        ti[p] = ti[p] + 1
        if type(x) ~= "number" then error("player " .. p .. " calls " .. tostring(x) .. " out of turn", 0) end
        drawn = tile(x, "draw of player " .. p)
        push { t = "draw", p = p, tile = drawn }
        return true
      end
      -- Whose next take claims the discard of `from`, and how.
      local function claim(from, discarded)
        local best
        for j = 1, n - 1 do
          local q = (from + j) % n
          local x = take[q][ti[q]]
          if type(x) == "string" then
            local marker, pos, tiles = t6_call(x)
            if not marker or tiles[pos + 1] ~= discarded then marker = nil end
            -- where the tile came from, as seats of a four-seat table (three-player
            -- logs too: for player 2, player 0 sits across, "toimen")
            local rel
            if marker == "p" then rel = ({ [0] = 3, [1] = 2, [2] = 1 })[pos]
            elseif marker == "m" then rel = ({ [0] = 3, [1] = 2, [3] = 1 })[pos]
            elseif marker == "c" then rel = 3 end
            if rel and (q + rel) % 4 == from and (not best or marker ~= "c") then best = q end
          end
        end
        if best then
          -- a choice: called here (the default), or left to a later discard
          seen = seen + 1
          if choices[seen] == false then return nil end
        end
        return best
      end
      -- The turn: discards and declarations of `turn` until a discard; false when the deal ends.
      local function act()
        while true do
          local y = dis[turn][di[turn]]
          if y == nil then return false end
          di[turn] = di[turn] + 1
          if type(y) == "number" then
            if y == 0 then error("player " .. turn .. ": a discard placeholder (0) without a kong", 0) end
            local t = y == 60 and drawn or tile(y, "discard of player " .. turn)
            push { t = "discard", p = turn, tile = t }
            return true
          end
          local marker, _, tiles = t6_call(y)
          if not marker then error("player " .. turn .. ": bad declaration " .. tostring(y), 0) end
          if marker == "r" then
            local t = tiles[1] == "60" and drawn or tiles[1]
            push { t = "discard", p = turn, tile = t, riichi = true }
            return true
          elseif marker == "a" or marker == "k" or marker == "f" then
            if marker == "a" then push { t = "kong_concealed", p = turn, tile = tiles[#tiles] }
            elseif marker == "k" then
              local _, pos = t6_call(y)
              push { t = "kong_promoted", p = turn, tile = tiles[pos + 1] or tiles[1] }
            else push { t = "kita", p = turn, tile = "4z" } end
            if not draw(turn) then return false end   -- robbed: the deal ends
          else
            error("player " .. turn .. ": unknown declaration " .. y, 0)
          end
        end
      end
      -- The play read with `choices`; an error when it leaves entries unused.
      local function play()
        events, k, ti, di, drawn, seen = {}, 0, {}, {}, nil, 0
        for p = 0, n - 1 do ti[p], di[p] = 1, 1 end
        turn = deal.kyoku % 4
        if draw(turn) then
          while act() do
            local from = turn
            local q = claim(from, events[k].tile)
            if q then
              local x = take[q][ti[q]]
              ti[q] = ti[q] + 1
              local marker, pos, tiles = t6_call(x)
              local called = tiles[pos + 1]
              local hand = {}
              for i, t in ipairs(tiles) do if i ~= pos + 1 then hand[#hand + 1] = t end end
              local kind = marker == "c" and "chow" or marker == "p" and "pung" or "kong"
              push { t = kind, p = q, from = from, tile = called, tiles = hand }
              turn = q
              if kind == "kong" then
                if dis[q][di[q]] == 0 then di[q] = di[q] + 1 end
                if not draw(q) then break end
              end
            else
              turn = (turn + 1) % n
              if not draw(turn) then break end
            end
          end
        end
        for p = 0, n - 1 do
          if take[p][ti[p]] ~= nil or dis[p][di[p]] ~= nil then
            error("player " .. p .. ": draws or discards left after the deal's end", 0)
          end
        end
      end
      -- The first reading (every call on the first discard it fits) or, when it fails,
      -- the first that works leaving some calls to a later discard (a bounded search).
      local tries = 0
      local function search(fixed)
        tries = tries + 1
        choices = fixed
        local okp, perr = pcall(play)
        if okp then return true end
        local last = seen
        for j = last, #fixed + 1, -1 do
          if tries > 200 then break end
          local c = table.move(fixed, 1, #fixed, 1, {})
          for x = #fixed + 1, j - 1 do c[x] = true end
          c[j] = false
          if search(c) then return true end
        end
        return false, perr
      end
      local found = search({})
      if not found then
        choices = {}
        local okp, perr = pcall(play)
        -- nothing uses every entry: the first reading as it is, if it got to the end
        if not okp and not tostring(perr):find("left after", 1, true) then error(perr, 0) end
      end
      deal.events = events
      -- The result.
      local what = result[1]
      if what == nil then
        -- the log ends in this deal
      elseif what == "和了" then
        local last_discard, last_draw
        for i = #events, 1, -1 do
          local e = events[i]
          if not last_discard and (e.t == "discard" or e.t == "kong_promoted") then last_discard = e end
          if not last_draw and e.t == "draw" then last_draw = e end
        end
        for w = 2, #result, 2 do
          local deltas, info = result[w], result[w + 1]
          if type(deltas) ~= "table" or type(info) ~= "table" then error("bad win result", 0) end
          local who, from, pao = info[1], info[2], info[3]
          local ev = { t = "win", p = who, deltas = {}, pao = pao ~= who and pao or nil }
          for p = 0, n - 1 do ev.deltas[p] = deltas[p + 1] or 0 end
          if from ~= who then
            ev.from, ev.tile = from, last_discard and last_discard.tile
          else
            ev.tile = last_draw and last_draw.tile
          end
          if #uras > 0 then
            ev.ura = {}
            for i, c in ipairs(uras) do ev.ura[i] = tile(c, "ura") end
          end
          push(ev)
        end
      else
        local reason = T6_DRAWS[what]
        if not reason then error("unknown result '" .. tostring(what) .. "'", 0) end
        local ev = { t = "draw_end", reason = reason, deltas = {}, shown = {} }
        for p = 0, n - 1 do ev.deltas[p] = type(result[2]) == "table" and result[2][p + 1] or 0 end
        if reason == "sanchahou" then
          local last
          for i = #events, 1, -1 do if events[i].t == "discard" then last = events[i]; break end end
          for p = 0, n - 1 do if not last or p ~= last.p then ev.shown[p] = true end end
        end
        push(ev)
      end
      -- Riichi sticks paid: a riichi discard nobody won on.
      local i = 1
      while i <= #events do
        local e = events[i]
        if e.t == "discard" and e.riichi then
          local nxt = events[i + 1]
          if not (nxt and nxt.t == "win" and nxt.from == e.p) then
            table.insert(events, i + 1, { t = "riichi_paid", p = e.p, at = e.at })
            i = i + 1
          end
        end
        i = i + 1
      end
      deal.kan_dora = {}
      for j = 2, #doras do deal.kan_dora[j - 1] = tile(doras[j], "dora") end
      rec.deals[#rec.deals + 1] = deal
    end)
    if not okr then return nil, here .. ": " .. err end
  end
  if #rec.deals == 0 then return nil, "no round in the log" end
  three_player_kyoku(rec)
  if type(d.sc) == "table" and #d.sc >= 2 * n then
    rec.final = {}
    -- points, or hundreds of points (the sum tells: 100,000 or 1,000 for four players)
    local total = 0
    for p = 1, n do total = total + d.sc[2 * p - 1] end
    local unit = math.abs(total) < 5000 and 100 or 1
    for p = 1, n do rec.final[p] = math.floor(d.sc[2 * p - 1] * unit + 0.5) end
  end
  return rec
end

-- ---------------------------------------------------------------- mjai JSON lines

local MJAI_HONOURS = { E = "1z", S = "2z", W = "3z", N = "4z", P = "5z", F = "6z", C = "7z" }
local MJAI_FROM = { ["1z"] = "E", ["2z"] = "S", ["3z"] = "W", ["4z"] = "N", ["5z"] = "P", ["6z"] = "F", ["7z"] = "C" }

-- An mjai tile ("5m", "5mr" a red five, "E" ... "C") in notation; nil for anything else.
local function mjai_tile(s)
  if type(s) ~= "string" then return nil end
  if MJAI_HONOURS[s] then return MJAI_HONOURS[s] end
  local r, suit, red = s:match("^([1-9])([mps])(r?)$")
  if not r then return nil end
  if red == "r" then
    if r ~= "5" then return nil end
    return "0" .. suit
  end
  return r .. suit
end
M.mjai_tile = mjai_tile
-- A notation tile in mjai.
function M.to_mjai_tile(t)
  if MJAI_FROM[t] then return MJAI_FROM[t] end
  if t:sub(1, 1) == "0" then return "5" .. t:sub(2, 2) .. "r" end
  return t
end

local MJAI_DRAWS = { fanpai = "exhaustive", ryukyoku = "exhaustive", kyushukyuhai = "kyuushu",
  kyushu_kyuhai = "kyuushu", suufonrenda = "suufon", suufon_renda = "suufon", suuchariichi = "suucha_riichi",
  suucha_riichi = "suucha_riichi", suukaikan = "suukaikan", sukaikan = "suukaikan", sanchaho = "sanchahou",
  sanchahou = "sanchahou", nagashimangan = "nagashi", nagashi_mangan = "nagashi" }
local WIND_INDEX = { E = 0, S = 1, W = 2, N = 3 }

-- Reads mjai JSON lines (one game) into a record, or nil, reason.
function M.read_mjai(text)
  if not ok_cjson then return nil, "lua-cjson is not installed" end
  local rec = { format = "mjai", players = 4, options = {}, deals = {}, names = {} }
  local deal
  local lineno = 0
  local reds, no_reds = false, false
  local ended = false
  local last_scores
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    lineno = lineno + 1
    if line:find("%S") then
      local ok, e = pcall(cjson.decode, line)
      if not ok then return nil, "line " .. lineno .. ": JSON: " .. tostring(e) end
      if type(e) ~= "table" then return nil, "line " .. lineno .. ": not an event object" end
      e = M.integers(e)
      local okp, err = pcall(function()
        local ty = e.type
        local function tile(s, what)
          local t = mjai_tile(s)
          if s == "?" then error(what .. ": a hidden tile (?): the log is one player's view of the game, not a whole record", 0) end
          if not t then error(what .. ": bad tile " .. tostring(s), 0) end
          if t:sub(1, 1) == "0" then reds = true end
          return t
        end
        local function push(ev)
          if not deal then error("'" .. ty .. "' before start_kyoku", 0) end
          if ev.t ~= "dora" and ev.t ~= "draw_end"
             and (math.type(ev.p) ~= "integer" or ev.p < 0 or ev.p >= rec.players) then
            error("'" .. ty .. "' without a player (actor " .. tostring(e.actor) .. ")", 0)
          end
          if ev.from ~= nil and (math.type(ev.from) ~= "integer" or ev.from < 0 or ev.from >= rec.players) then
            error("'" .. ty .. "' from no player (target " .. tostring(e.target) .. ")", 0)
          end
          ev.at = lineno
          deal.events[#deal.events + 1] = ev
        end
        if ty == "start_game" then
          if type(e.names) == "table" then for i, nm in ipairs(e.names) do rec.names[i] = tostring(nm) end end
          -- what the Tenhou converters (mjai-reviewer's convlog) state of the rules: the
          -- first round (0 a hanchan, 4 East only) and red fives
          if e.kyoku_first == 4 then rec.options.match_length = "tonpuusen"
          elseif e.kyoku_first == 0 then rec.options.match_length = "hanchan" end
          if e.aka_flag == true then reds = true elseif e.aka_flag == false then no_reds = true end
        elseif ty == "start_kyoku" then
          local scores = e.scores or {}
          local n = #scores == 3 and 3 or 4
          rec.players = n
          local w = WIND_INDEX[e.bakaze]
          if not w then error("bad bakaze " .. tostring(e.bakaze), 0) end
          deal = { kyoku = w * 4 + (e.kyoku or 1) - 1, honba = e.honba or 0, deposits = e.kyotaku or 0,
                   points = {}, hands = {}, events = {}, at = lineno, dora = tile(e.dora_marker, "dora_marker") }
          if (e.oya or deal.kyoku % 4) ~= deal.kyoku % 4 then error("oya " .. tostring(e.oya) .. " does not deal kyoku " .. tostring(e.kyoku), 0) end
          for p = 0, n - 1 do
            deal.points[p] = scores[p + 1]
            local hand = (e.tehais or {})[p + 1]
            if type(hand) ~= "table" or #hand ~= 13 then error("tehais of player " .. p .. " is not 13 tiles", 0) end
            deal.hands[p] = {}
            for i, s in ipairs(hand) do deal.hands[p][i] = tile(s, "tehais") end
          end
          rec.deals[#rec.deals + 1] = deal
        elseif ty == "tsumo" then
          push { t = "draw", p = e.actor, tile = tile(e.pai, "tsumo") }
        elseif ty == "dahai" then
          local ev = { t = "discard", p = e.actor, tile = tile(e.pai, "dahai") }
          local prev = deal and deal.events[#deal.events]
          if prev and prev.t == "reach" and prev.p == e.actor then
            deal.events[#deal.events] = nil
            ev.riichi = true
          end
          push(ev)
        elseif ty == "reach" then
          push { t = "reach", p = e.actor }
        elseif ty == "reach_accepted" then
          push { t = "riichi_paid", p = e.actor }
        elseif ty == "chi" or ty == "pon" or ty == "daiminkan" then
          local hand = {}
          for i, s in ipairs(e.consumed or {}) do hand[i] = tile(s, ty) end
          push { t = ty == "chi" and "chow" or ty == "pon" and "pung" or "kong", p = e.actor, from = e.target,
                 tile = tile(e.pai, ty), tiles = hand }
        elseif ty == "ankan" then
          push { t = "kong_concealed", p = e.actor, tile = tile((e.consumed or {})[1], "ankan") }
        elseif ty == "kakan" then
          push { t = "kong_promoted", p = e.actor, tile = tile(e.pai, "kakan") }
        elseif ty == "nukidora" then
          push { t = "kita", p = e.actor, tile = "4z" }
        elseif ty == "dora" then
          push { t = "dora", tile = tile(e.dora_marker, "dora") }
        elseif ty == "hora" then
          local ev = { t = "win", p = e.actor, from = e.target ~= e.actor and e.target or nil, deltas = {} }
          if e.pai then ev.tile = tile(e.pai, "hora") end
          for p = 0, rec.players - 1 do ev.deltas[p] = (e.deltas or {})[p + 1] or 0 end
          if type(e.deltas) ~= "table" then ev.unpaid = true end   -- the log does not say
          local ura = e.uradora_markers or e.ura_markers or e.uradora_marker   -- (akochan: uradora_marker)
          if type(ura) == "table" and #ura > 0 then
            ev.ura = {}
            for i, s in ipairs(ura) do ev.ura[i] = tile(s, "uradora_markers") end
          end
          last_scores = e.scores or last_scores
          push(ev)
        elseif ty == "ryukyoku" then
          local reason = MJAI_DRAWS[e.reason or "fanpai"]
          if not reason then error("unknown ryukyoku reason " .. tostring(e.reason), 0) end
          local ev = { t = "draw_end", reason = reason, deltas = {}, shown = {} }
          for p = 0, rec.players - 1 do ev.deltas[p] = (e.deltas or {})[p + 1] or 0 end
          if type(e.deltas) ~= "table" then ev.unpaid = true end
          if reason == "sanchahou" then
            local last
            for i = #deal.events, 1, -1 do if deal.events[i].t == "discard" then last = deal.events[i]; break end end
            for p = 0, rec.players - 1 do if not last or p ~= last.p then ev.shown[p] = true end end
          end
          last_scores = e.scores or last_scores
          push(ev)
        elseif ty == "end_game" then
          ended = true
          local sc = e.scores
          if type(sc) == "table" then
            rec.final = {}
            for p = 1, rec.players do rec.final[p] = sc[p] end
          end
        elseif ty == "end_kyoku" or ty == "none" then
          -- nothing to replay
        else
          error("unknown event type '" .. tostring(ty) .. "'", 0)
        end
      end)
      if not okp then
        return nil, "line " .. lineno .. ": " .. err .. (#rec.deals > 0 and (" (deal %d)"):format(#rec.deals) or "")
      end
    end
  end
  if #rec.deals == 0 then return nil, "no start_kyoku in the log" end
  if not ended then return nil, "line " .. lineno .. ": the log ends before end_game (truncated?)" end
  rec.rules = rec.players == 3 and "tenhou3" or "tenhou"
  if reds then rec.options.red_fives = rec.players == 3 and 2 or 3
  elseif no_reds then rec.options.red_fives = 0 end
  -- A reach whose discard was won on pays nothing; one left over is a declaration.
  for _, d in ipairs(rec.deals) do
    for i = #d.events, 1, -1 do if d.events[i].t == "reach" then table.remove(d.events, i) end end
  end
  return rec
end

-- ---------------------------------------------------------------- writing

local function t6_code(t)
  local r, s = t:sub(1, 1), t:sub(2, 2)
  local base = ({ m = 10, p = 20, s = 30, z = 40 })[s]
  if r == "0" then return 50 + base // 10 end
  return base + tonumber(r)
end
M.t6_code = t6_code

local T6_DRAW_NAMES = { exhaustive = "流局", nagashi = "流し満貫", kyuushu = "九種九牌", suufon = "四風連打",
  suucha_riichi = "四家立直", suukaikan = "四槓散了", sanchahou = "三家和了" }

-- A record as tenhou.net/6 JSON text.
function M.write_tenhou6(rec)
  local n = rec.players
  local log = {}
  for _, d in ipairs(rec.deals) do
    local dealer = d.kyoku % 4
    local pts, hai, take, dis = {}, {}, {}, {}
    for p = 0, 3 do
      pts[p + 1] = p < n and (d.points[p] or 0) or 0
      hai[p], take[p], dis[p] = {}, {}, {}
      if p < n then for i, t in ipairs(d.hands[p]) do hai[p][i] = t6_code(t) end end
    end
    local doras, uras = { t6_code(d.dora) }, {}
    for _, t in ipairs(d.kan_dora or {}) do doras[#doras + 1] = t6_code(t) end
    local result = {}
    local drawn = {}
    local pon_strings = {}   -- per player and kind: the pon's call string (for its kong)
    for _, e in ipairs(d.events) do
      local t, p = e.t, e.p
      if t == "draw" then
        take[p][#take[p] + 1] = t6_code(e.tile)
        drawn[p] = e.tile
      elseif t == "discard" then
        local code = (drawn[p] == e.tile) and 60 or t6_code(e.tile)
        dis[p][#dis[p] + 1] = e.riichi and ("r" .. code) or code
        drawn[p] = nil
      elseif t == "chow" or t == "pung" or t == "kong" then
        local rel = (e.from - p) % 4      -- 1 shimocha, 2 toimen, 3 kamicha (four seats, also with three players)
        local hand = {}
        for i, x in ipairs(e.tiles) do hand[i] = string.format("%02d", t6_code(x)) end
        local called = string.format("%02d", t6_code(e.tile))
        local marker = t == "chow" and "c" or t == "pung" and "p" or "m"
        local pos = rel == 3 and 0 or rel == 2 and 1 or #hand
        table.insert(hand, pos + 1, marker .. called)
        local s = table.concat(hand)
        take[p][#take[p] + 1] = s
        if t == "pung" then pon_strings[p .. e.tile:sub(2) .. (e.tile:sub(1, 1) == "0" and "5" or e.tile:sub(1, 1))] = s end
        if t == "kong" then dis[p][#dis[p] + 1] = 0 end
        drawn[p] = nil
      elseif t == "kong_concealed" then
        local c = string.format("%02d", t6_code(e.tile))
        dis[p][#dis[p] + 1] = c .. c .. c .. "a" .. c
        drawn[p] = nil
      elseif t == "kong_promoted" then
        local key = p .. e.tile:sub(2) .. (e.tile:sub(1, 1) == "0" and "5" or e.tile:sub(1, 1))
        local pon = pon_strings[key] or ("p" .. string.rep(string.format("%02d", t6_code(e.tile)), 3))
        local added = string.format("%02d", t6_code(e.tile))
        dis[p][#dis[p] + 1] = pon:gsub("p", "k" .. added, 1)
        drawn[p] = nil
      elseif t == "kita" then
        dis[p][#dis[p] + 1] = "f44"
        drawn[p] = nil
      elseif t == "dora" then
        doras[#doras + 1] = t6_code(e.tile)
      elseif t == "win" then
        if #result == 0 then result[1] = "和了" end
        local deltas = {}
        for q = 0, 3 do deltas[q + 1] = q < n and (e.deltas[q] or 0) or 0 end
        result[#result + 1] = deltas
        result[#result + 1] = { p, e.from or p, e.pao or p, "" }
        if e.ura and #uras == 0 then for i, u in ipairs(e.ura) do uras[i] = t6_code(u) end end
      elseif t == "draw_end" then
        local deltas = {}
        for q = 0, 3 do deltas[q + 1] = q < n and (e.deltas[q] or 0) or 0 end
        result = { T6_DRAW_NAMES[e.reason] or "流局", deltas }
      end
    end
    local round = { { d.kyoku, d.honba, d.deposits }, pts, doras, uras }
    for p = 0, n - 1 do
      round[#round + 1] = hai[p]; round[#round + 1] = take[p]; round[#round + 1] = dis[p]
    end
    if n == 3 then round[#round + 1] = {}; round[#round + 1] = {}; round[#round + 1] = {} end
    round[#round + 1] = result
    log[#log + 1] = round
  end
  local names = {}
  for p = 1, 4 do names[p] = rec.names and rec.names[p] or (p <= n and ("player " .. (p - 1)) or "") end
  local disp = (n == 3 and "三" or "") .. "般" .. ((rec.options or {}).match_length == "tonpuusen" and "東" or "南")
    .. (((rec.options or {}).open_tanyao == false) and "" or "喰") .. (((rec.options or {}).red_fives or 0) > 0 and "赤" or "")
  local out = { title = { "", "" }, name = names,
    rule = { disp = disp, aka = ((rec.options or {}).red_fives or 0) > 0 and 1 or 0 }, log = log }
  if rec.final then
    out.sc = {}
    for p = 1, 4 do out.sc[2 * p - 1] = rec.final[p] or 0; out.sc[2 * p] = 0 end
  end
  return jong.json_encode(out) .. "\n"
end

local MJAI_REASONS = { exhaustive = "fanpai", nagashi = "nagashimangan", kyuushu = "kyushukyuhai",
  suufon = "suufonrenda", suucha_riichi = "suuchariichi", suukaikan = "suukaikan", sanchahou = "sanchaho" }
local BAKAZE = { [0] = "E", "S", "W", "N" }

-- A record as mjai JSON lines.
function M.write_mjai(rec)
  local n = rec.players
  local mt = M.to_mjai_tile
  local lines = {}
  local function emit(t) lines[#lines + 1] = jong.json_encode(t) end
  local names = {}
  for p = 1, n do names[p] = rec.names and rec.names[p] or ("player " .. (p - 1)) end
  -- the rules convlog states (kyoku_first 4: East only; aka_flag), when the record has them
  local o = rec.options or {}
  local ml = o.match_length
  local aka
  if o.red_fives then aka = o.red_fives > 0 end
  emit { type = "start_game", names = names, aka_flag = aka,
         kyoku_first = ml == "tonpuusen" and 4 or ml == "hanchan" and 0 or nil }
  local scores
  for _, d in ipairs(rec.deals) do
    local tehais, sc = {}, {}
    for p = 0, n - 1 do
      tehais[p + 1] = {}
      for i, t in ipairs(d.hands[p]) do tehais[p + 1][i] = mt(t) end
      sc[p + 1] = d.points[p] or 0
    end
    emit { type = "start_kyoku", bakaze = BAKAZE[d.kyoku // 4], kyoku = d.kyoku % 4 + 1, honba = d.honba,
      kyotaku = d.deposits, oya = d.kyoku % 4, dora_marker = mt(d.dora), scores = sc, tehais = tehais }
    scores = {}
    for p = 0, n - 1 do scores[p] = d.points[p] or 0 end
    local drawn = {}
    local kan_dora = d.kan_dora and { table.unpack(d.kan_dora) } or nil
    for i, e in ipairs(d.events) do
      local t, p = e.t, e.p
      if t == "draw" then
        emit { type = "tsumo", actor = p, pai = mt(e.tile) }
        drawn[p] = e.tile
      elseif t == "discard" then
        if e.riichi then emit { type = "reach", actor = p } end
        emit { type = "dahai", actor = p, pai = mt(e.tile), tsumogiri = drawn[p] == e.tile }
        drawn[p] = nil
      elseif t == "riichi_paid" then
        scores[p] = scores[p] - 1000
        local deltas, sc2 = {}, {}
        for q = 0, n - 1 do deltas[q + 1] = q == p and -1000 or 0; sc2[q + 1] = scores[q] end
        emit { type = "reach_accepted", actor = p, deltas = deltas, scores = sc2 }
      elseif t == "chow" or t == "pung" or t == "kong" then
        local consumed = {}
        for j, x in ipairs(e.tiles) do consumed[j] = mt(x) end
        emit { type = t == "chow" and "chi" or t == "pung" and "pon" or "daiminkan", actor = p, target = e.from,
          pai = mt(e.tile), consumed = consumed }
        drawn[p] = nil
      elseif t == "kong_concealed" then
        local k = e.tile:sub(1, 1) == "0" and "5" .. e.tile:sub(2) or e.tile
        local consumed = { mt(k), mt(k), mt(k), mt(k) }
        if k:sub(1, 1) == "5" and k:sub(2) ~= "z" and ((rec.options or {}).red_fives or 0) > 0 then consumed[4] = mt("0" .. k:sub(2)) end
        emit { type = "ankan", actor = p, consumed = consumed }
      elseif t == "kong_promoted" then
        local k = e.tile:sub(1, 1) == "0" and "5" .. e.tile:sub(2) or e.tile
        emit { type = "kakan", actor = p, pai = mt(e.tile), consumed = { mt(k), mt(k), mt(k) } }
      elseif t == "kita" then
        emit { type = "nukidora", actor = p, pai = "N" }
      elseif t == "dora" then
        emit { type = "dora", dora_marker = mt(e.tile) }
      elseif t == "win" then
        local deltas, sc2 = {}, {}
        for q = 0, n - 1 do
          deltas[q + 1] = e.deltas[q] or 0
          scores[q] = scores[q] + deltas[q + 1]
          sc2[q + 1] = scores[q]
        end
        local ura = {}
        for j, u in ipairs(e.ura or {}) do ura[j] = mt(u) end
        emit { type = "hora", actor = p, target = e.from or p, pai = e.tile and mt(e.tile) or nil,
          uradora_markers = ura, deltas = deltas, scores = sc2 }
      elseif t == "draw_end" then
        local deltas, sc2 = {}, {}
        for q = 0, n - 1 do
          deltas[q + 1] = e.deltas[q] or 0
          scores[q] = scores[q] + deltas[q + 1]
          sc2[q + 1] = scores[q]
        end
        emit { type = "ryukyoku", reason = MJAI_REASONS[e.reason] or "fanpai", deltas = deltas, scores = sc2 }
      end
      -- kan dora given as a list (tenhou.net/6): after the kong's replacement draw
      if kan_dora and #kan_dora > 0 and t == "draw" and i > 1 then
        local prev = d.events[i - 1]
        if prev and (prev.t == "kong" or prev.t == "kong_concealed" or prev.t == "kong_promoted") then
          emit { type = "dora", dora_marker = mt(table.remove(kan_dora, 1)) }
        end
      end
    end
    emit { type = "end_kyoku" }
  end
  emit { type = "end_game", scores = rec.final and { table.unpack(rec.final, 1, n) } or nil }
  return table.concat(lines, "\n") .. "\n"
end

-- ---------------------------------------------------------------- reading any file

-- Which format a text is in: "mjlog", "tenhou6", "mjai", "jong" or nil.
function M.detect(text)
  local head = text:match("^%s*(.?)")
  if head == "<" then return "mjlog" end
  if head == "{" then
    local first = text:match("^%s*([^\n]*)")
    local ok, v = false, nil
    if ok_cjson and first:find('"type"%s*:') then ok, v = pcall(cjson.decode, first) end
    local ty = ok and type(v) == "table" and v.type            -- the first line's own type
    if not ok_cjson and first:find('"type"%s*:') then          -- (read_mjai will say cjson is missing)
      ty = first:find('"type"%s*:%s*"game"') and "game" or "?"
    end
    if ty == "game" then return "jong" end
    if type(ty) == "string" then return "mjai" end
    if text:find('"qipai"%s*:') then return "majiang" end      -- kobalab's 電脳麻将 paifu
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
  if fmt == "tenhou6" then return M.read_tenhou6(data) end
  if fmt == "mjai" then return M.read_mjai(data) end
  if fmt == "jong" then return nil, "a jong log: read it with the replay module (it replays the actions)" end
  if fmt == "majiang" then
    return nil, "a 電脳麻将 (majiang) paifu (\"qipai\", \"zimo\", ...): not a format jong reads (mjlog XML, tenhou.net/6 JSON and mjai are)"
  end
  if data == "" then return nil, "the file is empty" end
  return nil, "not a game record: neither mjlog XML, tenhou.net/6 JSON, mjai JSON lines nor a jong log"
end

M.cjson = ok_cjson and cjson or nil
return M
