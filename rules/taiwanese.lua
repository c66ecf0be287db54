-- Taiwanese 16-tile Mahjong (台灣十六張麻將).
-- The rule authority is the spec shared/rules/taiwanese.md; section numbers (§) and item
-- ids (T1-T29, F1-F4, D1-D2) below are its. A hand is five sets and a pair (17 tiles);
-- it is valued in tai that add up (§10) and paid base + tai x per-tai (§13), the dealer
-- worth 2n + 1 tai more in every payment he takes part in. The user page is
-- docs/taiwanese.md.

local SEATS = { "E", "S", "W", "N" }
local SEAT_NUMBER = { E = 1, S = 2, W = 3, N = 4 }          -- §12.5
local WIND_TILE = { E = "1z", S = "2z", W = "3z", N = "4z" }

local R = {
  name = "taiwanese",
  option_prefix = "tw.",
  hand_size = 16,                                          -- §9.1: five sets and a pair
  flower_wins = true,                                      -- §7.5-7.6: win_by "flowers"
  forms = { "standard" },                                  -- §9.2 (嚦咕嚦咕) is scored here
  flags = {
    "kong_replacement",   -- T9: self-drawn on a replacement tile after a flower or a kong
    "robbing_kong",       -- T8: won on a tile added to a pung (from = the declarer)
    "last_tile",          -- T10 with self, T11 with discard
    "first_turn",         -- T27 (E, self), T28 (another seat, self), T29 (another seat, discard)
    "heavenly_ready",     -- §11.10 with tw.ready_declarations on
    "earthly_ready",
  },
  situation_fields = { "dealer_streak" },                  -- the dealer's consecutive deals

  -- §4-§8: the table
  tiles = 144,
  bonus_tiles = true,
  red_fives = 0,
  claims = { "chow", "pung", "kong", "win" },               -- §7.2
  precedence = { win = 3, kong = 2, pung = 2, chow = 1 },
  multiple_winners = false,                                -- §7.3 nearest (tw.multi_win)
  starting_points = 0,
  rounds = 4,                                              -- §5.2 (tw.rounds)
  dead_wall = { size = 0, policy = "none" },               -- §6.4: replacements from the tail
  engine = {
    side = 18,                                             -- §6.1: four sides of 18 stacks
    dice = 3,
    deal_order = "blocks",                                 -- §6.2: four passes of four, the dealer one more
    kong_source = "loose", bonus_source = "loose",         -- §6.3, §7.1: from the tail
    reserve = 16,                                          -- §6.4: the last 16 tiles are never drawn
    rob_promoted = true,                                   -- §7.4: only a promoted kong may be robbed
  },

  -- §14: the option registry (JSON keys may carry the prefix "tw.")
  options = {
    base = { default = 30, types = { "number" }, doc = "§13.1: the base (底) every payer pays" },
    per_tai = { default = 10, types = { "number" }, doc = "§13.1: the amount per tai" },
    heavenly = { default = 16, values = { 16, 24 }, doc = "§11.8 T27: tai of the heavenly win" },
    humanly = { default = 8, values = { 8, 16 }, doc = "§11.8 T29: tai of the humanly win" },
    flower_set = { default = "replace", values = { "replace", "add" },
                   doc = "§11.9 F2: a flower set replaces the seat flower in it, or adds to it" },
    ligu = { default = true, doc = "§9.2 T26: seven pairs and a pung (嚦咕嚦咕) wins" },
    five_concealed_stacks = { default = false,
                              doc = "T17: with five concealed pungs, All pungs and Concealed hand count too" },
    pinghu_self_draw = { default = false, doc = "T14: All chows also on a self-draw" },
    multi_win = { default = "nearest", values = { "nearest", "all" },
                  doc = "§7.3: several winners on one discard: the nearest only, or all" },
    seven_rob_one_payer = { default = "revealer", values = { "revealer", "all" },
                            doc = "§7.5: seven rob one is paid by the revealer alone, or by all as a self-draw" },
    draw_keeps_dealer = { default = true, doc = "§5.3: the dealer keeps the deal on a draw" },
    ready_declarations = { default = "off", values = { "off", "on" },
                           doc = "§11.10: ready declarations (天聽, 地聽)" },
    max_tai = { default = "none", types = { "number", "string" }, doc = "§10.5: a cap on the hand tai, or \"none\"" },
    rounds = { default = 4, values = { 1, 2, 3, 4 }, doc = "§5.2: rounds of a game" },
  },
}

