-- The REPL of build/jong (docs/repl.md). repl/repl.c reads the lines and calls the
-- functions of the table M returned here: M.start(info), M.prompt(), M.feed(line),
-- M.cancel(), M.complete(line, start, stop) and M.finish(). A line whose first word
-- is a command is a command; any other line is Lua, evaluated as the stock `lua`
-- program does.
local list_dir = ...
local write_file = require("files").write   -- whole or not at all (repl/files.c)
local jong = jong

local M = {}
local SEATS = jong.SEATS

-- The session.
local S = {
  rules = nil,          -- the ruleset table commands use
  rules_name = nil,     -- its name or path, as given
  options = {},         -- rule options given with `set`, for the next game and `score`
  game = nil,           -- the game being played or stepped through
  game_how = nil,       -- how to make that game again: rules, seed, options, wall
  seen = 0,             -- events of the game already printed
  home_seat = "E",      -- the seat you take in a new game (seat=, `set seat`, `bots`)
  home_bots = nil,      -- the seats the bots take in a new game (nil: all but yours)
  you = 0,              -- the player you are (0-3, as the state numbers them): the
                        -- seat you play moves with that player from deal to deal
  bot_players = { [1] = true, [2] = true, [3] = true },   -- the players the bots play
  results = {},         -- the printed results of the game's deals, by deal_start event
  bot_kind = "greedy",
  auto = false,         -- the bots move on by themselves after each of your actions
  glyphs = false,
  colour = false,
  interactive = false,
  buffer = nil,         -- an unfinished Lua statement
  failures = 0,
}

---------------------------------------------------------------------------
-- Output and errors
---------------------------------------------------------------------------

