-- The ruleset schema: every declarative field and every hook a ruleset may have, with its
-- type and allowed values. It drives the check made when a ruleset loads, the errors
-- (with the nearest known name), the situation fields `jong score` accepts, and the
-- field and hook reference in docs/hooks.md (`jong.schema_markdown()`).
-- Called once with the module table.
local jong, private = ...

local S = {}

local FORMS = { "standard", "seven_pairs", "thirteen_orphans" }
local CLAIMS = { "chow", "pung", "kong", "win" }
local PRECEDENCE_KEYS = { "win", "kong", "pung", "chow", "pass", "draw" }

-- The hooks: name, arguments, what it answers (docs/hooks.md has the whole contract).
S.hooks = {
  { "score", "f", "the value of a hand: {wins=, value=, items=, limit=}, or nil, reason" },
  { "settle", "f, result", "the payments of a win: {E=, S=, W=, N=}" },
  { "may_claim", "g, action", "true, or false and the reason a chow, pung or kong is refused" },
  { "may_win", "g, action", "true, or false and the reason: the claiming exceptions of a win" },
  { "allowed_discards", "g, seat", "nil (all), or the list of tiles the seat may discard" },
  { "actions", "g, seat", "the declarations the seat in turn may make: `{ {type = \"kita\", tile = \"4z\"}, {type = \"kyuushu\"} }`; one without a tile is offered, logged and told without one" },
  { "apply_action", "g, action", "the effect of a declaration" },
  { "special_complete", "g, seat, concealed, nmelds", "true for an irregular complete hand" },
  { "situation", "g, win, s", "adds to the situation of a win in play (flags, indicators)" },
  { "win_situation", "g, win", "the situation the win test scores (default g:situation)" },
  { "settle_draw", "g, kind, reason", "the payments of a drawn deal" },
  { "settle_kong", "g, seat", "payments during the deal when seat declares a kong (kong money); the engine keeps each payer's share (g:kong_income)" },
  { "check_abort", "g", "the name of an abortive draw, or nil" },
  { "next_deal", "g", "{dealer_keeps=, round=, honba=, match_over=}" },
  { "configure", "options, rules", "engine settings computed from the options; rules: the ruleset in play (a child, whose fields the parent's configure reads)" },
  { "final_ranking", "points, options", "the final ranking of a match, first to last: `{ {player =, points =, rank =, uma =, total =, table_points =}, ...}` (uma, total, table_points optional); points: each player's points, 1 the first dealer; the REPL shows it at the match's end" },
  { "score_event", "situation, options, rules", "a variant event that is not a win (Sichuan's kong money); rules: the ruleset in play" },
  { "bot_targets", "(none)", "the default bot's targets: {item =, points =, chow =, tiles = {three lowest tiles}}, three sets that make a scoring item (MCR); points a positive integer, a chow's tile a suited 1-7, else an error" },
}
local HOOK = {}
for _, h in ipairs(S.hooks) do HOOK[h[1]] = h end
local misplaced_first   -- (below)

-- The engine settings (`engine = {...}` or what `configure` returns); docs/hooks.md.
S.engine = { "bonus", "reds", "dead_size", "dead_policy", "claims", "precedence", "multi_win",
  "forms", "start_points", "rounds", "extras", "ask", "side", "dice", "second_throw", "reserve",
  "deal_order", "bonus_source", "kong_source", "dead_empty_draw", "rob_promoted",
  "rob_concealed_thirteen", "rob_concealed_any", "kong_after_claim", "win_after_claim",
  "max_kongs", "last_discard", "dora_first", "dora_step", "kong_dora_after_discard",
  "lock_flags", "claim_lock_flags", "kuikae", "no_kong_on_last_tile", "promote_after_claim",
  "special_concealed_only", "random_seats", "dead_from_dice", "flat_win", "skip_hooks",
  "declarations", "players", "absent", "chow_from", "no_meld", "set_aside",
  "flower_wins", "flower_win_at", "exchange", "exchange_same_suit", "declare_missing", "discard_missing_first" }
local ENGINE = {}
for _, k in ipairs(S.engine) do ENGINE[k] = true end

---------------------------------------------------------------------------
-- Value checks: each returns nil when fine, else what is wrong.

-- A value as an error shows it: a string (cut) or a number, else its type (a table's
-- address is no help, and differs from run to run).
local function shown(x)
  if type(x) == "string" then return #x > 40 and x:sub(1, 40) .. "..." or x end
  if type(x) == "number" or type(x) == "boolean" then return tostring(x) end
  return "a " .. type(x)
end

local function one_of(list)
  local set = {}
  for _, v in ipairs(list) do set[v] = true end
  return function(v)
    if not set[v] then
      local names = {}
      for i, x in ipairs(list) do names[i] = tostring(x) end
      return "cannot be " .. shown(v) .. " (" .. table.concat(names, ", ") .. ")"
    end
  end