-- The item table (§11): id -> {name, tai}, and the order of the result (§15.2). Values
-- are data: score reads them through the ruleset in play (f.rules.items), so a child
-- changes a value with its own copy of this table. T27 and T29 take their tai from the
-- options tw.heavenly and tw.humanly; D2 is worth its tai per continuation (§13.3).
local ITEMS = {
  T1 = { "Concealed hand", 1 }, T2 = { "Self-drawn", 1 }, T3 = { "Concealed self-draw", 1 },
  T4 = { "Seat wind", 1 }, T5 = { "Round wind", 1 }, T6 = { "Dragon pung", 1 },
  T7 = { "Single wait", 1 }, T8 = { "Robbing a kong", 1 }, T9 = { "Replacement win", 1 },
  T10 = { "Last tile", 1 }, T11 = { "Last discard", 1 }, T12 = { "Half melded", 1 },
  T13 = { "All melded", 2 }, T14 = { "All chows", 2 }, T15 = { "Three concealed pungs", 2 },
  T16 = { "Four concealed pungs", 5 }, T17 = { "Five concealed pungs", 8 },
  T18 = { "All pungs", 4 }, T19 = { "Mixed one suit", 4 }, T20 = { "Pure one suit", 8 },
  T21 = { "All honours", 16 }, T22 = { "Small three dragons", 4 },
  T23 = { "Big three dragons", 8 }, T24 = { "Small four winds", 8 },
  T25 = { "Big four winds", 16 }, T26 = { "Seven pairs and a pung", 8 },
  T27 = { "Heavenly win" }, T28 = { "Earthly win", 16 }, T29 = { "Humanly win" },
  F1 = { "Seat flower", 1 }, F2 = { "Flower set", 2 }, F3 = { "Eight flowers", 8 },
  F4 = { "Seven rob one", 8 }, RH = { "Heavenly ready", 8 }, RE = { "Earthly ready", 4 },
  D1 = { "Dealer", 1 }, D2 = { "Dealer streak", 2 },
}
local ORDER = {}
for i = 1, 29 do ORDER[#ORDER + 1] = "T" .. i end
for _, id in ipairs { "F1", "F2", "F3", "F4", "RH", "RE" } do ORDER[#ORDER + 1] = id end
R.items = ITEMS

-- ---- tiles ----

local function suit(t) return t:sub(2, 2) end
local function rank(t) return tonumber(t:sub(1, 1)) end
local function is_wind(t) return suit(t) == "z" and rank(t) <= 4 end
local function is_dragon(t) return suit(t) == "z" and rank(t) >= 5 end

-- The seat on the left of a seat (the one who discards just before it).
local function left_of(seat) return SEATS[(SEAT_NUMBER[seat] + 2) % 4 + 1] end

-- ---- the hand's facts independent of the arrangement ----

-- The 16 tiles before the win in notation: the concealed tiles less the winning tile,
-- then the melds as written.
local function hand_before_win(f)
  local parts = {}
  for _, su in ipairs { "m", "p", "s", "z" } do
    local run = {}
    for r = 1, 9 do
      local n = f.counts[r .. su] or 0
      if r .. su == f.win_tile then n = n - 1 end
      for _ = 1, n do run[#run + 1] = tostring(r) end
    end
    if #run > 0 then parts[#parts + 1] = table.concat(run) .. su end
  end
  local text = table.concat(parts)
  for meld in f.situation.hand:gmatch("%[[^%]]*%][^%s]*") do text = text .. " " .. meld end
  return text
end

-- §9.2: seven pairs and one pung, all 17 tiles concealed (four alike = two pairs); a
-- kind counted 0 (the winning tile taken out to find the waits) is no tile.
local function ligu_complete(counts)
  local n, pungs = 0, 0
  for _, c in pairs(counts) do
    n = n + c
    if c == 3 then pungs = pungs + 1 elseif c ~= 0 and c ~= 2 and c ~= 4 then return false end
  end
  return n == 17 and pungs == 1
end

-- §9.2 in play (§16): the core's forms know five sets and a pair only, so the engine asks
-- here whether concealed tiles (its notation, "1133m...") are seven pairs and a pung; the
-- wins it offers, the waits and the readiness of a ready declaration then see the form.
function R.special_complete(g, _, concealed, nmelds)
  if nmelds ~= 0 or not g.options.ligu then return false end
  local counts = {}
  for ranks, su in concealed:gmatch("(%d+)([mpsz])") do
    for r in ranks:gmatch("%d") do counts[r .. su] = (counts[r .. su] or 0) + 1 end
  end
  return ligu_complete(counts)
end

-- T7: the kinds the 16 tiles wait on, by shape (W3).
local function wait_count(f, o)
  local a = jong.analysis(hand_before_win(f), jong.FORM_STANDARD, 5, true)
  local kinds = {}
  for _, t in ipairs(a and a.waits or {}) do kinds[t] = true end
  if o.ligu and #f.melds == 0 then
    for _, su in ipairs { "m", "p", "s", "z" } do
      for r = 1, su == "z" and 7 or 9 do
        local t = r .. su
        local c = {}
        for k, v in pairs(f.counts) do c[k] = v end
        c[f.win_tile] = c[f.win_tile] - 1
        c[t] = (c[t] or 0) + 1
        if c[t] <= 4 and ligu_complete(c) then kinds[t] = true end
      end
    end
  end
  local n = 0
  for _ in pairs(kinds) do n = n + 1 end
  return n
end

-- T19-T21 (§12.3): the suits and honours among every tile, melds included.
local function suit_profile(f)
  local suits, honours = {}, false
  for t, c in pairs(f.all_counts) do
    if c > 0 then
      if suit(t) == "z" then honours = true else suits[suit(t)] = true end
    end
  end
  local n = 0
  for _ in pairs(suits) do n = n + 1 end
  return n, honours
end

-- F1, F2 (§11.9): one entry per instance.
local function flower_items(f, o, add)
  local held = {}
  for _, b in ipairs(f.bonus) do held[b] = true end
  local sets = {}
  for _, kind in ipairs { "f", "g" } do
    sets[kind] = held[kind .. "1"] and held[kind .. "2"] and held[kind .. "3"] and held[kind .. "4"]
  end
  local mine = tostring(SEAT_NUMBER[f.seat])
  for _, kind in ipairs { "f", "g" } do
    if held[kind .. mine] and not (sets[kind] and o.flower_set == "replace") then add("F1") end
  end
  for _, kind in ipairs { "f", "g" } do
    if sets[kind] then add("F2") end
  end
end

-- ---- one arrangement ----

-- The shape items of one reading (or of the seven-pairs-and-a-pung form: sets = its
-- pung, pairs = its seven pairs). x holds the hand-level facts.
local function shape_items(f, o, x, shape, add)
  local pungs, concealed_pungs, chows, claims = 0, 0, 0, 0
  local winds, dragons = 0, 0
  for i, s in ipairs(shape.sets) do
    if s.type == "chow" then
      chows = chows + 1
    else
      pungs = pungs + 1
      local t = s.tile
      if t == WIND_TILE[f.seat] then add("T4") end
      if t == WIND_TILE[f.round] then add("T5") end
      if is_dragon(t) then dragons = dragons + 1; add("T6") end
      if is_wind(t) then winds = winds + 1 end
      -- §12.1: concealed unless completed by a discarded (or robbed) winning tile
      if (not s.meld and not (i == shape.win_set and f.win_by ~= "self")) or s.kong == "concealed" then
        concealed_pungs = concealed_pungs + 1
      end
    end
    if s.meld and s.kong ~= "concealed" then claims = claims + 1 end
  end
  local pair = shape.pair
  if claims == 5 then add(f.win_by == "self" and "T12" or "T13") end
  if chows == 5 and not x.honours and #f.bonus == 0 and shape.wait == "two_sided" and not x.single_wait
     and (f.win_by == "discard" or (f.win_by == "self" and o.pinghu_self_draw)) then
    add("T14")
  end
  if concealed_pungs == 3 then add("T15")
  elseif concealed_pungs == 4 then add("T16")
  elseif concealed_pungs == 5 then add("T17") end
  if pungs == 5 then add("T18") end
  if dragons == 3 then add("T23")
  elseif dragons == 2 and pair and is_dragon(pair) then add("T22") end
  if winds == 4 then add("T25")
  elseif winds == 3 and pair and is_wind(pair) then add("T24") end
end

-- Every item of one arrangement, with the exclusions of §11 applied: the result's items
-- and their total. its: the item table in play; an item's tai is its entry's (T27 and
-- T29: the option's, given to add).
local function arrangement(f, o, x, shape, its)
  local got = {}
  local function add(id, v)
    got[id] = got[id] or {}
    table.insert(got[id], v or its[id][2])
  end
  local self = f.win_by == "self"
  if f.concealed then add("T1") end
  if self then add("T2") end
  if f.concealed and self then add("T3") end
  if x.single_wait then add("T7") end
  if f.flags.robbing_kong then add("T8") end
  if f.flags.kong_replacement and self then add("T9") end
  if f.flags.last_tile then add(self and "T10" or "T11") end
  if shape.ligu then
    add("T26")
    shape_items(f, o, x, { sets = shape.sets }, add)
  else
    shape_items(f, o, x, shape, add)
  end
  if x.suits == 1 and x.honours then add("T19") end
  if x.suits == 1 and not x.honours then add("T20") end
  if x.suits == 0 then add("T21") end
  if f.flags.first_turn then
    if f.seat == "E" and self then add("T27", o.heavenly)
    elseif f.seat ~= "E" and self then add("T28")
    elseif f.seat ~= "E" then add("T29", o.humanly) end
  end
  flower_items(f, o, add)
  if f.flags.heavenly_ready then add("RH") end
  if f.flags.earthly_ready then add("RE") end

  local function drop(...) for _, id in ipairs { ... } do got[id] = nil end end
  if got.T17 and not o.five_concealed_stacks then drop("T15", "T16", "T18", "T1") end
  if got.T21 then drop("T18") end
  if got.T22 or got.T23 then drop("T6") end
  if got.T25 then drop("T4", "T5") end
  if got.T26 then drop("T1", "T7") end
  if got.T27 then drop("T1", "T2", "T3", "T7", "T9") end
  if got.T28 then drop("T1", "T2", "T3") end
  if got.T29 or got.RH or got.RE then drop("T1") end
  local items, tai = {}, 0
  for _, id in ipairs(ORDER) do
    for _, v in ipairs(got[id] or {}) do
      items[#items + 1] = { name = its[id][1], value = v, unit = "tai" }
      tai = tai + v
    end
  end
  return items, tai
end

-- ---- the situation ----

local function check_situation(f, o)
  local s = f.situation
  local n = s.dealer_streak
  if n ~= nil and (math.type(n) ~= "integer" and not (type(n) == "number" and n == math.floor(n)) or n < 0) then
    return nil, "\"dealer_streak\" must be a whole number of 0 or more"
  end
  if (f.flags.heavenly_ready or f.flags.earthly_ready) and o.ready_declarations ~= "on" then
    return nil, "the flags heavenly_ready and earthly_ready need tw.ready_declarations on"
  end
  if o.max_tai ~= "none" and type(o.max_tai) ~= "number" then
    return nil, "option 'max_tai' is a number or \"none\""
  end
  for _, m in ipairs(f.melds) do
    if m.type == "chow" and m.from and m.from ~= left_of(f.seat) then
      return nil, "a chow is claimed only from the player on the left (" .. left_of(f.seat) .. " for " .. f.seat .. ")"
    end
  end
  local size = #f.tiles + 3 * #f.melds
  if f.win_by == "flowers" then
    if size ~= 16 then
      return nil, "a flower win holds 16 tiles besides the bonus tiles (a meld counts 3); this one holds " .. size
    end
    if #f.bonus ~= 8 then return nil, "a flower win needs all eight bonus tiles in the hand" end
  end
  return math.tointeger(n or 0)
end

function R.score(f)
  local o = f.options
  local streak, err = check_situation(f, o)
  if not streak then return nil, err end
  local its = f.rules.items   -- (the ruleset in play: a child's values)
  local items, tai
  if f.win_by == "flowers" then                                  -- §7.5, §7.6: the only hand item
    local item = its[f.from and "F4" or "F3"]
    items = { { name = item[1], value = item[2], unit = "tai" } }
    tai = item[2]
  else
    local suits, honours = suit_profile(f)
    local x = { suits = suits, honours = honours, single_wait = wait_count(f, o) == 1 }
    local shapes = {}
    for _, rd in ipairs(f.readings) do shapes[#shapes + 1] = rd end
    if o.ligu and #f.melds == 0 and ligu_complete(f.counts) then
      local pung
      for t, c in pairs(f.counts) do if c == 3 then pung = t end end
      local win_set = (f.win_tile == pung and f.counts[pung] == 3) and 1 or nil
      shapes[#shapes + 1] = { ligu = true, sets = { { type = "pung", tile = pung } }, win_set = win_set }
    end
    if #shapes == 0 then return { wins = false, reason = "not a complete hand" } end
    for _, shape in ipairs(shapes) do                           -- §10.3: the largest total
      local got, t = arrangement(f, o, x, shape, its)
      if not tai or t > tai then items, tai = got, t end
    end
  end
  local limit
  if o.max_tai ~= "none" and tai > o.max_tai then tai, limit = o.max_tai, "Cap" end
  -- D1, D2 (§11.1, §13.3): when the dealer takes part in a payment.
  local dealer_tai = 0
  local payers = R.payers(f)
  local involved = f.seat == "E"
  for _, p in ipairs(payers) do involved = involved or p == "E" end
  if involved then
    local dealer, per = its.D1, its.D2
    dealer_tai = dealer[2] + per[2] * streak
    items[#items + 1] = { name = dealer[1], value = dealer[2], unit = "tai" }
    if streak > 0 then items[#items + 1] = { name = per[1], value = per[2] * streak, unit = "tai" } end
  end
  return { wins = true, value = { tai = tai, dealer_tai = dealer_tai }, items = items, limit = limit }
end

-- §13.2: who pays the winner.
function R.payers(f)
  local others = {}
  for _, p in ipairs(SEATS) do if p ~= f.seat then others[#others + 1] = p end end
  if f.win_by == "discard" then return { f.from } end
  if f.win_by == "flowers" and f.from and f.options.seven_rob_one_payer == "revealer" then
    return { f.from }
  end
  return others
end

-- §13.1, §13.3: base + per-tai x (hand tai + the dealer tai between the dealer and the winner).
function R.settle(f, result)
  local o = f.options
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  for _, p in ipairs(R.payers(f)) do
    local tai = result.value.tai
    if f.seat == "E" or p == "E" then tai = tai + result.value.dealer_tai end
    local amount = o.base + o.per_tai * tai
    pay[p] = pay[p] - amount
    pay[f.seat] = pay[f.seat] + amount
  end
  return pay
end

-- §11.10: the seat's flags of a ready declaration (報聽): declared, and declared with its
-- first discard before any claim or kong of the deal.
local READY, FIRST_READY = 1, 2

-- §7.3: several winning claims on one discard. §11.10 (tw.ready_declarations on): a
-- seat may declare ready with its first discard when that discard leaves the hand ready;
-- a declared seat may not change its hand (it discards what it draws, claims only to win).
function R.configure(o)
  local e = { multi_win = o.multi_win }
  if o.ready_declarations == "on" then
    e.declarations = { { name = "ready", when = "first_discard", flags = READY, first_flags = FIRST_READY,
                         unless_flags = READY } }
    e.lock_flags, e.claim_lock_flags = READY, READY
  end
  return e
end

-- In play: the dealer streak of §5.3 is the engine's counter of kept deals; §11.10: a
-- ready declared with the first discard before any claim is the dealer's heavenly ready
-- (天聽) or another seat's earthly ready (地聽).
function R.situation(g, win, s)
  s.dealer_streak = g:brief().honba
  local st = g:state()
  local flags = st.seats[win.seat].flags or 0
  if flags & FIRST_READY ~= 0 then
    s.flags[#s.flags + 1] = win.seat == "E" and "heavenly_ready" or "earthly_ready"
  end
  if win.how == "self" and not win.flowers then
    local has = {}
    for _, name in ipairs(s.flags) do has[name] = true end
    -- T9: self-drawn on a replacement after a flower too (the engine marks kongs')
    local ev = g:deal_events()
    for i = #ev, 1, -1 do
      local e = ev[i]
      if e.type == "draw" and e.seat == win.seat then
        if e.from == "replacement" and not has.kong_replacement then s.flags[#s.flags + 1] = "kong_replacement" end
        break
      end
    end
    -- T10: the last drawable tile, a kong's replacement included (§6.4)
    if win.loose and st.wall == 0 and not has.last_tile then s.flags[#s.flags + 1] = "last_tile" end
  end
end

-- §5.3: the dealer keeps the deal (and the streak rises) when he wins or the deal is
-- drawn (tw.draw_keeps_dealer); otherwise it passes to his right and the streak ends.
function R.next_deal(g)
  local o, out = g.options, g:deal_outcome()
  local keep = out.dealer_won or (out.drawn and o.draw_keeps_dealer)
  return g:rotation(keep, o.rounds, keep and math.min(g:brief().honba + 1, 255) or 0)   -- the counter holds 255
end

return R
