-- The REPL of build/jong (docs/repl.md). repl/repl.c reads the lines and calls the
-- functions of the table M returned here: M.start(info), M.prompt(), M.feed(line),
-- M.cancel(), M.complete(line, start, stop) and M.finish(). A line whose first word
-- is a command is a command; any other line is Lua, evaluated as the stock `lua`
-- program does.
local list_dir = ...
local jong = jong

local M = {}
local SEATS = jong.SEATS

-- The session.
local S = {
  rules = nil,          -- the ruleset table commands use
  rules_name = nil,     -- its name or path, as given
  options = {},         -- rule options given with `set`, for the next game and `score`
  game = nil,           -- the game being played or stepped through
  game_options = {},    -- the options that game was started with
  seen = 0,             -- events of the game already printed
  human = "E",          -- the seat the user plays
  bots = { S = true, W = true, N = true },
  bot_kind = "greedy",
  glyphs = false,
  colour = false,
  interactive = false,
  buffer = nil,         -- an unfinished Lua statement
  failures = 0,
}

---------------------------------------------------------------------------
-- Output and errors
---------------------------------------------------------------------------

local function say(...) io.write(...); io.write("\n") end

local function report(msg)
  S.failures = S.failures + 1
  io.stdout:flush()
  io.stderr:write(msg, "\n")
  io.stderr:flush()
end

-- A user's mistake: one clear line, nothing changed.
local USER = {}
local function fail(fmt, ...)
  error(setmetatable({ msg = string.format(fmt, ...) }, USER), 0)
end

-- The traceback of an error in Lua code, without the REPL's own frames below it.
local function traceback(e)
  if getmetatable(e) == USER then return e end
  local tb = debug.traceback(tostring(e), 2)
  tb = tb:gsub("\n\t%[C%]: in function 'xpcall'.*$", "")
  return tb
end

-- Runs f(...) and reports an error: a user's mistake in one line, anything else with
-- its traceback. Returns whether it went well, then f's results.
local function protect(f, ...)
  local result = table.pack(xpcall(f, traceback, ...))
  if not result[1] then
    local e = result[2]
    report(getmetatable(e) == USER and e.msg or tostring(e))
    return false
  end
  return table.unpack(result, 1, result.n)
end

---------------------------------------------------------------------------
-- Showing Lua values
---------------------------------------------------------------------------

local IDENT = "^[%a_][%w_]*$"
local KEYWORDS = {}
for w in ([[and break do else elseif end false for function goto if in local nil not
  or repeat return then true until while]]):gmatch("%a+") do KEYWORDS[w] = true end

local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