end

local function typed(ty)
  return function(v) if type(v) ~= ty then return "must be a " .. ty .. ", not a " .. type(v) end end
end

local function whole(v)
  if math.type(v) ~= "integer" then return "must be a whole number" end
end

local function list_of(each)
  return function(v)
    if type(v) ~= "table" then return "must be a list" end
    for i, x in ipairs(v) do
      local bad = each(x)
      if bad then return "entry " .. i .. " (" .. shown(x) .. ") " .. bad end
    end
  end
end

local distance = private.name_distance   -- Levenshtein, cut at a limit (lua/module.c)
local sorted_keys = private.sorted_keys   -- keys in a fixed order (lua/prelude.lua)

-- The nearest of `names` to `name` within distance 2, or nil.
local function nearest(name, names)
  if type(name) ~= "string" then return nil end   -- (a number or table key is near no name)
  local best, best_d
  for _, n in ipairs(names) do
    -- (names whose lengths differ by more than 2 are farther: no distance to compute)
    if #name - #n <= 2 and #n - #name <= 2 then
      local d = distance(name, n, 2)
      if d <= 2 and (not best_d or d < best_d) then best, best_d = n, d end
    end
  end
  return best
end
S.nearest = nearest

local function unknown(what, name, names)
  local near = nearest(name, names)
  return "unknown " .. what .. " '" .. tostring(name) .. "'" .. (near and ("; did you mean '" .. near .. "'?") or "")
end
S.unknown = unknown

local function keys_in(list, what)
  return function(v)
    if type(v) ~= "table" then return "must be a table" end
    for _, k in ipairs(sorted_keys(v)) do   -- (the least unknown key: the same in every run)
      local found = false
      for _, n in ipairs(list) do found = found or n == k end
      if not found then return unknown(what, k, list) end
    end
  end
end

local function precedence(v)
  local bad = keys_in(PRECEDENCE_KEYS, "precedence key")(v)
  if bad then return bad end
  for k, x in pairs(v) do
    if type(x) ~= "number" then return "'" .. k .. "' must be a number" end
  end
end

local function dead_wall(v)
  if type(v) ~= "table" then return "must be {size = n, policy = ...}" end
  local bad = keys_in({ "size", "policy" }, "dead_wall key")(v)
  if bad then return bad end
  if v.size ~= nil and whole(v.size) then return "size " .. whole(v.size) end
  if v.policy ~= nil then
    bad = one_of { "fixed", "not_replenished", "none" }(v.policy)
    if bad then return "policy " .. bad end
  end
end

local function red_fives(v)
  if type(v) == "table" then return list_of(whole)(v) end
  return one_of { 0, 3, 4 }(v)
end
local OPTION_KEYS, OPTION_KEY = { "default", "doc", "values", "types", "presets" }, { default = true, doc = true, values = true, types = true, presets = true }
local function option_registry(v)
  if type(v) ~= "table" then return "must be a table name -> {default =, doc =}" end
  for _, name in ipairs(sorted_keys(v)) do   -- (the first bad option by name: the same in every run)
    local spec = v[name]
    if type(spec) ~= "table" then return "option '" .. tostring(name) .. "' must be {default =, doc =}" end
    for _, k in ipairs(sorted_keys(spec)) do if not OPTION_KEY[k] then   -- (keys_in(OPTION_KEYS, ...), its message made for an error only)
      return unknown("key of option '" .. tostring(name) .. "'", k, OPTION_KEYS) end end
    if spec.presets ~= nil and type(spec.presets) ~= "table" then
      return "option '" .. tostring(name) .. "': presets must be a table value -> {option = value, ...}"
    end
  end
end

local function engine_table(v)
  if type(v) ~= "table" then return "must be a table of engine settings" end
  for _, k in ipairs(sorted_keys(v)) do
    if not ENGINE[k] then return unknown("engine setting", k, S.engine) end
  end
end

local function fast_win(v)
  if type(v) ~= "table" then return "must be {depends = {...}, test = function}" end
  local bad = keys_in({ "depends", "test", "every_complete_hand", "any_win" }, "fast_win key")(v)
  if bad then return bad end
  if v.any_win ~= nil and type(v.any_win) ~= "boolean" then return "any_win must be a boolean" end
  if v.test ~= nil and type(v.test) ~= "function" then return "test must be a function" end
end

