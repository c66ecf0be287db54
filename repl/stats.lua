-- Statistics of self-play (jong sim --stats) and the `jong stats` command: collecting,
-- writing, merging shards, comparing two runs, a terminal table with a text histogram,
-- an SVG chart. A stats file keeps what its summaries are made from (sums and the
-- whole histogram of win points), so merged shards give exactly one run's file.
-- A module (`require "stats"` in the program); returns the stats functions.
local jong = jong

local M = {}

local OUTCOMES = { "self", "discard", "rob", "exhaustive", "abortive" }
local SEAT_KEYS = { "E", "S", "W", "N" }

local function int(v)   -- JSON numbers may come back as floats
  return math.tointeger(v) or v
end

---------------------------------------------------------------------------
-- Collecting

function M.new(rules, bots, seed)
  local s = { rules = rules, bots = bots, seed = seed, games = 0, deals = 0, outcomes = {},
    wins = { count = 0, open = 0, histogram = {} }, items = {}, seats = {} }
  for _, k in ipairs(OUTCOMES) do s.outcomes[k] = 0 end
  return s
end

local function seat_of(s, key)
  local t = s.seats[key]
  if not t then
    t = { wins = 0, deal_ins = 0, points_total = 0, games = 0 }
    s.seats[key] = t
  end
  return t
end