-- A value as text: tables in Lua constructor syntax, keys sorted, nested to a depth.
local function show(v, depth, seen)
  local ty = type(v)
  if ty == "string" then return string.format("%q", v):gsub("\\\n", "\\n") end
  if ty ~= "table" then
    local mt = getmetatable(v)
    if ty == "function" then return "function" end
    if mt and (type(mt) ~= "table" or mt.__tostring or mt.__name) then return tostring(v) end
    return tostring(v)
  end
  local mt = getmetatable(v)
  if type(mt) == "table" and mt.__tostring then return tostring(v) end
  seen = seen or {}
  if seen[v] then return "{...}" end
  depth = depth or 0
  if depth >= 4 then return "{...}" end
  seen[v] = true
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1, seen) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, key_less)
  for _, k in ipairs(keys) do
    local name = (type(k) == "string" and k:match(IDENT) and not KEYWORDS[k]) and k
      or "[" .. show(k, depth + 1, seen) .. "]"
    parts[#parts + 1] = name .. " = " .. show(v[k], depth + 1, seen)
    if #parts >= 60 then parts[#parts + 1] = "..."; break end
  end
  seen[v] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

---------------------------------------------------------------------------
-- Tiles on screen: plain notation or Unicode glyphs, coloured on a terminal
---------------------------------------------------------------------------

local GLYPH_BASE = { m = 0x1F007, s = 0x1F010, p = 0x1F019 }
local HONOUR_GLYPH = { 0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004 }
local COLOUR = { m = "31", p = "34", s = "32", z = "33", f = "35", g = "35" }

local function paint(text, suit, red)
  if not S.colour then return text end
  return "\27[" .. (red and "1;31" or COLOUR[suit]) .. "m" .. text .. "\27[0m"
end

local function glyph(rank, suit)
  local code
  if suit == "z" then code = HONOUR_GLYPH[rank]
  elseif suit == "f" then code = 0x1F022 + rank - 1
  elseif suit == "g" then code = 0x1F026 + rank - 1
  else code = GLYPH_BASE[suit] + (rank == 0 and 5 or rank) - 1 end
  return utf8.char(code)
end

-- Tiles in notation ("123m55z [555p]@W f1") as the user wants to see them.
local function tiles_text(s)
  if s == nil then return "" end
  if not S.glyphs and not S.colour then return s end
  s = s:gsub("(%d+)([mpsz])", function(digits, suit)
    if not S.glyphs then return paint(digits .. suit, suit, false) end
    local out = {}
    for d in digits:gmatch("%d") do
      out[#out + 1] = paint(glyph(tonumber(d), suit), suit, d == "0")
    end
    return table.concat(out, " ")
  end)
  return (s:gsub("([fg])([1-4])", function(suit, rank)
    return paint(S.glyphs and glyph(tonumber(rank), suit) or suit .. rank, suit, false)
  end))
end

-- A list of tile names as compact notation: {"1m","2m","5z"} -> "12m5z".
local function compact(list)
  local out, run, suit = {}, {}, nil
  local function flush()
    if suit then out[#out + 1] = table.concat(run) .. suit end
    run, suit = {}, nil
  end
  for _, t in ipairs(list) do
    local r, s = t:sub(1, -2), t:sub(-1)
    if s == "1" or s == "2" or s == "3" or s == "4" then   -- bonus: f1, g2
      flush(); out[#out + 1] = t
    else
      if s ~= suit then flush(); suit = s end
      run[#run + 1] = r
    end
  end
  flush()
  return table.concat(out)
end

---------------------------------------------------------------------------
-- Words and values on a command line
---------------------------------------------------------------------------

local function split(s)
  local words = {}
  for w in s:gmatch("%S+") do words[#words + 1] = w end
  return words
end

-- "true"/"false", numbers, else the string.
local function value_of(s)
  if s == "true" then return true elseif s == "false" then return false end
  local n = tonumber(s)
  if n then return math.tointeger(n) or n end
  return s
end

local function on_off(s, what)
  if s == "on" or s == "true" then return true end
  if s == "off" or s == "false" then return false end
  fail("%s takes on or off, not '%s'", what, tostring(s))
end

local SEAT_OF = { E = "E", S = "S", W = "W", N = "N", e = "E", s = "S", w = "W", n = "N" }
local function seat_arg(s)
  local seat = SEAT_OF[s or ""]
  if not seat then fail("'%s' is not a seat (E, S, W or N)", tostring(s)) end
  return seat
end

local function tile_arg(t)
  if not jong.kind(t or "") or jong.is_bonus(t) then
    fail("bad tile '%s' (tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s for red fives)", tostring(t))
  end
  return t
end

---------------------------------------------------------------------------
-- Rules
---------------------------------------------------------------------------

local function load_rules(name)
  local r, err = jong.load_rules(name)
  if not r then fail("%s", jong.first_line(err)) end
  return r
end

local function use_rules(name)
  S.rules = load_rules(name)
  S.rules_name = name
  S.options = {}
end

-- Every ruleset name in the rules path.
local function rule_names()
  local names, seen = {}, {}
  for dir in jong.rules_path():gmatch("[^:]+") do
    for _, file in ipairs(list_dir(dir) or {}) do
      local name = file:match("^(.+)%.lua$")
      if name and not seen[name] then seen[name] = true; names[#names + 1] = name end
    end
  end
  table.sort(names)
  return names
end

-- The options commands use: `set`'s, then the given ones; checked against the
-- current rules' registry.
local function resolved_options(extra)
  local given = {}
  for k, v in pairs(S.options) do given[k] = v end
  for k, v in pairs(extra or {}) do given[k] = v end
  local ok, err = jong.resolve_options(S.rules, given)
  if not ok then fail("%s", err) end
  return given
end

---------------------------------------------------------------------------
-- Hands
---------------------------------------------------------------------------

local function parse(hand)
  local h, err = jong.parse_hand(hand)
  if not h then fail("%s", err) end
  return h
end

-- Splits a hand in notation into its concealed tiles (a list of names, red fives
-- kept) and the rest (melds and bonus tiles, as text).
local function split_hand(hand)
  local concealed, rest = hand:match("^%s*([^%[%sfg][^%s]*)%s*(.-)%s*$")
  if not concealed then return {}, (hand:gsub("^%s+", "")) end
  local list, err = jong.tiles(concealed)
  if not list then fail("%s", err) end
  return list, rest
end

local function join_hand(list, rest)
  local text = compact(list)
  if rest ~= "" then text = (text ~= "" and text .. " " or "") .. rest end
  local canon, err = jong.format_hand(text)
  if not canon then fail("%s", err) end
  return canon
end

-- The hand with one tile added to / taken from its concealed tiles.
local function with_tile(hand, tile)
  local list, rest = split_hand(hand)
  list[#list + 1] = tile
  return join_hand(list, rest)
end

local function without_tile(hand, tile)
  local list, rest = split_hand(hand)
  for i, t in ipairs(list) do
    if t == tile then table.remove(list, i); return join_hand(list, rest) end
  end
  for i, t in ipairs(list) do
    if jong.kind_of(t) == jong.kind_of(tile) then table.remove(list, i); return join_hand(list, rest) end
  end
  return nil
end

local function distinct_concealed(hand)
  local list = split_hand(hand)
  local seen, out = {}, {}
  for _, t in ipairs(list) do
    if not seen[t] then seen[t] = true; out[#out + 1] = t end
  end
  table.sort(out, function(a, b)
    local ka, kb = jong.kind(jong.kind_of(a)), jong.kind(jong.kind_of(b))
    if ka ~= kb then return ka < kb end
    return a < b
  end)
  return out
end

local function analysis(hand)
  local a, err = jong.analysis(hand)
  if not a then fail("%s", err) end
  return a
end

local function set_text(s)
  if s.type == "chow" then
    local r, suit = jong.rank(s.tile), jong.suit(s.tile)
    return r .. (r + 1) .. (r + 2) .. suit
  end
  local r, suit = jong.rank(s.tile), jong.suit(s.tile)
  return string.rep(tostring(r), s.type == "kong" and 4 or 3) .. suit
end

local VALUE_KEYS = { "yakuman", "han", "fu", "points", "doubles", "score", "faan", "fan", "aux",
  "adjusted", "basic", "total" }

local function value_text(v)
  local parts, seen = {}, {}
  for _, k in ipairs(VALUE_KEYS) do
    if v[k] ~= nil then parts[#parts + 1] = tostring(v[k]) .. " " .. k; seen[k] = true end
  end
  local rest = {}
  for k in pairs(v) do if not seen[k] then rest[#rest + 1] = k end end
  table.sort(rest, key_less)
  for _, k in ipairs(rest) do parts[#parts + 1] = tostring(v[k]) .. " " .. tostring(k) end
  return table.concat(parts, ", ")
end

local function payments_text(p)
  local parts = {}
  for _, seat in ipairs(SEATS) do
    local n = p[seat] or 0
    parts[#parts + 1] = seat .. " " .. (n > 0 and "+" or "") .. tostring(n)
  end
  return table.concat(parts, "  ")
end

-- Scores a situation under the current rules; the result of jong.score.
local function score(situation)
  situation.rules = S.rules
  return jong.score(situation)
end

---------------------------------------------------------------------------
-- Games
---------------------------------------------------------------------------

local function need_game()
  if not S.game then fail("no game: start one with `new`") end
  return S.game
end

local function set_game(g, options)
  S.game = g
  S.game_options = options or {}
  S.seen = g and #g:events() or 0
  rawset(_G, "game", g)
end

local function state() return need_game():state() end

local function legal(seat)
  local list = need_game():legal(seat)
  return list or {}
end

-- The seats with something to decide, starting from the seat in turn.
local function deciding_seats()
  local st = state()
  local first = jong.seat_index(st.turn or "E") or 1
  local out = {}
  for i = 0, 3 do
    local seat = SEATS[(first - 1 + i) % 4 + 1]
    if #legal(seat) > 0 then out[#out + 1] = seat end
  end
  return out
end

-- The seat a command is about when none is named: yours when you have a decision,
-- else the first seat that has one, else the seat in turn.
local function default_seat()
  if #legal(S.human) > 0 then return S.human end
  return deciding_seats()[1] or state().turn or S.human
end

local function event_text(e)
  if type(e) ~= "table" then return tostring(e) end
  if e.text then return e.text end
  local parts = {}
  if e.seat then parts[#parts + 1] = e.seat end
  parts[#parts + 1] = e.type or e.kind or "event"
  if e.tile then parts[#parts + 1] = e.tile end
  if #parts == 1 then return jong.json_encode(e) end
  return table.concat(parts, " ")
end

-- Prints the events since the last ones printed.
local function print_new_events()
  local events = need_game():events()
  for i = S.seen + 1, #events do say("  ", tiles_text(event_text(events[i]))) end
  S.seen = #events
end

local function meld_text(m)
  if type(m) == "string" then return m end
  if type(m) ~= "table" then return tostring(m) end
  if m.text then return m.text end
  local text = "[" .. compact(m.tiles or {}) .. "]"
  if m.kong == "promoted" then text = text .. "+" elseif m.kong == "concealed" then text = text .. "c" end
  if m.from then text = text .. "@" .. m.from end
  return text
end

-- A seat's whole hand in notation: concealed tiles, melds, bonus tiles.
local function seat_hand(st, seat)
  local s = st.seats[seat]
  local parts = { s.hand or "" }
  if not (s.hand or ""):find("[", 1, true) then
    for _, m in ipairs(s.melds or {}) do parts[#parts + 1] = meld_text(m) end
  end
  if type(s.bonus) == "table" and #s.bonus > 0 and not (s.hand or ""):find("[fg]%d") then
    parts[#parts + 1] = table.concat(s.bonus, " ")
  end
  return (table.concat(parts, " "):gsub("^%s+", ""))
end

local function tile_list_text(v)
  if type(v) == "table" then return compact(v) end
  return v and tostring(v) or ""
end

local PHASE_TEXT = { discard = "to discard", draw = "to draw", claim = "claims on the discard",
  ended = "deal over" }

local function show_table()
  local st = state()
  local phase = PHASE_TEXT[st.phase] or tostring(st.phase)
  local head = string.format("round %s, dealer %s, %s %s", st.round or "?", st.dealer or "?",
    st.turn or "?", phase)
  if st.phase == "ended" then head = string.format("round %s, dealer %s, deal over", st.round or "?", st.dealer or "?") end
  say(head)
  local dora = tile_list_text(st.dora)
  say(string.format("wall %s, dead wall %s%s", tostring(st.wall), tostring(st.dead),
    dora ~= "" and ", dora " .. tiles_text(dora) or ""))
  for _, seat in ipairs(SEATS) do
    local s = st.seats[seat]
    local mark = seat == st.turn and ">" or " "
    local who = seat == S.human and "you" or (S.bots[seat] and "bot" or "")
    say(string.format("%s %s %6s %-3s %s", mark, seat, tostring(s.points or 0), who,
      tiles_text(seat_hand(st, seat))))
    local discards = tile_list_text(s.discards)
    if discards ~= "" then say("             discards ", tiles_text(discards)) end
  end
  if st.result ~= nil then say("result: ", type(st.result) == "table" and show(st.result) or tostring(st.result)) end
end

-- Plays one action for a seat; fails with the engine's reason.
local function play(seat, action)
  local ok, err = need_game():play(seat, action)
  if not ok then fail("%s", jong.first_line(err or "refused")) end
end

local VERBS = { d = "discard", discard = "discard", chow = "chow", c = "chow", pung = "pung",
  p = "pung", pon = "pung", kong = "kong", k = "kong", kan = "kong", win = "win", w = "win",
  mahjong = "win", riichi = "riichi", pass = "pass", next = "next" }

-- Finds the legal action the short notation names: "d 5m", "chow 3m", "pung", "kong 5p".
local function find_action(seat, words)
  local verb = VERBS[words[1]] or words[1]
  local tile = words[2]
  if tile then tile_arg(tile) end
  local matches = {}
  for _, a in ipairs(legal(seat)) do
    local type_ok = a.type == verb or (verb == "kong" and tostring(a.type):match("kong"))
    local tile_ok = not tile or a.tile == tile or (a.tile and jong.kind_of(a.tile) == jong.kind_of(tile))
      or (a.text and a.text:find(tile, 1, true))
    if (type_ok or a.text == table.concat(words, " ")) and tile_ok then matches[#matches + 1] = a end
  end
  if #matches > 1 and tile then
    local exact = {}
    for _, a in ipairs(matches) do if a.tile == tile then exact[#exact + 1] = a end end
    if #exact == 1 then matches = exact end
  end
  if #matches > 1 then
    local texts = {}
    for _, a in ipairs(matches) do texts[#texts + 1] = a.text end
    fail("which one? %s", table.concat(texts, ", "))
  end
  return matches[1], verb .. (tile and " " .. tile or "")
end

local function legal_text(list)
  local texts = {}
  for _, a in ipairs(list) do texts[#texts + 1] = tiles_text(a.text or a.type) end
  return table.concat(texts, ", ")
end

-- Lets the bots play their seats until a seat they do not play has a decision or the
-- deal ends. Returns the number of actions played.
local function go()
  local g = need_game()
  local steps = 0
  while steps < 100000 and g:state().phase ~= "ended" do
    local seats = deciding_seats()
    if #seats == 0 then break end
    for _, seat in ipairs(seats) do
      if not S.bots[seat] then return steps end
    end
    local action = g:bot(seats[1], S.bot_kind)
    if not action then fail("the %s bot has no action for %s", S.bot_kind, seats[1]) end
    play(seats[1], action)
    steps = steps + 1
  end
  return steps
end

local function after_moves()
  print_new_events()
  local st = state()
  if st.phase == "ended" then
    say("deal over", st.result ~= nil and (": " .. (type(st.result) == "table" and show(st.result) or tostring(st.result))) or "")
    return
  end
  local seats = deciding_seats()
  for _, seat in ipairs(seats) do
    if not S.bots[seat] then
      say(seat == S.human and "your move (" .. seat .. "): " or seat .. " to move: ", legal_text(legal(seat)))
      return
    end
  end
end

---------------------------------------------------------------------------
-- Commands
---------------------------------------------------------------------------

local COMMANDS, ORDER, ALIAS = {}, {}, {}
local function command(spec)
  COMMANDS[spec.name] = spec
  ORDER[#ORDER + 1] = spec.name
  for _, a in ipairs(spec.aliases or {}) do ALIAS[a] = spec.name end
end
local function find_command(word) return COMMANDS[word] or COMMANDS[ALIAS[word] or ""] end

local function games_available()
  if type(jong.game) ~= "function" then fail("games are not available yet in this build") end
end

command {
  name = "help", usage = "help [COMMAND]", summary = "this list, or one command in detail",
  help = [[
Without a word, lists the commands. `help COMMAND` explains one command; `help lua`
explains how Lua lines work.]],
  run = function(words)
    local topic = words[1]
    if topic == "lua" then
      say([[
Any line that is not a command is Lua 5.4, run as the stock `lua` program does: an
expression prints its value (`=expr` too), a statement runs, and a statement may span
several lines (the prompt turns to `>>` until it is complete). Errors print a traceback
and the session goes on. The global `jong` is the module (docs/api.md); `game` is the
game the commands play (nil before `new`). A line is a command when its first word is
a command's name and the next character is not `=` (so `score = 1` is Lua).]])
      return
    end
    if topic then
      local c = find_command(topic)
      if not c then fail("no command '%s' (`help` lists them)", topic) end
      say("usage: ", c.usage)
      say(c.help)
      if c.aliases then say("also: ", table.concat(c.aliases, ", ")) end
      return
    end
    say("Commands (any other line is Lua; `help lua`, `help COMMAND`):")
    for _, name in ipairs(ORDER) do
      local c = COMMANDS[name]
      say(string.format("  %-34s %s", c.usage, c.summary))
    end
  end,
  complete = function() local list = { "lua" }; for _, n in ipairs(ORDER) do list[#list + 1] = n end; return list end,
}

command {
  name = "new", usage = "new [VARIANT] [seed=N] [option=value...]", summary = "start a game",
  help = [[
Starts a game under VARIANT (a ruleset name or the path of a rule file; default: the
current rules) and makes it the current one. seed=N fixes the shuffle (default: from
the clock, printed); wall=TILES stacks the wall in notation (tests, puzzles); seat=E
picks your seat; any other name=value is a rule option (see `set`). Bots play the seats
`bots` names. Example: new base seed=7 payment=20]],
  run = function(words)
    games_available()
    local given, seed, wall, human = {}, nil, nil, S.human
    local variant = nil
    for i, w in ipairs(words) do
      local k, v = w:match("^([%w_%.]+)=(.*)$")
      if not k then
        if i ~= 1 then fail("'%s': expected name=value", w) end
        variant = w
      elseif k == "seed" then
        seed = math.tointeger(tonumber(v))
        if not seed then fail("seed takes a whole number, not '%s'", v) end
      elseif k == "wall" then wall = v
      elseif k == "seat" then human = seat_arg(v)
      else given[k] = value_of(v) end
    end
    local rules, name = S.rules, S.rules_name
    if variant and variant ~= name then rules, name = load_rules(variant), variant end
    local options = given
    if rules == S.rules then
      options = resolved_options(given)
    else   -- the options set with `set` belong to the rules before
      local ok, err = jong.resolve_options(rules, given)
      if not ok then fail("%s", err) end
    end
    seed = seed or os.time() % 1000000
    local g, err = jong.game { rules = name, seed = seed, options = options, wall = wall }
    if not g then fail("%s", jong.first_line(err or "cannot start the game")) end
    if rules ~= S.rules then S.rules, S.rules_name, S.options = rules, name, {} end
    if human ~= S.human then
      S.human = human
      S.bots = {}
      for _, seat in ipairs(SEATS) do if seat ~= human then S.bots[seat] = true end end
    end
    set_game(g, options)
    local bots = {}
    for _, seat in ipairs(SEATS) do if S.bots[seat] then bots[#bots + 1] = seat end end
    say(string.format("new game: %s, seed %d; you play %s, bots play %s", S.rules.name, seed, S.human,
      #bots > 0 and table.concat(bots, " ") or "no seat"))
    show_table()
  end,
  complete = function(word, before)
    local list = {}
    if #before == 0 then for _, n in ipairs(rule_names()) do list[#list + 1] = n end end
    for _, k in ipairs { "seed=", "wall=", "seat=" } do list[#list + 1] = k end
    for k in pairs(S.rules.options) do list[#list + 1] = k .. "=" end
    return list
  end,
}

command {
  name = "show", usage = "show", summary = "the table: hands, melds, discards, wall, dora, scores",
  help = [[
Shows the current game: round and dealer, whose turn, the live wall and dead wall
counts, dora indicators, then each seat: points, who plays it, hand with melds and
bonus tiles, discards. `>` marks the seat in turn. `set glyphs on` draws Unicode tiles.]],
  run = function() show_table() end,
}

command {
  name = "legal", usage = "legal [SEAT]", summary = "the legal actions of a seat (or of every seat)",
  help = [[
Lists what SEAT may do now; without a seat, every seat that has a decision.]],
  run = function(words)
    if words[1] then
      local seat = seat_arg(words[1])
      local list = legal(seat)
      say(seat, ": ", #list > 0 and legal_text(list) or "nothing to decide")
      return
    end
    local seats = deciding_seats()
    if #seats == 0 then say("no seat has a decision") end
    for _, seat in ipairs(seats) do say(seat, ": ", legal_text(legal(seat))) end
  end,
  complete = function() return { "E", "S", "W", "N" } end,
}

local function tile_candidates(verb)
  if S.game then
    local ok, seat = pcall(default_seat)
    if ok then
      local list = {}
      for _, a in ipairs(legal(seat)) do
        if a.tile and (not verb or a.type == verb or tostring(a.type):match(verb)) then list[#list + 1] = a.tile end
      end
      if #list > 0 then return list end
    end
  end
  return jong.TILES
end

command {
  name = "play", usage = "play [SEAT] ACTION", summary = "play an action: d 5m, chow 3m, pung, kong, win",
  aliases = { "d", "discard", "chow", "pung", "kong", "win", "riichi", "pass" },
  help = [[
Plays ACTION for SEAT (default: yours when you have a decision, else the seat to
move). Short forms: `d 5m` or `discard 5m`, `chow 3m` (the lowest tile of the chow),
`pung`, `kong 5p`, `win`, `riichi 5m`, `pass`; the tile may be left out when only one
action fits. The verbs work on their own too: `d 5m` is `play d 5m`. The events that
follow are printed; an illegal action is refused with the reason and changes nothing.]],
  run = function(words, verb)
    if verb ~= "play" then table.insert(words, 1, verb) end
    local seat
    if SEAT_OF[words[1] or ""] and words[2] then seat = seat_arg(table.remove(words, 1)) end
    if #words == 0 then fail("play what? (`help play`)") end
    need_game()
    seat = seat or default_seat()
    local action, text = find_action(seat, words)
    play(seat, action or text)
    after_moves()
  end,
  complete = function(word, before, verb)
    if verb == "play" and #before == 0 then
      local list = {}
      for v in pairs(VERBS) do list[#list + 1] = v end
      return list
    end
    return tile_candidates(VERBS[before[#before] or verb])
  end,
}

command {
  name = "bots", usage = "bots [random|greedy] [SEAT...|none|all]", summary = "which seats bots play, and how",
  help = [[
Without arguments, shows which seats the bots play. With seats, the bots play those
seats and you the others; `none` (you play every seat) or `all`. `random` plays a random
legal action, `greedy` keeps the hand closest to winning. `go` lets them play.]],
  run = function(words)
    local seats
    for _, w in ipairs(words) do
      if w == "random" or w == "greedy" then S.bot_kind = w
      elseif w == "none" then seats = seats or {}
      elseif w == "all" then seats = { E = true, S = true, W = true, N = true }
      else seats = seats or {}; seats[seat_arg(w)] = true end
    end
    if seats then
      S.bots = seats
      if seats[S.human] then   -- you move to the first seat the bots leave you
        for _, seat in ipairs(SEATS) do if not seats[seat] then S.human = seat; break end end
      end
    end
    local list = {}
    for _, seat in ipairs(SEATS) do if S.bots[seat] then list[#list + 1] = seat end end
    say(string.format("bots (%s) play %s", S.bot_kind, #list > 0 and table.concat(list, " ") or "no seat"))
  end,
  complete = function() return { "random", "greedy", "none", "all", "E", "S", "W", "N" } end,
}

command {
  name = "go", usage = "go", summary = "let the bots play on to your next decision",
  help = [[
The bots play their seats until a seat they do not play has a decision to make (or the
deal ends), printing every event.]],
  run = function()
    need_game()
    go()
    after_moves()
  end,
}

command {
  name = "undo", usage = "undo [N]", summary = "take back the last action (N actions)",
  help = "Takes back the last action, or the last N; `redo` plays them again.",
  run = function(words)
    local g = need_game()
    local n = math.tointeger(tonumber(words[1] or "1")) or fail("undo takes a number")
    local done = 0
    for _ = 1, n do
      if not g:undo() then break end
      done = done + 1
    end
    if done == 0 then fail("nothing to undo") end
    S.seen = #g:events()
    say(string.format("undone %d action%s", done, done == 1 and "" or "s"))
  end,
}

command {
  name = "redo", usage = "redo [N]", summary = "play again what undo took back",
  help = "Plays again the last action (or N) that `undo` took back.",
  run = function(words)
    local g = need_game()
    local n = math.tointeger(tonumber(words[1] or "1")) or fail("redo takes a number")
    local done = 0
    for _ = 1, n do
      if not g:redo() then break end
      done = done + 1
    end
    if done == 0 then fail("nothing to redo") end
    print_new_events()
  end,
}

local function analyze_hand(hand)
  local h = parse(hand)
  local a = analysis(hand)
  local canon = jong.format_hand(hand)
  say("hand ", tiles_text(canon), string.format(" (%d tiles)", h.size))
  if a.shanten then
    local sh = a.shanten
    local forms = { "standard " .. sh.standard }
    if sh.seven_pairs then forms[#forms + 1] = "seven pairs " .. sh.seven_pairs end
    if sh.thirteen_orphans then forms[#forms + 1] = "thirteen orphans " .. sh.thirteen_orphans end
    local state = sh.all == -1 and "complete" or sh.all == 0 and "ready" or sh.all .. " from ready"
    say(string.format("shanten %d, %s (%s)", sh.all, state, table.concat(forms, ", ")))
  else
    say("shanten: only for 13 or 14 tiles")
  end
  if h.size == 13 then
    say("waits: ", #a.waits > 0 and tiles_text(table.concat(a.waits, " ")) or "none")
  elseif h.size == 14 and a.shanten then
    if a.shanten.all == -1 then
      local ds = jong.decompositions(hand)
      for _, d in ipairs(ds) do
        local sets = {}
        for _, s in ipairs(d.sets) do sets[#sets + 1] = set_text(s) end
        say("  ", tiles_text(set_text { type = "pung", tile = d.pair }:sub(2)), " ", tiles_text(table.concat(sets, " ")))
      end
      if #ds == 0 then say("  (an irregular shape: no standard decomposition)") end
    else
      local best, lines = nil, {}
      for _, t in ipairs(distinct_concealed(hand)) do
        local rest = without_tile(hand, t)
        local sh = analysis(rest).shanten.all
        if not best or sh < best then best, lines = sh, {} end
        if sh == best then
          local waits = sh == 0 and " waits " .. table.concat(analysis(rest).waits, " ") or ""
          lines[#lines + 1] = "  discard " .. t .. waits
        end
      end
      say(string.format("best discards (shanten %d after):", best))
      for _, l in ipairs(lines) do say(tiles_text(l)) end
    end
  end
end

command {
  name = "analyze", usage = "analyze [HAND]", summary = "shanten, waits and decompositions of a hand",
  help = [[
Analyzes HAND (notation; default: the hand of the seat to move): shanten for each form,
the waits of a 13-tile hand, the decompositions of a complete 14-tile hand, or the best
discards of an incomplete one. Example: analyze 123456789m1199p]],
  run = function(words)
    local hand = table.concat(words, " ")
    if hand == "" then
      local st = state()
      hand = seat_hand(st, default_seat())
    end
    analyze_hand(hand)
  end,
  complete = function() return jong.TILES end,
}

local function win_line(seat, hand, tile, st, from)
  local base = { seat = seat, round = st and st.round or "E", hand = with_tile(hand, tile), win_tile = tile,
    options = st and S.game_options or resolved_options(), dora = st and tile_list_text(st.dora) or nil }
  local parts = {}
  for _, by in ipairs { "self", "discard" } do
    local s = {}
    for k, v in pairs(base) do s[k] = v end
    s.win_by = by
    if by == "discard" then s.from = from end
    local r = score(s)
    local label = by == "self" and "self-draw" or "on a discard"
    if not r.ok then parts[#parts + 1] = label .. ": " .. r.error
    elseif not r.wins then parts[#parts + 1] = label .. ": no win (" .. r.reason .. ")"
    else parts[#parts + 1] = label .. " " .. value_text(r.value) end
  end
  return tiles_text(tile) .. ": " .. table.concat(parts, "; ")
end

command {
  name = "wins", usage = "wins [SEAT]", summary = "what wins here: waits and their scores",
  help = [[
For the seat to move (or SEAT): with 13 tiles, each tile it waits on and what the win
would score under the current rules, self-drawn and on a discard from the seat before
it; with 14, the discards that leave it ready and their waits.]],
  run = function(words)
    local st = state()
    local seat = words[1] and seat_arg(words[1]) or default_seat()
    local hand = seat_hand(st, seat)
    local h = parse(hand)
    local from = jong.seat_after(seat, 3)
    if h.size == 13 then
      local waits = analysis(hand).waits
      if #waits == 0 then say(seat, " is not ready: ", analysis(hand).shanten.all, " from ready") return end
      say(seat, " waits on ", tiles_text(table.concat(waits, " ")), ":")
      for _, w in ipairs(waits) do say("  ", win_line(seat, hand, w, st, from)) end
    elseif h.size == 14 then
      local found = false
      if analysis(hand).shanten.all == -1 then say(seat, " holds a complete hand") found = true end
      for _, t in ipairs(distinct_concealed(hand)) do
        local rest = without_tile(hand, t)
        local waits = analysis(rest).waits
        if #waits > 0 then
          found = true
          say(tiles_text("discard " .. t .. ": waits " .. table.concat(waits, " ")))
          for _, w in ipairs(waits) do say("    ", win_line(seat, rest, w, st, from)) end
        end
      end
      if not found then say(seat, " is not ready after any discard") end
    else
      fail("%s holds %d tiles", seat, h.size)
    end
  end,
  complete = function() return { "E", "S", "W", "N" } end,
}

local SCORE_KEYS = { win = "win_tile", win_tile = "win_tile", by = "win_by", win_by = "win_by",
  from = "from", seat = "seat", round = "round", dora = "dora", ura = "ura", honba = "honba",
  deposits = "deposits" }

command {
  name = "score", usage = "score HAND win=TILE [by=self|discard] [from=SEAT] [FLAG...]",
  summary = "score a hand under the current rules",
  help = [[
Scores HAND (notation, the concealed part with or without the winning tile) won on TILE
under the current rules, item by item, with the payments. by= self or discard (default:
discard when from= is given, else self); seat= the winner's seat wind (default E);
round=, dora=, ura=, honba=, deposits= as in `jong score`; bare words are situation
flags (riichi, last_tile, ...); any other name=value is a rule option.
Example: score 123456789m1199p win=9p from=W]],
  run = function(words)
    local s, hand, options = { flags = {} }, {}, {}
    for _, w in ipairs(words) do
      local k, v = w:match("^([%w_%.]+)=(.*)$")
      if k and SCORE_KEYS[k] then s[SCORE_KEYS[k]] = value_of(v)
      elseif k then options[k] = value_of(v)
      elseif w:match("^%[") or w:match("^%d") or w:match("^[fg]%d$") then hand[#hand + 1] = w
      else s.flags[#s.flags + 1] = w end
    end
    if #hand == 0 then fail("score what? (`help score`)") end
    if not s.win_tile then fail("which tile wins? give win=TILE") end
    s.win_tile = tostring(s.win_tile)
    tile_arg(s.win_tile)
    s.seat = s.seat or "E"
    s.win_by = s.win_by or (s.from and "discard" or "self")
    local text = table.concat(hand, " ")
    if parse(text).size == 13 then text = with_tile(text, s.win_tile) end
    s.hand = text
    for _, k in ipairs { "dora", "ura", "from", "seat", "round" } do
      if s[k] ~= nil then s[k] = tostring(s[k]) end
    end
    s.options = resolved_options(options)
    local r = score(s)
    if not r.ok then fail("%s", r.error) end
    if not r.wins then say("no win: ", r.reason) return end
    for _, item in ipairs(r.items) do
      say(string.format("  %-32s %s %s", item.name, tostring(item.value), item.unit or ""))
    end
    local limit = r.limit ~= jong.json_null and r.limit and " (limit: " .. tostring(r.limit) .. ")" or ""
    say(r.rules, ": ", value_text(r.value), limit)
    say("payments: ", payments_text(r.payments))
  end,
  complete = function()
    local list = { "win=", "by=self", "by=discard", "from=", "seat=", "round=", "dora=" }
    for _, f in ipairs(S.rules.flags) do list[#list + 1] = f end
    for _, t in ipairs(jong.TILES) do list[#list + 1] = t end
    return list
  end,
}

local SETTINGS = {
  glyphs = function(v) S.glyphs = on_off(v, "glyphs") end,
  colour = function(v) S.colour = on_off(v, "colour") end,
  color = function(v) S.colour = on_off(v, "colour") end,
  seat = function(v) S.human = seat_arg(v); S.bots[S.human] = nil end,
}

command {
  name = "set", usage = "set [OPTION VALUE]", summary = "set a REPL setting or a rule option",
  help = [[
Without arguments, lists the settings and the rule options with their values. REPL
settings: glyphs on|off (Unicode tiles), colour on|off, seat E|S|W|N (your seat). Any
other name is an option of the current rules; it applies to `score` and `wins` now and
to the next `new`. Example: set payment 20]],
  run = function(words)
    local name, value = words[1], words[2]
    if not name then
      say(string.format("glyphs %s, colour %s, seat %s", S.glyphs and "on" or "off",
        S.colour and "on" or "off", S.human))
      local keys = {}
      for k in pairs(S.rules.options) do keys[#keys + 1] = k end
      table.sort(keys)
      local current = jong.resolve_options(S.rules, S.options) or {}
      for _, k in ipairs(keys) do
        say(string.format("  %-22s %-10s %s", k, tostring(current[k]), S.rules.options[k].doc or ""))
      end
      return
    end
    if value == nil then fail("set %s to what?", name) end
    if SETTINGS[name] then SETTINGS[name](value); return end
    local given = {}
    for k, v in pairs(S.options) do given[k] = v end
    given[name] = value_of(value)
    local ok, err = jong.resolve_options(S.rules, given)
    if not ok then fail("%s", err) end
    S.options = given
    say(string.format("%s = %s (for `score` and `wins`, and from the next `new`)", name, tostring(given[name])))
  end,
  complete = function(word, before)
    if #before == 1 then
      if SETTINGS[before[1]] then
        return before[1] == "seat" and { "E", "S", "W", "N" } or { "on", "off" }
      end
      local spec = S.rules.options[before[1]]
      local list = {}
      for _, v in ipairs(spec and spec.values or {}) do list[#list + 1] = tostring(v) end
      return list
    end
    local list = { "glyphs", "colour", "seat" }
    for k in pairs(S.rules.options) do list[#list + 1] = k end
    return list
  end,
}

command {
  name = "rules", usage = "rules [NAME|PATH]", summary = "load a ruleset (or show the current one)",
  help = [[
Loads a ruleset by name (from the rules path) or from a file, for `new`, `score`,
`wins` and `set`; the game under way keeps its rules until `new`. Without an argument,
shows the current rules and the names in the rules path. A rule file with an error is
reported in one line and nothing changes.]],
  run = function(words)
    if words[1] then
      use_rules(words[1])
      say("rules ", S.rules.name, " (", S.rules.path, ")")
      return
    end
    local chain, r = {}, S.rules
    while r do chain[#chain + 1] = r.name; r = r.parent end
    say("rules ", table.concat(chain, " extends "), " (", S.rules.path, ")")
    say("in the rules path: ", table.concat(rule_names(), " "))
  end,
  complete = function(word)
    if word:find("/", 1, true) then return "files" end
    return rule_names()
  end,
}

command {
  name = "reload", usage = "reload", summary = "reload the current rule script (the game goes on)",
  help = [[
Reads the current rule script again (and the scripts it extends) after you edited it.
The game under way goes on under the new rules: its actions are replayed under them.
A script with an error is reported in one line and the old rules stay in use.]],
  run = function()
    jong.reload_rules()
    local r, err = jong.load_rules(S.rules_name)
    if not r then fail("%s (still using the rules loaded before)", jong.first_line(err)) end
    S.rules = r
    say("reloaded ", r.name, " (", r.path, ")")
    if S.game then
      local g, rerr = jong.replay(S.game:log_json())
      if not g then fail("the game cannot go on under the new rules: %s", jong.first_line(rerr or "?")) end
      set_game(g, S.game_options)
      say("the game goes on under the new rules")
    end
  end,
}

command {
  name = "save", usage = "save FILE", summary = "save the game's log (JSON lines)",
  help = "Writes the current game's event log to FILE, as JSON lines (docs/formats.md).",
  run = function(words)
    if not words[1] then fail("save where? give a file name") end
    local text = need_game():log_json()
    local f, err = io.open(words[1], "w")
    if not f then fail("%s", err) end
    f:write(text)
    if text:sub(-1) ~= "\n" then f:write("\n") end
    f:close()
    say("saved ", words[1])
  end,
  complete = function() return "files" end,
}

command {
  name = "load", usage = "load FILE", summary = "load a saved game to step through with next/prev",
  help = [[
Reads a game log saved with `save` (or by `jong sim --log`), replays it and goes back to
its start: `next` and `prev` then step through it, `show` shows each position. You can
also play on from any position.]],
  run = function(words)
    games_available()
    if not words[1] then fail("load what? give a file name") end
    local f, err = io.open(words[1], "r")
    if not f then fail("%s", err) end
    local text = f:read("a")
    f:close()
    local g, rerr = jong.replay(text)
    if not g then fail("%s: %s", words[1], jong.first_line(rerr or "not a game log")) end
    local steps = 0
    while g:undo() do steps = steps + 1 end
    set_game(g, {})
    say(string.format("loaded %s: %d actions; `next` and `prev` step through them", words[1], steps))
  end,
  complete = function() return "files" end,
}

command {
  name = "next", usage = "next [N]", summary = "step forward through a game (N actions)",
  help = "Plays the next action of a loaded game (or N), printing the events.",
  run = function(words) COMMANDS.redo.run(words) end,
}

command {
  name = "prev", usage = "prev [N]", summary = "step back through a game (N actions)",
  help = "Goes back one action (or N) in a game; the same as `undo`.",
  run = function(words) COMMANDS.undo.run(words) end,
}

command {
  name = "quit", usage = "quit", summary = "leave (Ctrl-D too)", aliases = { "exit" },
  help = "Leaves the REPL; the history is saved.",
  run = function() return true end,
}

---------------------------------------------------------------------------
-- Lua lines
---------------------------------------------------------------------------

-- Compiles a (possibly unfinished) chunk: an expression first, as `lua` does.
local function compile(text)
  local chunk = load("return " .. text, "=stdin", "t")
  if chunk then return chunk end
  return load(text, "=stdin", "t")
end

local function incomplete(err) return err:sub(-5) == "<eof>" end

local function print_results(ok, ...)
  if not ok then return end
  local n = select("#", ...)
  if n == 0 then return end
  local parts = {}
  for i = 1, n do
    local v = select(i, ...)
    parts[i] = type(v) == "string" and v or show(v)
  end
  say(table.concat(parts, "\t"))
end

local function eval_lua(text)
  if text:sub(1, 1) == "=" then text = text:sub(2) end
  local chunk, err = compile(text)
  if not chunk then
    if incomplete(err) then return "more" end
    report(err)
    return
  end
  print_results(protect(chunk))
end

---------------------------------------------------------------------------
-- The entry points for repl/repl.c
---------------------------------------------------------------------------

local function run_command(c, verb, rest)
  local quit = false
  protect(function()
    if c.name ~= "help" and c.name ~= "quit" and c.name ~= "set" and c.name ~= "rules" then
      -- commands that work on rules need them loaded
      if not S.rules then use_rules(S.rules_name) end
    end
    quit = c.run(split(rest), verb) == true
  end)
  return quit
end

function M.feed(line)
  if S.buffer then
    local text = S.buffer .. "\n" .. line
    S.buffer = nil
    if eval_lua(text) == "more" then S.buffer = text end
    return false
  end
  local verb, rest = line:match("^%s*(%S+)%s*(.-)%s*$")
  if not verb then return false end
  local c = find_command(verb)
  if c and not (rest:match("^=") and not rest:match("^==")) then
    return run_command(c, verb, rest)
  end
  if eval_lua(line) == "more" then S.buffer = line end
  return false
end

function M.prompt() return S.buffer and ">> " or "jong> " end

function M.cancel()
  S.buffer = nil
  return M.prompt()
end

-- Completion of the word between start and stop (byte offsets from 0) of the line.
local function lua_candidates(word)
  local path, sep, last = word:match("^([%a_][%w_%.:]-)([%.:])([%w_]*)$")
  local list = {}
  if not path then
    for k in pairs(_G) do if type(k) == "string" then list[#list + 1] = k end end
    for k in pairs(KEYWORDS) do list[#list + 1] = k end
    return list
  end
  local v = _G
  for name in path:gmatch("[^%.:]+") do
    if type(v) ~= "table" then return {} end
    v = rawget(v, name)
  end
  if type(v) ~= "table" then
    local mt = getmetatable(v)
    v = type(mt) == "table" and type(mt.__index) == "table" and mt.__index or nil
  end
  if type(v) ~= "table" then return {} end
  for k, x in pairs(v) do
    if type(k) == "string" and k:match(IDENT) and (sep == "." or type(x) == "function") then
      list[#list + 1] = path .. sep .. k .. (type(x) == "function" and "(" or "")
    end
  end
  local _ = last
  return list
end

function M.complete(line, start, stop)
  local before, word = line:sub(1, start), line:sub(start + 1, stop)
  local list
  local words = split(before)
  local c = words[1] and find_command(words[1])
  if #words == 0 then
    list = lua_candidates(word)
    for name in pairs(COMMANDS) do list[#list + 1] = name end
    for name in pairs(ALIAS) do list[#list + 1] = name end
  elseif c and not (S.buffer) then
    if not c.complete then return {} end
    local ok, result = pcall(c.complete, word, { table.unpack(words, 2) }, words[1])
    if not ok then return {} end
    list = result
    if list == "files" then return "files" end
  else
    list = lua_candidates(word)
  end
  local out, seen = {}, {}
  for _, w in ipairs(list) do
    if w:sub(1, #word) == word and not seen[w] then seen[w] = true; out[#out + 1] = w end
  end
  table.sort(out)
  return out
end

function M.start(info)
  S.interactive = info.interactive
  S.colour = info.colour
  local default = jong.load_rules("classical") and "classical" or "base"
  S.rules_name = default
  protect(use_rules, default)
  if S.interactive then
    say("jong: a Mahjong rules engine; Lua 5.4 with the `jong` module. Rules: ", S.rules_name, ".")
    say("`help` lists the commands, `help lua` explains Lua lines, Ctrl-D leaves.")
  end
end

function M.finish()
  if S.buffer then
    local _, err = compile(S.buffer)
    report(err or "unfinished statement at the end of the input")
    S.buffer = nil
  end
  if not S.interactive and S.failures > 0 then return 1 end
  return 0
end

return M
