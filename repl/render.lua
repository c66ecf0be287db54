-- The table as a picture (SVG): `show --svg FILE` in the REPL and `jong render`.
-- render.svg(game, {bottom = seat}) -> the SVG text of the game's position: each seat's
-- hand, melds (the claimed tile turned towards the seat it came from), bonus tiles and
-- discards (a claimed discard turned and greyed, a declaration's discard such as riichi
-- turned), tiles set aside, the dora indicators with the dora, the round, honba, sticks and the points.
-- The seat at the bottom (default: East) is seen from its player's place; the others
-- sit around the table in turn order (the next seat on the right).
local jong = jong
local M = {}

local SIZE = 960            -- the picture is SIZE x SIZE pixels
local C = SIZE / 2          -- its centre
local TW, TH, GAP = 36, 50, 2   -- a tile's width, height, the gap between tiles
local SUIT_COLOUR = { m = "#b22222", p = "#1f4e9c", s = "#1e7b34", z = "#222222", f = "#8a3ea8", g = "#8a3ea8" }
local HONOUR = { "E", "S", "W", "N", "Wh", "Gr", "Rd" }
local DRAGON_COLOUR = { [5] = "#5a6b7b", [6] = "#1e7b34", [7] = "#b22222" }

-- Text escaped for XML (control codes and bytes that are not UTF-8, which XML cannot
-- hold, shown escaped as on a terminal: a ruleset's name is rule code's text).
local function esc(s)
  return (jong.terminal_text(tostring(s)):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

local function num(x) return string.format("%.1f", x):gsub("%.0$", "") end

-- The label and colour of a tile: "5" in the suit's colour with a small "m", or a
-- wind or dragon letter.
local function face(t)
  local suit = jong.suit(t)
  local rank = jong.rank(t)
  if suit == "z" then return HONOUR[rank] or t, "", DRAGON_COLOUR[rank] or SUIT_COLOUR.z end
  if suit == "f" or suit == "g" then return t, "", SUIT_COLOUR.f end
  return tostring(rank), suit, SUIT_COLOUR[suit] or "#000"
end

-- One tile centred at (x, y), turned by `angle` degrees; opts: down (face down),
-- grey (a claimed discard), red (a red five).
local function tile(out, x, y, t, angle, opts)
  opts = opts or {}
  local parts = { string.format('<g transform="translate(%s %s) rotate(%s)">', num(x), num(y), num(angle)) }
  local fill = opts.down and "#3f6f5a" or (opts.grey and "#d9d6cc" or "#fbf8ee")
  parts[#parts + 1] = string.format('<rect x="%s" y="%s" width="%d" height="%d" rx="4" fill="%s" stroke="#555" stroke-width="1.2"/>',
    num(-TW / 2), num(-TH / 2), TW, TH, fill)
  if not opts.down and t then
    local label, suit, colour = face(t)
    if t:sub(1, 1) == "0" then colour = "#e0102a" end
    local fsize = #label > 1 and 17 or 26
    parts[#parts + 1] = string.format('<text x="0" y="%s" font-size="%d" font-weight="bold" fill="%s" text-anchor="middle">%s</text>',
      suit ~= "" and "4" or "8", fsize, colour, esc(label))
    if suit ~= "" then
      parts[#parts + 1] = string.format('<text x="0" y="19" font-size="13" fill="%s" text-anchor="middle">%s</text>', colour, suit)
    end
    if t:sub(1, 1) == "0" then
      parts[#parts + 1] = '<circle cx="11" cy="-17" r="3" fill="#e0102a"/>'
    end
  end
  parts[#parts + 1] = "</g>"
  out[#out + 1] = table.concat(parts)
end

-- The seats in turn order from `bottom`: bottom, right, top, left.
local function around(bottom, seats)
  local order, i0 = {}, 1
  for i, s in ipairs(seats) do if s == bottom then i0 = i end end
  for k = 0, #seats - 1 do order[#order + 1] = seats[(i0 - 1 + k) % #seats + 1] end
  return order
end

-- The tiles of a meld in notation ("[456s]@N", "[5555p]c", "[555p]+") and its source.
local function meld_parts(m)
  local body, rest = m:match("^%[([^%]]*)%](.*)$")
  if not body then return nil end
  local tiles = jong.tiles(body) or {}
  local from = rest:match("@([ESWN])")
  return tiles, from, rest:find("c", 1, true) ~= nil
end

-- The tiles claimed by each seat, in order (from the events), so that a meld's turned
-- tile is the one that was claimed.
local function claimed_tiles(g)
  local out = {}
  local ok, events = pcall(g.events, g, 1)
  if not ok then return out end
  for _, e in ipairs(events) do
    if e.type == "deal_start" then out = {} end
    if (e.type == "chow" or e.type == "pung" or e.type == "kong") and e.seat then
      out[e.seat] = out[e.seat] or {}
      table.insert(out[e.seat], e.tile)
    end
  end
  return out
end

-- A row of items in the seat's own frame (x along the row from the player's left, y
-- towards the player), placed in the picture by the seat's rotation.
local function placer(rot)
  -- the seat across: mirrored top to bottom only, so that its upright tiles read from
  -- left to right
  if rot == 180 then return function(x, y) return x, SIZE - y end end
  local a = math.rad(rot)
  local ca, sa = math.cos(a), math.sin(a)
  return function(x, y)
    local dx, dy = x - C, y - C
    return C + dx * ca - dy * sa, C + dx * sa + dy * ca
  end
end

local function seat_group(out, st, seat, rot, claimed, is_you)
  local s = st.seats[seat]
  local place = placer(rot)
  -- the top seat's tiles stay upright (easier to read); the side seats' are turned
  local tile_angle = (rot == 180) and 0 or rot
  local function put(x, y, t, turned, opts)
    local px, py = place(x, y)
    tile(out, px, py, t, tile_angle + (turned and 90 or 0), opts)
  end
  -- the hand along the edge: concealed tiles, then melds, then bonus tiles
  local y = SIZE - 46
  local x = 112
  local concealed = jong.tiles(s.concealed or "") or {}
  local drawn = st.turn == seat and st.phase == "turn" and st.drawn
  local list = {}
  for _, t in ipairs(concealed) do list[#list + 1] = t end
  if drawn then   -- the drawn tile apart, at the end
    for i = #list, 1, -1 do if list[i] == drawn then table.remove(list, i); break end end
  end
  table.sort(list, function(p, q)
    local kp, kq = jong.kind(jong.kind_of(p)), jong.kind(jong.kind_of(q))
    if kp ~= kq then return kp < kq end
    return p > q
  end)
  for _, t in ipairs(list) do
    put(x + TW / 2, y, t)
    x = x + TW + GAP
  end
  if drawn then
    x = x + 10
    put(x + TW / 2, y, drawn)
    x = x + TW + GAP
  end
  x = x + 16
  local taken = claimed[seat] or {}
  local nclaim = 0
  for _, m in ipairs(s.melds or {}) do
    local tiles, from, concealed_kong = meld_parts(m)
    if tiles then
      local turned_at
      if from then
        nclaim = nclaim + 1
        local rel = (jong.seat_index(from) - jong.seat_index(seat)) % 4
        turned_at = rel == 3 and 1 or (rel == 2 and 2 or #tiles)   -- left, across, right
        local t = taken[nclaim]
        if t then   -- the claimed tile is the turned one
          for i, u in ipairs(tiles) do if jong.kind_of(u) == jong.kind_of(t) then table.remove(tiles, i); break end end
          table.insert(tiles, math.min(turned_at, #tiles + 1), t)
        end
      end
      for i, t in ipairs(tiles) do
        local turned = i == turned_at
        local w = turned and TH or TW
        put(x + w / 2, y + (turned and (TH - TW) / 2 or 0), t, turned,
          { down = concealed_kong and (i == 1 or i == #tiles) })
        x = x + w + GAP
      end
      x = x + 10
    end
  end
  for _, t in ipairs(s.bonus or {}) do
    put(x + TW / 2, y, t)
    x = x + TW + GAP
  end
  for _, t in ipairs(s.aside or {}) do   -- tiles set aside (three-player North)
    put(x + TW / 2, y, t)
    x = x + TW + GAP
  end
  -- the discards: rows of six in front of the seat, towards the centre
  local dx0, dy0 = C - 3 * (TW + GAP), C + 128
  local col, row, dx = 0, 0, dx0
  for _, d in ipairs(s.discards or {}) do
    local turned = d.claimed_by ~= nil or d.with ~= nil
    local w = turned and TH or TW
    put(dx + w / 2, dy0 + row * (TH + GAP) + TH / 2 + (turned and (TH - TW) / 2 or 0), d.tile, turned,
      { grey = d.claimed_by ~= nil })
    dx = dx + w + GAP
    col = col + 1
    if col == 6 and row < 2 then col, row, dx = 0, row + 1, dx0 end
  end
  -- the seat's wind, points and player beside the centre square, along its edge (the
  -- top seat's upright)
  local label_angle = rot == 180 and 0 or rot
  local lx, ly = place(C, C + 104)
  local mark = st.turn == seat and st.phase ~= "deal_end" and st.phase ~= "match_end" and " \u{25B6}" or ""
  out[#out + 1] = string.format('<text x="%s" y="%s" font-size="17" font-weight="bold" fill="#fff" text-anchor="middle" dominant-baseline="middle" transform="rotate(%s %s %s)">%s %s%s</text>',
    num(lx), num(ly), num(label_angle), num(lx), num(ly), esc(seat), esc(tostring(math.tointeger(s.points) or s.points)), esc(mark))
  local px, py = place(C, C + 84)
  out[#out + 1] = string.format('<text x="%s" y="%s" font-size="12" fill="#e8f0e8" text-anchor="middle" dominant-baseline="middle" transform="rotate(%s %s %s)">player %s%s</text>',
    num(px), num(py), num(label_angle), num(px), num(py), esc(tostring(math.tointeger(s.player) or "?")),
    is_you and " (you)" or "")
end

-- The SVG of the game's position. opts.bottom: the seat at the bottom; opts.you: the
-- seat marked "you".
function M.svg(g, opts)
  opts = opts or {}
  local st = g:state()
  local seats = {}
  for _, seat in ipairs(jong.SEATS) do if st.seats[seat] then seats[#seats + 1] = seat end end
  local bottom = opts.bottom or "E"
  if not st.seats[bottom] then bottom = seats[1] end
  local out = {}
  out[#out + 1] = string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif">',
    SIZE, SIZE, SIZE, SIZE)
  out[#out + 1] = string.format('<title>%s</title>', esc(string.format("%s: round %s, deal %d", g.rules.name, st.round, st.deal + 1)))
  out[#out + 1] = string.format('<rect width="%d" height="%d" fill="#2e6b4f"/>', SIZE, SIZE)
  out[#out + 1] = string.format('<rect x="%d" y="%d" width="240" height="240" rx="10" fill="#234f3b" stroke="#c9b458" stroke-width="2"/>', C - 120, C - 120)
  -- the centre: round, deal, honba, sticks, wall, dora
  local lines = { string.format("%s round, deal %d", st.round, st.deal + 1) }
  local extra = {}
  if (st.honba or 0) > 0 then extra[#extra + 1] = st.honba .. " honba" end
  local unit = g.rules.riichi_deposit
  if (st.deposits or 0) > 0 then
    if math.type(unit) == "integer" and unit > 0 then extra[#extra + 1] = (st.deposits // unit) .. " riichi sticks"
    else extra[#extra + 1] = "deposits " .. st.deposits end
  end
  if #extra > 0 then lines[#lines + 1] = table.concat(extra, ", ") end
  lines[#lines + 1] = string.format("wall %d", st.wall)
  for i, l in ipairs(lines) do
    out[#out + 1] = string.format('<text x="%d" y="%d" font-size="14" fill="#fff" text-anchor="middle">%s</text>',
      C, C - 52 + (i - 1) * 17, esc(l))
  end
  local dora = st.dora or {}
  if #dora > 0 then
    out[#out + 1] = string.format('<text x="%d" y="%d" font-size="12" fill="#e8f0e8" text-anchor="middle">dora indicators, dora</text>', C, C - 4)
    local x0 = C - (#dora * (TW + GAP)) / 2 + TW / 2
    for i, t in ipairs(dora) do
      tile(out, x0 + (i - 1) * (TW + GAP), C + 30, t, 0)
      local d = jong.next_tile(jong.kind_of(t)) or t
      if type(g.rules.dora_of) == "function" then
        local ok, v = pcall(g.rules.dora_of, t)
        if ok and v then d = v end
      end
      out[#out + 1] = string.format('<text x="%s" y="%d" font-size="13" fill="#fff" text-anchor="middle">%s</text>',
        num(x0 + (i - 1) * (TW + GAP)), C + 70, esc(d))
    end
  end
  local claimed = claimed_tiles(g)
  local rots = { 0, -90, 180, 90 }
  if #seats == 3 then rots = { 0, -90, 90 } end
  for i, seat in ipairs(around(bottom, seats)) do
    seat_group(out, st, seat, rots[i], claimed, seat == opts.you)
  end
  out[#out + 1] = "</svg>"
  return table.concat(out, "\n") .. "\n"
end

-- Writes the SVG to a file, whole or not at all (repl/files.c): true, or nil and the
-- reason (which names the file).
function M.write(path, text)
  local ok, err = require("files").write(path, text)
  if not ok then return nil, path .. ": " .. err end
  return true
end

-- jong render [--at N] [--bottom SEAT] [-o FILE.svg] SAVED: the position of a game saved
-- by the REPL (`save`), after its last action or after N actions, as SVG on standard
-- output or in FILE.
function M.cli(args)
  local path, out, at, bottom, help, which
  local i = 1
  while i <= #args do
    local a = args[i]
    if (a == "-o" or a == "--at" or a == "--bottom" or a == "--game") and not args[i + 1] then
      io.stderr:write("jong render: ", a, " takes a value\n"); return 2
    elseif a == "-o" then out = args[i + 1]; i = i + 1
    elseif a == "--at" then at = math.tointeger(tonumber(args[i + 1] or "")); i = i + 1
      if not at or at < 0 then io.stderr:write("jong render: --at takes a number of actions\n"); return 2 end
    elseif a == "--bottom" then bottom = args[i + 1]; i = i + 1
    elseif a == "--game" then which = math.tointeger(tonumber(args[i + 1] or "")); i = i + 1
      if not which or which < 1 then io.stderr:write("jong render: --game takes a game's number, from 1\n"); return 2 end
    elseif a == "-h" or a == "--help" then help = true; break
    elseif a:sub(1, 1) == "-" and a ~= "-" then
      io.stderr:write("jong render: unknown option ", a, " (jong render --help)\n"); return 2
    elseif not path then path = a
    else io.stderr:write("jong render: one saved game at a time\n"); return 2 end
    i = i + 1
  end
  if help or not path then
    local usage = help and io.stdout or io.stderr
    usage:write([[
usage: jong render [--at N] [--bottom SEAT] [--game K] [-o FILE.svg] SAVED
Draws the position of a game saved by the REPL (`save FILE`), or of a Tenhou or mjai
record (- reads it from the standard input), as SVG: the hands, melds
(the claimed tile turned), bonus tiles, discards (claimed ones turned and greyed), the
dora indicators and dora, round, honba, sticks and points. --at N: the position after
N actions (default: all); --bottom: the seat drawn at the bottom (default E); --game K:
the K-th game of a log holding several (jong sim --log; default the first); -o: the
file to write (default: standard output).
]])
    return help and 0 or 2
  end
  local f, err = io.stdin, nil              -- "-": the standard input
  if path ~= "-" then f, err = io.open(path, "rb") end
  if not f then io.stderr:write("jong render: ", tostring(err), "\n"); return 1 end
  local text, rerr = f:read("a")
  if f ~= io.stdin then f:close() end
  if not text then
    io.stderr:write("jong render: cannot read ", path, ": ", tostring(rerr):find("directory", 1, true) and
      "it is a directory" or tostring(rerr), "\n")
    return 1
  end
  -- a game saved by the REPL, or a Tenhou or mjai record (docs/records.md)
  local replay = require "replay"
  local g, gerr
  if replay.detect_record(text) then
    if which then io.stderr:write("jong render: --game is for a log of jong games (jong sim --log)\n"); return 2 end
    g, gerr = replay.load_text(text)
  else
    local how
    g, how = replay.load_saved(text, which)
    if not g and how == replay.NOT_SAVED then
      io.stderr:write("jong render: ", path, " is not a saved game (the REPL's `save` writes one) nor a Tenhou or mjai record\n")
      return 1
    end
    gerr = how
  end
  if not g then io.stderr:write("jong render: ", path, ": ", jong.terminal_text(jong.first_line(tostring(gerr))), "\n"); return 1 end
  if not which and type(gerr) == "table" and (gerr.games or 1) > 1 then
    io.stderr:write("jong render: ", path, " holds ", gerr.games, " games: this is the first (--game K draws another)\n")
  end
  if at then   -- the position after the first N actions
    local n = #g.core:actions()
    if at > n then
      io.stderr:write("jong render: --at ", at, ": ", path, " has ", n, " actions\n")
      return 2
    end
    if at < n then g:undo(n - at) end
  end
  if bottom and not g:state().seats[bottom] then
    io.stderr:write("jong render: no seat ", tostring(bottom), " at this table\n")
    return 2
  end
  local svg = M.svg(g, { bottom = bottom })
  if out then
    local ok, werr = M.write(out, svg)
    if not ok then io.stderr:write("jong render: cannot write ", werr, "\n"); return 1 end
  else
    io.stdout:write(svg)
    if not io.stdout:flush() then io.stderr:write("jong render: cannot write the output\n"); return 1 end
  end
  return 0
end

return M