-- One deal ended. outcome: "exhaustive", "abortive" or the first win's how ("self",
-- "discard", "rob"); same_deal: a later settlement of a deal already counted (play after
-- a win: another win, or the wall's end), whose wins only are added; then per win:
-- winner's seat in the deal, the winner's and the discarder's (or nil) start seat, open
-- (boolean), the winner's change in settlement.
function M.deal(s, G, outcome, same_deal, nwins, ...)
  if not same_deal then
    s.deals = s.deals + 1
    s.outcomes[outcome] = s.outcomes[outcome] + 1
  end
  local results = G and G.last_results
  if G then G.last_results = nil end
  for i = 1, nwins do
    local seat, key, from_key, open, delta = select((i - 1) * 5 + 1, ...)
    local w = s.wins
    w.count = w.count + 1
    if open then w.open = w.open + 1 end
    local points = delta
    local r = results and results[i]
    if r and r.seat == seat then
      -- what the other seats paid for this win (deposits on the table not counted)
      points = 0
      for _, k in ipairs(SEAT_KEYS) do
        local p = r.payments[k]
        if k ~= seat and p and p < 0 then points = points - p end
      end
      local seen = {}   -- the hand's items (its fu lines are not items of the hand)
      for _, item in ipairs(r.result.items or {}) do
        local name = item.name
        if name and item.unit ~= "fu" and not seen[name] then
          seen[name] = true
          s.items[name] = (s.items[name] or 0) + 1
        end
      end
    end
    points = math.tointeger(points) or math.floor(points + 0.5)
    w.histogram[points] = (w.histogram[points] or 0) + 1
    local me = seat_of(s, key)
    me.wins = me.wins + 1
    if from_key then
      local d = seat_of(s, from_key)
      d.deal_ins = d.deal_ins + 1
    end
  end
end

-- One match ended: the final points of each player by start seat.
function M.match(s, ...)
  s.games = s.games + 1
  local n = select("#", ...)
  for i = 1, n, 2 do
    local key, points = select(i, ...)
    local me = seat_of(s, key)
    me.games = me.games + 1
    me.points_total = me.points_total + points
  end
end

---------------------------------------------------------------------------
-- Summaries (from the kept sums and histogram)

local function sorted_points(hist)
  local values = {}
  for v in pairs(hist) do values[#values + 1] = v end
  table.sort(values)
  return values
end

-- The smallest value with at least q of the wins at or below it.
local function quantile(hist, count, q)
  if count == 0 then return 0 end
  local need, seen = math.max(1, math.ceil(q * count - 1e-9)), 0
  for _, v in ipairs(sorted_points(hist)) do
    seen = seen + hist[v]
    if seen >= need then return v end
  end
  return 0
end

local function mean_var(hist, count)
  if count == 0 then return 0, 0 end
  local sum = 0
  for v, c in pairs(hist) do sum = sum + v * c end
  local mean = sum / count
  local ss = 0
  for v, c in pairs(hist) do ss = ss + c * (v - mean) ^ 2 end
  return mean, count > 1 and ss / (count - 1) or 0
end

local function round2(x) return math.floor(x * 100 + 0.5) / 100 end

-- The table written as JSON.
function M.summary(s)
  local w = s.wins
  local mean = mean_var(w.histogram, w.count)
  local hist = {}
  for _, v in ipairs(sorted_points(w.histogram)) do hist[#hist + 1] = { v, w.histogram[v] } end
  local seats = {}
  for key, t in pairs(s.seats) do
    seats[key] = { wins = t.wins, deal_ins = t.deal_ins, points_total = t.points_total, games = t.games,
      mean_points = t.games > 0 and round2(t.points_total / t.games) or 0 }
  end
  return { rules = s.rules, bots = s.bots, seed = s.seed, shard = s.shard, games = s.games, deals = s.deals,
    outcomes = s.outcomes, items = s.items, seats = seats,
    wins = { count = w.count, open = w.open, points = { mean = round2(mean),
      median = quantile(w.histogram, w.count, 0.5), p90 = quantile(w.histogram, w.count, 0.9),
      histogram = hist } } }
end

-- Reads back what M.summary wrote.
local function from_summary(t, name)
  local function bad(what) error(name .. ": not a stats file (" .. what .. ")", 0) end
  local function need(v, what)
    if v == nil then bad("no " .. what) end
    return v
  end
  local function count(v, what)   -- a whole number, nil as 0 where `what` is nil
    if v == nil and not what then return 0 end
    v = math.tointeger(need(v, what))
    if not v or v < 0 then bad((what or "a count") .. " is not a whole number") end
    return v
  end
  local function table_of(v, what)
    if type(need(v, what)) ~= "table" then bad(what .. " is not an object") end
    return v
  end
  if type(t.rules) ~= "string" then bad(t.rules == nil and "no rules" or "rules is not a name") end
  if type(t.bots) ~= "string" then bad(t.bots == nil and "no bots" or "bots is not a name") end
  local seed = math.tointeger(need(t.seed, "seed")) or bad("seed is not a whole number")
  local s = M.new(t.rules, t.bots, seed)
  s.shard = t.shard
  s.games, s.deals = count(t.games, "games"), count(t.deals, "deals")
  local outcomes = table_of(t.outcomes, "outcomes")
  for _, k in ipairs(OUTCOMES) do s.outcomes[k] = count(outcomes[k]) end
  local w = table_of(t.wins, "wins")
  s.wins.count, s.wins.open = count(w.count, "wins.count"), count(w.open, "wins.open")
  local points = table_of(w.points, "wins.points")
  for _, pair in ipairs(table_of(points.histogram, "wins.points.histogram")) do
    if type(pair) ~= "table" then bad("wins.points.histogram holds [points, count] pairs") end
    local v = math.tointeger(pair[1])
    if not v then bad("wins.points.histogram holds [points, count] pairs") end
    s.wins.histogram[v] = count(pair[2], "a histogram count")
  end
  for k, v in pairs(t.items and table_of(t.items, "items") or {}) do s.items[k] = count(v, "items." .. k) end
  for k, v in pairs(t.seats and table_of(t.seats, "seats") or {}) do
    table_of(v, "seats." .. k)
    s.seats[k] = { wins = count(v.wins), deal_ins = count(v.deal_ins), points_total = math.tointeger(v.points_total) or 0,
      games = count(v.games) }
  end
  return s
end

---------------------------------------------------------------------------
-- JSON (keys sorted, so equal statistics give equal files)

local function encode(v, indent, out)
  local t = type(v)
  if t == "table" then
    if #v > 0 or next(v) == nil and getmetatable(v) == "array" then
      local inline = type(v[1]) ~= "table"
      out[#out + 1] = "["
      for i, x in ipairs(v) do
        if i > 1 then out[#out + 1] = inline and ", " or "," end
        if not inline then out[#out + 1] = "\n" .. indent .. "  " end
        encode(x, indent .. "  ", out)
      end
      if not inline then out[#out + 1] = "\n" .. indent end
      out[#out + 1] = "]"
      return
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys)
    if #keys == 0 then out[#out + 1] = "{}" return end
    out[#out + 1] = "{"
    for i, k in ipairs(keys) do
      out[#out + 1] = (i > 1 and "," or "") .. "\n" .. indent .. "  "
      encode(tostring(k), indent, out)
      out[#out + 1] = ": "
      encode(v[k], indent .. "  ", out)
    end
    out[#out + 1] = "\n" .. indent .. "}"
  elseif t == "number" then
    local i = math.tointeger(v)
    out[#out + 1] = i and string.format("%d", i) or string.format("%.2f", v)
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
  else
    out[#out + 1] = tostring(v)
  end
end

function M.json(s)
  local out = {}
  encode(M.summary(s), "", out)
  out[#out + 1] = "\n"
  return table.concat(out)
end

function M.write(s, path)
  local text = M.json(s)
  if path == "-" then io.write(text) return true end
  return M.write_text(path, text)
end

-- Writes text to a file, whole or not at all (repl/files.c): true, or nil and the
-- reason (naming the file).
function M.write_text(path, text)
  local ok, err = require("files").write(path, text)
  if not ok then return nil, path .. ": " .. err end
  return true
end

function M.read(path)
  local f, err = io.stdin, nil
  if path ~= "-" then f, err = io.open(path, "r") end
  if not f then return nil, err end
  local text, rerr = f:read("a")
  if f ~= io.stdin then f:close() end
  if not text then return nil, path .. ": " .. tostring(rerr) end
  local t, jerr = jong.json_decode(text)
  if type(t) ~= "table" then return nil, path .. ": " .. tostring(jerr or "not a stats file") end
  local ok, s = pcall(from_summary, t, path)
  if not ok then return nil, s end
  return s
end

---------------------------------------------------------------------------
-- Merging shards

-- Adds shard files of one seeded run: they must name the same rules, bots and seed,
-- and together be shards 1..N of N, each once.
function M.merge(list, names)
  local first = list[1]
  local total = M.new(first.rules, first.bots, first.seed)
  local seen, n = {}, nil
  for i, s in ipairs(list) do
    local name = names[i]
    if s.rules ~= first.rules or s.bots ~= first.bots or s.seed ~= first.seed then
      return nil, name .. ": rules, bots or seed differ from " .. names[1]
    end
    local k, of = tostring(s.shard or ""):match("^(%d+)/(%d+)$")
    if not k then return nil, name .. ": not a shard file (no \"shard\": \"K/N\")" end
    k, of = tonumber(k), tonumber(of)
    if n and of ~= n then return nil, name .. ": shard " .. s.shard .. " of another split (" .. n .. " shards)" end
    n = of
    if seen[k] then return nil, name .. ": shard " .. s.shard .. " given twice (also " .. seen[k] .. ")" end
    seen[k] = name
    total.games, total.deals = total.games + s.games, total.deals + s.deals
    for _, o in ipairs(OUTCOMES) do total.outcomes[o] = total.outcomes[o] + s.outcomes[o] end
    total.wins.count, total.wins.open = total.wins.count + s.wins.count, total.wins.open + s.wins.open
    for v, c in pairs(s.wins.histogram) do total.wins.histogram[v] = (total.wins.histogram[v] or 0) + c end
    for k2, c in pairs(s.items) do total.items[k2] = (total.items[k2] or 0) + c end
    for key, t in pairs(s.seats) do
      local me = seat_of(total, key)
      me.wins, me.deal_ins = me.wins + t.wins, me.deal_ins + t.deal_ins
      me.points_total, me.games = me.points_total + t.points_total, me.games + t.games
    end
  end
  local missing = {}
  for k = 1, n do if not seen[k] then missing[#missing + 1] = k .. "/" .. n end end
  if #missing > 0 then return nil, "missing shards: " .. table.concat(missing, ", ") end
  return total
end

---------------------------------------------------------------------------
-- The terminal: a short table, a text histogram, a comparison

local function pct(a, b) return b > 0 and 100 * a / b or 0 end

-- The rates shown and compared: name, count, out of.
local function rates(s)
  local o, w, d = s.outcomes, s.wins, s.deals
  local r = {
    { "exhaustive draws", o.exhaustive, d, "deals" }, { "abortive draws", o.abortive, d, "deals" },
    { "self-drawn wins", o.self, d, "deals" }, { "wins on a discard", o.discard, d, "deals" },
    { "kongs robbed", o.rob, d, "deals" }, { "open hands", w.open, w.count, "wins" },
  }
  local names = {}
  for k in pairs(s.items) do names[#names + 1] = k end
  table.sort(names, function(a, b)
    if s.items[a] ~= s.items[b] then return s.items[a] > s.items[b] end
    return a < b
  end)
  for i = 1, math.min(#names, 12) do r[#r + 1] = { names[i], s.items[names[i]], w.count, "wins", item = true } end
  return r
end

local function bar(n, max, width)
  if max <= 0 then return "" end
  return string.rep("#", math.floor(n / max * width + 0.5))
end

-- Win points in about `nb` buckets of a round width.
local function buckets(hists, nb)
  local lo, hi
  for _, h in ipairs(hists) do
    for v in pairs(h) do
      lo, hi = math.min(lo or v, v), math.max(hi or v, v)
    end
  end
  if not lo then return {}, 1 end
  local span = math.max(1, hi - lo)
  local width = 1
  for e = 0, 9 do
    for _, step in ipairs { 1, 2, 5 } do
      local c = step * 10 ^ e
      if span / c <= nb then width = math.tointeger(c) or c goto found end
    end
  end
  ::found::
  local first = (lo // width) * width
  local out = {}
  for b = first, hi, width do
    local row = { from = b, to = b + width }
    for i, h in ipairs(hists) do
      local c = 0
      for v, n in pairs(h) do if v >= b and v < b + width then c = c + n end end
      row[i] = c
    end
    out[#out + 1] = row
  end
  return out, width
end

function M.show(s, name)
  local sm = M.summary(s)
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  add("%s: rules %s, bots %s, seed %s: %d games, %d deals, %d wins", name or "run", s.rules, s.bots,
    tostring(s.seed), s.games, s.deals, s.wins.count)
  for _, r in ipairs(rates(s)) do
    add("  %-24s %6.1f%% of %s (%d)", r[1], pct(r[2], r[3]), r[4], r[2])
  end
  local p = sm.wins.points
  add("  %-24s mean %.0f, median %d, p90 %d", "points per win", p.mean, p.median, p.p90)
  local keys = {}
  for k in pairs(s.seats) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return (jong.seat_index(a) or 9) < (jong.seat_index(b) or 9) end)
  for _, k in ipairs(keys) do
    local t = sm.seats[k]
    add("  seat %-2s wins %6d  deal-ins %6d  mean final points %.0f", k, t.wins, t.deal_ins, t.mean_points)
  end
  local rows = buckets({ s.wins.histogram }, 12)
  local max = 0
  for _, r in ipairs(rows) do max = math.max(max, r[1]) end
  add("points per win:")
  for _, r in ipairs(rows) do add("  %7d-%-7d %6d %s", r.from, r.to - 1, r[1], bar(r[1], max, 40)) end
  return table.concat(lines, "\n") .. "\n"
end

-- 95% confidence interval of a difference of two proportions / two means.
local Z = 1.96
local function diff_prop(a, na, b, nb)
  local pa, pb = na > 0 and a / na or 0, nb > 0 and b / nb or 0
  local se = math.sqrt((na > 0 and pa * (1 - pa) / na or 0) + (nb > 0 and pb * (1 - pb) / nb or 0))
  return pb - pa, Z * se
end

function M.compare(a, b, na, nb)
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  add("A = %s (rules %s, bots %s, %d games, %d deals)", na, a.rules, a.bots, a.games, a.deals)
  add("B = %s (rules %s, bots %s, %d games, %d deals)", nb, b.rules, b.bots, b.games, b.deals)
  add("%-24s %9s %9s %9s  %s", "", "A", "B", "B - A", "95% interval of B - A")
  local ra, seen = rates(a), {}
  local list = {}
  for _, r in ipairs(ra) do list[#list + 1] = r seen[r[1]] = true end
  for _, r in ipairs(rates(b)) do if not seen[r[1]] then list[#list + 1] = r end end
  for _, r in ipairs(list) do
    local function count(s)
      if r.item then return s.items[r[1]] or 0, s.wins.count end
      for _, x in ipairs(rates(s)) do if x[1] == r[1] then return x[2], x[3] end end
      return 0, 0
    end
    local ca, ta = count(a)
    local cb, tb = count(b)
    local d, h = diff_prop(ca, ta, cb, tb)
    add("%-24s %8.1f%% %8.1f%% %+8.1f%%  [%+.1f%%, %+.1f%%]%s", r[1], pct(ca, ta), pct(cb, tb), 100 * d,
      100 * (d - h), 100 * (d + h), (d - h > 0 or d + h < 0) and " *" or "")
  end
  local ma, va = mean_var(a.wins.histogram, a.wins.count)
  local mb, vb = mean_var(b.wins.histogram, b.wins.count)
  local se = math.sqrt((a.wins.count > 0 and va / a.wins.count or 0) + (b.wins.count > 0 and vb / b.wins.count or 0))
  local d = mb - ma
  add("%-24s %9.0f %9.0f %+9.0f  [%+.0f, %+.0f]%s", "mean points per win", ma, mb, d, d - Z * se, d + Z * se,
    (d - Z * se > 0 or d + Z * se < 0) and " *" or "")
  local sa, sb = M.summary(a).wins.points, M.summary(b).wins.points
  add("%-24s %9d %9d %+9d", "median points per win", sa.median, sb.median, sb.median - sa.median)
  add("%-24s %9d %9d %+9d", "p90 points per win", sa.p90, sb.p90, sb.p90 - sa.p90)
  add("(* the interval excludes 0; intervals are normal approximations at 95%%)")
  local rows = buckets({ a.wins.histogram, b.wins.histogram }, 12)
  local max = 0
  for _, r in ipairs(rows) do max = math.max(max, r[1] / math.max(1, a.wins.count), r[2] / math.max(1, b.wins.count)) end
  add("points per win (share of wins; A: #, B: =):")
  for _, r in ipairs(rows) do
    local fa, fb = r[1] / math.max(1, a.wins.count), r[2] / math.max(1, b.wins.count)
    add("  %7d-%-7d A %5.1f%% %s", r.from, r.to - 1, 100 * fa, bar(fa, max, 40))
    add("  %15s B %5.1f%% %s", "", 100 * fb, bar(fb, max, 40):gsub("#", "="))
  end
  return table.concat(lines, "\n") .. "\n"
end

---------------------------------------------------------------------------
-- SVG: the histogram of win points as bars, one series per run (shares of wins)

local COLOURS = { "#3060a0", "#d07020" }

function M.svg(runs, names)
  local hists = {}
  for i, s in ipairs(runs) do hists[i] = s.wins.histogram end
  local rows = buckets(hists, 20)
  local W, H, left, bottom, top = 720, 360, 60, 50, 40
  local plot_w, plot_h = W - left - 20, H - top - bottom
  local max = 0
  for _, r in ipairs(rows) do
    for i, s in ipairs(runs) do max = math.max(max, r[i] / math.max(1, s.wins.count)) end
  end
  if max == 0 then max = 1 end
  local out = {}
  local function add(...) out[#out + 1] = string.format(...) end
  add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">', W, H, W, H)
  add('<rect width="%d" height="%d" fill="white"/>', W, H)
  add('<text x="%d" y="20" font-size="14">Points per win (share of wins)</text>', left)
  local slot = plot_w / math.max(1, #rows)
  local bw = slot * 0.8 / #runs
  for j, r in ipairs(rows) do
    local x0 = left + (j - 1) * slot + slot * 0.1
    for i, s in ipairs(runs) do
      local f = r[i] / math.max(1, s.wins.count)
      local h = f / max * plot_h
      add('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %d-%d: %.1f%%</title></rect>',
        x0 + (i - 1) * bw, top + plot_h - h, bw, h, COLOURS[i] or "#888", names[i], r.from, r.to - 1, 100 * f)
    end
    if #rows <= 12 or j % 2 == 1 then
      add('<text x="%.1f" y="%d" text-anchor="end" transform="rotate(-40 %.1f %d)">%d</text>', x0 + slot / 2,
        top + plot_h + 14, x0 + slot / 2, top + plot_h + 14, r.from)
    end
  end
  add('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>', left, top + plot_h, W - 20, top + plot_h)
  for k = 0, 4 do
    local y = top + plot_h - k / 4 * plot_h
    add('<text x="%d" y="%.1f" text-anchor="end">%.1f%%</text>', left - 6, y + 4, 100 * max * k / 4)
  end
  for i, name in ipairs(names) do
    add('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>', W - 260,
      8 + (i - 1) * 14, COLOURS[i] or "#888", W - 245, 17 + (i - 1) * 14,
      (name:gsub("[<>&]", { ["<"] = "&lt;", [">"] = "&gt;", ["&"] = "&amp;" })))
  end
  add("</svg>")
  return table.concat(out, "\n") .. "\n"
end

---------------------------------------------------------------------------
-- jong stats

local USAGE = [[
usage: jong stats FILE                 a run's statistics: table and text histogram
       jong stats A.json B.json        compare run B with run A (e.g. a house rule
                                       against its parent): differences and 95% intervals
       jong stats --merge SHARD... [-o OUT]
                                       combine the shard files of one seeded run (jong sim
                                       --shard K/N --stats FILE) into that run's statistics
       --svg OUT.svg                   also draw the points-per-win histogram as SVG
FILE may be - for standard input. Stats files are written by jong sim --stats FILE.
]]

function M.main(args)
  local files, merge, out, svg = {}, false, nil, nil
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then io.write(USAGE) return 0
    elseif a == "--merge" then merge = true
    elseif a == "-o" or a == "--svg" then
      if not args[i + 1] then io.stderr:write("jong stats: ", a, " takes a file name\n") return 2 end
      if a == "-o" then out = args[i + 1] else svg = args[i + 1] end
      i = i + 1
    elseif a:sub(1, 2) == "--" or (a:sub(1, 1) == "-" and a ~= "-") then
      io.stderr:write("jong stats: unknown argument '" .. a .. "'\n", USAGE) return 2
    else files[#files + 1] = a end
    i = i + 1
  end
  if #files == 0 then io.stderr:write(USAGE) return 2 end
  if out and not merge then io.stderr:write("jong stats: -o goes with --merge\n") return 2 end
  if not merge and #files > 2 then
    io.stderr:write("jong stats: one file to show or two to compare (--merge for shards), not ", #files, "\n")
    return 2
  end
  local runs = {}
  for k, f in ipairs(files) do
    local s, err = M.read(f)
    if not s then io.stderr:write("jong stats: ", err, "\n") return 1 end
    runs[k] = s
  end
  if merge then
    local total, err = M.merge(runs, files)
    if not total then io.stderr:write("jong stats: ", err, "\n") return 1 end
    local ok, werr = M.write(total, out or "-")
    if not ok then io.stderr:write("jong stats: ", werr, "\n") return 1 end
    runs, files = { total }, { "merged" }
  elseif #runs == 1 then
    io.write(jong.terminal_text(M.show(runs[1], files[1])))   -- (item names of rule code)
  else
    io.write(jong.terminal_text(M.compare(runs[1], runs[2], files[1], files[2])))
  end
  if svg then
    local ok, err = M.write_text(svg, M.svg(runs, files))
    if not ok then io.stderr:write("jong stats: ", err, "\n") return 1 end
  end
  return 0
end

return M
