-- Sichuan "Bloody Battle" mahjong (血战到底).
-- The rule authority is the spec shared/rules/sichuan.md; section numbers (§) and item
-- ids (P1-P18, R1, W1-W6, O1-O2) below are its. 108 suit tiles, a declared missing suit,
-- pung and kong but no chow; a hand is worth base x 2^fan (fan = its best hand type +
-- roots + ways of winning, capped), the discarder alone pays a discard win, every active
-- player a self-draw plus a base; kongs are paid at once and the wall's end has its
-- checks (both are `event` situations of `jong score`). The user page is docs/sichuan.md.

local SEATS = { "E", "S", "W", "N" }
local SEAT_INDEX = { E = 1, S = 2, W = 3, N = 4 }
local SUITS = { "m", "p", "s" }

-- §16: the preset sbr (RA's "Sichuan Bloody Rules"): the option preset = "sbr" gives
-- these options these values; options given explicitly win over it (the loader applies
-- it when it resolves the options, so play, scoring and the engine settings agree).
local SBR = {
  yaojiu_jiangdui = false, heavenly_earthly = false, dragon_seven_pairs = 3, exchange = "dice",
  exchange_same_suit = false, discard_missing_first = false, kong_shot = "void", flower_pig_fan = 4,
  checks_include_winners = true,
}

local R = {
  name = "sichuan",
  option_prefix = "sc.",
  forms = { "standard" },                                  -- §9.7 seven pairs (four alike = two pairs) here
  flags = {
    "kong_replacement",   -- W1: self-drawn on the replacement tile of a kong
    "after_kong",         -- W2: won on the discard made right after a kong's replacement
    "robbing_kong",       -- W3: won on a tile added to a pung (from = the declarer)
    "last_tile",          -- W4 with self, W5 with discard
    "first_turn",         -- P15 (E, self), P16 (another seat, as sc.earthly says)
  },
  -- situation fields score and settle read besides jong score's own
  situation_fields = { "missing_suit", "active", "co_winners", "kong_kind", "kong_from", "kong_money",
                      "win_order" },                -- (win_order: the spec's examples give it)

  -- §4-§6: the table
  tiles = 108,
  red_fives = 0,
  claims = { "pung", "kong", "win" },                       -- §9.2: no chow
  precedence = { win = 3, kong = 2, pung = 2 },
  multiple_winners = true,                                 -- §9.3
  play_after_win = true,                                   -- §10: winners leave, the others play on
  starting_points = 0,
  dead_wall = { size = 0, policy = "none" },               -- §6.2: every tile can be drawn
  engine = {
    absent = "1234567z",                                   -- §4.1: the three suits only
    dice = 2,                                              -- §6.2
    deal_order = "blocks",                                 -- §6.3
    kong_source = "head",                                  -- §6.4 (sc.kong_replacement)
    rob_promoted = true,                                   -- §9.5: a concealed kong cannot be robbed
  },

  -- §16: the option registry (JSON keys may carry the prefix "sc.")
  options = {
    base = { default = 1, types = { "number" }, doc = "§12.5: points of one unit" },
    fan_cap = { default = 3, values = { 3, 4, 5, "none" }, doc = "§12.4: the cap on fan" },
    self_draw = { default = "base", values = { "base", "fan", "none" },
                  doc = "§14.2: a self-draw adds a base per payer, or 1 fan (W6), or nothing" },
    exchange = { default = "random", values = { "random", "dice", "left", "right", "across", "off" },
                 doc = "§7.2: the direction of the three-tile exchange" },
    exchange_same_suit = { default = true, doc = "§7.1: the three tiles are of one suit" },
    discard_missing_first = { default = true, doc = "§8.4: tiles of the missing suit are discarded first" },
    pass_lock = { default = true, doc = "§9.6: no win on a discard or pung of a tile passed before one's next draw" },
    kong_replacement = { default = "head", values = { "head", "tail" }, doc = "§6.4: where a kong's replacement is drawn" },
    kong_money = { default = true, doc = "§11.5: kongs are paid when declared" },
    kong_shot = { default = "transfer", values = { "transfer", "void", "keep" },
                  doc = "§11.3: the kong money of a kong whose next discard is won on" },
    kong_shot_amount = { default = "last", values = { "last", "all" },
                         doc = "§11.3: the last kong's money moves, or all the discarder's kong money" },
    kong_refund = { default = true, doc = "§15.3: players not ready at the wall's end return their kong money" },
    dragon_seven_pairs = { default = 4, values = { 4, 3 }, doc = "§12.1 P9: fan of dragon seven pairs" },
    yaojiu_jiangdui = { default = true, doc = "§12.1: P6, P8, P11, P13 count" },
    heavenly_earthly = { default = true, doc = "§12.1: P15, P16 count" },
    earthly = { default = "first_draw", values = { "first_draw", "dealer_discard" }, doc = "§12.1 P16" },
    roots = { default = "all", values = { "all", "kongs" }, doc = "§12.2 R1: every four alike, or declared kongs only" },
    last_tile_fan = { default = true, doc = "§12.2: W4, W5 count" },
    menqing_zhongzhang = { default = false, doc = "§12.2: O1, O2 count" },
    fed_kong_bloom = { default = "self_draw", values = { "self_draw", "discard" },
                       doc = "§14.3: a replacement win after a claimed kong is paid as a self-draw, or by the kong's feeder" },
    flower_pig_fan = { default = "cap", types = { "number", "string" }, doc = "§15.1: the flower pig's fan: \"cap\" or a number" },
    flower_pig_amount = { default = "fixed", values = { "fixed", "max_ready" }, doc = "§15.1" },
    checks_include_winners = { default = false, doc = "§15.4: players who have left receive the flower-pig penalty too" },
    multi_win_dealer = { default = "discarder", values = { "discarder", "nearest" }, doc = "§5.2" },
    deals = { default = 4, types = { "number" }, doc = "§5.3: deals of a match" },
    preset = { default = "app", values = { "app", "sbr" }, presets = { sbr = SBR },
               doc = "§16: sbr sets several options at once" },
  },
}

local TYPES = {
  P1 = { "Plain win", 0 }, P2 = { "All pungs", 1 }, P3 = { "Pure one suit", 2 }, P4 = { "Seven pairs", 2 },
  P5 = { "Golden single wait", 2 }, P6 = { "Terminals in all sets", 2 }, P7 = { "Pure all pungs", 3 },
  P8 = { "All 2-5-8 pungs", 3 }, P9 = { "Dragon seven pairs", 4 }, P10 = { "Pure seven pairs", 4 },
  P11 = { "Pure terminals in all sets", 4 }, P12 = { "Pure golden single wait", 4 },
  P13 = { "2-5-8 golden single wait", 4 }, P14 = { "Pure dragon seven pairs", 5 }, P15 = { "Heavenly win", 5 },
  P16 = { "Earthly win", 5 }, P17 = { "Eighteen arhats", 6 }, P18 = { "Pure eighteen arhats", 8 },
}
local ADDED = {
  W1 = "Kong replacement win", W2 = "Win after a kong", W3 = "Robbing a kong", W4 = "Last tile",
  W5 = "Last discard", W6 = "Self-drawn", O1 = "Concealed self-draw", O2 = "All simples",
}
R.items = { types = TYPES, added = ADDED }

local function suit(t) return t:sub(2, 2) end
local function rank(t) return tonumber(t:sub(1, 1)) end
local function terminal(t) return rank(t) == 1 or rank(t) == 9 end

-- ---- the hand ----

-- Suits held (melds included), as a set and a count.
local function suits_of(all_counts)
  local held, n = {}, 0
  for t, c in pairs(all_counts) do
    if c > 0 and not held[suit(t)] then held[suit(t)] = true; n = n + 1 end
  end
  return held, n
end

-- §9.7: seven pairs, no meld, four alike counting as two pairs. Returns whether, and
-- whether four alike are among them.
local function seven_pairs(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local four = false
  for _, c in pairs(f.counts) do
    if c % 2 ~= 0 then return false end
    if c == 4 then four = true end
  end
  return true, four
end

-- R1: kinds of which all four are in the hand (or, with sc.roots = kongs, declared kongs).
local function roots_of(f, o)
  local n = 0
  if o.roots == "kongs" then
    for _, m in ipairs(f.melds) do if m.type == "kong" then n = n + 1 end end
  else
    for _, c in pairs(f.all_counts) do if c == 4 then n = n + 1 end end
  end
  return n
end

-- Every hand type the hand reaches (§12.1), each {id, consumed roots}.
local function hand_types(f, o)
  local out = { { "P1", 0 } }
  local function add(id, consumed) out[#out + 1] = { id, consumed or 0 } end
  local _, nsuits = suits_of(f.all_counts)
  local pure = nsuits == 1
  local all258 = true
  for t, c in pairs(f.all_counts) do
    if c > 0 and rank(t) ~= 2 and rank(t) ~= 5 and rank(t) ~= 8 then all258 = false end
  end
  local yj = o.yaojiu_jiangdui
  if #f.readings > 0 then
    if pure then add("P3") end
    for _, rd in ipairs(f.readings) do
      local pungs, term = 0, terminal(rd.pair)
      for _, s in ipairs(rd.sets) do
        if s.type ~= "chow" then
          pungs = pungs + 1
          if not terminal(s.tile) then term = false end
        elseif rank(s.tile) ~= 1 and rank(s.tile) ~= 7 then
          term = false
        end
      end
      if pungs == 4 then
        add("P2")
        if pure then add("P7") end
        if yj and all258 then add("P8") end
      end
      if term and yj then
        add("P6")
        if pure then add("P11") end
      end
    end
    if #f.melds == 4 then                                  -- P5: the winning tile pairs the single one
      local kongs = 0
      for _, m in ipairs(f.melds) do if m.type == "kong" then kongs = kongs + 1 end end
      add("P5")
      if pure then add("P12") end
      if yj and all258 then add("P13") end
      if kongs == 4 then
        add("P17", 4)
        if pure then add("P18", 4) end
      end
    end
  end
  local sp, four = seven_pairs(f)
  if sp then
    add("P4")
    if pure then add("P10") end
    if four then
      add("P9", 1)
      if pure then add("P14", 1) end
    end
  end
  if o.heavenly_earthly and f.flags.first_turn then
    if f.seat == "E" and f.win_by == "self" then add("P15")
    elseif f.seat ~= "E" and ((o.earthly == "first_draw" and f.win_by == "self")
                              or (o.earthly == "dealer_discard" and f.win_by == "discard" and f.from == "E")) then
      add("P16")
    end
  end
  return out
end

local function type_fan(id, o, types)
  if id == "P9" then return o.dragon_seven_pairs end
  return types[id][2]
end

-- Whether the hand may win at all: complete, no tile of the missing suit, two suits at
-- most (§8.2, §9.7). Returns nil or the reason.
local function refusal(f, missing)
  if #f.readings == 0 and not seven_pairs(f) then return "not a complete hand" end
  local held, n = suits_of(f.all_counts)
  if missing and held[missing] then return "holds tiles of the missing suit" end
  if n == 3 then return "holds three suits" end
  return nil
end

-- The value of a winning hand: the best hand type with its roots (§12.1-12.3), then the
-- added fan; situational = false leaves out the W items (§15.2).
local function value_of(f, o, situational)
  local types, ADDED = f.rules.items.types, f.rules.items.added   -- (a child's values: its own items)
  local roots = roots_of(f, o)
  local best
  for _, c in ipairs(hand_types(f, o)) do
    local fan = type_fan(c[1], o, types)
    local r = math.max(roots - c[2], 0)
    if not best or fan + r > best.total or (fan + r == best.total and fan > best.fan) then
      best = { id = c[1], fan = fan, roots = r, total = fan + r }
    end
  end
  local items = { { name = types[best.id][1], value = best.fan, unit = "fan" } }
  local F = best.fan
  local function add(name, v)
    items[#items + 1] = { name = name, value = v, unit = "fan" }
    F = F + v
  end
  if best.roots > 0 then add("Root", best.roots) end
  local self = f.win_by == "self"
  if situational and best.id ~= "P15" and best.id ~= "P16" then
    if f.flags.kong_replacement and self then add(ADDED.W1, 1) end
    if f.flags.after_kong and not self then add(ADDED.W2, 1) end
    if f.flags.robbing_kong then add(ADDED.W3, 1) end
    if f.flags.last_tile and o.last_tile_fan then add(self and ADDED.W4 or ADDED.W5, 1) end
    if self and o.self_draw == "fan" then add(ADDED.W6, 1) end
  end
  if o.menqing_zhongzhang then
    local claimed = false
    for _, m in ipairs(f.melds) do if m.kong ~= "concealed" then claimed = true end end
    if self and not claimed then add(ADDED.O1, 1) end
    local simple = true
    for t, c in pairs(f.all_counts) do if c > 0 and terminal(t) then simple = false end end
    if simple then add(ADDED.O2, 1) end
  end
  local cap = o.fan_cap
  local capped = cap ~= "none" and F > cap
  local points = o.base * 2 ^ (capped and cap or F)
  return { fan = F, points = math.tointeger(points) or points, items = items, capped = capped }
end

-- ---- situation fields ----

local function seat_list(v, name)
  if v == nil or v == jong.json_null then return nil end
  if type(v) ~= "table" then return nil, "\"" .. name .. "\" must be a list of seats" end
  local set = {}
  for _, p in ipairs(v) do
    if not SEAT_INDEX[p] then return nil, "\"" .. name .. "\" has a bad seat '" .. tostring(p) .. "'" end
    set[p] = true
  end
  return set
end

local function active_of(s)
  local set, err = seat_list(s.active, "active")
  if err then return nil, err end
  return set or { E = true, S = true, W = true, N = true }
end

local function missing_of(s)
  local m = s.missing_suit
  if m == nil or m == jong.json_null then return false end
  if m ~= "m" and m ~= "p" and m ~= "s" then return nil, "\"missing_suit\" must be \"m\", \"p\" or \"s\"" end
  return m
end

-- Suit tiles only, no chow meld (§3, §9.2).
local function check_hand(f)
  local counts = f.all_counts
  for k = 1, 7 do                          -- (in tile order: the same answer every run)
    local t = k .. "z"
    if (counts[t] or 0) > 0 then return "a Sichuan hand holds suit tiles only (no " .. t .. ")" end
  end
  if #f.bonus > 0 then return "a Sichuan hand holds no bonus tiles" end
  for _, m in ipairs(f.melds) do
    if m.type == "chow" then return "there is no chow claim in Sichuan (a chow meld was given)" end
  end
  return nil
end

-- The other active seats, in turn order.
local function others(active, seat)
  local out = {}
  for _, p in ipairs(SEATS) do if p ~= seat and active[p] then out[#out + 1] = p end end
  return out
end

-- §11.1: the kong money of one kong, per payer, and who paid it.
local function kong_payers(kind, declarer, active, from)
  if kind == "claimed" then return 2, { from } end
  return kind == "promoted" and 1 or 2, others(active, declarer)
end

-- ---- a win ----

function R.score(f)
  local o = f.options
  local s = f.situation
  local bad = check_hand(f)
  if bad then return nil, bad end
  local missing, err = missing_of(s)
  if missing == nil then return nil, err end
  local active
  active, err = active_of(s)
  if not active then return nil, err end
  if not active[f.seat] then return nil, "\"active\" must hold the winner " .. f.seat end
  if f.from and not active[f.from] then return nil, "\"active\" must hold the discarder " .. f.from end
  local _
  _, err = seat_list(s.co_winners, "co_winners")
  if err then return nil, err end
  if s.kong_kind ~= nil and s.kong_kind ~= "claimed" and s.kong_kind ~= "promoted" and s.kong_kind ~= "concealed" then
    return nil, "\"kong_kind\" must be \"claimed\", \"promoted\" or \"concealed\""
  end
  if s.kong_from ~= nil and not SEAT_INDEX[s.kong_from] then return nil, "\"kong_from\" must be a seat" end
  if f.flags.after_kong and s.kong_kind == "claimed" and o.kong_shot == "void" and o.kong_money and not s.kong_from then
    return nil, "\"kong_from\" must name the seat that fed the claimed kong (its money goes back, §11.3)"
  end
  local why = refusal(f, missing)
  if why then return { wins = false, reason = why } end
  local v = value_of(f, o, true)
  return { wins = true, value = { fan = v.fan, points = v.points }, items = v.items,
           limit = v.capped and "Cap" or nil }
end

-- The co-winner nearest the discarder in turn order gets the kong transfer (§11.3, §14.4).
local function nearest_winner(f)
  local s = f.situation
  local winners = { [f.seat] = true }
  for _, p in ipairs(type(s.co_winners) == "table" and s.co_winners or {}) do winners[p] = true end
  local at = SEAT_INDEX[f.from]
  for step = 1, 3 do
    local p = SEATS[(at - 1 + step) % 4 + 1]
    if winners[p] then return p end
  end
end

-- §14, §11.3: payments of a win (points), with the base lines added to the items.
function R.settle(f, result)
  local o = f.options
  local s = f.situation
  local active = active_of(s)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  local function move(from, to, amount)
    pay[from] = pay[from] - amount
    pay[to] = pay[to] + amount
  end
  local P = result.value.points
  if f.win_by == "discard" then
    move(f.from, f.seat, P)
  elseif f.flags.kong_replacement and o.fed_kong_bloom == "discard" and s.kong_from and s.kong_from ~= f.seat then
    move(s.kong_from, f.seat, P)                           -- §14.3: the feeder pays alone
  else
    local payers = others(active, f.seat)
    for _, p in ipairs(payers) do
      move(p, f.seat, P + (o.self_draw == "base" and o.base or 0))
    end
    if o.self_draw == "base" and #payers > 0 then
      result.items[#result.items + 1] = { name = "Self-draw bonus", value = 1, unit = "base" }
    end
  end
  -- §11.3: the kong money of the kong the discarder had just declared.
  if f.win_by == "discard" and f.flags.after_kong and o.kong_money and o.kong_shot ~= "keep" and s.kong_kind
     and nearest_winner(f) == f.seat then
    local each, payers = kong_payers(s.kong_kind, f.from, active, s.kong_from)
    local ledger = { seat = f.from }                       -- what leaves the discarder's kong income
    for _, p in ipairs(payers) do ledger[p] = each * o.base end
    if o.kong_shot == "transfer" then
      local units = s.kong_kind == "claimed" and each or each * #payers   -- (claimed: 2 from its feeder)
      if o.kong_shot_amount == "all" and type(s.kong_money) == "table" then
        for p, n in pairs(s.kong_money) do
          units = units + n
          if SEAT_INDEX[p] then ledger[p] = (ledger[p] or 0) + n * o.base end
        end
      end
      move(f.from, f.seat, units * o.base)
      result.items[#result.items + 1] = { name = "Kong money transfer", value = units, unit = "base" }
    else
      for _, p in ipairs(payers) do move(f.from, p, each * o.base) end
      result.items[#result.items + 1] = { name = "Kong money refund", value = each * #payers, unit = "base" }
    end
    result.kong_ledger = ledger                            -- in play: the engine's ledger follows
  end
  return pay
end

-- ---- events: a kong, the wall's end ----

local function kong_event(s, o)
  local seat = s.seat
  if not SEAT_INDEX[seat] then return nil, "\"seat\" must be E, S, W or N" end
  local kind = s.kong
  if kind ~= "claimed" and kind ~= "promoted" and kind ~= "concealed" then
    return nil, "\"kong\" must be \"claimed\", \"promoted\" or \"concealed\""
  end
  local active, err = active_of(s)
  if not active then return nil, err end
  if kind == "claimed" and (not SEAT_INDEX[s.from] or s.from == seat) then
    return nil, "\"from\" must name the seat whose discard was claimed"
  end
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  local items = {}
  local names = { claimed = "Claimed kong", promoted = "Promoted kong", concealed = "Concealed kong" }
  -- §9.4: a promoted kong with a tile held since the pung earns nothing.
  if o.kong_money and not (kind == "promoted" and s.fresh == false) then
    local each, payers = kong_payers(kind, seat, active, s.from)
    for _, p in ipairs(payers) do
      pay[p] = pay[p] - each * o.base
      pay[seat] = pay[seat] + each * o.base
    end
    items[1] = { name = names[kind], value = each, unit = "base" }
  end
  return { items = items, payments = pay }
end

-- The best value a ready hand could reach (§15.2): hand type and roots, no W item, over
-- every winning tile; nil when the hand is not ready.
local function best_ready(hand, seat, missing, o, rules)
  local base = jong.hand_facts(hand, nil, true)
  if not base or #base.tiles + 3 * #base.melds ~= 13 then return nil end
  local best
  for _, su in ipairs(SUITS) do
    for r = 1, 9 do
      local t = r .. su
      if su ~= missing and (base.all_counts[t] or 0) < 4 then
        local f = jong.hand_facts(t .. hand, t)
        if f then
          f.seat, f.win_by, f.from, f.flags, f.rules = seat, "discard", SEATS[SEAT_INDEX[seat] % 4 + 1], {}, rules
          if not refusal(f, missing) then
            local v = value_of(f, o, false)
            if not best or v.points > best.points then
              best = { fan = v.fan, points = v.points, tile = t }
            end
          end
        end
      end
    end
  end
  return best
end

local function wall_end_event(s, o, rules)
  local active, err = active_of(s)
  if not active then return nil, err end
  if type(s.seats) ~= "table" then return nil, "\"seats\" must give every active seat's hand" end
  local pig, ready, hands = {}, {}, {}
  for _, p in ipairs(SEATS) do
    if active[p] then
      local e = s.seats[p]
      if type(e) ~= "table" or type(e.hand) ~= "string" then
        return nil, "\"seats\" has no hand for the active seat " .. p
      end
      local f, why = jong.hand_facts(e.hand, nil, true)
      if not f then return nil, "seat " .. p .. ": " .. why end
      if #f.tiles + 3 * #f.melds ~= 13 then
        return nil, "seat " .. p .. ": a hand at the wall's end holds 13 tiles (a meld counts 3)"
      end
      local bad = check_hand(f)
      if bad then return nil, "seat " .. p .. ": " .. bad end
      local missing
      missing, err = missing_of(e)
      if missing == nil then return nil, "seat " .. p .. ": " .. err end
      local held = suits_of(f.all_counts)
      hands[p] = e
      -- §15.1: holding the missing suit (without a declaration: three suits)
      local _, nsuits = suits_of(f.all_counts)
      pig[p] = (missing and held[missing]) or (not missing and nsuits == 3) or false
      if not pig[p] then ready[p] = best_ready(e.hand, p, missing, o, rules) end
    end
  end
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  local items = {}
  local function move(name, units, from, to)
    pay[from] = pay[from] - units * o.base
    pay[to] = pay[to] + units * o.base
    items[#items + 1] = { name = name, value = units, unit = "base", from = from, to = to }
  end
  local pig_fan = o.flower_pig_fan
  if pig_fan == "cap" then pig_fan = o.fan_cap == "none" and 4 or o.fan_cap end
  for _, p in ipairs(SEATS) do                            -- §15.1
    if pig[p] then
      for _, q in ipairs(SEATS) do
        if q ~= p and not pig[q] and (active[q] or o.checks_include_winners) then
          local units = 2 ^ pig_fan
          if o.flower_pig_amount == "max_ready" and ready[q] then
            units = math.max(units, ready[q].points / o.base)
          end
          move("Flower pig", math.tointeger(units) or units, p, q)
        end
      end
    end
  end
  for _, p in ipairs(SEATS) do                            -- §15.2
    if active[p] and not pig[p] and not ready[p] then
      for _, q in ipairs(SEATS) do
        if active[q] and ready[q] then
          local units = ready[q].points / o.base
          move("Not ready", math.tointeger(units) or units, p, q)
        end
      end
    end
  end
  if o.kong_refund then                                   -- §15.3
    for _, p in ipairs(SEATS) do
      local income = active[p] and not ready[p] and hands[p].kong_income
      if type(income) == "table" then
        for _, q in ipairs(SEATS) do
          if income[q] and income[q] > 0 then move("Kong refund", income[q], p, q) end
        end
      end
    end
  end
  local out_ready = setmetatable({}, jong.json_object)
  for _, p in ipairs(SEATS) do
    if active[p] then
      local r = ready[p]
      out_ready[p] = r and setmetatable({ fan = r.fan, points = r.points, tile = r.tile }, jong.json_object)
                     or jong.json_null
    end
  end
  return { items = items, ready = out_ready, payments = pay }
end

-- §6.4: where a kong's replacement comes from; §7, §8: the phases before play (the
-- exchange of three tiles in the direction sc.exchange says, then every seat declares
-- its missing suit, which it never pungs nor kongs, §8.3; sc.discard_missing_first: the
-- engine lists only those tiles as discards while the seat holds any, §8.4).
function R.configure(o)
  return { kong_source = o.kong_replacement == "tail" and "loose" or "head",
           exchange = o.exchange, exchange_same_suit = o.exchange_same_suit,
           declare_missing = true, discard_missing_first = o.discard_missing_first }
end

-- §9.6 (sc.pass_lock): the discards the seat let pass since its own last draw (for wins)
-- or its own last turn (for pungs, until_turn), newest first: {tile =, from =, hand =}, the
-- hand the seat held then (taken back over its own pungs and discards since).
local function passes(g, seat, until_turn)
  local ev, me = g:deal_events(), g:seat(seat)
  local concealed, melds = jong.tiles(me.concealed), {}
  for i, m in ipairs(me.melds) do melds[i] = m end
  local out = {}
  for i = #ev, 1, -1 do
    local e = ev[i]
    if e.seat == seat then
      if e.type == "draw" or e.type == "deal" or (until_turn and (e.type == "pung" or e.type == "kong")) then break end
      if e.type == "discard" then
        concealed[#concealed + 1] = e.tile
      elseif e.type == "pung" then
        concealed[#concealed + 1], concealed[#concealed + 2] = e.tile, e.tile
        melds[#melds] = nil
      elseif e.type == "pass" then
        for j = i - 1, 1, -1 do            -- the window's tile: a discard (not a kong's tile)
          local w = ev[j]
          if w.type == "discard" then
            out[#out + 1] = { tile = w.tile, from = w.seat,
                              hand = table.concat(concealed) .. w.tile .. " " .. table.concat(melds, " ") }
            break
          end
          if w.type:find("^kong") then break end
        end
      end
    end
  end
  return out
end

-- The points of a win in play (nil when it does not win), by the ruleset's own score.
local function win_points(g, win)
  local f = jong.facts(g:situation(win))
  local r = f and g.rules.score(f)
  return r and r.wins and r.value.points or nil
end

-- §9.6: after passing on a win on a discard, no win on a discard before the seat's next
-- draw unless it is worth more than the win passed.
function R.may_win(g, action)
  local win = action.win
  if not win or win.how ~= "discard" or not g.options.pass_lock then return true end
  local now
  for _, p in ipairs(passes(g, action.seat, false)) do
    local before = win_points(g, { seat = win.seat, from = p.from, tile = p.tile, how = "discard", hand = p.hand })
    if before then
      now = now or win_points(g, win) or 0
      if now <= before then
        return false, "pass lock: it passed on a win since its last draw, and this win is worth no more"
      end
    end
  end
  return true
end

-- §9.6: after passing on a pung of a tile, no pung of that tile before the seat's next turn.
function R.may_claim(g, action)
  if action.type ~= "pung" or not g.options.pass_lock then return true end
  local kind = jong.kind_of(action.tile)
  for _, p in ipairs(passes(g, action.seat, true)) do
    if jong.kind_of(p.tile) == kind then
      return false, "pass lock: it passed on this tile since its last turn"
    end
  end
  return true
end

-- The kind of a kong meld as the state writes it ("[5555p]@S", "[5555p]+", "[5555p]c").
local function kong_kind_of(m)
  if m:find("%]c") then return "concealed" elseif m:find("%]%+") then return "promoted" end
  return "claimed"
end

-- §9.4: is the fourth tile of the seat's promoted kong one it drew after claiming the
-- pung (not one it held since)?
local function fresh_promotion(g, seat, m)
  local r, su = m:match("^%[(%d)%d%d%d(%a)%]")
  local tile = r and r .. su
  local ev = g:deal_events()
  local drawn = false
  for i = #ev, 1, -1 do
    local e = ev[i]
    if e.seat == seat and e.tile and jong.kind_of(e.tile) == tile then
      if e.type == "pung" then return drawn end
      if e.type == "draw" then drawn = true end
    end
  end
  return true
end

-- In play, the situation fields of a win that the engine's own leave out. §8.2: the
-- declared missing suit (score refuses a hand holding it, the same code as `jong score`
-- with "missing_suit"). §11.3: on the discard made right after a kong (flag after_kong)
-- the kind of that kong (the discarder's last meld; a claimed kong's feeder as kong_from),
-- the other winners on the tile and,
-- with sc.kong_shot_amount = all, the discarder's other kong income of the deal (units,
-- by payer). §14.3: a
-- replacement win after a claimed kong names the seat that fed the kong (kong_from).
function R.situation(g, win, s)
  s.missing_suit = g:seat(win.seat).missing
  if win.after_kong and win.from then
    local melds = g:state().seats[win.from].melds
    local kind = kong_kind_of(melds[#melds] or "")
    -- a promoted kong that earned nothing (§9.4) has no money to move
    if kind ~= "promoted" or fresh_promotion(g, win.from, melds[#melds]) then s.kong_kind = kind end
    if kind == "claimed" then s.kong_from = (melds[#melds] or ""):match("@(%a)") end   -- who paid it
    s.co_winners = win.co_winners
    local o = g.options
    if o.kong_shot_amount == "all" then
      local active = {}
      for _, p in ipairs(s.active or SEATS) do active[p] = true end
      local each, payers = kong_payers(kind, win.from, active, (melds[#melds] or ""):match("@(%a)"))
      local last, other = {}, {}
      for _, p in ipairs(payers) do last[p] = each * o.base end
      for p, n in pairs(g:kong_income(win.from)) do
        local rest = (n - (last[p] or 0)) // o.base
        if rest > 0 then other[p] = rest end
      end
      s.kong_money = other
    end
  end
  if win.loose then
    local melds = g:state().seats[win.seat].melds
    local m = melds[#melds] or ""
    if m:find("^%[(%d)%1%1%1%a%]@") then s.kong_from = m:match("@(%a)") end
  end
end

-- §11 in play: the kong the seat just declared (its last meld) is paid at once by the
-- seats still in the deal (the kong event's code); the engine keeps each payer's share
-- in the seat's ledger (g:kong_income) for the refund at the wall's end. A robbed kong
-- is never completed, so never paid.
function R.settle_kong(g, seat)
  local melds = g:state().seats[seat].melds
  local m = melds[#melds] or ""
  local kind, from = kong_kind_of(m), m:match("@(%a)")
  local left, active = g:brief().left, {}
  for i, p in ipairs(SEATS) do if left >> (i - 1) & 1 == 0 then active[#active + 1] = p end end
  local fresh = kind ~= "promoted" or fresh_promotion(g, seat, m)
  local r = kong_event({ seat = seat, kong = kind, from = from, active = active, fresh = fresh }, g.options)
  return r and r.payments or { E = 0, S = 0, W = 0, N = 0 }
end

-- §15 in play: when the wall runs out with two seats or more still in the deal, the
-- flower-pig, not-ready and refund checks over their hands (the same code as the
-- wall_end event), each with the missing suit it declared. An abortive draw pays nothing.
function R.settle_draw(g, kind)
  local none = { E = 0, S = 0, W = 0, N = 0 }
  if kind ~= "exhaustive" then return none end
  local st, left = g:state(), g:brief().left
  local s = { event = "wall_end", active = {}, seats = {} }
  for i, seat in ipairs(SEATS) do
    if left >> (i - 1) & 1 == 0 then
      s.active[#s.active + 1] = seat
      s.seats[seat] = { hand = st.seats[seat].hand,   -- concealed tiles, then the melds
                        missing_suit = st.seats[seat].missing, kong_income = g:kong_income(seat) }
    end
  end
  if #s.active < 2 then return none end
  local r = wall_end_event(s, g.options, g.rules)
  return r and r.payments or none
end

-- §5.2, §5.3: the first winner of the deal deals the next one (with several winners on
-- that discard, its discarder or the nearest winner: sc.multi_win_dealer); nobody won:
-- the dealer keeps the deal. A match is sc.deals deals.
function R.next_deal(g)
  local o, b = g.options, g:brief()
  local over = b.deal + 1 >= o.deals
  local dealer = b.first_winner
  if b.first_shared and o.multi_win_dealer == "discarder" then dealer = b.first_shared end
  if not dealer or dealer == "E" then
    return { dealer_keeps = true, round = b.round, honba = 0, match_over = over }
  end
  local at, players = SEAT_INDEX[dealer], {}
  for i = 0, 3 do players[i + 1] = g:seat(SEATS[(at - 1 + i) % 4 + 1]).player end
  return { dealer_keeps = false, round = b.round, honba = 0, match_over = over, players = players }
end

-- §17.2, §17.3: `jong score` situations with "event"; rules: the ruleset in play (a
-- child's item values).
function R.score_event(s, options, rules)
  local o = options
  if s.event == "kong" then return kong_event(s, o) end
  if s.event == "wall_end" then return wall_end_event(s, o, rules or R) end
  return nil, "unknown event '" .. tostring(s.event) .. "' (kong or wall_end)"
end

return R