-- The declarative fields: name, check, meaning. Fields the loader sets (path, parent,
-- flag_set, default_options, form_set) are listed as such: a rule file does not give them
-- (its own default_options would be taken as its options resolved, unchecked).
S.fields = {
  { "name", typed "string", "the ruleset's name" },
  { "extends", typed "string", "the parent ruleset (a name or a path)" },
  { "option_prefix", typed "string", "JSON option keys may carry this prefix" },
  { "version", typed "string", "the version of the rules it follows" },
  { "forms", list_of(one_of(FORMS)), "the complete shapes the core tests: " .. table.concat(FORMS, ", ") },
  { "flags", list_of(typed "string"), "the situation flags `jong score` accepts" },
  { "situation_fields", list_of(typed "string"), "extra situation fields its score reads (Classical: losers, dead)" },
  { "options", option_registry, "the option registry: name -> {default =, doc =, values =, types =, presets =}" },
  { "tiles", whole, "144: the set with bonus tiles" },
  { "bonus_tiles", typed "boolean", "the 144-tile set with f1-f4, g1-g4" },
  { "red_fives", red_fives, "0, 3, 4 or {m, p, s}" },
  { "dead_wall", dead_wall, "{size = n, policy = \"fixed\" | \"not_replenished\" | \"none\"}" },
  { "claims", list_of(one_of(CLAIMS)), "the claims allowed on a discard: " .. table.concat(CLAIMS, ", ") },
  { "precedence", precedence, "claim precedence by kind: " .. table.concat(PRECEDENCE_KEYS, ", ") },
  { "multiple_winners", one_of { true, false, "all", "nearest", "double_only" }, "several wins on one discard" },
  { "starting_points", typed "number", "each player's points at the start" },
  { "rounds", whole, "winds played in a match" },
  { "max_kongs", whole, "kongs in a deal" },
  { "hand_size", one_of { 13, 16 }, "tiles in a hand (13, or 16 for five sets and a pair)" },
  { "players", one_of { 2, 3, 4 }, "seats at the table (E S W N in turn order)" },
  { "absent_tiles", typed "string", "kinds the tile set lacks, in notation (sanma: \"2345678m\")" },
  { "extras", list_of(typed "string"), "names of the declarations `actions` may offer" },
  { "engine", engine_table, "engine settings given directly (see below)" },
  { "fast_win", fast_win, "a fast path of score's wins in play, valid while `depends` holds" },
  { "helpers", typed "table", "functions and data for rulesets that extend this one" },
  { "items", typed "table", "the scoring items: {id =, name = as the spec names it, value =, unit =, test =}" },
  { "flower_wins", typed "boolean", "a win by flowers alone (win_by \"flowers\") is a situation" },
  { "play_after_win", typed "boolean", "a winner leaves the deal and the others play on (Sichuan)" },
  -- data of one family, read by its own hooks (and its children's)
  { "yaku", typed "table", "Japanese: the yaku list score reads" },
  { "riichi_deposit", whole, "Japanese: the riichi stake" },
  { "noten_total", whole, "Japanese: the noten payments in all" },
  { "west_target", whole, "Japanese: the points that end a West extension" },
  { "dora_of", typed "table", "Japanese: indicator -> dora, when not the usual order (sanma: 1m -> 9m)" },
  { "qualifications", typed "table", "Classical: Mah Jong qualification by game type" },
  { "presets", typed "table", "Classical: the §21 presets, overrides of the items by id" },
  { "special_hands", typed "table", "Classical: the irregular hands of option extra_special_hands, by its value" },
  { "exhaust_threshold", whole, "IMS: tiles an ordinary draw needs" },
  { "elements", typed "table", "MCR: the element table score reads; a child changes values with its own (helpers.elements_with)" },
  -- set by the loader
  { "path", typed "string", "(set by the loader) the file", loader = true },
  { "parent", typed "table", "(set by the loader) the parent ruleset", loader = true },
  { "flag_set", typed "table", "(set by the loader) the flags as a set", loader = true },
  { "default_options", typed "table", "(set by the loader) the resolved defaults", loader = true },
  { "form_set", typed "table", "(set by the loader) the forms as a set", loader = true },
}
local FIELD, FIELD_NAMES, HOOK_NAMES = {}, {}, {}
for _, f in ipairs(S.fields) do FIELD[f[1]] = f; FIELD_NAMES[#FIELD_NAMES + 1] = f[1] end
for _, h in ipairs(S.hooks) do HOOK_NAMES[#HOOK_NAMES + 1] = h[1] end
local ALL_NAMES = {}
for _, n in ipairs(FIELD_NAMES) do ALL_NAMES[#ALL_NAMES + 1] = n end
for _, n in ipairs(HOOK_NAMES) do ALL_NAMES[#ALL_NAMES + 1] = n end

-- A hook whose first parameter bears the name of a later argument (`may_claim(action)`,
-- `settle(result)`): the game or the facts were forgotten, and the hook reads its argument's
-- fields on the wrong table (nil: a silent wrong answer). The message, or nil.
local HOOK_ARGS = {}
for _, h in ipairs(S.hooks) do
  local args = {}
  for a in h[2]:gmatch("[%w_]+") do args[#args + 1] = a end
  HOOK_ARGS[h[1]] = args
end
function misplaced_first(name, fn)   -- (the local declared above)
  local first = debug and debug.getlocal(fn, 1)
  local args = HOOK_ARGS[name]
  for i = 2, #args do
    if first == args[i] then
      return "hook '" .. name .. "' takes (" .. table.concat(args, ", ") .. "): its first parameter is named '"
        .. first .. "', the " .. (i == 2 and "second" or "third") .. " argument"
    end
  end
end

-- jong.check_ruleset(r) -> true, or nil and what is wrong ("unknown hook 'may_wins'; did
-- you mean 'may_win'?") and, for a function, the line it starts on. Checks the ruleset's own fields (not the parent's: they were
-- checked when it loaded). A function that is no hook is a helper for children, unless its
-- name is within 2 edits of a hook's (a typo that would never run); any other value must
-- be a known field with a fine value. Helpers are better kept in locals or in `helpers`.
function jong.check_ruleset(r)
  local keys = {}
  for k in next, r do
    if type(k) ~= "string" then return nil, "a ruleset's keys are names, not " .. type(k) .. "s" end
    keys[#keys + 1] = k
  end
  table.sort(keys)   -- (the first fault by name: the same in every run)
  for _, k in ipairs(keys) do
    local v = rawget(r, k)
    if type(v) == "function" then
      local misplaced = HOOK[k] and misplaced_first(k, v)
      if misplaced then return nil, misplaced, debug.getinfo(v, "S").linedefined end
      if not HOOK[k] then
        local near = nearest(k, HOOK_NAMES)
        if near then   -- (with the line the function starts on)
          local info = debug and debug.getinfo(v, "S")
          return nil, "unknown hook '" .. k .. "'; did you mean '" .. near .. "'?", info and info.linedefined
        end
      end
    elseif HOOK[k] then
      if v ~= false then return nil, "hook '" .. k .. "' must be a function, not a " .. type(v) end
    else
      local field = FIELD[k]
      if not field then return nil, unknown("field", k, ALL_NAMES) end
      if field.loader then return nil, "field '" .. k .. "' is set by the loader, not by a rule file" end
      local bad = field[2](v)
      if bad then return nil, "field '" .. k .. "' " .. bad end
    end
  end
  return true
end

-- The situation fields `jong score` reads, and those a ruleset declares.
S.situation = { "rules", "seat", "round", "hand", "win_tile", "win_by", "from", "flags", "dora",
  "ura", "honba", "deposits", "options", "game", "win" }

-- jong.check_situation(r, s) -> true, or nil and "unknown field 'flag'; did you mean 'flags'?".
local SITUATION_SET = {}
for _, n in ipairs(S.situation) do SITUATION_SET[n] = true end
local own_sets = setmetatable({}, { __mode = "k" })   -- a ruleset's situation_fields -> a set
local unknown_key = private.unknown_key   -- the first key in neither set (lua/module.c)

function jong.check_situation(r, s)
  local own = r.situation_fields
  local own_set = own and own_sets[own]
  if own and not own_set then
    own_set = {}
    for _, n in ipairs(own) do own_set[n] = true end
    own_sets[own] = own_set
  end
  local k, meta = unknown_key(s, SITUATION_SET, own_set)   -- the first field neither reads
  if meta then                            -- (a table with a metatable: __pairs)
    for key in pairs(s) do
      if not (SITUATION_SET[key] or own_set and own_set[key]) then k = key; break end
    end
  end
  if k ~= nil then
    local names = {}
    for _, n in ipairs(S.situation) do names[#names + 1] = n end
    for _, n in ipairs(own or {}) do names[#names + 1] = n end
    return nil, unknown("field", k, names) .. " (rules " .. tostring(r.name) .. " read "
      .. table.concat(names, ", ") .. ")"
  end
  return true
end

-- The field and hook reference of docs/hooks.md, as Markdown.
function jong.schema_markdown()
  local out = { "| field | meaning |", "|---|---|" }
  for _, f in ipairs(S.fields) do out[#out + 1] = "| `" .. f[1] .. "` | " .. f[3] .. " |" end
  out[#out + 1] = ""
  out[#out + 1] = "| hook | arguments | answers |"
  out[#out + 1] = "|---|---|---|"
  for _, h in ipairs(S.hooks) do out[#out + 1] = "| `" .. h[1] .. "` | `" .. h[2] .. "` | " .. h[3] .. " |" end
  out[#out + 1] = ""
  out[#out + 1] = "Engine settings: " .. "`" .. table.concat(S.engine, "`, `") .. "`."
  return table.concat(out, "\n") .. "\n"
end

jong.schema = S
return jong