-- Everything the REPL prints goes through jong.terminal_text: names, reasons and errors
-- may come from rule code, and their control codes are shown escaped (\x1b), never sent
-- to the terminal (with colour on, the REPL's own tile colours pass).
local terminal_text = jong.terminal_text
local function say(...) io.write(terminal_text(table.concat({ ... }), S.colour), "\n") end

local function report(msg)
  S.failures = S.failures + 1
  io.stdout:flush()
  io.stderr:write(terminal_text(tostring(msg)), "\n")
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
  if ty == "function" then return "function" end   -- no addresses: sessions compare
  if ty ~= "table" then return tostring(v) end
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
  -- a glyph is followed by a space (they are wide); the spaces before a closing
  -- bracket or the end are taken out again
  s = s:gsub("(%d+)([mpsz])", function(digits, suit)
    if not S.glyphs then return paint(digits .. suit, suit, false) end
    local out = {}
    for d in digits:gmatch("%d") do
      out[#out + 1] = paint(glyph(tonumber(d), suit), suit, d == "0") .. " "
    end
    return table.concat(out)
  end)
  s = s:gsub("([fg])([1-4])", function(suit, rank)
    return paint(S.glyphs and glyph(tonumber(rank), suit) .. " " or suit .. rank, suit, false)
  end)
  return (s:gsub(" +%]", "]"):gsub(" +$", ""):gsub("  +", " "))
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

-- "true"/"false", numbers, a list "10,5,-5,-10", else the string.
local function value_of(s)
  if s == "true" then return true elseif s == "false" then return false end
  local n = tonumber(s)
  if n then return math.tointeger(n) or n end
  if s:find(",", 1, true) then
    local list = {}
    for part in (s .. ","):gmatch("([^,]*),") do list[#list + 1] = value_of(part:match("^%s*(.-)%s*$")) end
    return list
  end
  return s
end

-- An option's value as `set` shows it: a list as "10,5,-5,-10".
local function option_text(v)
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for i = 1, #v do parts[i] = option_text(v[i]) end
  return table.concat(parts, ",")
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

-- A rule file's path as shown: "dir/x/../rules/a.lua" as "dir/rules/a.lua", and relative
-- to the current directory when it lies under it.
local function path_text(path)
  path = tostring(path)
  local n
  repeat path, n = path:gsub("/[^/]+/%.%./", "/", 1) until n == 0
  local here = os.getenv("PWD")
  if here and here ~= "/" and path:sub(1, #here + 1) == here .. "/" then path = path:sub(#here + 2) end
  return path
end

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

-- sets: 4 (hands of 13/14 tiles, the default) or 5 (16/17: five sets and a pair).
local function parse(hand, sets)
  local h, err = jong.hand_facts(hand, nil, true, sets)
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

-- The forms of a ruleset (a mask for jong.analysis and jong.efficiency; nil: all).
local FORM_BITS = { standard = jong.FORM_STANDARD, seven_pairs = jong.FORM_SEVEN_PAIRS,
  thirteen_orphans = jong.FORM_THIRTEEN_ORPHANS }
local function rules_forms(r)
  if type(r.forms) ~= "table" then return nil end
  local mask = 0
  for _, name in ipairs(r.forms) do mask = mask | (FORM_BITS[name] or 0) end
  return mask
end

-- How hands are read: sets (4: hands of 13/14 tiles; 5: 16/17, the Taiwanese five sets
-- and a pair), size (the tiles of a hand waiting to win: 13 or 16), forms (those that
-- win; nil: all) and absent (the kinds the tile set lacks: 2m-8m with three players).
-- Of the game in play: by its rules and options; of a hand given: every form, the sets
-- its own size says.
-- The ruleset's irregular complete hands (its special_complete hook, docs/hooks.md), as
-- the engine asks it: a function (h, seat) -> whether the hand read by jong.hand_facts
-- is complete in one of them; nil when the rules have none.
local function special_test(g, settings)
  local hook = g.rules.special_complete
  if type(hook) ~= "function" then return nil end
  local view = { rules = g.rules, options = g.options }
  return function(h, seat)
    if #h.melds > 0 and settings and settings.special_concealed_only then return false end
    local parts = {}
    for _, suit in ipairs { "m", "p", "s", "z" } do
      local ranks = {}
      for rank = 1, 9 do ranks[#ranks + 1] = string.rep(tostring(rank), h.counts[rank .. suit] or 0) end
      local text = table.concat(ranks)
      if text ~= "" then parts[#parts + 1] = text .. suit end
    end
    local ok, yes = pcall(hook, view, seat, table.concat(parts), #h.melds)
    return ok and yes == true   -- as the engine: only true is complete
  end
end

local function game_shape()
  local g = S.game
  local ok, e = pcall(jong.engine_settings, g.rules, g.options)
  local sets = g.rules.hand_size == 16 and 5 or 4
  return { sets = sets, size = 3 * sets + 1, forms = rules_forms(g.rules),
           absent = ok and type(e.absent) == "string" and e.absent or nil,
           special = special_test(g, ok and e or nil) }
end

local function hand_shape(hand)
  local sets = (not jong.hand_facts(hand, nil, true) and jong.hand_facts(hand, nil, true, 5)) and 5 or 4
  return { sets = sets, size = 3 * sets + 1 }
end

-- The kinds that complete a hand of shape.size tiles in the rules' irregular hands
-- (shape.special), in kind order, but kinds it holds four times (as g:waits).
local function special_waits(hand, shape)
  local h = jong.hand_facts(hand, nil, true, shape.sets)
  if not shape.special or not h or h.size ~= shape.size then return {} end
  local absent = {}
  for _, t in ipairs(shape.absent and jong.tiles(shape.absent) or {}) do absent[jong.kind_of(t)] = true end
  local waits = {}
  for _, k in ipairs(jong.TILES) do
    local n = h.counts[k] or 0
    if n < 4 and (h.all_counts[k] or 0) < 4 and not absent[k] then
      h.counts[k] = n + 1
      if shape.special(h) then waits[#waits + 1] = k end
      h.counts[k] = n > 0 and n or nil
    end
  end
  return waits
end

-- jong.analysis of the hand; in a game whose rules have irregular hands, those too: a
-- hand complete in one is complete (shanten -1), one waiting on one is ready, with those
-- waits (a.special says so).
local function analysis(hand, shape)
  shape = shape or hand_shape(hand)
  local a, err = jong.analysis(hand, shape.forms, shape.sets, nil, shape.absent)
  if not a then fail("%s", err) end
  if shape.special and a.shanten then
    local h = jong.hand_facts(hand, nil, true, shape.sets)
    if h and h.size == shape.size + 1 and shape.special(h) then
      a.shanten.all, a.special = -1, "complete"
    elseif h and h.size == shape.size + 1 and a.shanten.all > 0 then
      for _, t in ipairs(distinct_concealed(hand)) do
        if #special_waits(without_tile(hand, t), shape) > 0 then
          a.shanten.all, a.special = 0, "ready after a discard"
          break
        end
      end
    elseif h and h.size == shape.size then
      local extra, have = special_waits(hand, shape), {}
      for _, w in ipairs(a.waits or {}) do have[w] = true end
      for _, w in ipairs(extra) do
        if not have[w] then a.waits[#a.waits + 1] = w end
      end
      if #extra > 0 then
        table.sort(a.waits, function(x, y) return jong.kind(x) < jong.kind(y) end)
        a.shanten.all, a.special = 0, "ready"
      end
    end
  end
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

local VALUE_KEYS = { "yakuman", "han", "fu", "points", "doubles", "score", "faan", "fan", "tai", "aux",
  "adjusted", "basic", "total" }

local function value_text(v)
  local parts, seen = {}, {}
  for _, k in ipairs(VALUE_KEYS) do
    if v[k] ~= nil then parts[#parts + 1] = tostring(v[k]) .. " " .. k; seen[k] = true end
  end
  local rest = {}
  for k in pairs(v) do if not seen[k] then rest[#rest + 1] = k end end
  table.sort(rest, key_less)
  for _, k in ipairs(rest) do parts[#parts + 1] = tostring(v[k]) .. " " .. tostring(k):gsub("_", " ") end
  return table.concat(parts, ", ")
end

local function payments_text(p)
  local parts = {}
  for _, seat in ipairs(SEATS) do
    local n = p[seat] or 0
    n = math.tointeger(n) or (math.type(n) == "float" and n == math.floor(n) and math.tointeger(math.floor(n))) or n
    if p[seat] ~= nil or seat ~= "N" or not S.game or S.game:state().seats.N then
      parts[#parts + 1] = seat .. " " .. (n > 0 and "+" or "") .. tostring(n)
    end
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

-- Makes g the current game. how: what makes it again (jong.replay's second argument:
-- rules as given, seed, options, wall).
local function set_game(g, how)
  S.game = g
  S.game_how = how or g.made or { rules = g.rules.path, seed = g.seed, options = g.options }
  S.seen = g:state().events
  S.results = {}
  rawset(_G, "game", g)
  -- `wins` and `score` judge by the game's rules
  if g.rules ~= S.rules then
    S.rules, S.rules_name, S.options = g.rules, S.game_how.rules or g.rules.path, {}
  end
end

-- What `save` writes of the current game: the text, the number of actions in it and
-- how many of them are ahead of the position (of a loaded game: those taken back).
local function save_text()
  local g, how = S.game, S.game_how
  local options = {}
  for k, v in pairs(how.options or {}) do options[k] = v end
  local header = { type = "game", rules = require("replay").rules_to_save(how.rules), seed = how.seed,
    options = setmetatable(options, jong.json_object), wall = how.wall,
    walls = how.walls and #how.walls > 0 and how.walls or nil }
  -- each action in one form (keys sorted), played or ahead: a loaded game saved again,
  -- wherever it stands, is the same text
  local lines, ahead = {}, how.loaded and #g.redo_stack or 0
  for i, line in ipairs(g.core:actions()) do lines[i] = jong.json_encode(jong.json_decode(line)) .. "\n" end
  local played = #lines
  for i = ahead, 1, -1 do lines[#lines + 1] = jong.json_encode(g.redo_stack[i]) .. "\n" end
  return jong.json_encode(header) .. "\n" .. table.concat(lines), played + ahead, ahead
end

-- Before `new`, `load` or a game assigned to `game` replaces the current game: a game
-- with actions not saved (since `save`, or `load`) is kept, and `undo` brings it back
-- (S.replaced); returns the line that says so, or nil.
-- The current game's text and number of actions when it has actions not saved, else nil.
local function unsaved()
  if not S.game then return nil end
  local text, n = save_text()
  if n == 0 or text == S.saved_text then return nil end
  return text, n
end

-- Before leaving a terminal session (`quit`, Ctrl-D) with a game not saved: says so
-- once (true: do not leave yet); the same again leaves.
local function warn_unsaved()
  local text, n = unsaved()
  if not S.interactive or not text or S.warned == text then return false end
  S.warned = text
  say(string.format("the game (%s, seed %s, %d action%s) is not saved: `save FILE` keeps it; " ..
    "`quit` again (or Ctrl-D) leaves without it", S.game.rules.name, tostring(S.game_how.seed), n, n == 1 and "" or "s"))
  return true
end

local function keep_replaced()
  S.replaced = nil
  local text, n = unsaved()
  if not text then return nil end
  S.replaced = { game = S.game, how = S.game_how, results = S.results, seen = S.seen, rules = S.rules,
    rules_name = S.rules_name, options = S.options, you = S.you, bot_players = S.bot_players,
    saved_text = S.saved_text }
  return string.format("the game before (%s, seed %s, %d action%s) was not saved: `undo` brings it back",
    S.game.rules.name, tostring(S.game_how.seed), n, n == 1 and "" or "s")
end

local function state() return need_game():state() end

local function legal(seat) return need_game():legal(seat) or {} end

-- The seats at the table (three in a three-player game).
local function table_seats()
  if not S.game then return SEATS end
  local st, list = S.game:state(), {}
  for _, seat in ipairs(SEATS) do if st.seats[seat] then list[#list + 1] = seat end end
  return list
end

-- The player at a seat (0-3), in the current game; without one, the seat's number.
local function player_at(seat)
  local s = S.game and S.game:state().seats[seat]
  if s and s.player then return math.tointeger(s.player) end
  return jong.seat_index(seat) - 1
end

local function is_you(seat) return player_at(seat) == S.you end
local function is_bot(seat) return S.bot_players[player_at(seat)] == true end

-- The seat you play now.
local function your_seat()
  for _, seat in ipairs(table_seats()) do if is_you(seat) then return seat end end
  return "E"
end

-- You play the player at seat, the bots every other player.
local function play_seat(seat)
  S.you = player_at(seat)
  S.bot_players = {}
  for p = 0, 3 do if p ~= S.you then S.bot_players[p] = true end end
end

-- The seat a command is about when none is named: yours when the game waits for you,
-- else the first seat it waits for, else the seat in turn.
local function default_seat()
  local waiting = need_game():waiting()
  for _, seat in ipairs(waiting) do
    if is_you(seat) then return seat end
  end
  return waiting[1] or state().turn
end

-- A chow by its lowest tile, as its run: "4p" -> "456p".
local function run_text(lowest)
  local r, suit = jong.rank(lowest), jong.suit(lowest)
  return r .. (r + 1) .. (r + 2) .. suit
end

local KONG_TEXT = { kong_concealed = "concealed kong", kong_promoted = "promoted kong" }

local function action_text(a)
  local verb = KONG_TEXT[a.type] or a.type == "extra" and a.name or a.type   -- a log's {type = "extra", name = "kita"}
  local tile = a.chow and run_text(a.chow) or a.tile
  return tile and verb .. " " .. tile or verb
end

-- Actions grouped by verb: "discard 2m 5m 7z, concealed kong 5p, chow 345p 456p, win".
local function legal_text(list)
  local groups, order = {}, {}
  if list[1] and list[1].type == "exchange" then
    return string.format("pass three tiles (%d choices, e.g. `pass %s`)", #list, list[1].tiles)
  elseif list[1] and list[1].type == "declare" then
    return "declare m, p or s (the missing suit)"
  end
  for _, a in ipairs(list) do
    local verb = KONG_TEXT[a.type] or a.type
    if not groups[verb] then groups[verb] = {}; order[#order + 1] = verb end
    if a.chow then table.insert(groups[verb], run_text(a.chow))
    elseif a.tile then table.insert(groups[verb], a.tile) end
  end
  local parts = {}
  for _, verb in ipairs(order) do
    local tiles = groups[verb]
    parts[#parts + 1] = #tiles > 0 and verb .. " " .. tiles_text(table.concat(tiles, " ")) or verb
  end
  return table.concat(parts, ", ")
end

-- Tiles in notation sorted by kind (red fives with their kind), bonus tiles apart:
-- "6p5p2m4z f1" -> "2m56p4z  f1".
local function sorted_tiles(text)
  local list = jong.tiles(text or "")
  if not list then return text end
  local plain, bonus = {}, {}
  for _, t in ipairs(list) do
    if jong.is_bonus(t) then bonus[#bonus + 1] = t else plain[#plain + 1] = t end
  end
  local function key(t) return jong.kind(jong.kind_of(t)) * 2 + (t:sub(1, 1) == "0" and 1 or 0) end
  table.sort(plain, function(a, b) return key(a) < key(b) end)
  table.sort(bonus)
  local out = compact(plain)
  if #bonus > 0 then out = out .. "  " .. table.concat(bonus, " ") end
  return out
end

local EVENT_TEXT = {
  deal_start = function(e)
    return string.format("deal %d, round %s (honba %d)", math.tointeger(e.deal) + 1, e.round, math.tointeger(e.honba))
  end,
  deal = function(e) return e.seat .. " is dealt " .. sorted_tiles(e.tiles) end,
  bonus = function(e) return e.seat .. " exposes " .. e.tile end,
  draw = function(e)
    return e.seat .. " draws " .. e.tile .. (e.from == "wall" and "" or " (" .. e.from .. ")")
  end,
  discard = function(e) return e.seat .. " discards " .. e.tile .. (e.with and " with " .. e.with or "") end,
  pass = function(e) return e.seat .. " passes" end,
  chow = function(e)
    local r = jong.rank(e.chow)
    return e.seat .. " chows " .. e.tile .. " from " .. e.from .. ": " .. r .. r + 1 .. r + 2 .. jong.suit(e.chow)
  end,
  pung = function(e) return e.seat .. " pungs " .. e.tile .. " from " .. e.from end,
  kong = function(e) return e.seat .. " kongs " .. e.tile .. " from " .. e.from end,
  kong_concealed = function(e) return e.seat .. " declares a concealed kong of " .. e.tile end,
  set_aside = function(e) return e.seat .. " sets " .. e.tile .. " aside (" .. e.name .. ")" end,
  kong_promoted = function(e) return e.seat .. " promotes a pung of " .. e.tile .. " to a kong" end,
  exchange = function(e) return e.seat .. " passes " .. e.tiles .. " to " .. e.to .. " (" .. e.direction .. ")" end,
  declare = function(e) return e.seat .. " declares " .. e.suit .. " missing" end,
  dora = function(e) return "new dora indicator " .. e.tile end,
  extra = function(e) return e.seat .. " declares " .. tostring(e.name) .. (e.tile and " " .. e.tile or "") end,
  win = function(e)
    local how = e.by == "self" and "self-drawn" or (e.by == "rob" and "robbing the kong of " or "on the discard of ") .. tostring(e.from)
    local flags = e.flags and #e.flags > 0 and ", " .. table.concat(e.flags, ", "):gsub("_", " ") or ""
    return e.seat .. " wins on " .. e.tile .. " (" .. how .. flags .. ")"
  end,
  draw_end = function(e) return e.kind .. " draw" .. (e.reason ~= "" and ": " .. e.reason or "") end,
  settle = function(e) return "payments: " .. payments_text(e.payments) end,
  next_deal = function(e)
    if e.match_over then return "the match is over" end
    return "next deal: round " .. e.round .. (e.dealer_keeps and ", the dealer keeps the deal" or "")
  end,
}

local function event_text(e)
  local f = EVENT_TEXT[e.type]
  if f then
    local ok, text = pcall(f, e)
    if ok then return text end
  end
  return jong.json_encode(e)
end


local PHASE_TEXT = { turn = "to play", claim = "claims on the discard", rob = "may rob the kong",
  deal_end = "the deal is over", match_end = "the match is over",
  exchange = "each seat passes three tiles (`pass 1m2m3m`)", declare = "each seat declares a missing suit (`declare m`)" }

-- A whole number as text (payments and points are integers).
local function int_text(n) return tostring(math.tointeger(n) or n) end

-- The dora a tile indicates (the rules may say otherwise: dora_of).
local function dora_of(indicator)
  local f = S.game and S.game.rules.dora_of
  if type(f) == "function" then
    local ok, d = pcall(f, indicator)
    if ok and d then return d end
  end
  return jong.next_tile(jong.kind_of(indicator)) or indicator
end

-- "dora 7z (indicator 6z), 2m (indicator 1m)"
local function dora_text(indicators)
  local parts = {}
  for _, t in ipairs(indicators) do
    parts[#parts + 1] = tiles_text(dora_of(t)) .. " (indicator " .. tiles_text(t) .. ")"
  end
  return table.concat(parts, ", ")
end

-- A seat's hand for the eye: concealed tiles sorted, then melds, then bonus tiles and
-- tiles set aside apart.
local function hand_text(s)
  local concealed = s.concealed or s.hand
  local sorted = concealed ~= "" and jong.format_hand(concealed) or ""
  local parts = { sorted ~= "" and sorted or nil }
  for _, m in ipairs(s.melds or {}) do parts[#parts + 1] = m end
  local text = tiles_text(table.concat(parts, " "))
  if s.bonus and #s.bonus > 0 then text = text .. "  bonus " .. tiles_text(table.concat(s.bonus, " ")) end
  if s.aside and #s.aside > 0 then text = text .. "  aside " .. tiles_text(table.concat(s.aside, " ")) end
  return text
end

-- The kinds a hand of the game waits on (none when it is not ready or must discard).
local function hand_waits(hand)
  local shape = game_shape()
  local a = jong.analysis(hand, shape.forms, shape.sets, nil, shape.absent)
  return a and a.waits or {}
end

-- Whether the seat is furiten (rules that have furiten: is_furiten): one of its waits
-- among its own discards, or a winning tile let pass since its last discard.
local function is_furiten(st, seat)
  local check = S.game and S.game.rules.is_furiten
  if type(check) ~= "function" then return false end
  local s = st.seats[seat]
  local waits = hand_waits(s.hand)
  if #waits == 0 then return false end
  local own = {}
  for _, d in ipairs(s.discards) do own[jong.kind_of(d.tile)] = true end
  local ok, yes = pcall(check, waits, own, next(s.missed or {}) ~= nil, false)
  return ok and yes
end

-- Riichi sticks on the table: the deposits counted in the rules' unit.
local function sticks_text(st)
  if (st.deposits or 0) <= 0 then return nil end
  local unit = S.game.rules.riichi_deposit
  if math.type(unit) == "integer" and unit > 0 then
    local n = st.deposits // unit
    return string.format("%d riichi stick%s (%s)", n, n == 1 and "" or "s", int_text(st.deposits))
  end
  return "deposits " .. int_text(st.deposits)
end

-- The final ranking: "1. player 2 (you) 36200 (uma +20: 56200)". Players are numbered
-- as the state numbers them (0-3).
local function ranking_lines(st)
  local points, seat_of = {}, {}
  for _, seat in ipairs(table_seats()) do
    local p = math.tointeger(st.seats[seat].player)
    points[p + 1] = st.seats[seat].points
    seat_of[p] = seat
  end
  for p = 1, #points do points[p] = points[p] or 0 end
  local rank = S.game.rules.final_ranking
  -- the options of the game, with those `set` since (uma) for the same rules
  local opts = S.game.options
  if S.rules == S.game.rules and next(S.options) then
    local merged = {}
    for k, v in pairs(opts) do merged[k] = v end
    for k, v in pairs(S.options) do merged[k] = v end
    opts = merged
  end
  local list
  if type(rank) == "function" then
    local ok, r = jong.call_hook(S.game.rules, "final_ranking", points, opts)   -- (the one protected path)
    if ok and type(r) == "table" then list = r end
  end
  if not list then
    list = {}
    for i, pts in ipairs(points) do list[i] = { player = i, points = pts, uma = 0, total = pts } end
    table.sort(list, function(a, b)
      if a.points ~= b.points then return a.points > b.points end
      return a.player < b.player
    end)
    for i, r in ipairs(list) do r.rank = i end
  end
  local lines = {}
  for _, r in ipairs(list) do
    local p = math.tointeger(r.player) - 1
    local uma = (r.uma or 0) ~= 0 and string.format("  uma %+d: %s", math.tointeger(r.uma) or r.uma, int_text(r.total)) or ""
    local tp = r.table_points and "  table points " .. tostring(math.tointeger(r.table_points) or r.table_points) or ""
    lines[#lines + 1] = string.format("  %d. player %d%s %s%s%s", math.tointeger(r.rank) or r.rank, p,
      p == S.you and " (you)" or "", int_text(r.points), uma, tp)
  end
  return lines
end

local function show_table()
  local st = state()
  local head = string.format("round %s, deal %d, ", st.round, st.deal + 1)
  if st.phase == "turn" then head = head .. st.turn .. " to play"
  elseif st.phase == "claim" or st.phase == "rob" then
    head = head .. string.format("%s %s %s", st.claim_tile or "?", st.phase == "rob" and "kong by" or "discarded by",
      st.discarder or "?") .. ", waiting for " .. table.concat(S.game:waiting(), " ")
  else head = head .. (PHASE_TEXT[st.phase] or st.phase) end
  if st.choosing then head = head .. ", waiting for " .. table.concat(st.choosing, " ") end
  if st.exchange then head = head .. ", exchange " .. st.exchange end
  say(tiles_text(head))
  local parts = { string.format("wall %d, dead wall %d", st.wall, st.dead) }
  if #st.dora > 0 then parts[#parts + 1] = "dora " .. dora_text(st.dora) end
  if st.honba > 0 then parts[#parts + 1] = string.format("%d honba", st.honba) end
  parts[#parts + 1] = sticks_text(st)
  say(table.concat(parts, ", "))
  for _, seat in ipairs(table_seats()) do
    local s = st.seats[seat]
    local mark = seat == st.turn and ">" or " "
    local who = is_you(seat) and "you" or (is_bot(seat) and "bot" or "")
    local drawn = seat == st.turn and st.drawn and "  (drew " .. tiles_text(st.drawn) .. ")" or ""
    local furiten = is_you(seat) and is_furiten(st, seat) and "  furiten" or ""
    if s.missing then furiten = furiten .. "  missing " .. s.missing end
    say(string.format("%s %s %6s %-3s %s%s%s", mark, seat, int_text(s.points), who, hand_text(s), drawn, furiten))
    if #s.discards > 0 then
      local list = {}
      for _, d in ipairs(s.discards) do
        local t = tiles_text(d.tile)
        if d.claimed_by then t = t .. ">" .. d.claimed_by end
        if d.with then t = t .. "(" .. d.with .. ")" end
        list[#list + 1] = t
      end
      say("             discards ", table.concat(list, " "))
    end
  end
  if st.phase == "match_end" then
    say("final ranking:")
    for _, l in ipairs(ranking_lines(st)) do say(l) end
  end
end

-- A result as `score` prints it: the items with their values, the variant's figures and
-- the limit. name: the rules' name.
local function print_result(r, name)
  local width = 0
  local items = r.items or {}
  for _, item in ipairs(items) do width = math.max(width, utf8.len(item.name) or #item.name) end
  for _, item in ipairs(items) do
    local pad = string.rep(" ", width - (utf8.len(item.name) or #item.name))
    local count = (item.count or 1) > 1 and " x" .. int_text(item.count) or ""   -- MCR counts
    say(string.format("  %s%s %4s%s %s", item.name, pad, int_text(item.value), count, item.unit or ""))
  end
  local limit = r.limit ~= jong.json_null and r.limit and " (limit: " .. tostring(r.limit) .. ")" or ""
  say(name, ": ", value_text(r.value or {}), limit)
end

local function has_riichi(r)
  for _, item in ipairs(r.items or {}) do
    if tostring(item.name):lower():find("riichi", 1, true) then return true end
  end
  return false
end

-- The history of the game's deals from its events: {round =, deal =, honba =, wins =
-- {{seat, from, by, tile}...}, draw = kind, payments = {...}, key = deal_start index}.
local function deal_history(g)
  local list, cur = {}, nil
  for _, e in ipairs(g:events(1)) do
    if e.type == "deal_start" then
      cur = { round = e.round, deal = math.tointeger(e.deal), honba = math.tointeger(e.honba), wins = {}, key = e.i }
      list[#list + 1] = cur
    elseif cur and e.type == "win" then
      cur.wins[#cur.wins + 1] = { seat = e.seat, from = e.from, by = e.by, tile = e.tile }
    elseif cur and e.type == "draw_end" then
      cur.draw = e.kind .. " draw" .. (e.reason and e.reason ~= "" and " (" .. e.reason .. ")" or "")
    elseif cur and e.type == "settle" then
      cur.payments = e.payments
    end
  end
  return list
end

-- After a win is settled: each winner's result and payments (g.last_results), kept for
-- `scores`.
local function print_wins(g, key, tiles)
  local values = {}
  for _, w in ipairs(g.last_results or {}) do
    local r = w.result or {}
    local hand = g:state().seats[w.seat]
    local won = tiles and tiles[w.seat]
    if won and won.self then   -- the drawn tile is in the hand: shown once, after the +
      local list = jong.tiles(hand.concealed or hand.hand) or {}
      for i, t in ipairs(list) do
        if t == won.tile then table.remove(list, i); break end
      end
      hand = { concealed = compact(list), melds = hand.melds, bonus = hand.bonus, aside = hand.aside }
    end
    say(w.seat, "'s hand: ", hand_text(hand), won and " + " .. tiles_text(won.tile) or "")
    print_result(r, g.rules.name)
    if has_riichi(r) then
      local ok, ura = pcall(g.core.ura, g.core)
      if ok and type(ura) == "table" and #ura > 0 then say("ura-dora indicators ", tiles_text(table.concat(ura, " "))) end
    end
    if w.payments and #g.last_results > 1 then say("payments to ", w.seat, ": ", payments_text(w.payments)) end
    values[#values + 1] = w.seat .. " " .. value_text(r.value or {})
  end
  S.results[key or 0] = table.concat(values, "; ")
end

-- After a drawn deal: each seat ready (tenpai) or not (noten); a seat that had already
-- won (Sichuan: not among the draw's `active` seats) says so.
local function print_draw(g, e)
  local st = g:state()
  local active
  if type(e.active) == "table" then
    active = {}
    for _, seat in ipairs(e.active) do active[seat] = true end
  end
  local parts = {}
  for _, seat in ipairs(table_seats()) do
    parts[#parts + 1] = seat .. " " .. (active and not active[seat] and "won" or
      #hand_waits(st.seats[seat].hand) > 0 and "tenpai" or "noten")
  end
  say("  ", table.concat(parts, ", "))
end

-- Prints the events since the last ones printed, and the result of a deal that ended.
local function print_new_events()
  local g = need_game()
  local key, ended, tiles, drawn = nil, nil, {}, nil
  for _, e in ipairs(g:events(S.seen + 1)) do
    if e.type == "deal_start" then key = e.i end
    if e.type == "win" then tiles[e.seat] = { tile = e.tile, self = e.by == "self" } end
    if e.type == "settle" then
      if ended == "win" then print_wins(g, key or g:state().deal_event - 1, tiles)
      elseif ended == "draw" then print_draw(g, drawn) end
      say("payments: ", payments_text(e.payments))
    else
      say("  ", tiles_text(event_text(e)))
    end
    if e.type == "win" then ended = "win" elseif e.type == "draw_end" then ended, drawn = "draw", e end
  end
  S.seen = g:state().events
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- Plays one action for a seat; fails with the engine's reason. The action the game had
-- next (of a loaded record, or one `undo` took back) is a step forward: what follows it
-- is kept for `next` and `redo`; any other action drops it.
local function play(seat, action)
  local g = need_game()
  local ahead = g.redo_stack
  local ok, err = g:play(seat, action)
  if not ok then fail("%s", jong.first_line(err or "refused")) end
  local lines = #ahead > 0 and g.core:actions()
  if lines and same(jong.json_decode(lines[#lines]), ahead[#ahead]) then
    ahead[#ahead] = nil
    g.redo_stack = ahead
  end
end

-- In a claim window, the seats whose only legal action is to pass pass; once a win is
-- declared (won), so do the seats that cannot win too (a claim cannot beat it).
local function auto_pass(won)
  local g = need_game()
  local moved = true
  while moved do
    moved = false
    local phase = g:state().phase
    if phase ~= "claim" and phase ~= "rob" then return end
    for _, seat in ipairs(g:waiting()) do
      local list = legal(seat)
      local pass, can_win = nil, false
      for _, a in ipairs(list) do
        if a.type == "pass" then pass = a elseif a.type == "win" then can_win = true end
      end
      if pass and (#list == 1 or (won and not can_win)) then
        list = { pass }
        play(seat, list[1])
        moved = true
        break
      end
    end
  end
end

-- Lets the bots answer for their seats until a seat they do not play must decide or
-- the deal ends. Returns the number of actions played.
local function go()
  local g = need_game()
  local humans = {}
  for _, seat in ipairs(table_seats()) do if not is_bot(seat) then humans[seat] = true end end
  local total = 0
  repeat
    local n, err = g:run_bots(humans, S.bot_kind, 1)
    if not n then print_new_events() fail("%s", jong.first_line(err)) end
    -- each action's events as it is played: a win settled while play goes on (Sichuan)
    -- prints its own hands and result, not those of a later win
    print_new_events()
    total = total + n
    local phase = g:state().phase
  until n == 0 or phase == "deal_end" or phase == "match_end"
  return total
end

-- After actions: the events, then what is asked of a seat that is not a bot's.
local function after_moves()
  auto_pass()
  print_new_events()
  local g = need_game()
  local phase = g:state().phase
  if phase == "deal_end" then say("the deal is over: `next` starts the next one") return end
  if phase == "match_end" then
    say("the match is over; final ranking:")
    for _, l in ipairs(ranking_lines(g:state())) do say(l) end
    return
  end
  local waiting = g:waiting()
  for _, seat in ipairs(waiting) do
    if not is_bot(seat) then
      say(is_you(seat) and "your move (" .. seat .. "): " or seat .. " to move: ", legal_text(legal(seat)))
      return
    end
  end
  if #waiting > 0 then say("the bots (", table.concat(waiting, " "), ") to move: `go`") end
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
  name = "help", max_words = 1, usage = "help [COMMAND]", summary = "this list, or one command in detail",
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
      if #c.usage > 30 then say("  ", c.usage); say(string.rep(" ", 34), c.summary)
      else say(string.format("  %-31s %s", c.usage, c.summary)) end
    end
  end,
  complete = function() local list = { "lua" }; for _, n in ipairs(ORDER) do list[#list + 1] = n end; return list end,
}

-- A small generator of its own (the user's math.random is left alone).
local function shuffled(list, seed)
  local x = (seed * 2654435761 + 12345) % 4294967296
  for i = #list, 2, -1 do
    x = (x * 1103515245 + 12345) % 2147483648
    local j = x % i + 1
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- The hands of a position: the seats not given are dealt from the tiles left (seeded),
-- so `new japanese E=... S=...` need not name all four.
local function fill_hands(hands, draws, back, seed, rules, options)
  local left = {}
  for _, t in ipairs(jong.TILES) do if not jong.is_bonus(t) and jong.kind_of(t) == t then left[t] = 4 end end
  -- the table of the rules: how many players, which kinds the set leaves out
  local ok, e = pcall(jong.engine_settings, rules, jong.resolve_options(rules, options) or {})
  local players = ok and math.tointeger(e.players) or 4
  local absent = {}
  if ok and type(e.absent) == "string" then
    for _, t in ipairs(jong.tiles(e.absent) or {}) do left[jong.kind_of(t)] = 0; absent[jong.kind_of(t)] = true end
  end
  for i, seat in ipairs(SEATS) do
    if hands[seat] and i > players then
      fail("%s is played by %d: there is no seat %s", rules.name, players, seat)
    end
  end
  local reds = {}   -- the red fives of the set, by suit
  for i, suit in ipairs { "m", "p", "s" } do reds[suit] = ok and type(e.reds) == "table" and e.reds[i] or 0 end
  local function take(text, what)
    local list, err = jong.tiles(text or "")
    if not list then fail("%s: %s", what, err) end
    for _, t in ipairs(list) do
      local k = jong.kind_of(t)
      local red = t:match("^0([mps])$")
      if red then
        reds[red] = reds[red] - 1
        if reds[red] < 0 then
          local n = ok and type(e.reds) == "table" and e.reds[red == "m" and 1 or red == "p" and 2 or 3] or 0
          fail("%s: %s plays with %s red 5%s (0%s)%s", what, rules.name, n == 0 and "no" or tostring(n), red, red,
            n == 0 and "" or " in all")
        end
      end
      if left[k] then
        left[k] = left[k] - 1
        if absent[k] then fail("%s: %s plays without %s (%s)", what, rules.name, k, compact(jong.tiles(e.absent))) end
        if left[k] < 0 then fail("the position holds more than four %s", k) end
      end
    end
  end
  for _, seat in ipairs(SEATS) do if hands[seat] then take(hands[seat], "hand of " .. seat) end end
  take(draws, "draws")
  take(back, "back")
  local pool = {}
  for _, t in ipairs(jong.TILES) do
    for _ = 1, left[t] or 0 do pool[#pool + 1] = t end
  end
  shuffled(pool, seed)
  for i, seat in ipairs(SEATS) do
    if not hands[seat] and i <= players then
      local size = rules.hand_size == 16 and 16 or 13   -- Taiwanese: 16 tiles, the dealer 17
      local want = seat == "E" and size + 1 or size
      if #pool < want then fail("not enough tiles left to deal %s", seat) end
      local list = {}
      for i = 1, want do list[i] = table.remove(pool) end
      hands[seat] = table.concat(list)
    end
  end
  return hands
end

command {
  name = "new", usage = "new [RULES] [seed=N] [E=HAND S=HAND W=HAND N=HAND] [draws=TILES] [back=TILES] [OPTION=VALUE...]",
  summary = "start a game, or set up a position",
  help = [[
Starts a game under RULES (a ruleset name or the path of a rule file; default: the
current rules) and makes it the current one. seed=N fixes the shuffle (default: from
the clock, printed). A position is set up seat by seat, as jong.scenario does:
E=HAND ... N=HAND are the hands dealt (the dealer E holds 14 tiles, the others 13; a seat
left out is dealt from the tiles left), draws=TILES the tiles drawn next in order,
back=TILES the loose tiles (kong replacements) in order. wall=TILES stacks the front of
the wall directly (the tiles dealt in blocks of four, then the draws). seat=E picks the
seat you play; any other name=value is a rule option (see `set`). Bots play the other
seats (`bots`); `go` lets them move. A game under way with actions not saved is
kept: `undo` before any move brings it back.
Example: new japanese seed=7 E=123m456p789s1122z5z S=... draws=3z]],
  run = function(words)
    games_available()
    local given, seed, wall, human = {}, nil, {}, nil
    local hands, draws = {}, nil
    local variant = nil
    for i, w in ipairs(words) do
      local k, v = w:match("^([%w_%.]+)=(.*)$")
      if not k then
        if i ~= 1 then
          local rules_word = w:find("/", 1, true) or w:match("%.lua$") or jong.load_rules(w)
          fail("'%s': expected name=value%s", w, rules_word and string.format(" (the rules come first: new %s ...)", w) or "")
        end
        variant = w
      elseif k == "seed" then
        seed = math.tointeger(tonumber(v))
        if not seed then fail("seed takes a whole number, not '%s'", v) end
      elseif SEAT_OF[k] and #k == 1 and k == k:upper() then hands[k] = v
      elseif k == "draws" then draws = v
      elseif k == "wall" then wall.front = v
      elseif k == "back" then wall.back = v
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
    local g, err
    if next(hands) or draws then
      if wall.front then fail("give the hands (E= S= W= N=) or wall=, not both") end
      fill_hands(hands, draws, wall.back, seed, rules, options)
      g, err = jong.scenario { rules = name, seed = seed, options = options, hands = hands, draws = draws,
        back = wall.back }
    else
      g, err = jong.game { rules = name, seed = seed, options = options, wall = next(wall) and wall or nil }
    end
    if not g then fail("%s", jong.first_line(err or "cannot start the game")) end
    local kept = keep_replaced()
    set_game(g, g.made)
    S.saved_text = nil
    if kept then say(kept) end
    if human then S.home_seat, S.home_bots = human, nil end
    play_seat(S.home_seat)
    if S.home_bots then
      S.bot_players = {}
      for seat in pairs(S.home_bots) do S.bot_players[player_at(seat)] = true end
      if S.home_bots[S.home_seat] then S.you = -1 end
    end
    local bots = {}
    for _, seat in ipairs(table_seats()) do if is_bot(seat) then bots[#bots + 1] = seat end end
    say(string.format("new game: %s, seed %d; you play %s, bots play %s", S.rules.name, seed, your_seat(),
      #bots > 0 and table.concat(bots, " ") or "no seat"))
    show_table()
  end,
  complete = function(word, before)
    local list = {}
    if #before == 0 then for _, n in ipairs(rule_names()) do list[#list + 1] = n end end
    for _, k in ipairs { "seed=", "E=", "S=", "W=", "N=", "draws=", "back=", "wall=", "seat=" } do list[#list + 1] = k end
    for k in pairs(S.rules.options) do list[#list + 1] = k .. "=" end
    return list
  end,
}

command {
  name = "show", usage = "show [--svg FILE]", summary = "the table: hands, melds, discards, wall, dora, scores",
  help = [[
Shows the current game: round and deal, whose turn, the live wall and dead wall
counts, the dora (with their indicators), honba and riichi sticks, then each seat:
points, who plays it, the hand sorted (melds with the seat they came from, bonus tiles
apart), furiten for your seat, and the discards (`4p>E`: claimed by E). `>` marks the
seat in turn. `set glyphs on` draws Unicode tiles. With --svg FILE, writes the table as
a picture (SVG) instead, your seat at the bottom (`jong render` does the same for a
saved game).]],
  run = function(words)
    if words[1] == "--svg" then
      if not words[2] then fail("show --svg where? give a file name") end
      local render = require "render"
      local seat = your_seat()
      local ok, err = render.write(words[2], render.svg(need_game(), { bottom = seat, you = is_you(seat) and seat or nil }))
      if not ok then fail("cannot write %s", err) end
      say("wrote ", words[2])
      return
    end
    if words[1] then fail("show takes nothing, or --svg FILE") end
    show_table()
  end,
  complete = function() return { "--svg" } end,
}

command {
  name = "legal", max_words = 1, usage = "legal [SEAT]", summary = "the legal actions of a seat (or of every seat)",
  help = [[
Lists what SEAT may do now; without a seat, every seat the game waits for.]],
  run = function(words)
    if words[1] then
      local seat = seat_arg(words[1])
      local list = legal(seat)
      say(seat, ": ", #list > 0 and legal_text(list) or "nothing to decide")
      return
    end
    local seats = need_game():waiting()
    if #seats == 0 then say("no seat has a decision") end
    for _, seat in ipairs(seats) do say(seat, ": ", legal_text(legal(seat))) end
  end,
  complete = function() return { "E", "S", "W", "N" } end,
}

-- The short verbs of actions (the engine reads them: Game:parse_action).
local VERBS = { "d", "discard", "chow", "chi", "pung", "pon", "kong", "kan", "win", "ron", "tsumo", "riichi",
  "pass", "next", "exchange", "declare" }

-- The action type each verb names (any other verb names itself: a declaration of the
-- rules such as `riichi`).
local VERB_TYPE = { d = "discard", discard = "discard", chow = "chow", chi = "chow", chee = "chow",
  pung = "pung", pong = "pung", pon = "pung", kong = "kong", kan = "kong", win = "win", ron = "win",
  tsumo = "win", hu = "win", mahjong = "win", pass = "pass", next = "next" }

-- The lowest tile of a chow named by its run ("567p") or by its lowest tile ("5p").
local function chow_lowest(arg)
  local a, b, c, suit = arg:match("^([0-9])([0-9])([0-9])([mps])$")
  if a then
    local ra, rb, rc = tonumber(a == "0" and "5" or a), tonumber(b == "0" and "5" or b), tonumber(c == "0" and "5" or c)
    local r = { ra, rb, rc }
    table.sort(r)
    if r[2] ~= r[1] + 1 or r[3] ~= r[2] + 1 then fail("'%s' is not a run of three tiles", arg) end
    return r[1] .. suit
  end
  return jong.kind_of(tile_arg(arg))
end

local function run_of(lowest)
  local r, suit = jong.rank(lowest), jong.suit(lowest)
  return r .. (r + 1) .. (r + 2) .. suit
end

-- What the seat's situation is, for a refusal: "it is E's turn", "the game waits for
-- claims on 4s discarded by E".
local function situation_text(seat)
  local st = state()
  if st.phase == "turn" then
    return st.turn == seat and "it is " .. seat .. "'s turn" or "it is " .. st.turn .. "'s turn, not " .. seat .. "'s"
  elseif st.phase == "claim" then
    return string.format("the game waits for claims on %s discarded by %s", st.claim_tile or "?", st.discarder or "?")
  elseif st.phase == "rob" then
    return string.format("the game waits for answers to %s's kong of %s", st.discarder or "?", st.claim_tile or "?")
  elseif st.phase == "exchange" then return "each seat first passes three tiles (`pass 1m2m3m`)"
  elseif st.phase == "declare" then return "each seat first declares a missing suit (`declare m`)"
  elseif st.phase == "deal_end" then return "the deal is over (`next` starts the next one)"
  elseif st.phase == "match_end" then return "the match is over" end
  return st.phase
end

-- The rules' own reason for refusing a claim or a win (may_claim, may_win, score: the
-- refusal the player sees, docs/hooks.md), asked of the engine: a refused action changes
-- nothing. Nil when the engine gives none of its own (nothing to claim, not the seat's turn).
local RULES_ASK = { chow = true, pung = true, kong = true, win = true }
local function rules_reason(seat, vtype, arg)
  local phase = state().phase
  if phase ~= "claim" and phase ~= "rob" and not (phase == "turn" and vtype ~= "chow" and vtype ~= "pung") then return nil end
  local g = need_game()
  local ok, reason = g:play(seat, vtype .. (arg and " " .. arg or ""))
  if ok then g:undo() return nil end
  local why = type(reason) == "string" and jong.first_line(reason):match("^seat %a cannot [^:]*: (.*)$")
  if not why or why:find("^there is no") or why:find("not in the hand") then return nil end
  return why
end

-- The legal action that `verb [arg]` names for the seat; a clear refusal when none
-- does, and the choices when several do and none is named.
local function resolve_action(seat, verb, arg)
  local vtype = VERB_TYPE[verb] or verb
  local list = legal(seat)
  local phase = state().phase
  if verb == "ron" and phase == "turn" then
    fail("seat %s cannot ron: %s (a win on your own draw is `tsumo`)", seat, situation_text(seat))
  elseif verb == "tsumo" and phase ~= "turn" then
    fail("seat %s cannot tsumo: %s (a win on a discard is `ron`)", seat, situation_text(seat))
  end
  -- before play: `pass 1m2m3m` (or `exchange 123m`) and `declare p`; the engine judges them
  if phase == "exchange" and (vtype == "pass" or vtype == "exchange") then
    local ok, tiles = pcall(jong.tiles, arg or "")
    if not ok or not tiles or #tiles ~= 3 then fail("pass which three tiles? e.g. `pass 1m2m3m`") end
    return { type = "exchange", seat = seat, tiles = table.concat(tiles) }
  elseif phase == "declare" and vtype == "declare" then
    if not (arg or ""):match("^[mps]$") then fail("declare which suit missing? `declare m`, `declare p` or `declare s`") end
    return { type = "declare", seat = seat, suit = arg }
  end
  local of_type = {}
  for _, a in ipairs(list) do
    local t = a.type
    if t == vtype or (vtype == "kong" and (t == "kong_concealed" or t == "kong_promoted")) then
      of_type[#of_type + 1] = a
    end
  end
  local what = (verb == "d" and "discard" or verb) .. (arg and " " .. arg or "")
  if #of_type == 0 then
    local why = RULES_ASK[vtype] and rules_reason(seat, vtype, arg)
    if #list == 0 then
      -- a claim the rules refused (their may_claim's reason), else the engine's situation
      if why and not why:find("nothing to claim", 1, true) then fail("seat %s cannot %s: %s", seat, what, why) end
      fail("seat %s cannot %s: %s, and %s has nothing to do", seat, what, situation_text(seat), seat)
    end
    if why then fail("seat %s cannot %s: %s; %s may %s", seat, what, why, seat, legal_text(list)) end
    fail("seat %s cannot %s now: %s; %s may %s", seat, what, situation_text(seat), seat, legal_text(list))
  end
  local matches = of_type
  if arg then
    matches = {}
    if vtype == "chow" then
      local lowest = chow_lowest(arg)
      for _, a in ipairs(of_type) do if jong.kind_of(a.chow or "") == lowest then matches[#matches + 1] = a end end
    else
      tile_arg(arg)
      for _, a in ipairs(of_type) do if a.tile == arg then matches[#matches + 1] = a end end
      if #matches == 0 then
        for _, a in ipairs(of_type) do
          if a.tile and jong.kind_of(a.tile) == jong.kind_of(arg) then matches[#matches + 1] = a end
        end
      end
    end
    if #matches == 0 then
      local why = ""
      if vtype == "discard" then
        local held = false
        for _, t in ipairs(jong.tiles(state().seats[seat].concealed or "") or {}) do
          if jong.kind_of(t) == jong.kind_of(arg) then held = true end
        end
        why = held and "the rules forbid it now; " or "the tile is not in the hand; "
      end
      fail("seat %s cannot %s: %s%s may %s", seat, what, why, seat, legal_text(of_type))
    end
  end
  if #matches > 1 then
    local choices = {}
    for _, a in ipairs(matches) do
      choices[#choices + 1] = verb .. " " .. (a.chow and run_of(a.chow) or a.tile or "")
    end
    fail("which one? %s", table.concat(choices, ", "))
  end
  return matches[1]
end

-- Tiles to complete after a verb: those of the seat's legal actions, else every kind.
local function tile_candidates(verb)
  local ok, seat = pcall(default_seat)
  if not ok then return jong.TILES end
  local vtype = VERB_TYPE[verb] or verb
  local list = {}
  for _, a in ipairs(legal(seat)) do
    local v = KONG_TEXT[a.type] and "kong" or a.type
    if (a.chow or a.tile) and v == vtype then
      list[#list + 1] = a.chow and run_of(a.chow) or a.tile
    end
  end
  return #list > 0 and list or jong.TILES
end

command {
  name = "play", usage = "play [SEAT] ACTION", summary = "play an action: d 5m, chi 567p, pon, ron, tsumo",
  aliases = { "d", "discard", "chow", "chi", "pung", "pon", "kong", "kan", "win", "ron", "tsumo", "riichi", "pass",
              "exchange", "declare" },
  help = [[
Plays ACTION for SEAT (default: yours when the game waits for you, else the first seat
it waits for); any seat may be named first: `S ron`, `W pon`. Actions: `d 5m` or
`discard 5m`; `chi 567p` or `chow 567p` (the run; `chi 5p` names it by its lowest
tile); `pon` or `pung`; `kan 5p` or `kong 5p` (claimed, concealed or promoted: whichever
is legal); `ron` (a win on a discard or a robbed kong), `tsumo` (on your own draw), or
`win`; `riichi 5m` (a declaration the rules add, made with a discard; any other is its
own verb too: `kita`, `kyuushu`); `pass`; `next` (start the next deal). Before play
(Sichuan): `pass 1m2m3m` (or `exchange 1m2m3m`) passes three tiles, `declare p`
declares the missing suit; each stays hidden until every seat has chosen. The tile may
be left out when one action fits; when several fit the REPL lists them and asks. In a
claim window, the seats whose only legal action is to pass then pass by themselves.
The events that follow are printed, with a deal's result; an illegal action is refused
with the reason and changes nothing.]],
  run = function(words, verb)
    if verb ~= "play" then table.insert(words, 1, verb) end
    local seat
    if SEAT_OF[words[1] or ""] and words[2] then seat = SEAT_OF[table.remove(words, 1)] end
    if #words == 0 then fail("play what? (`help play`)") end
    -- the three tiles passed may be written apart: pass 1m 3m 4m
    local v = words[1]:lower()
    if (v == "pass" or v == "exchange") and #words > 2 then words = { words[1], table.concat(words, "", 2) } end
    if #words == 3 and find_command(v) ~= COMMANDS.play then seat_arg(words[1]) end   -- "X d 1m": X is not a seat
    if #words > 2 then fail("'%s': one action and at most one tile", table.concat(words, " ")) end
    need_game()
    seat = seat or default_seat()
    if not state().seats[seat] then fail("there is no seat %s at this table", seat) end
    local action = resolve_action(seat, words[1]:lower(), words[2])
    play(seat, action)
    if action.type == "win" then auto_pass(true) end
    if S.auto then auto_pass(); go() end
    after_moves()
  end,
  complete = function(word, before, verb)
    if verb == "play" and #before == 0 then return VERBS end
    return tile_candidates(before[#before] or verb)
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
      local mine = your_seat()
      if seats[mine] then   -- you move to the first seat the bots leave you
        mine = nil
        for _, seat in ipairs(table_seats()) do if not seats[seat] then mine = seat; break end end
      end
      S.bot_players = {}
      for seat in pairs(seats) do S.bot_players[player_at(seat)] = true end
      if mine then S.you = player_at(mine) else S.you = -1 end
      S.home_bots, S.home_seat = seats, mine or S.home_seat
    end
    local list = {}
    for _, seat in ipairs(table_seats()) do if is_bot(seat) then list[#list + 1] = seat end end
    say(string.format("bots (%s) play %s", S.bot_kind, #list > 0 and table.concat(list, " ") or "no seat"))
  end,
  complete = function() return { "random", "greedy", "none", "all", "E", "S", "W", "N" } end,
}

command {
  name = "go", usage = "go", summary = "let the bots play on to your next decision",
  help = [[
The bots play their seats until a seat they do not play has a decision to make (or the
deal ends), printing every event.]],
  run = function(words)
    if words[1] then fail("go takes nothing (`bots` says who plays)") end
    need_game()
    go()
    after_moves()
  end,
}

command {
  name = "undo", max_words = 1, usage = "undo [N]", summary = "take back the last action (N actions)",
  help = [[
Takes back the last action, or the last N; `redo` plays them again. At the start of a
game that `new` or `load` made in place of a game with actions not saved, brings that
game back.]],
  run = function(words)
    local g = need_game()
    local n = math.tointeger(tonumber(words[1] or "1")) or fail("undo takes a number")
    local before = #g.redo_stack
    if #g.core:actions() == 0 and S.replaced then   -- at the start: back to the game replaced
      local r = S.replaced
      S.replaced = nil
      set_game(r.game, r.how)
      S.results, S.seen, S.rules, S.rules_name, S.options = r.results, r.seen, r.rules, r.rules_name, r.options
      S.you, S.bot_players, S.saved_text = r.you, r.bot_players, r.saved_text
      local _, count = save_text()
      say(string.format("back to the game before: %s, seed %s, %d action%s", r.game.rules.name, tostring(r.how.seed),
        count, count == 1 and "" or "s"))
      return
    end
    local took, err = g:undo(n)
    if not took then fail("%s", err == "nothing to undo" and err or jong.first_line(tostring(err))) end
    local done = {}
    for i = before + 1, #g.redo_stack do
      local a = g.redo_stack[i]
      done[#done + 1] = a.seat .. " " .. action_text(a)
    end
    if #done == 0 then fail("nothing to undo") end
    S.seen = g:state().events
    say("took back: ", tiles_text(table.concat(done, "; ")))
  end,
}

command {
  name = "redo", max_words = 1, usage = "redo [N]", summary = "play again what undo took back",
  help = "Plays again the last action (or N) that `undo` took back.",
  run = function(words)
    local g = need_game()
    local n = math.tointeger(tonumber(words[1] or "1")) or fail("redo takes a number")
    if #g.redo_stack == 0 then fail("nothing to redo") end
    -- the events of each action as it is played: a deal's result is printed while the
    -- game is at that deal's end (its hands and results, not those of a later deal)
    for _ = 1, n do
      if #g.redo_stack == 0 then break end
      local ok, err = g:redo()
      if not ok then print_new_events() fail("%s", jong.first_line(err)) end
      print_new_events()
    end
  end,
}

-- The copies of each kind the seat cannot see in the game: not in its hand, in any
-- meld, among the discards (a claimed one is in its meld) or the dora indicators.
local function game_unseen(st, seat)
  local unseen = {}
  for _, t in ipairs(jong.TILES) do if jong.kind_of(t) == t and not jong.is_bonus(t) then unseen[t] = 4 end end
  local function see(text)
    for _, t in ipairs(jong.tiles(text or "") or {}) do
      local k = jong.kind_of(t)
      if unseen[k] and unseen[k] > 0 then unseen[k] = unseen[k] - 1 end
    end
  end
  for _, other in ipairs(table_seats()) do
    local s = st.seats[other]
    if other == seat then see(s.concealed or s.hand) end
    for _, m in ipairs(s.melds or {}) do see((m:gsub("[^%dmpsz]", ""))) end
    for _, d in ipairs(s.discards) do if not d.claimed_by then see(d.tile) end end
  end
  for _, t in ipairs(st.dora or {}) do see(t) end
  -- kinds the rules' tile set leaves out (three players: 2m-8m) are never drawn
  local ok, e = pcall(jong.engine_settings, S.game.rules, S.game.options)
  if ok and type(e.absent) == "string" then
    for _, t in ipairs(jong.tiles(e.absent) or {}) do unseen[jong.kind_of(t)] = 0 end
  end
  return unseen
end

-- unseen: the copies not seen (in a game), else those not in the hand. shape: as
-- game_shape (absent kinds are in no chow and never accepted).
local function print_discards(hand, unseen, shape)
  local list, err = jong.efficiency(hand, unseen, shape.forms, shape.sets, shape.absent)
  if not list then fail("%s", err) end
  if shape.special then   -- a discard that leaves the hand ready in an irregular hand
    local changed = false
    for _, d in ipairs(list) do
      local waits = special_waits(without_tile(hand, d.discard), shape)
      if #waits > 0 then
        if d.shanten > 0 then d.shanten, d.accept, d.count = 0, {}, 0 end
        for _, w in ipairs(waits) do
          if not d.accept[w] then
            local n = unseen and unseen[w] or 0
            d.accept[w], d.count = n, d.count + n
          end
        end
        changed = true
      end
    end
    if changed then
      table.sort(list, function(x, y)
        if x.shanten ~= y.shanten then return x.shanten < y.shanten end
        if x.count ~= y.count then return x.count > y.count end
        return jong.kind(jong.kind_of(x.discard)) < jong.kind(jong.kind_of(y.discard))
      end)
    end
  end
  say("discards, best first (shanten after; tiles that lower it, unseen copies):")
  for _, d in ipairs(list) do
    local kinds = {}
    for k in pairs(d.accept) do kinds[#kinds + 1] = k end
    table.sort(kinds, function(x, y) return jong.kind(x) < jong.kind(y) end)
    local parts = {}
    for _, k in ipairs(kinds) do parts[#parts + 1] = tiles_text(k) .. ":" .. int_text(d.accept[k]) end
    say(string.format("  %s  shanten %d, %2d tiles: %s", tiles_text(d.discard), d.shanten, d.count,
      #parts > 0 and table.concat(parts, " ") or "none"))
  end
end

local function analyze_hand(hand, unseen, shape)
  shape = shape or hand_shape(hand)
  local h = parse(hand, shape.sets)
  local a = analysis(hand, shape)
  local canon = jong.format_hand(hand)
  say("hand ", tiles_text(canon), string.format(" (%d tile%s)", h.size, h.size == 1 and "" or "s"))
  if a.shanten then
    local sh, forms = a.shanten, shape.forms or jong.FORM_STANDARD | jong.FORM_SEVEN_PAIRS | jong.FORM_THIRTEEN_ORPHANS
    local list = { "standard " .. sh.standard }
    if sh.seven_pairs and forms & jong.FORM_SEVEN_PAIRS ~= 0 then list[#list + 1] = "seven pairs " .. sh.seven_pairs end
    if sh.thirteen_orphans and forms & jong.FORM_THIRTEEN_ORPHANS ~= 0 then
      list[#list + 1] = "thirteen orphans " .. sh.thirteen_orphans
    end
    if a.special then list[#list + 1] = "an irregular hand of the rules " .. a.special end
    local state = sh.all == -1 and "complete" or sh.all == 0 and "ready" or sh.all .. " from ready"
    say(string.format("shanten %d, %s (%s)", sh.all, state, table.concat(list, ", ")))
  else
    say(string.format("shanten: only for %d or %d tiles (melds count 3)", shape.size, shape.size + 1))
  end
  if h.size == shape.size then
    say("waits: ", #a.waits > 0 and tiles_text(table.concat(a.waits, " ")) or "none")
  elseif h.size == shape.size + 1 and a.shanten then
    if a.shanten.all == -1 then
      local ds = jong.decompositions(hand, shape.sets)
      local _, melds = split_hand(canon)
      for _, d in ipairs(ds) do
        local groups = { set_text { type = "pung", tile = d.pair }:sub(2) }
        for _, s in ipairs(d.sets) do groups[#groups + 1] = set_text(s) end
        if melds ~= "" then groups[#groups + 1] = melds end
        say("  ", tiles_text(table.concat(groups, " ")))
      end
      if #ds == 0 then say("  (an irregular shape: no standard decomposition)") end
    else
      print_discards(hand, unseen, shape)
    end
  end
end

command {
  name = "analyze", usage = "analyze [HAND|SEAT]", summary = "shanten, waits, decompositions; discards ranked by tiles accepted",
  help = [[
Analyzes HAND (notation), or the hand of SEAT at the table (default: of the seat to
move) by the game's rules (its forms, its irregular hands, tile set, hand size):
shanten for each form,
the waits of a 13-tile hand, the decompositions of a complete 14-tile hand, or, for an
incomplete one, every discard ranked best first: the shanten it leaves and the tiles
that would lower it with their unseen copies (in a game: not in the hand, the melds,
the discards or the dora indicators; for a hand given: not in the hand).
Example: analyze 123m456p789s1z2z33z5z]],
  run = function(words)
    local hand = table.concat(words, " ")
    local unseen, shape
    if hand == "" or (#words == 1 and SEAT_OF[hand]) then   -- the hand of a seat at the table
      if not S.game then fail("analyze what? give a hand, e.g. analyze 123456789m1199p") end
      local st, seat = state(), SEAT_OF[hand] or default_seat()
      if not st.seats[seat] then fail("there is no seat %s at this table", seat) end
      hand = st.seats[seat].hand
      unseen, shape = game_unseen(st, seat), game_shape()
    end
    analyze_hand(hand, unseen, shape)
  end,
  complete = function() return jong.TILES end,
}

-- An option the ruleset does not have, with the nearest name (a typo).
local function unknown_option(name)
  local names = {}
  for k in pairs(S.rules.options) do names[#names + 1] = k end
  table.sort(names)
  local near = jong.schema.nearest(name, names)
  fail("unknown option '%s' for rules %s%s (`set` lists them)", name, S.rules.name,
    near and ("; did you mean '" .. near .. "'?") or "")
end

-- What winning on tile would score for the seat (hand without it), self-drawn and on
-- a discard from `from`, under the current rules and the game's options.
-- What winning on tile would give the seat (hand without it), self-drawn and on a
-- discard from `from`, under the game's rules and options, as the game itself would
-- judge the situation (riichi and the like; not the ura-dora, which nobody knows yet).
-- unseen: copies not seen.
local function win_line(seat, hand, tile, st, from, unseen)
  local g = S.game
  local parts = {}
  for _, by in ipairs { "self", "discard" } do
    local win = { seat = seat, tile = tile, hand = with_tile(hand, tile), how = by,
      from = by == "discard" and from or nil }
    local ok, s = pcall(g.situation, g, win, true)
    local r
    if ok then
      s.ura = nil
      r = jong.score(s)
    else
      r = { ok = false, error = jong.first_line(tostring(s)) }
    end
    local label = by == "self" and "self-draw" or "on a discard from " .. from
    if not r.ok then parts[#parts + 1] = label .. ": " .. tostring(r.error)
    elseif not r.wins then parts[#parts + 1] = label .. ": no win (" .. tostring(r.reason) .. ")"
    else
      local gain = r.payments and r.payments[seat]
      local limit = r.limit and r.limit ~= jong.json_null and " (limit: " .. tostring(r.limit) .. ")" or ""
      parts[#parts + 1] = label .. " " .. value_text(r.value) .. limit .. (gain and ", +" .. int_text(gain) .. " points" or "")
    end
  end
  local copies = unseen and unseen[jong.kind_of(tile)]
  return tiles_text(tile) .. (copies and " (" .. copies .. " unseen)" or "") .. ": " .. table.concat(parts, "; ")
end

command {
  name = "wins", max_words = 1, usage = "wins [SEAT]", summary = "what wins here: waits, points, unseen copies, furiten",
  help = [[
For you (or SEAT): with 13 tiles, each tile the hand waits on, the copies of it still
unseen (not in your hand, the melds, the discards or the dora indicators) and what the
win would score under the game's rules, self-drawn and on a discard from the seat before
it, with the points it brings; with 14, the discards that leave the hand ready and their
waits. It says when the seat is furiten (it cannot win on a discard) and how many tiles
are left to draw.]],
  run = function(words)
    local st = state()
    local seat = words[1] and seat_arg(words[1]) or your_seat()
    if not st.seats[seat] then fail("there is no seat %s at this table", seat) end
    local hand = st.seats[seat].hand
    local shape = game_shape()
    local h = parse(hand, shape.sets)
    local from = jong.seat_after(seat, 3)
    local unseen = game_unseen(st, seat)
    local left = string.format("%d tile%s left in the wall", st.wall, st.wall == 1 and "" or "s")
    if h.size == shape.size then
      local waits = analysis(hand, shape).waits
      if #waits == 0 then say(seat, " is not ready: ", analysis(hand, shape).shanten.all, " from ready; ", left) return end
      local total = 0
      for _, w in ipairs(waits) do total = total + (unseen[w] or 0) end
      say(seat, " waits on ", tiles_text(table.concat(waits, " ")), string.format(" (%d unseen)", total),
        is_furiten(st, seat) and ", furiten: no win on a discard" or "", "; ", left, ":")
      for _, w in ipairs(waits) do say("  ", win_line(seat, hand, w, st, from, unseen)) end
    elseif h.size == shape.size + 1 then
      local found = false
      say(seat, ": ", left)
      if analysis(hand, shape).shanten.all == -1 then
        found = true
        local drawn = st.turn == seat and st.drawn
        if drawn then
          say(seat, " holds a complete hand; winning on the drawn ", tiles_text(drawn), ":")
          say("  ", win_line(seat, without_tile(hand, drawn), drawn, st, from))
        else
          say(seat, " holds a complete hand")
        end
      end
      for _, t in ipairs(distinct_concealed(hand)) do
        local rest = without_tile(hand, t)
        local waits = analysis(rest, shape).waits
        if #waits > 0 then
          found = true
          local total, own = 0, false
          for _, w in ipairs(waits) do
            total = total + (unseen[w] or 0)
            for _, d in ipairs(st.seats[seat].discards) do if jong.kind_of(d.tile) == w then own = true end end
            if jong.kind_of(t) == w then own = true end
          end
          local furiten = own and type(S.game.rules.is_furiten) == "function" and ", furiten" or ""
          say(tiles_text("discard " .. t .. ": waits " .. table.concat(waits, " ")),
            string.format(" (%d unseen)%s", total, furiten))
          for _, w in ipairs(waits) do say("    ", win_line(seat, rest, w, st, from, unseen)) end
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
  name = "score", usage = "score HAND win=TILE [by=self|discard] [from=SEAT] [seat=S] [FLAG...]",
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
    if s.win_by ~= "self" and s.win_by ~= "discard" then
      fail("by= is self or discard, not '%s'", tostring(s.win_by))
    end
    local text = table.concat(hand, " ")
    local sets = S.rules.hand_size == 16 and 5 or 4
    if parse(text, sets).size == 3 * sets + 1 then text = with_tile(text, s.win_tile) end
    s.hand = text
    for _, k in ipairs { "dora", "ura", "from", "seat", "round" } do
      if s[k] ~= nil then s[k] = tostring(s[k]) end
    end
    s.options = resolved_options(options)
    local r = score(s)
    if not r.ok then fail("%s", r.error) end
    if not r.wins then
      if r.value then print_result(r, S.rules.name) end   -- a complete hand below the minimum (MCR)
      say("no win: ", r.reason)
      return
    end
    print_result(r, r.rules or S.rules.name)
    say("payments: ", payments_text(r.payments))
  end,
  complete = function()
    local list = { "win=", "by=self", "by=discard", "from=", "seat=", "round=", "dora=" }
    for _, f in ipairs(S.rules.flags) do list[#list + 1] = f end
    for _, t in ipairs(jong.TILES) do list[#list + 1] = t end
    return list
  end,
}

command {
  name = "scores", max_words = 0, usage = "scores", summary = "every seat's points and the history of the deals",
  help = [[
Shows each seat's points (with the player sitting there, you marked) and the deals
played so far: round, honba, how each ended (who won, how and from whom, the value, or
the kind of draw) and the points each seat gained or lost. After the match, the final
ranking with uma.]],
  run = function()
    local g = need_game()
    local st = g:state()
    say(string.format("round %s, deal %d, %d honba%s", st.round, st.deal + 1, st.honba,
      sticks_text(st) and ", " .. sticks_text(st) or ""))
    for _, seat in ipairs(table_seats()) do
      local sp = st.seats[seat]
      say(string.format("  %s  player %d%-6s %7s", seat, math.tointeger(sp.player) or 0,
        is_you(seat) and " (you)" or "", int_text(sp.points)))
    end
    local history = deal_history(g)
    if #history > 0 then say("deals:") end
    for n, d in ipairs(history) do
      local how
      if #d.wins > 0 then
        local parts = {}
        for _, w in ipairs(d.wins) do
          parts[#parts + 1] = w.seat .. " wins" .. (w.by == "self" and " by self-draw" or
            (w.by == "rob" and " robbing the kong of " or " on the discard of ") .. tostring(w.from))
        end
        how = table.concat(parts, ", ")
        if S.results[d.key] and S.results[d.key] ~= "" then how = how .. " (" .. S.results[d.key] .. ")" end
      elseif d.draw then how = d.draw
      else how = "being played" end
      local pay = d.payments and ": " .. payments_text(d.payments) or ""
      say(string.format("  %d. round %s, honba %d: %s%s", n, d.round, d.honba or 0, how, pay))
    end
    if st.phase == "match_end" then
      say("final ranking:")
      for _, l in ipairs(ranking_lines(st)) do say(l) end
    end
  end,
}

local SETTINGS = {
  glyphs = function(v) S.glyphs = on_off(v, "glyphs") end,
  colour = function(v) S.colour = on_off(v, "colour") end,
  color = function(v) S.colour = on_off(v, "colour") end,
  seat = function(v)   -- you play that seat's player, the bots the others
    S.home_seat, S.home_bots = seat_arg(v), nil
    play_seat(S.home_seat)
  end,
  auto = function(v) S.auto = on_off(v, "auto") end,
}

command {
  name = "set", usage = "set [NAME [VALUE]]", summary = "set a REPL setting or a rule option",
  help = [[
Without arguments, lists the settings and the rule options with their values. REPL
settings: glyphs on|off (Unicode tiles), colour on|off, seat E|S|W|N (the player at
that seat is you; the bots play the others), auto on|off (the bots move on by
themselves after each of your actions). Any other name is an option of the current
rules; it applies to `score` and `wins` now and to the next `new`. A list is written
with commas (or as several words): set uma 10,5,-5,-10. Example: set payment 20]],
  run = function(words)
    -- `set payment=30` is `set payment 30`
    local n, v = (words[1] or ""):match("^([%w_]+)=(.+)$")
    if n and not words[2] then words = { n, v } end
    local name, value = words[1], words[2]
    if not name then
      say(string.format("glyphs %s, colour %s, seat %s, auto %s", S.glyphs and "on" or "off",
        S.colour and "on" or "off", your_seat(), S.auto and "on" or "off"))
      local keys = {}
      for k in pairs(S.rules.options) do keys[#keys + 1] = k end
      table.sort(keys)
      local current = jong.resolve_options(S.rules, S.options) or {}
      local width = 0
      for _, k in ipairs(keys) do width = math.max(width, #k + #option_text(current[k])) end
      for _, k in ipairs(keys) do
        local value = option_text(current[k])
        say("  ", k, " = ", value, string.rep(" ", width - #k - #value), "  ", S.rules.options[k].doc or "")
      end
      return
    end
    if value == nil then
      if SETTINGS[name] then fail("set %s to what?", name) end
      if not S.rules.options[name] then unknown_option(name) end
      local current = jong.resolve_options(S.rules, S.options) or {}
      say(name, " = ", option_text(current[name]), "  ", S.rules.options[name].doc or "")
      return
    end
    if SETTINGS[name] then
      SETTINGS[name](value)
      if name == "seat" then
        local bots = {}
        for _, seat in ipairs(S.game and table_seats() or {}) do if is_bot(seat) then bots[#bots + 1] = seat end end
        say("you play ", S.home_seat, S.game and ", bots play " .. (#bots > 0 and table.concat(bots, " ") or "no seat") or "")
      else
        say(name == "color" and "colour" or name, " ", on_off(value, name) and "on" or "off")
      end
      return
    end
    if not S.rules.options[name] then unknown_option(name) end
    -- several words are a list: `set uma 10 5 -5 -10` is `set uma 10,5,-5,-10`
    if words[3] then value = table.concat(words, ",", 2) end
    local given = {}
    for k, v in pairs(S.options) do given[k] = v end
    given[name] = value_of(value)
    local spec = S.rules.options[name]
    if spec and type(spec.default) == "table" and type(given[name]) ~= "table" then
      given[name] = { given[name] }   -- a list of one
    end
    if spec and type(spec.default) == "table" and #spec.default > 0 and #given[name] ~= #spec.default then
      fail("option '%s' takes %d values (%s), not %d", name, #spec.default, option_text(spec.default), #given[name])
    end
    local ok, err = jong.resolve_options(S.rules, given)
    if not ok then fail("%s", err) end
    S.options = given
    say(string.format("%s = %s (for `score` and `wins`, and from the next `new`)", name, option_text(given[name])))
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
    local list = { "glyphs", "colour", "seat", "auto" }
    for k in pairs(S.rules.options) do list[#list + 1] = k end
    return list
  end,
}

command {
  name = "rules", max_words = 1, usage = "rules [NAME|PATH]", summary = "load a ruleset (or show the current one)",
  help = [[
Loads a ruleset by name (from the rules path) or from a file, for `new`, `score`,
`wins` and `set`; the game under way keeps its rules until `new`. Without an argument,
shows the current rules and the names in the rules path. A rule file with an error is
reported in one line and nothing changes.]],
  run = function(words)
    if words[1] then
      use_rules(words[1])
      say("rules ", S.rules.name, " (", path_text(S.rules.path), ")")
      return
    end
    local chain, r = {}, S.rules
    while r do chain[#chain + 1] = r.name; r = r.parent end
    say("rules ", table.concat(chain, " extends "), " (", path_text(S.rules.path), ")")
    say("in the rules path: ", table.concat(rule_names(), " "))
  end,
  complete = function(word)
    if word:find("/", 1, true) then return "files" end
    return rule_names()
  end,
}

command {
  name = "reload", max_words = 0, usage = "reload", summary = "reload the current rule script (the game goes on)",
  help = [[
Reads the current rule script again (and the scripts it extends) after you edited it.
The game under way goes on under the new rules: its actions are replayed under them.
A script with an error is reported in one line and the old rules stay in use.]],
  run = function()
    jong.reload_rules()
    local r, err = jong.load_rules(S.rules_name)
    if not r then fail("%s (still using the rules loaded before)", jong.first_line(err)) end
    S.rules = r
    say("reloaded ", r.name, " (", path_text(r.path), ")")
    if S.game and S.game_how.rules == S.rules_name then
      local g, rerr = jong.replay(S.game:log_json(), S.game_how)
      if not g then fail("the game cannot go on under the new rules: %s", jong.first_line(rerr or "?")) end
      g.redo_stack = S.game.redo_stack   -- the actions ahead (a loaded game's, undo's) stay ahead
      set_game(g, S.game_how)
      say("the game goes on under the new rules")
    end
  end,
}

-- A saved game: a first line that says how to make the game again (rules, seed,
-- options, wall), then the actions, one JSON object a line (g:log_json()).
command {
  name = "save", usage = "save FILE", summary = "save the game (a log of its actions)",
  help = [[
Writes the current game to FILE: a first JSON line with the rules, seed, options and
stacked wall (of a loaded record: every deal's wall, as far as the record shows the tiles),
then every action played, one JSON object a line; of a loaded game also those ahead of
the position (taken back by `load`, `prev` or `undo`), so nothing of it is lost. `load`
reads it back.]],
  run = function(words)
    if not words[1] then fail("save where? give a file name") end
    if words[2] then fail("save takes one file name") end
    need_game()
    local how = S.game_how
    local text, n, ahead = save_text()
    -- written whole or not at all: a failed save leaves the file as it was
    local ok, err = write_file(words[1], text)
    if not ok then fail("cannot save %s: %s", words[1], tostring(err)) end
    S.saved_text = text
    say(string.format("saved %s (%d action%s%s)%s", words[1], n, n == 1 and "" or "s",
      ahead > 0 and (", " .. ahead .. " of them ahead of this position") or "",
      how.walls and "; the walls hold the tiles the record shows, the others in a fixed order" or ""))
  end,
  complete = function() return "files" end,
}

-- The formats `load` reads, tried in order: each recognises its text and makes the
-- game from it. A format of another program adds an entry here (name, detect(text) ->
-- bool, load(text, path) -> game, how (rules, seed, options, wall) or nil, reason).
local LOADERS = {}

-- jong's own: the first line says how to make the game (rules, seed, options, wall),
-- then one action a line (`save`).
LOADERS[#LOADERS + 1] = {
  name = "jong",
  detect = function(text)
    local first = text:match("^[^\n]*")
    local how = jong.json_decode(first)
    return type(how) == "table" and how.type == "game"
  end,
  load = function(text) return require("replay").load_saved(text) end,
}
-- Tenhou (mjlog, tenhou.net/6) and mjai records (docs/records.md), replayed on walls
-- stacked deal by deal from the log.
local has_records, replay = pcall(require, "replay")
if has_records then
  LOADERS[#LOADERS + 1] = { name = "tenhou/mjai", detect = replay.detect_record, load = replay.load_text }
end
M.loaders = LOADERS

command {
  name = "load", usage = "load FILE", summary = "load a saved game to step through with next/prev",
  help = [[
Reads a game written by `save`, replays it and goes back to its start: `next` and
`prev` then step through it, `show` shows each position, and you can play on from any
position (which drops the actions after it). A game under way with actions not saved
is kept: `undo` before any move brings it back.]],
  run = function(words)
    games_available()
    local path = words[1]
    if not path then fail("load what? give a file name") end
    if words[2] then fail("load takes one file name") end
    local f, err = io.open(path, "r")
    if not f then fail("cannot read %s: %s", path, tostring(err):match("^.-: (.*)$") or tostring(err)) end
    local text, rerr = f:read("a")
    f:close()
    if not text then
      fail("cannot read %s: %s", path, tostring(rerr):find("directory", 1, true) and "it is a directory" or tostring(rerr))
    end
    if not text:find("%S") then fail("%s is empty: not a saved game", path) end
    local format
    for _, l in ipairs(LOADERS) do
      local ok, yes = pcall(l.detect, text)
      if ok and yes then format = l; break end
    end
    if not format then
      local names = {}
      for _, l in ipairs(LOADERS) do names[#names + 1] = l.name end
      fail("%s is not a saved game (formats read: %s)", path, table.concat(names, ", "))
    end
    local ok, g, how = pcall(format.load, text, path)
    if not ok then fail("%s: %s", path, jong.first_line(tostring(g))) end
    if not g then fail("%s: %s", path, jong.first_line(tostring(how or "not a game log"))) end
    local steps = g:undo(math.maxinteger) or 0
    how.loaded = true                      -- `save` keeps the actions ahead of the position
    local kept = keep_replaced()
    set_game(g, how)
    S.saved_text = save_text()             -- stepping through it is no change to save
    if kept then say(kept) end
    say(string.format("loaded %s: %s, seed %s, %d action%s; `next` and `prev` step through them",
      path, tostring(require("replay").rules_shown(S.game_how.rules)), tostring(S.game_how.seed), steps,
      steps == 1 and "" or "s"))
    if (how.games or 1) > 1 then
      say(string.format("(%s holds %d games: this is the first; jong replay --check checks them all)", path, how.games))
    end
  end,
  complete = function() return "files" end,
}

command {
  name = "next", max_words = 1, usage = "next [N]", summary = "step forward (N actions), or start the next deal",
  help = [[
Plays the next action of a loaded game or of what `undo` took back (or N of them),
printing the events. When there is nothing to step forward to and the deal is over,
starts the next deal.]],
  run = function(words)
    local g = need_game()
    if words[1] and not math.tointeger(tonumber(words[1])) then fail("next takes a number") end
    if #g.redo_stack == 0 then
      local phase = g:state().phase
      if phase == "match_end" then fail("the match is over") end
      if phase ~= "deal_end" then fail("the deal is not over: %s (`legal` lists the moves)", situation_text(default_seat())) end
      play(default_seat(), "next")
      after_moves()
      return
    end
    COMMANDS.redo.run(words)
  end,
}

command {
  name = "prev", max_words = 1, usage = "prev [N]", summary = "step back through a game (N actions)",
  help = "Goes back one action (or N) in a game; the same as `undo`.",
  run = function(words) COMMANDS.undo.run(words) end,
}

command {
  name = "goto", usage = "goto deal N", summary = "go to the start of deal N of a loaded game",
  help = [[
Goes back or forward through the actions of the game (those played and those `prev` or
`undo` took back) to the start of its deal N (1 is the first deal).]],
  run = function(words)
    local g = need_game()
    local n = math.tointeger(tonumber(words[1] == "deal" and words[2] or words[1]))
    if not n or n < 1 then fail("goto deal N: N is a deal number, 1 the first") end
    -- every action: those played, then those taken back (the last taken back first)
    local played = #g.core:actions()
    local types = {}
    for i, line in ipairs(g.core:actions()) do types[i] = jong.json_decode(line).type end
    for i = #g.redo_stack, 1, -1 do types[#types + 1] = g.redo_stack[i].type end
    local target, deal = 0, 1
    for i, ty in ipairs(types) do
      if deal == n then break end
      if ty == "next" then deal, target = deal + 1, i end
    end
    if deal ~= n then fail("the game has %d deals", deal) end
    if target < played then
      g:undo(played - target)
    else
      for _ = played + 1, target do
        local ok, err = g:redo()
        if not ok then S.seen = g:state().events fail("%s", jong.first_line(tostring(err))) end
      end
    end
    S.seen = g:state().events
    say(string.format("deal %d: %d actions played", n, target))
  end,
}

command {
  name = "quit", max_words = 0, usage = "quit", summary = "leave (Ctrl-D too)", aliases = { "exit" },
  help = [[
Leaves the REPL; the history is saved. At a terminal, a game with actions not saved is
named first: `quit` again (or Ctrl-D) leaves without it.]],
  run = function() return not warn_unsaved() end,
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

-- A line whose first word is neither a command nor a Lua name in use, and which is not
-- Lua either (a lone word, or words that do not compile and are not unfinished).
local function mistyped_command(verb, rest, line)
  if not verb:match(IDENT) or KEYWORDS[verb] or rawget(_G, verb) ~= nil then return false end
  if rest == "" then return true end
  local chunk, err = compile(line)
  return not chunk and not incomplete(err)
end

local function run_command(c, verb, rest)
  local quit = false
  protect(function()
    -- when the rules failed to load at the start, try again (the file may be fixed)
    if not S.rules and c.name ~= "rules" and c.name ~= "help" and c.name ~= "quit" then
      use_rules(S.rules_name)
    end
    local words = split(rest)
    if c.max_words and #words > c.max_words then
      fail("%s takes %s (usage: %s)", c.name, c.max_words == 0 and "nothing" or
        c.max_words == 1 and "one word at most" or c.max_words .. " words at most", c.usage)
    end
    quit = c.run(words, verb) == true
  end)
  return quit
end

-- A game assigned to the global `game` (game = jong.scenario{...}) becomes the REPL's.
local function adopt_game()
  local g = rawget(_G, "game")
  if g ~= S.game and type(g) == "table" and getmetatable(g) == jong.Game and g.core then
    local kept = keep_replaced()
    set_game(g)
    S.saved_text = nil
    say("game: this game is now the REPL's (", g.rules.name, ")")
    if kept then say(kept) end
  end
end

function M.feed(line)
  local quit = M.feed_line(line)
  adopt_game()
  return quit
end

function M.feed_line(line)
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
  -- "S d 4p": an action for a seat (never valid Lua)
  if SEAT_OF[verb] and find_command(rest:match("^%S*")) == COMMANDS.play then
    return run_command(COMMANDS.play, "play", line)
  end
  -- a declaration of the rules ("kyuushu", "S kyuushu") that a seat may make now
  if S.game and not rest:match("^=") then
    local seat, word = nil, verb
    if SEAT_OF[verb] then seat, word = SEAT_OF[verb], rest:match("^(%S+)") end
    if word and word:match("^[%a_]+$") and not KEYWORDS[word] then
      local ok, seats = pcall(function() return seat and { seat } or S.game:waiting() end)
      for _, x in ipairs(ok and seats or {}) do
        local lok, list = pcall(S.game.legal, S.game, x)
        for _, a in ipairs(lok and list or {}) do
          if a.type == word then return run_command(COMMANDS.play, "play", line) end
        end
      end
    end
  end
  if mistyped_command(verb, rest, line) then
    report(string.format("unknown command '%s' (`help` lists the commands)", verb))
    return false
  end
  if eval_lua(line) == "more" then S.buffer = line end
  return false
end

function M.prompt() return S.buffer and ">> " or "jong> " end

function M.cancel()
  S.buffer = nil
  return M.prompt()
end

-- Lua names a word may complete to: globals and keywords, or after `a.b.` the fields
-- (after `a:` the methods) of that table and of what its metatables' __index lead to.
local function lua_candidates(word)
  local path, sep = word:match("^([%a_][%w_%.:]-)([%.:])[%w_]*$")
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
  -- the fields of v and of the tables its metatables' __index lead to (methods)
  local seen = {}
  for _ = 1, 5 do
    if type(v) == "table" then
      for k, x in pairs(v) do
        if type(k) == "string" and k:match(IDENT) and not seen[k] and (sep == "." or type(x) == "function") then
          seen[k] = true
          list[#list + 1] = path .. sep .. k .. (type(x) == "function" and "(" or "")
        end
      end
    end
    local mt = getmetatable(v)
    v = type(mt) == "table" and mt.__index or nil
    if v == nil then break end
  end
  return list
end

-- Tiles in the notation's order (characters, dots, bamboo, honours), then the rest.
local SUIT_ORDER = { m = 1, p = 2, s = 3, z = 4 }
local function sort_key(w)
  local r, suit = w:match("^(%d)([mpsz])$")
  if r then return "\1" .. SUIT_ORDER[suit] .. r end
  return w
end

-- Completion of the word between start and stop (byte offsets from 0) of the line:
-- a list of candidates, or "files" for readline's own file name completion.
function M.complete(line, start, stop)
  local before, word = line:sub(1, start), line:sub(start + 1, stop)
  local list
  local words = split(before)
  -- "S chi 5": an action for a seat completes as the action
  if #words >= 2 and words[1]:match("^[ESWN]$") and find_command(words[2]) == COMMANDS.play then
    table.remove(words, 1)
  end
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
  table.sort(out, function(a, b) return sort_key(a) < sort_key(b) end)
  return out
end

function M.start(info)
  S.interactive = info.interactive
  S.colour = info.colour
  local default = jong.load_rules("classical") and "classical" or "base"
  S.rules_name = default
  if info.rules then   -- jong --rules R: the REPL opens on R (a name or a rule file)
    if not protect(use_rules, info.rules) then return false end
  else
    protect(use_rules, default)
  end
  if S.interactive then
    say("jong: a Mahjong rules engine; Lua 5.4 with the `jong` module. Rules: ", S.rules_name, ".")
    say("`help` lists the commands, `help lua` explains Lua lines, Ctrl-D leaves.")
  end
  return true
end

-- Ctrl-D at a terminal: in an unfinished statement it ends that statement (its error
-- printed, as the stock `lua` does) and the session goes on; at the prompt it leaves.
-- Returns true to leave.
function M.eof()
  if not S.buffer then return not warn_unsaved() end
  local _, err = compile(S.buffer)
  report(err or "unfinished statement")
  S.buffer = nil
  return false
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
