-- Games: a ruleset's declarative fields become the engine's settings, its hooks
-- answer the engine's questions, and a friendly game object wraps the C game.
-- Called once with the module table.
local jong, private = ...
local plain_settings

local SEATS = jong.SEATS
local note_hook_failure = private.note_hook_failure
local payment_key_problem = private.payment_key_problem   -- lua/prelude.lua

-- The engine settings of a ruleset with resolved options (names: docs/hooks.md).
local FORM_BITS = { standard = jong.FORM_STANDARD, seven_pairs = jong.FORM_SEVEN_PAIRS,
  thirteen_orphans = jong.FORM_THIRTEEN_ORPHANS }
local RED_SPLIT = { [0] = { 0, 0, 0 }, [3] = { 1, 1, 1 }, [4] = { 1, 2, 1 } }

local function settings_of(r, options)
  local e = {}
  e.bonus = r.tiles == 144 or r.bonus_tiles == true
  local reds = options.red_fives or r.red_fives or 0
  e.reds = type(reds) == "table" and reds or RED_SPLIT[reds] or { 0, 0, 0 }
  if r.dead_wall then
    e.dead_size, e.dead_policy = r.dead_wall.size, r.dead_wall.policy
  end
  e.players = r.players
  e.absent = r.absent_tiles
  e.claims = r.claims
  e.precedence = r.precedence
  local mw = r.multiple_winners
  e.multi_win = mw == true and "all" or mw == false and "nearest" or mw
  if r.forms then
    local mask = 0
    for _, name in ipairs(r.forms) do mask = mask | (FORM_BITS[name] or 0) end
    e.forms = mask
  end
  if r.hand_size == 16 then e.hand_sets = 5 end   -- five sets and a pair
  if r.play_after_win then e.play_after_win = true end
  if r.flower_wins then e.flower_wins = true end
  e.start_points = r.starting_points
  e.rounds = r.rounds
  e.extras = r.extras
  -- Ask the ruleset only about what it has hooks for.
  local ask = {}
  if r.may_claim then for _, a in ipairs { "chow", "pung", "kong" } do ask[#ask + 1] = a end end
  -- A win is asked about unless every complete hand wins: the ruleset's `score` says which
  -- hands win (one truth), `may_win` only adds the claiming exceptions.
  if r.may_win or (r.score and not jong.every_complete_hand_wins(r)) then ask[#ask + 1] = "win" end
  e.ask = ask
  for k, v in pairs(r.engine or {}) do e[k] = v end
  if r.configure then
    local c = r.configure(options, r)   -- r: the ruleset in play (a child reads its own fields)
    if c ~= nil and type(c) ~= "table" then error("rules " .. r.name .. ": hook configure returned a " .. type(c), 0) end
    for k, v in next, c or {} do e[k] = v end
    -- A hook the configure's ruleset skips while its options are off is still called when
    -- a child gives its own (a house check_abort of a child of japanese with its abortive
    -- draws off).
    if type(e.skip_hooks) == "table" and rawget(private.original(r), "configure") == nil then
      local owner = r.parent
      while owner and rawget(private.original(owner), "configure") == nil do owner = owner.parent end
      local kept = {}
      for _, name in ipairs(e.skip_hooks) do
        if not owner or owner[name] == r[name] then kept[#kept + 1] = name end
      end
      e.skip_hooks = kept
    end
  end
  return e
end

-- The engine settings as plain data, made under the budget (configure is rule code).
function plain_settings(r, options)
  return private.plain(settings_of(r, options), "the engine settings of " .. r.name)
end

-- jong.engine_settings(r, options) -> the engine settings (plain data), made under the
-- budget; raises the reason when configure fails.
function jong.engine_settings(r, options)
  local ok, e = private.pcall_limited("the engine settings of " .. tostring(r.name), plain_settings, r, options)
  if not ok then error(jong.first_line(e), 0) end
  return e
end

local Game = {}
Game.__index = Game

-- A program's game -> the view its hooks get (below). Rule code reached from a method
-- of a program's game (g:situation, g:score_win, g:win_check in the REPL) runs on that
-- view, under the budget (lua/call.c), like a hook.
local VIEW_OF = setmetatable({}, { __mode = "k" })
local in_rule_code = private.in_rule_code
function private.view_of(g) return VIEW_OF[g] end   -- (for rule code's games: lua/sandbox.lua)
local function on_view(g, what, fn, ...)
  local v = VIEW_OF[g]
  if not v then return fn(g, ...) end   -- already a view: inside a hook
  local res = table.pack(private.pcall_limited(what .. " of " .. tostring(g.rules.name), fn, v, ...))
  if not res[1] then error(jong.first_line(res[2]), 0) end
  return table.unpack(res, 2, res.n)
end
jong.Game = Game   -- the methods of games (tests may build stand-ins on them)

-- The situation of a win in the game (for jong.facts): the same path as `jong score`.
function Game:situation(win, first_winner)
  if VIEW_OF[self] then return on_view(self, "g:situation", Game.situation, win, first_winner) end
  local core = self.core
  local round, honba, deposits = core:brief("round", "honba", "deposits")   -- (not the whole state)
  local flags = {}
  if not win.flowers and (win.loose or win.how == "rob" or win.last_tile or win.first_turn or win.after_kong) then
    local known, n = self.rules.flag_set, 0
    if win.loose and known.kong_replacement then n = n + 1; flags[n] = "kong_replacement" end
    if win.how == "rob" and known.robbing_kong then n = n + 1; flags[n] = "robbing_kong" end
    if win.last_tile and known.last_tile then n = n + 1; flags[n] = "last_tile" end
    if win.first_turn and known.first_turn then n = n + 1; flags[n] = "first_turn" end
    if win.after_kong and known.after_kong then flags[n + 1] = "after_kong" end
  end
  local s = {
    rules = self.rules, options = self.options, seat = win.seat, round = round,
    hand = win.hand, win_tile = win.tile,
    win_by = win.flowers and "flowers" or win.how == "self" and "self" or "discard", from = win.from, flags = flags,
    dora = core:dora(true), honba = honba,
    deposits = first_winner and deposits or 0, game = self, win = win,
  }
  if self.rules.play_after_win then   -- the seats still in the deal, the winner included
    local left, active = core:brief("left"), {}
    local n = 0
    for i, seat in ipairs(SEATS) do
      if left >> (i - 1) & 1 == 0 then active[#active + 1] = seat else n = n + 1 end
    end
    s.active, s.win_order = active, n + 1
  end
  if self.rules.situation then self.rules.situation(self, win, s) end
  return s
end

-- Scores a win in the game: facts, score and settle hooks. Returns result, payments.
-- The facts and the score of a win in the game (g:score_win, and play's settlement of a
-- win); an error when score does not say it wins.
local function win_score(g, win, first_winner)
  local f, err = jong.facts(g:situation(win, first_winner))
  if not f then error(err, 0) end
  local result = g.rules.score(f)
  if type(result) ~= "table" or not result.wins then
    error("the win of seat " .. win.seat .. " does not score: "
      .. tostring(type(result) == "table" and result.reason or "it returned a " .. type(result)), 0)
  end
  if result.value == nil then error(private.no_value(g.rules.name), 0) end   -- (jong score refuses it too)
  local problem = private.result_problem(g.rules.name, result.value, result.items, result.limit)
  if problem then error(problem, 0) end
  return result, f
end

function Game:score_win(win, first_winner)
  if VIEW_OF[self] then
    return on_view(self, "g:score_win", function(v)
      local result, pay, f = Game.score_win(v, win, first_winner)
      return private.plain(result, "the result of hook score"), private.plain(pay, "the result of hook settle"), f
    end)
  end
  local result, f = win_score(self, win, first_winner)
  local pay = self.rules.settle(f, result)
  return result, pay, f
end

---------------------------------------------------------------------------
-- One truth for wins (docs/hooks.md, "Wins in play"): a hand is offered as a win exactly
-- when the ruleset's `score`, given the facts of that moment, says wins = true, and
-- `may_win` (the claiming exceptions) allows it.
---------------------------------------------------------------------------

-- Is the ruleset's fast path (field `fast_win`) valid for it: is every field it was
-- written for (`fast_win.depends`, e.g. {score = R.score, forms = R.forms}) still the
-- ruleset's own, and are `situation` and `win_situation` those `depends` names (none when
-- it names none)? A child that changes one of them is judged by its own `score`.
local function fast_win_of(r)
  local fw = r.fast_win
  if not fw then return nil end
  local depends = fw.depends or {}
  for k, v in pairs(depends) do
    if r[k] ~= v then return nil end
  end
  -- the situation a win is scored on is part of the truth: a child that gives its own
  -- (or one where the fast path's ruleset had none) is judged by its score
  if r.situation ~= depends.situation or r.win_situation ~= depends.win_situation then return nil end
  return fw
end

-- The valid fast path of a game's hooks' view, judged once when the game is made (as its
-- engine settings, which say whether wins are asked about at all), for the ruleset it
-- was judged on (a stand-in game, or a view whose `rules` a hook replaced, is judged now).
local FAST_WIN_OF_VIEW = setmetatable({}, { __mode = "k" })   -- view -> {rules, fast_win or false}
local function game_fast_win(g)
  local r = g.rules
  local known = FAST_WIN_OF_VIEW[g]
  if known and known[1] == r then return known[2] or nil end
  return fast_win_of(r)
end

-- True when the ruleset's valid fast path says every complete hand wins (base): then the
-- engine need not ask about wins at all.
function jong.every_complete_hand_wins(r)
  local fw = fast_win_of(r)
  return fw ~= nil and fw.every_complete_hand == true
end

-- The win the engine would record if `action` (a win) were taken now: the engine's own
-- record (it gives it as action.win when it asks; a test calling a hook directly may
-- leave it out). A stand-in game without an engine (a test's table with a `state`) gets
-- the record read off its state.
local function pending_win(g, action)
  if action.win then return action.win end
  local core = g.core
  if core and core.pending_win then return core:pending_win(action) end
  local st = g:state()
  local seat = action.seat
  local me = st.seats[seat]
  local flowers = type(action.tile) == "string" and action.tile:match("^[fg]%d$") ~= nil
  local how = (st.phase == "turn" or flowers and st.rob_type ~= "bonus") and "self"
    or st.phase == "rob" and st.rob_type ~= "set_aside" and st.rob_type ~= "bonus" and "rob" or "discard"
  local melded = false
  for _, s in pairs(st.seats) do melded = melded or #s.melds > 0 end
  local win = { seat = seat, tile = action.tile, how = how, last_tile = st.wall == 0,
                first_turn = #me.discards == 0 and not melded, flowers = flowers or nil }
  local claimed = how == "self" and st.after_claim and not st.drawn and me.melds[#me.melds]
  if claimed then   -- right after the seat's claim (win_after_claim): won on the claimed discard
    local tiles, from = claimed:match("^%[(.-)%]@(%a)")
    local others = table.move(me.melds, 1, #me.melds - 1, 1, {})
    win.how, win.from, win.first_turn = "discard", from, false
    win.hand = me.concealed .. tiles .. " " .. table.concat(others, " ") .. " " .. table.concat(me.bonus or {}, " ")
  elseif how == "self" then
    win.hand, win.loose = me.hand, st.drawn_loose or false
  else
    win.from = st.discarder
    win.hand = me.concealed .. action.tile .. " " .. table.concat(me.melds, " ") .. " "
      .. table.concat(me.bonus or {}, " ")
  end
  return win
end
function Game:pending_win(action) return pending_win(self, action) end

-- The situation the win test scores: the ruleset's `win_situation(g, win)` when it has
-- one (a cheaper equal of g:situation, or one with the extra fields its score reads in
-- play), else g:situation(win).
local function win_situation(g, win)
  local r = g.rules
  if r.win_situation then return r.win_situation(g, win) end
  return g:situation(win, false)
end

-- jong.win_check(g, action) -> true, or false and the reason: does the ruleset's `score`
-- (or its valid fast path) say the hand of `action` (a win) wins now? The answer is kept
-- for the game's state. Also g:win_check(action).
function jong.win_check(g, action)
  if VIEW_OF[g] then
    return on_view(g, "g:win_check", function(v)
      local ok, reason = jong.win_check(v, action)
      return ok, type(reason) == "string" and reason or nil
    end)
  end
  local win = pending_win(g, action)
  local core = g.core
  local version = core and core.version and core:version()
  local c = g.win_cache
  if version and c and c.version == version and c.seat == win.seat and c.tile == win.tile
     and c.how == win.how then
    return c.ok, c.reason, c.invalid
  end
  local r, ok, reason, invalid = g.rules, nil, nil, nil
  local fw = game_fast_win(g)
  if fw and fw.every_complete_hand then
    ok = true
  elseif fw and fw.test then
    ok, reason = fw.test(g, action, win)
  else
    local f
    f, reason = jong.facts(win_situation(g, win))
    if f then
      local result
      result, reason = r.score(f)
      if result then ok, reason = result.wins == true, result.reason
      else invalid = true; reason = "hook score found the situation of the win invalid: " .. tostring(reason) end
    else   -- (the engine's own fields are valid: the ruleset's situation hook added a bad one)
      invalid = true
      reason = "the situation of the win is invalid: " .. tostring(reason)
        .. " (a situation hook adds only what the ruleset lists: flags, situation_fields)"
    end
  end
  ok = ok and true or false
  if not ok then reason = reason or "not a winning hand" end
  if version then
    c = c or {}
    c.version, c.seat, c.tile, c.how, c.ok, c.reason, c.invalid = version, win.seat, win.tile, win.how, ok, reason, invalid
    g.win_cache = c
  end
  return ok, reason, invalid
end
Game.win_check = jong.win_check

-- g:would_win(seat, hand, tile, how, from) -> does the ruleset's `score` say that this hand
-- (in notation, the winning tile included) wins now, by `how` ("self" or "discard", from
-- seat `from`), neither on the first turn nor the last tile nor a loose tile? The default
-- bot's value test of a hand it could make: the same truth as the win test (the ruleset's
-- valid fast path when it judges any win, else score on g:situation), on the hooks' view
-- of the game.
function Game:would_win(seat, hand, tile, how, from)
  if VIEW_OF[self] and not in_rule_code() then   -- a program's call: under the budget
    return on_view(self, "g:would_win", Game.would_win, seat, hand, tile, how, from)
  end
  local g = VIEW_OF[self] or self
  local win = { seat = seat, tile = tile, how = how, hand = hand, from = from,
                last_tile = false, first_turn = false, loose = false }
  local r = g.rules
  local fw = game_fast_win(g)
  if fw and fw.every_complete_hand then return true end
  if fw and fw.test and fw.any_win then   -- (a test that judges the win it is given)
    return fw.test(g, { type = "win", seat = seat, tile = tile, win = win }, win) and true or false
  end
  local f = jong.facts(g:situation(win, false))
  if not f then return false end
  local result = r.score(f)
  return result ~= nil and result.wins == true
end

---------------------------------------------------------------------------
-- Errors in hooks: named by the author's hook, the ruleset, file:line, and the seat and
-- action they refused.
---------------------------------------------------------------------------

local traceback = debug and debug.traceback
local getinfo = debug and debug.getinfo

-- "S win 3m", "E discard 5p", "S" for an action or a seat.
local function describe(what)
  if type(what) ~= "table" then return tostring(what) end
  if what.type == nil and what.how then return tostring(what.seat) .. " win " .. tostring(what.tile) end  -- a win record
  local text = tostring(what.seat) .. " " .. tostring(what.type)
  if what.chow then text = text .. " " .. what.chow
  elseif what.tile then text = text .. " " .. what.tile end
  return text
end

-- Cuts a message to at most n bytes at a line or word boundary.
local function cut(msg, n)
  if #msg <= n then return msg end
  local head = msg:sub(1, n - 4)
  local at = head:match("^.*()\n") or head:match("^.*() ")
  if at and at > n // 2 then head = head:sub(1, at - 1) end
  return head .. " ..."
end
jong.cut_message = cut

-- Calls the ruleset's hook `name` (function fn) with the arguments; on an error keeps the
-- whole message with its traceback in g.hook_error and returns nil, the message cut to
-- fit the engine's buffer (whole words). `what`: the seat or action it was asked about.
local function with_traceback(e)
  local msg = (type(e) == "string" or type(e) == "number") and tostring(e) or "(an error value of type " .. type(e) .. ")"
  if traceback then msg = traceback(msg, 2) end
  return msg
end

local function failed(G, name, what, fn, err)
  local where = ""
  -- the file and line of the hook as the ruleset has it (the engine may call it through a
  -- function of its own: the win test, score and settle at a win)
  local own = G.rules[name]
  if type(own) == "function" then fn = own end
  if getinfo then
    local info = getinfo(fn, "S")
    if info and info.short_src then where = " (" .. info.short_src .. ":" .. (info.linedefined or 0) .. ")" end
  end
  local head = "hook " .. name .. " of rules " .. tostring(G.rules.name) .. where
    .. " failed" .. (what and (", refusing " .. describe(what)) or "") .. ": "
  local msg = head .. err
  G.hook_error = msg
  -- counted in the C game too (jong sim reads g.hook_error only once one has failed)
  local core = rawget(G, "core")
  if core then note_hook_failure(core) end
  return false, cut(jong.first_line(msg), 190)
end

-- (Hooks answer at most three values; no table is made per call.)
local function guarded(G, V, name, what, fn, ...)
  local ok, a, b, c = xpcall(fn, with_traceback, V, ...)
  if ok then return true, a, b, c end
  return failed(G, name, what, fn, a)
end

-- What a hook sees of a game: a view with the reading methods only (state, seat,
-- events, options, waits, ...), never close, play, undo, reset, replay or the engine
-- itself; `g.core` is a view of the engine's reading methods. A hook may keep its own
-- fields in the view (g.my_note = ...); the game and other programs never see them.
local CORE_READERS = { "version", "rewrites", "state", "seat", "seat_summary", "brief", "waits", "wait_mask", "ura", "dora", "events", "event_tables", "event_head", "kong_income",
  "actions", "nactions", "outcome", "waiting", "legal", "check", "pending_win" }
local GAME_READERS = { "situation", "score_win", "state", "waiting", "seat_summary", "seat", "seats", "brief",
  "waits", "wait_mask", "legal", "check", "events", "deal_events", "log_json", "parse_action", "deal_outcome",
  "rotation", "last_payments", "win_check", "pending_win", "would_win", "kong_income" }

-- (the engine's reading methods take the view for its game: core:view(), lua/game.c)
local CORE_VIEW_METHODS = {}
local function core_view(core)
  if not next(CORE_VIEW_METHODS) then
    local core_methods = getmetatable(core).__index   -- the engine game's methods
    for _, name in ipairs(CORE_READERS) do CORE_VIEW_METHODS[name] = core_methods[name] end
  end
  return setmetatable(core:view(), { __index = CORE_VIEW_METHODS, __metatable = false,
    __newindex = function(_, k) error("cannot set '" .. tostring(k) .. "' on the game's engine: hooks read it only", 2) end })
end

local GAME_VIEW_METHODS = {}
local GAME_VIEW_MT = { __index = GAME_VIEW_METHODS, __metatable = false }

local function game_view(G, core)
  if not next(GAME_VIEW_METHODS) then
    for _, name in ipairs(GAME_READERS) do GAME_VIEW_METHODS[name] = Game[name] end
  end
  return setmetatable({ core = core_view(core), rules = G.rules, options = G.options, seed = G.seed },
    GAME_VIEW_MT)
end

local math_type = math.type
local plain_copy, VIEWS, JSON_MARK = private.plain_copy, private.views, jong.json_object   -- (private.plain)

-- Checks of what hooks return: the error names the ruleset, the hook and what was wrong.
local INT32 = 2147483647
local function bad(r, hook, what) error("rules " .. tostring(r.name) .. ": hook " .. hook .. " " .. what, 0) end

local function int_in(v, lo, hi)
  if math_type(v) ~= "integer" then   -- a float with an integer value counts as that integer
    if math_type(v) ~= "float" or v ~= math.floor(v) then return nil end
    v = math.tointeger(v)
    if not v then return nil end
  end
  return v >= lo and v <= hi and v or nil
end

local function short(v)
  if type(v) == "string" then return "'" .. v:sub(1, 40) .. (#v > 40 and "...'" or "'") end
  if type(v) == "number" then return string.format(math.type(v) == "integer" and "%d" or "%.17g", v) end
  return "a " .. type(v)
end

local function payment(r, hook, pay, seat)
  local v = rawget(pay, seat)   -- (read raw, as jong score reads them)
  if v == nil then return 0 end
  local n = int_in(v, -INT32, INT32)
  if not n then bad(r, hook, "gave seat " .. seat .. " a payment of " .. short(v) .. " (an integer within +-2^31 is needed)") end
  return n
end

local function tile_list(r, hook, list)
  if list == nil then return nil end
  if type(list) ~= "table" then bad(r, hook, "returned a " .. type(list) .. ", not a list of tiles") end
  local out = {}
  for i, t in ipairs(list) do
    if type(t) ~= "string" or not jong.kind(t) or i > 200 then bad(r, hook, "returned a bad tile " .. short(t)) end
    out[i] = t
  end
  return out
end

local function reason_text(v)
  if type(v) == "string" then return #v > 1024 and v:sub(1, 1024) .. "... (cut)" or v end
  if type(v) == "number" then return tostring(v) end
  return nil
end

-- The engine's hooks over the ruleset's; `skip` names ruleset hooks this game need not
-- call (engine setting skip_hooks: their options are off).
local NEXT_DEAL_KEYS = { "dealer_keeps", "round", "honba", "match_over", "players" }
local NEXT_DEAL_KEY = {}
for _, k in ipairs(NEXT_DEAL_KEYS) do NEXT_DEAL_KEY[k] = true end

local function make_hooks(G, skip, views)
  local r = setmetatable({}, { __index = G.rules })
  for _, name in ipairs(skip or {}) do r[name] = false end
  local R = G.rules
  local hooks = {}
  local V   -- the hooks' view of the game (below), made with the engine's game
  function views.set(core)
    V = game_view(G, core)
    VIEW_OF[G] = V
    FAST_WIN_OF_VIEW[V] = { G.rules, fast_win_of(G.rules) or false }
  end
  -- A failing hook refuses the action it was asked about (the claimer's, not the
  -- discarder's); a hook that refuses nothing raises its message.
  local function call(name, what, ...)
    local ok, a, b, c = guarded(G, V, name, what, r[name], ...)
    if not ok then error(a, 0) end
    return a, b, c
  end
  -- (the engine's own test, not g:win_check: a hook may keep a field of that name in its view)
  -- (a situation the ruleset made invalid is its mistake: an error naming it, not a silent no)
  local function win_check(g, action)
    local ok, reason, invalid = jong.win_check(g, action)
    if invalid then error(reason, 0) end
    return ok, reason
  end
  -- A reason alone (`return "no chows"`) is a mistake, not a permission: the action is
  -- refused as by a hook that failed, saying what the hook should answer.
  -- So is nothing (a hook whose last `return true` is missing: every other action would be
  -- refused without a word).
  local function not_an_answer(name, action, text)
    return failed(G, name, action, r[name], (text == nil and "returned nothing" or "returned the string '"
      .. text:sub(1, 60) .. "'") .. ", not true, or false and the reason")
  end
  local ask_win = r.may_win or (r.score and not jong.every_complete_hand_wins(G.rules))
  -- A win's answers in one protected call: may_win's (the claiming exceptions), then, when
  -- it allows the win, score's through the win test; `asking` names the hook under way.
  local asking
  local function win_answers(v, action)
    local may_win = r.may_win
    if may_win then
      asking = "may_win"
      local allowed, reason = may_win(v, action)
      if type(allowed) == "string" or not allowed then return "may_win", allowed, reason end
    end
    if not r.score then return "may_win", true end
    asking = "score"
    return "score", win_check(v, action)
  end
  if r.may_claim or ask_win then
    function hooks.may_act(_, action)
      if action.type == "win" then
        local ok, who, a, b = xpcall(win_answers, with_traceback, V, action)
        if not ok then return failed(G, asking, action, asking == "may_win" and r.may_win or win_check, who) end
        if who == "may_win" then
          if type(a) == "string" or a == nil then return not_an_answer("may_win", action, a) end
          if not a then return false, reason_text(b) end
          return true
        end
        if b == nil then return a and true or false end   -- (no reason: no look at its type)
        return a and true or false, reason_text(b)
      end
      if not r.may_claim then return true end
      local ok, allowed, reason = guarded(G, V, "may_claim", action, r.may_claim, action)
      if not ok then return false, allowed end
      if type(allowed) == "string" or allowed == nil then return not_an_answer("may_claim", action, allowed) end
      if reason == nil then return allowed and true or false end
      return allowed and true or false, reason_text(reason)
    end
  end
  if r.allowed_discards then
    function hooks.allowed_discards(_, seat) return tile_list(R, "allowed_discards", call("allowed_discards", seat, seat)) end
  end
  if r.actions then
    local NO_ACTIONS = {}   -- (the engine only reads the answer)
    function hooks.extra_actions(_, seat)
      local list = call("actions", seat, seat)
      if list == nil then return nil end
      if type(list) ~= "table" then bad(R, "actions", "returned a " .. type(list) .. ", not a list of actions") end
      if list[1] == nil then return NO_ACTIONS end   -- (ipairs' first look: the list is empty)
      local out = {}
      for i, a in ipairs(list) do
        if type(a) ~= "table" or type(a.type) ~= "string" or (a.tile ~= nil and (type(a.tile) ~= "string" or not jong.kind(a.tile))) or i > 64 then
          bad(R, "actions", "returned a bad action (entry " .. i .. ": a table with a declaration's name as type and an optional tile)")
        end
        out[i] = { type = a.type, tile = a.tile }
      end
      return out
    end
  end
  if r.apply_action then
    function hooks.apply_extra(_, action)
      local e = call("apply_action", action, action)
      if e == nil then return nil end
      if type(e) ~= "table" then bad(R, "apply_action", "returned a " .. type(e) .. ", not a table") end
      local flags, deposit = int_in(e.set_flags or 0, 0, 0xffffffff), int_in(e.deposit or 0, -INT32, INT32)
      if not flags then bad(R, "apply_action", "returned set_flags " .. short(e.set_flags) .. " (flags are an integer of 32 bits)") end
      if not deposit then bad(R, "apply_action", "returned deposit " .. short(e.deposit) .. " (an integer within +-2^31)") end
      return { set_flags = flags, deposit = deposit, discard = e.discard and true or false, abort = e.abort and true or false }
    end
  end
  if r.special_complete then
    local special = r.special_complete
    -- (asked about every completion test: called plainly; an error is reported under the
    -- head below, which names the hook, the ruleset and the hook's file and line)
    -- (true, false or nil: a count answered, 0 included, would be true in Lua: every tile a wait)
    function hooks.special_complete(_, seat, concealed, nmelds)
      local v = special(V, seat, concealed, nmelds)
      if v == true then return true elseif v == false or v == nil then return false end
      error("returned a " .. type(v) .. " (" .. tostring(v):sub(1, 40) .. "), not true, false or nil", 0)
    end
    local info = getinfo and getinfo(special, "S")
    hooks.special_complete_failed = "hook special_complete of rules " .. tostring(r.name)
      .. (info and (" (" .. info.short_src .. ":" .. (info.linedefined or 0) .. ")") or "") .. " failed"
  end
  if r.score then
    -- A win's score, then its settle (as g:score_win), each guarded under its own name:
    -- an error in either names that hook, its file and line, and the win refused.
    local function settle_of(_, f, result)
      if not G.rules.settle then return { E = 0, S = 0, W = 0, N = 0 } end
      return G.rules.settle(f, result)
    end
    local function bad_settle(w, what)   -- a settle answer the engine cannot take
      local _, msg = failed(G, "settle", w, settle_of, what)
      error(msg, 0)
    end
    -- A win's score and settle in one protected call; `stage` names the one that failed.
    local stage
    local function score_and_settle(v, w, first)
      stage = "score"
      local result, f = win_score(v, w, first)
      stage = "settle"
      return result, f, settle_of(v, f, result)
    end
    -- the settlement's totals: read by the engine at once, so one table for the game's wins
    local total = { E = 0, S = 0, W = 0, N = 0, taken = 0, ledger = nil }
    function hooks.settle_win(_, wins)
      local seats = G:seats()
      total.E, total.S, total.W, total.N, total.taken, total.ledger = 0, 0, 0, 0, 0, nil
      local taken = 0
      local results = {}
      local n = #wins   -- (the engine's list; loops by index: no iterator calls)
      for i = 1, n do   -- each win knows the others on the same tile
        local co = {}
        for j = 1, n do if j ~= i then co[#co + 1] = wins[j].seat end end
        wins[i].co_winners = co
      end
      for i = 1, n do
        local w = wins[i]
        local ok, result, f, pay = xpcall(score_and_settle, with_traceback, V, w, i == 1)
        if not ok then
          local _, msg = failed(G, stage, w, stage == "score" and win_score or settle_of, result)
          error(msg, 0)
        end
        if type(pay) ~= "table" then
          bad_settle(w, "rules " .. tostring(R.name) .. ": hook settle returned a " .. type(pay) .. ", not a payments table")
        end
        local key_problem = payment_key_problem(pay)
        if key_problem then bad_settle(w, "rules " .. tostring(R.name) .. ": hook settle " .. key_problem) end
        local sum, checked = 0, { E = 0, S = 0, W = 0 }
        for k = 1, #seats do
          local s = seats[k]
          local p = rawget(pay, s)   -- (read raw, as jong score reads them)
          if math_type(p) ~= "integer" or p < -INT32 or p > INT32 then
            local fine, v = pcall(payment, R, "settle", pay, s)
            if not fine then bad_settle(w, v) end
            p = v
          end
          checked[s] = p
          local t = total[s] + p
          if t < -INT32 or t > INT32 then bad(R, "settle", "makes seat " .. s .. "'s payments overflow") end
          total[s], sum = t, sum + p
        end
        taken = taken + sum
        -- kong money the win moved or refunded (result.kong_ledger, set by settle): it
        -- leaves that seat's ledger (g:kong_income)
        local kl = type(result) == "table" and result.kong_ledger
        if type(kl) == "table" then
          total.ledger = total.ledger or { seat = kl.seat, E = 0, S = 0, W = 0, N = 0 }
          if kl.seat ~= total.ledger.seat then bad(R, "settle", "moves the kong money of two seats in one settlement") end
          for _, s in ipairs(SEATS) do
            local v = kl[s] or 0
            if not int_in(v, 0, INT32) then bad(R, "settle", "returned a bad kong_ledger amount for " .. s) end
            total.ledger[s] = total.ledger[s] + v
          end
        end
        -- (kept as a plain copy: a rule that kept the table it returned may change it later)
        local copied, copy = pcall(plain_copy, result, "the result of hook score", VIEWS, JSON_MARK)
        if not copied then
          local _, msg = failed(G, "score", w, win_score, copy)
          error(msg, 0)
        end
        result = copy
        results[i] = { seat = w.seat, result = result, payments = checked }
      end
      -- (a sum of integers: only its range needs a look)
      if taken < -INT32 or taken > INT32 then bad(R, "settle", "makes the payments' total overflow") end
      -- the payments balance, but for the deposits on the table a winner takes
      local deposits = G.core:brief("deposits")
      if taken < 0 or taken > deposits then
        bad_settle(wins[1], "rules " .. tostring(R.name) .. ": hook settle's payments sum to " .. taken
          .. ", not 0 (or the deposits on the table, " .. deposits .. ")")
      end
      total.taken = taken
      G.last_results = results
      return total
    end
  end
  if r.settle_draw then
    function hooks.settle_draw(_, kind, reason)
      local pay = call("settle_draw", nil, kind, reason)
      if type(pay) ~= "table" then bad(R, "settle_draw", "returned a " .. type(pay) .. ", not a payments table") end
      local key_problem = payment_key_problem(pay)
      if key_problem then bad(R, "settle_draw", key_problem) end
      local seats, out = G:seats(), { E = 0, S = 0, W = 0, N = 0, taken = 0 }
      for k = 1, #seats do out[seats[k]] = payment(R, "settle_draw", pay, seats[k]) end
      out.taken = payment(R, "settle_draw", pay, "taken")
      return out
    end
  end
  if r.settle_kong then
    function hooks.settle_kong(_, seat)
      local pay = call("settle_kong", nil, seat)
      if type(pay) ~= "table" then bad(R, "settle_kong", "returned a " .. type(pay) .. ", not a payments table") end
      local key_problem = payment_key_problem(pay)
      if key_problem then bad(R, "settle_kong", key_problem) end
      local seats, out = G:seats(), { E = 0, S = 0, W = 0, N = 0, taken = 0 }
      for k = 1, #seats do out[seats[k]] = payment(R, "settle_kong", pay, seats[k]) end
      return out
    end
  end
  if r.check_abort then
    function hooks.check_abort()
      local v = call("check_abort", nil)
      if v == nil or v == false then return nil end
      return reason_text(v) or bad(R, "check_abort", "returned a " .. type(v) .. " (the draw's name, a string, or nil)")
    end
  end
  if r.next_deal then
    function hooks.next_deal()
      local d = call("next_deal", nil)
      if type(d) ~= "table" then bad(R, "next_deal", "returned a " .. type(d) .. ", not a table") end
      for k in next, d do   -- (a misspelt key, dealer_keep, would pass the deal without a word)
        if not NEXT_DEAL_KEY[k] then
          bad(R, "next_deal", "returned " .. jong.schema.unknown("key", k, NEXT_DEAL_KEYS)
            .. " (dealer_keeps, round, honba, match_over, players)")
        end
      end
      for _, k in ipairs { "dealer_keeps", "match_over" } do
        if d[k] ~= nil and type(d[k]) ~= "boolean" then
          bad(R, "next_deal", "returned " .. k .. " " .. short(d[k]) .. " (true or false)")
        end
      end
      local round = d.round
      if round ~= nil and not jong.seat_index(round) then bad(R, "next_deal", "returned round " .. short(round) .. " (E, S, W or N)") end
      local honba = int_in(d.honba or 0, 0, 255)
      if not honba then bad(R, "next_deal", "returned honba " .. short(d.honba) .. " (an integer 0-255)") end
      local players = d.players
      if players ~= nil then players = private.plain(players, "the result of hook next_deal") end
      -- (as values, not a table: dealer_keeps, round, honba, match_over, players)
      return d.dealer_keeps and true or false, round, honba, d.match_over and true or false, players
    end
  end
  return hooks
end

-- The engine settings of resolved options, made once (read-only once made).
local engine_cache = setmetatable({}, { __mode = "k" })

-- jong.game{rules = "base", seed = 1, options = {...}, wall = {front = "...", back = "..."}}
-- -> a game, or nil, reason.
function jong.game(o)
  o = o or {}
  local r, err = jong.load_rules(o.rules or jong.default_rules())
  if not r then return nil, err end
  local options
  options, err = jong.resolve_options(r, o.options)
  if not options then return nil, err end
  local G = setmetatable({ rules = r, options = options, seed = o.seed or 1, redo_stack = {} }, Game)
  -- how to make this game again (a saved game's first line)
  G.made = { rules = o.rules or jong.default_rules(), seed = G.seed, options = o.options, wall = o.wall }
  local engine = engine_cache[options]   -- resolved options belong to one ruleset
  if not engine then
    local ok
    ok, engine = private.pcall_limited("the engine settings of " .. r.name, plain_settings, r, options)
    if not ok then return nil, jong.first_line(engine) end
    engine_cache[options] = engine
  end
  local ok
  local core
  local views = {}
  ok, core, err = pcall(jong.game_new, engine, make_hooks(G, engine.skip_hooks, views), G.seed)
  if not ok then return nil, jong.first_line(core) end
  if not core then return nil, err end
  G.core = core
  if G.hook_error then note_hook_failure(core) end   -- a hook failed as the game began
  G.nplayers = engine.players or 4   -- (the engine's default)
  views.set(core)
  if o.wall then
    ok, err = G:stack(o.wall.front or o.wall[1], o.wall.back or o.wall[2])
    if not ok then return nil, err end
  end
  return G
end

-- The default variant: classical when it loads, else base.
function jong.default_rules()
  if jong.load_rules("classical") then return "classical" end
  return "base"
end

function Game:stack(front, back)
  local ok, a, b = pcall(self.core.stack, self.core, front, back)
  if not ok then return nil, jong.first_line(a) end
  return a, b
end

-- g:stack_deal(n, front, back), or g:stack_deal(n, {hands =, draws =, back =}) as
-- jong.scenario's: the wall of the match's deal n (2 = the second deal played, whatever
-- its round) is this one when that deal begins, also when the match is replayed (undo).
-- Only before the deal begins (at the end of the deal before, in a scenario test).
-- Returns true, or nil, reason. (Defined below deal_front.)
local stack_deal
function Game:stack_deal(n, front, back) return stack_deal(self, n, front, back) end

-- The state as a table; the same table until the state changes (read it, do not
-- change it), so hooks that look at it several times per decision cost one build.
function Game:state()
  local v = self.core:version()
  if self.state_version ~= v then
    self.state_cache, self.state_version = self.core:state(), v
  end
  return self.state_cache
end
function Game:waiting() return self.core:waiting() end
-- The seats at the table, in turn order: {"E", "S", "W"} with three players.
function Game:seats()
  if not self.seat_list then
    local n = self.nplayers or self.core:state().players
    self.seat_list = table.move(SEATS, 1, n, 1, {})
  end
  return self.seat_list
end
-- {discards, melds, flags, points, player} of a seat, without building the state
-- (g:seat_summary(seat, "flags", ...): the values of those fields, without a table).
function Game:seat_summary(seat, ...) return self.core:seat_summary(seat, ...) end
-- One seat's table as in g:state().seats, built alone.
function Game:seat(seat) return self.core:seat(seat) end
-- {phase, turn, drawable, round, honba, deposits, deal, deal_in_round}, without
-- building the state (g:brief("round", ...): the values of those fields, without a table).
function Game:brief(...) return self.core:brief(...) end
-- {payer = amount}: the kong money the seat received in this deal (hook settle_kong).
function Game:kong_income(seat) return self.core:kong_income(seat) end
function Game:waits(seat) return self.core:waits(seat) end
-- The same kinds as bits (bit k: kind k, "1m" = 0 ... "7z" = 33), to test against
-- seat_summary's discarded and missed without a table.
function Game:wait_mask(seat) return self.core:wait_mask(seat) end
-- Frees the engine's game now (a program playing many games need not wait for the
-- collector); any later use of the game raises an error.
function Game:close() self.core:close() end
function Game:legal(seat) return self.core:legal(seat) end
function Game:check() return self.core:check() end
function Game:events(first)
  local out = {}
  -- (the engine makes the tables; a line it gives as text is decoded here)
  for i, e in ipairs(self.core:event_tables(first)) do out[i] = type(e) == "string" and jong.json_decode(e) or e end
  return out
end

-- The events of the current deal only (from its deal_start on), a new list once per
-- state. Events only grow while g.core:rewrites() stays, so those of the same deal
-- decoded before are kept and only the newer ones are decoded.
function Game:deal_events()
  local st = self:state()
  if self.deal_events_version ~= self.state_version then
    local old, first, rewrites = self.deal_events_cache, st.deal_event, self.core:rewrites()
    local list
    if old and self.deal_events_first == first and self.deal_events_rewrites == rewrites
       and first + #old - 1 <= st.events then
      list = table.move(old, 1, #old, 1, {})
      for _, e in ipairs(self:events(first + #old)) do list[#list + 1] = e end
    else
      list = self:events(first)
    end
    self.deal_events_cache, self.deal_events_version = list, self.state_version
    self.deal_events_first, self.deal_events_rewrites = first, rewrites
  end
  return self.deal_events_cache
end
function Game:log_json() return table.concat(self.core:actions(), "\n") .. "\n" end

local ALIASES = { d = "discard", discard = "discard", c = "chow", chow = "chow", chi = "chow",
  chee = "chow", p = "pung", pung = "pung", pong = "pung", pon = "pung", k = "kong", kong = "kong",
  kan = "kong", w = "win", win = "win", hu = "win", ron = "win", tsumo = "win", mahjong = "win",
  x = "pass", pass = "pass", n = "next", next = "next" }

-- Finds the legal action a short text names ("d 5m", "chow 3m", "pung", "kong 5p",
-- "win", "riichi 5m", "pass", "next"). Returns the action or nil, reason.
function Game:parse_action(seat, text)
  local word, tile = text:match("^%s*(%S+)%s*(%S*)%s*$")
  if not word then return nil, "say what to play: discard 5m, chow 3m, pung, kong 5p, win, pass" end
  local kind = ALIASES[word:lower()] or word:lower()
  tile = tile ~= "" and tile or nil
  -- before play: "pass 1m2m3m" (or "exchange 123m") passes three tiles, "declare p"
  if (kind == "pass" or kind == "exchange") and tile and #(jong.tiles(tile) or {}) == 3 then
    return { type = "exchange", seat = seat, tiles = table.concat(jong.tiles(tile)) }
  end
  if kind == "declare" then return { type = "declare", seat = seat, suit = tile } end
  if tile and not jong.kind(tile) then return nil, "bad tile '" .. tile .. "'" end
  local matches = {}
  for _, a in ipairs(self:legal(seat)) do
    local t = a.type
    local same_kind = t == kind or (kind == "kong" and (t == "kong_concealed" or t == "kong_promoted"))
    if same_kind and (not tile or a.tile == tile or a.chow == tile
        or (jong.kind_of(a.tile or "") == tile)) then
      matches[#matches + 1] = a
    end
  end
  if #matches >= 1 then return matches[1] end
  local guess = { type = kind == "kong" and "kong" or kind, seat = seat, tile = tile }
  if kind == "chow" and tile then guess.chow = tile end
  return guess
end

-- g:play_log(text) -> true, or nil, "line N: reason": plays every action of a log (JSON
-- lines, as g:log_json() writes them), stopping at the first refused one.
function Game:play_log(text)
  local i = 0
  for line in text:gmatch("[^\n]+") do
    i = i + 1
    local a = jong.json_decode(line)
    if type(a) ~= "table" then return nil, "line " .. i .. ": bad JSON" end
    local ok, err = self:play(a.seat, a)
    if not ok then return nil, "line " .. i .. ": " .. tostring(err) end
  end
  return true
end

-- g:play(seat, "d 5m" or an action table) -> true, or nil, "seat S cannot ...".
function Game:play(seat, action)
  local ok, err
  if type(action) == "string" then
    action, err = self:parse_action(seat, action)
    if not action then return nil, "seat " .. seat .. ": " .. err end
  end
  action.seat = action.seat or seat
  self.hook_error = nil
  ok, err, action = pcall(self.core.apply, self.core, action)
  -- a hook's error: its whole message (the engine's copy is cut to fit)
  if not ok then return nil, self.hook_error or jong.first_line(err) end
  if not err then return nil, self.hook_error or action end
  self.redo_stack = {}
  return true
end

-- Takes back the last n actions (default 1; fewer when there are fewer) with one
-- replay, so that taking back a whole game costs what playing it did. Returns how many
-- were taken back, or nil, reason.
function Game:undo(n)
  n = n or 1
  local lines = self.core:actions()
  if #lines == 0 then return nil, "nothing to undo" end
  if n > #lines then n = #lines end
  local ok, err = self.core:replay(#lines - n)
  if not ok then return nil, err end
  for i = #lines, #lines - n + 1, -1 do
    self.redo_stack[#self.redo_stack + 1] = jong.json_decode(lines[i])
  end
  return n
end

function Game:redo()
  local a = table.remove(self.redo_stack)
  if not a then return nil, "nothing to redo" end
  local keep = self.redo_stack
  local ok, err = self:play(a.seat, a)
  self.redo_stack = keep
  return ok, err
end

-- After a deal has ended: did the dealer (East) win, was it a draw?
function Game:deal_outcome()
  local result, w1, w2, w3 = self.core:outcome()
  local winners = { w1, w2, w3 }
  return { dealer_won = w1 == "E" or w2 == "E" or w3 == "E", drawn = result == "exhaustive" or result == "abortive",
    result = result, winners = winners }
end

local NEXT_WIND = { E = "S", S = "W", W = "N", N = "E" }

-- The usual rotation, for next_deal hooks: with `keep` the dealer keeps the deal (with
-- `honba` counters); else the deal passes, the round wind advancing when it comes back
-- to the round's first dealer (its fourth pass), and the match ends after `rounds` winds.
function Game:rotation(keep, rounds, honba)
  local b = self.core:brief()
  local round, passes = b.round, b.deal_in_round
  if keep then return { dealer_keeps = true, round = round, honba = honba or 0, match_over = false } end
  if passes == 3 then   -- the deal passes back to the round's first dealer
    if jong.seat_index(round) >= rounds then
      return { dealer_keeps = false, round = round, honba = 0, match_over = true }
    end
    round = NEXT_WIND[round]
  end
  return { dealer_keeps = false, round = round, honba = 0, match_over = false }
end

-- The action a built-in player would take: kind "default" (plays for value, defends;
-- the default), "greedy" or "random".
function Game:bot(seat, kind) return self.core:bot(seat, kind or "default", self) end

-- Lets built-in players answer for every waiting seat not in `humans` (a set of
-- seats) until a human must act or the match ends. Returns the number of actions.
function Game:run_bots(humans, kind, limit)
  local n = 0
  limit = limit or 100000
  while n < limit do
    local moved = false
    for _, seat in ipairs(self:waiting()) do
      if not (humans and humans[seat]) then
        local a = self:bot(seat, kind)
        if a then
          local ok, err = self:play(seat, a)
          if not ok then return nil, err end
          n, moved = n + 1, true
          break
        end
      end
    end
    if not moved then break end
  end
  return n
end

-- The payments of the latest settlement: {E=, S=, W=, N=} (nil before any).
function Game:last_payments()
  local lines = self.core:events()
  for i = #lines, 1, -1 do
    if lines[i]:find('"type":"settle"', 1, true) then return jong.json_decode(lines[i]).payments end
  end
end

-- Plays a list of moves: { {"E", "d 1z"}, {"S", "pung"}, ... }. Returns true, or nil and
-- "move 3 (S pung): the reason" (so assert(g:run{...}) shows why), and the move's number.
function Game:run(moves)
  for i, m in ipairs(moves) do
    local ok, err = self:play(m[1], m[2])
    if not ok then
      local what = type(m[2]) == "table" and describe(m[2]) or (tostring(m[1]) .. " " .. tostring(m[2]))
      return nil, "move " .. i .. " (" .. what .. "): " .. tostring(err), i
    end
  end
  return true
end

-- The first tiles dealt, in the order the engine deals them, from the seats' hands:
-- `size` tiles each (13, or 16 for five sets and a pair), the dealer one more.
local function deal_front(order, hands, players, size)
  local tiles, seats = {}, table.move(SEATS, 1, players or 4, 1, {})
  for _, seat in ipairs(seats) do
    local list, err = jong.tiles(hands[seat] or "")
    if not list then return nil, "hand of " .. seat .. ": " .. err end
    local want = seat == "E" and size + 1 or size
    if #list ~= want then
      return nil, "hand of " .. seat .. " has " .. #list .. " tiles; it is dealt " .. want
    end
    tiles[seat] = list
  end
  local passes = {}
  if order == "seat" then
    for i = 1, 4 do
      passes[i] = { 0, 0, 0, 0 }
      passes[i][i] = size
    end
  else
    for _ = 1, size // 4 do passes[#passes + 1] = { 4, 4, 4, 4 } end
    if size % 4 > 0 then passes[#passes + 1] = { size % 4, size % 4, size % 4, size % 4 } end
  end
  passes[#passes + 1] = { 1, 0, 0, 0 }
  local front, taken = {}, { E = 0, S = 0, W = 0, N = 0 }
  for _, pass in ipairs(passes) do
    for i, seat in ipairs(seats) do
      for _ = 1, pass[i] do
        taken[seat] = taken[seat] + 1
        front[#front + 1] = tiles[seat][taken[seat]]
      end
    end
  end
  return table.concat(front)
end

stack_deal = function(g, n, front, back)
  if math.type(n) ~= "integer" or n < 2 then
    return nil, "stack_deal: deal " .. tostring(n) .. " is not 2 or later (g:stack stacks the first deal)"
  end
  local begun = g:state().deal + 1
  if n <= begun then
    return nil, ("stack_deal: deal %d has begun (this is deal %d): a deal is stacked before it begins"):format(n, begun)
  end
  if type(front) == "table" then
    local spec = front
    local settings = jong.engine_settings(g.rules, g.options)
    local err
    front, err = deal_front(settings.deal_order, spec.hands or {}, settings.players,
                            3 * (settings.hand_sets or 4) + 1)
    if not front then return nil, "stack_deal: deal " .. n .. ": " .. err end
    front, back = front .. (spec.draws or ""), spec.back
  end
  local ok, done, why = pcall(g.core.stack_deal, g.core, n - 1, front, back)
  if not ok then return nil, "stack_deal: deal " .. n .. ": " .. jong.first_line(done) end
  if not done then return nil, "stack_deal: deal " .. n .. ": " .. tostring(why) end
  return true
end

-- jong.scenario{rules=, options=, seed=, hands = {E = "14 tiles", S = ..., W = ..., N = ...}
-- (17 and 16 where a hand is five sets and a pair),
-- draws = "tiles drawn after the deal, in order", back = "loose tiles in order (dead wall
-- index 0 first)"} -> a game whose first deal is exactly that, or nil, reason. The
-- dealer's last tile is his first draw; bonus tiles in a hand are replaced from `back` (or
-- the head, as the ruleset says).
function jong.scenario(o)
  local r, err = jong.load_rules(o.rules or "base")
  if not r then return nil, err end
  local options
  options, err = jong.resolve_options(r, o.options)
  if not options then return nil, err end
  local settings = jong.engine_settings(r, options)
  local front
  front, err = deal_front(settings.deal_order, o.hands or {}, settings.players,
                          3 * (settings.hand_sets or 4) + 1)
  if not front then return nil, err end
  return jong.game { rules = o.rules or "base", options = o.options, seed = o.seed,
    wall = { front = front .. (o.draws or ""), back = o.back } }
end

-- jong.replay(text, o) -> a game after applying every action of a log (JSON lines,
-- as g:log_json() writes them) to a new game made with o (rules, seed, options, wall).
function jong.replay(text, o)
  local g, err = jong.game(o)
  if not g then return nil, err end
  local ok, perr = g:play_log(text)
  if not ok then g:close(); return nil, perr end
  return g
end

return jong
