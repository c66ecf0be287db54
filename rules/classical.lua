-- rules/classical.lua: Chinese Classical Mah Jong (spec: shared/rules/classical.md).
-- The Mixed-Hand game; Babcock's One-Double and Cleared-Hand games extend it
-- (babcock_one_double.lua, babcock_cleared_hand.lua), the DMJL and BMJA presets too
-- (classical_dmjl.lua, classical_bmja.lua).
--
-- Scoring (§13): every hand, the winner's and the losers', earns base points (Table A)
-- and doubles (Table B); score = points x 2^doubles, capped at the limit. The winner's
-- limit hands (Table C) score the limit. Payments: §19.

local R = {
  name = "classical",
  option_prefix = "classical.",
  forms = { "standard", "thirteen_orphans" },                      -- §11.1
  flags = { "kong_replacement", "robbing_kong", "last_tile",       -- B14, B17, B15/B16
            "original_call", "first_turn", "kong_upon_kong" },     -- B18, C11/C12, C16
  situation_fields = { "losers", "dead", "streak" },   -- §13 every hand; §12.2 dead hands; C17

  -- declarative play facts (§4-§8)
  tiles = 144,
  bonus_tiles = true,
  red_fives = 0,
  dead_wall = { size = 16, policy = "not_replenished" },           -- §6.3 exhaustible16
  claims = { "chow", "pung", "kong", "win" },                      -- §8.2
  precedence = { win = 3, kong = 2, pung = 2, chow = 1 },          -- §8.3
  multiple_winners = false,                                        -- §8.3 first in turn wins
  starting_points = 2000,                                          -- §5.6
  rounds = 4,                                                      -- §5.3
  extras = { "original_call", "calling" },                         -- §10.2, §10.1 declarations

  options = {
    bonus_tiles = { default = true, doc = "§4: 144 tiles with flowers and seasons; false: 136 tiles, no bonus-tile scoring" },
    seating = { default = "random", values = { "random", "dice" }, doc = "§5.2: how seats are assigned" },
    rounds = { default = 4, values = { 1, 2, 3, 4 }, doc = "§5.3: prevailing-wind rounds in a game" },
    draw_passes_deal = { default = false, doc = "§5.4: the deal passes after a wash-out" },
    east_streak_limit = { default = 9, values = { 9, 13, "off" }, doc = "§5.7/C17: East's Nth consecutive win is a limit hand, then the deal passes" },
    dead_wall = { default = "exhaustible16",
                  values = { "exhaustible16", "replenish14", "babcock_mixed", "none", "dice_stacks", "stacks7" },
                  doc = "§6.3: kong box size and replenishment" },
    bonus_replacement = { default = "live_wall", values = { "live_wall", "kong_box" }, doc = "§7.3: where bonus-tile replacements come from" },
    multi_win = { default = "first_in_turn", values = { "first_in_turn", "by_set_type" }, doc = "§8.3: which of several Mah Jong claims wins" },
    missed_pung_lock = { default = false, doc = "§8.7: a passed pung may not be claimed again before the player's next turn" },
    must_declare_calling = { default = false, doc = "§10.1: Mah Jong only after declaring 'calling'" },
    sacred_discard = { default = false, doc = "§10.3: no going out on a discard of a tile the player himself discarded, until he draws again" },
    extra_special_hands = { default = "none", values = { "none", "bmja" }, doc = "§11.1: irregular winning shapes besides Thirteen Orphans" },
    false_mahjong = { default = "dead_hand", values = { "dead_hand", "penalty300" }, doc = "§12.3: consequence of a false Mah Jong" },
    limit = { default = 500, values = { 500, 1000, 300, "roof_off" }, doc = "§13.5: the limit; roof_off: no cap, limit hands score the ruleset's own limit (500, BMJA 1000)" },
    rounding = { default = "none", values = { "none", "up10", "nearest10" }, doc = "§13.6: rounding of each final score" },
    mahjong_points = { default = 20, values = { 20, 10 }, doc = "A13: points for going out" },
    pair_completion_points = { default = true, doc = "A16/A17: points when the winning tile completes the pair" },
    only_possible_points = { default = true, doc = "A15: points for the only possible winning tile" },
    own_bonus = { default = "pair", values = { "pair", "each" }, doc = "B4: one double for own flower and own season together (pair) or one for each (each)" },
    nine_gates = { default = "any_tile", values = { "any_tile", "two_to_eight" }, doc = "C2: which ninth tile completes the Nine Gates" },
    earth_blessing_first_draw = { default = false, doc = "C12: also a non-East player going out on his first self-drawn tile" },
    heaven_blessing = { default = "limit", values = { "limit", "three_doubles" }, doc = "C11: Blessing of Heaven as a limit hand or as three doubles" },
    loser_settlement = { default = true, doc = "§19.2: losers pay each other the differences of their scores" },
    discarder_pays = { default = false, doc = "§19.6: on a discard win the discarder alone pays what all losers would pay" },
    wd_table = { default = false, doc = "§21: mahjong.wikidot table: concealed hand 10 points instead of B9, 2 points for an edge, closed or single wait instead of A15-A17" },
    ruleset_preset = { default = "standard", values = { "standard", "dmjl", "bmja" }, doc = "§21: scoring items of the Kajongg presets (see rules classical_dmjl / classical_bmja for the full presets)" },
    game_type = { default = "mixed_hand", values = { "mixed_hand", "one_double", "cleared_hand" }, doc = "§20: Babcock's three games (Mah Jong qualification)" },
  },
}

------------------------------------------------------------------------------------------
-- Constant tables (built once at load)

local SUITS = { "m", "p", "s" }
local SUIT_BIT = { m = 1, p = 2, s = 4 }
local KINDS = {}          -- the 34 kinds in index order: 1m..9m 1p..9p 1s..9s 1z..7z
local INDEX = {}          -- kind -> 1..34
local TILE = {}           -- kind -> {suit=, rank=, honour=, terminal=, major=, dragon=, class=}
for si, s in ipairs(SUITS) do
  for r = 1, 9 do
    local t = r .. s
    KINDS[#KINDS + 1] = t
    INDEX[t] = #KINDS
    local terminal = (r == 1 or r == 9)
    TILE[t] = { suit = s, rank = r, honour = false, terminal = terminal, major = terminal,
                dragon = false, class = terminal and "terminals" or "simples" }
  end
end
for r = 1, 7 do
  local t = r .. "z"
  KINDS[#KINDS + 1] = t
  INDEX[t] = #KINDS
  TILE[t] = { suit = "z", rank = r, honour = true, terminal = false, major = true,
              dragon = r >= 5, class = "honours" }
end

local WIND_OF = { E = "1z", S = "2z", W = "3z", N = "4z" }            -- §17.1
local OWN_FLOWER = { E = "f1", S = "f2", W = "f3", N = "f4" }
local OWN_SEASON = { E = "g1", S = "g2", W = "g3", N = "g4" }
local SEATS = { "E", "S", "W", "N" }
local OTHER_SEATS = { E = { "S", "W", "N" }, S = { "E", "W", "N" }, W = { "E", "S", "N" }, N = { "E", "S", "W" } }
local GREEN = { ["2s"] = true, ["3s"] = true, ["4s"] = true, ["6s"] = true, ["8s"] = true, ["6z"] = true }  -- C9
local SUIT_KINDS = { m = {}, p = {}, s = {} }      -- SUIT_KINDS.m[5] == "5m"
for _, su in ipairs(SUITS) do for r = 1, 9 do SUIT_KINDS[su][r] = r .. su end end
local FLOWER = { f1 = true, f2 = true, f3 = true, f4 = true }
local NINE_GATES = { 3, 1, 1, 1, 1, 1, 1, 1, 3 }                                                       -- C2

------------------------------------------------------------------------------------------
-- Small shared helpers

-- Append one line of the explanation when `out` is given; return the value either way.
-- The line records are interned (one per name, value and unit) and must not be changed.
local LINES = { points = {}, doubles = {}, limit = {} }
local function record(name, value, unit)
  local by_name = LINES[unit][name]
  if not by_name then by_name = {}; LINES[unit][name] = by_name end
  local rec = by_name[value]
  if not rec then rec = { name = name, value = value, unit = unit }; by_name[value] = rec end
  return rec
end
-- A result's lines as new tables: a result is its caller's, and a child that changes a
-- line it was handed must change no later answer (the records are shared).
local function own_lines(list)
  for i = 1, #list do
    local rec = list[i]
    list[i] = { name = rec.name, value = rec.value, unit = rec.unit }
  end
  return list
end
local function line(out, name, value, unit)
  if out then out[#out + 1] = record(name, value, unit) end
  return value
end

-- §9.2: how a set of a reading counts. Returns exposed_for_points, concealed_for_hand:
-- a claimed kong scores as exposed but counts as concealed for B7, B9, C1, C5.
local function set_state(f, rd, i, s)
  if s.meld == nil then
    local exposed = (i == rd.win_set and f.win_by ~= "self")   -- completed by a discard
    return exposed, not exposed
  end
  if s.kong == "concealed" then return false, true end
  if s.kong == "exposed" then return true, true end              -- claimed kong
  return true, false                                             -- claimed chow/pung, promoted kong
end

-- What each kind adds to a hand's composition: its suit bit, or HONOUR; SIMPLE_KIND;
-- NOT_GREEN.
local HONOUR, SIMPLE_KIND, NOT_GREEN = 8, 16, 32
local COMPOSITION, CHOW_COMPOSITION = {}, {}     -- by kind; by the first kind of a chow
for t, k in pairs(TILE) do
  COMPOSITION[t] = (k.honour and HONOUR or SUIT_BIT[k.suit]) | (k.major and 0 or SIMPLE_KIND)
                   | (GREEN[t] and 0 or NOT_GREEN)
end
for i = 1, 34 do
  local t, lo = KINDS[i], KINDS[i + 2]
  if lo and TILE[t].suit == TILE[lo].suit and not TILE[t].honour then
    CHOW_COMPOSITION[t] = COMPOSITION[t] | COMPOSITION[KINDS[i + 1]] | COMPOSITION[lo]
  end
end


local ONE_SUIT = { [1] = true, [2] = true, [4] = true }

-- What a set or pair adds to the hand's composition (§17.7), by its type and first kind.
local SET_BITS = { chow = CHOW_COMPOSITION, pung = COMPOSITION, kong = COMPOSITION, pair = COMPOSITION }

-- The composition bits of all the hand's tiles (§17.7): from its first reading (every
-- reading holds the same tiles), else from the concealed tiles and the declared sets.
local function hand_bits(f)
  local bits = 0
  local rd = f.readings[1]
  if rd then
    local sets = rd.sets
    for i = 1, #sets do
      local s = sets[i]
      bits = bits | SET_BITS[s.type][s.tile]
    end
    return bits | COMPOSITION[rd.pair]
  end
  local tiles, melds = f.tiles, f.melds
  for i = 1, #tiles do bits = bits | COMPOSITION[tiles[i]] end
  for i = 1, #melds do
    local m = melds[i]
    bits = bits | SET_BITS[m.type][m.tile]
  end
  return bits
end

-- §17.4 A15: the winning tile is the only kind that completes the hand without it
-- (structurally, §11.1; declared sets stay as they are): f.waits, the core's, holds
-- exactly one kind. A reading that waited on both sides of a chow or on two pairs says
-- so at once; a winning tile that completes a kong never counts.
local function only_possible(f)
  local readings = f.readings
  for i = 1, #readings do
    local rd = readings[i]
    if rd.wait == "two_sided" or rd.wait == "pair" then return false end   -- two kinds wait
    if rd.win_set and rd.sets[rd.win_set].type == "kong" then return false end
  end
  return #f.waits == 1
end

------------------------------------------------------------------------------------------
-- The winner: hand-level facts (hand_context, in the scoring engine below), then one
-- tally per reading

-- C2 Nine Gates: no declared set; the 13 tiles before the winning tile are 1112345678999.
local function nine_gates(f, x)
  if #f.melds > 0 or not x.one_suit or x.honours then return false end
  local kinds = SUIT_KINDS[TILE[f.win_tile].suit]
  for r = 1, 9 do
    local t = kinds[r]
    local n = (f.counts[t] or 0) - (t == f.win_tile and 1 or 0)
    if n ~= NINE_GATES[r] then return false end
  end
  if f.options.nine_gates == "two_to_eight" and TILE[f.win_tile].terminal then return false end
  return true
end

-- DMJL Squirming Snake: one suit, pungs/kongs of 1 and 9, pair of 2, 5 or 8, two chows.
local function squirming_snake(f, x)
  if not x.one_suit or x.honours then return false end
  local kinds = SUIT_KINDS[TILE[f.win_tile].suit]
  local ac = f.all_counts
  if (ac[kinds[1]] or 0) < 3 or (ac[kinds[9]] or 0) < 3 then return false end
  local pair_rank
  for r = 2, 8 do
    local n = ac[kinds[r]] or 0
    if n == 2 and (r == 2 or r == 5 or r == 8) and not pair_rank then pair_rank = r
    elseif n ~= 1 then return false end
  end
  return pair_rank ~= nil
end

-- §11.1 option extra_special_hands = bmja, §21 BMJA: the irregular winning hands of
-- Kajongg's ClassicalChineseBMJA (the spec names them; their definitions are KJ's
-- predicates), each on the 14 concealed tiles of a hand with no meld, `c` its counts by
-- kind. `limit`: the fraction of the limit the hand scores; `calling`: the fraction a loser
-- calling for it scores (KJ "Calling for ...").
local function suits_of(c)
  local mask, honours = 0, false
  for t in pairs(c) do
    local su = TILE[t].suit
    if su == "z" then honours = true else mask = mask | SUIT_BIT[su] end
  end
  return mask, honours
end

-- Wriggling Snake (KJ WrigglingSnake): a pair of 1s and 2 to 9 of one suit, and each wind.
local MASK_SUIT = { [1] = "m", [2] = "p", [4] = "s" }
local function wriggling_snake(c)
  local mask = suits_of(c)
  local kinds = SUIT_KINDS[MASK_SUIT[mask]]
  if not kinds or c["5z"] or c["6z"] or c["7z"] then return false end
  for r = 1, 9 do if (c[kinds[r]] or 0) ~= (r == 1 and 2 or 1) then return false end end
  for r = 1, 4 do if c[r .. "z"] ~= 1 then return false end end
  return true
end

-- Triple Knitting (KJ TripleKnitting): no honours; four knitted triples (one value in the
-- three suits) and a knitted pair (one value in two suits).
local function triple_knitting(c)
  local _, honours = suits_of(c)
  if honours then return false end
  local triples, rest = 0, {}
  for r = 1, 9 do
    local m, p, s = c[r .. "m"] or 0, c[r .. "p"] or 0, c[r .. "s"] or 0
    local n = math.min(m, p, s)
    triples = triples + n
    for _, left in ipairs { { "m", m - n }, { "p", p - n }, { "s", s - n } } do
      for _ = 1, left[2] do rest[#rest + 1] = { r, left[1] } end
    end
  end
  return triples == 4 and #rest == 2 and rest[1][1] == rest[2][1] and rest[1][2] ~= rest[2][2]
end

-- Knitting (KJ Knitting): no honours; seven knitted pairs, each one value in the same two suits.
local function knitting(c)
  local mask, honours = suits_of(c)
  if honours or ONE_SUIT[mask] or mask == 7 then return false end
  local a, b = mask & 1 ~= 0 and "m" or "p", mask & 4 ~= 0 and "s" or "p"
  for r = 1, 9 do
    if (c[r .. a] or 0) ~= (c[r .. b] or 0) then return false end
  end
  return true
end

-- All Pair Honours (KJ AllPairHonors): seven different pairs of terminals and honours.
local function all_pair_honours(c)
  local kinds = 0
  for t, n in pairs(c) do
    if n ~= 2 or not TILE[t].major then return false end
    kinds = kinds + 1
  end
  return kinds == 7
end

R.special_hands = {
  bmja = {
    { name = "Wriggling Snake", limit = 1, calling = 0.4, test = wriggling_snake },
    { name = "Triple Knitting", limit = 0.5, calling = 0.2, test = triple_knitting },
    { name = "Knitting", limit = 0.5, calling = 0.2, test = knitting },
    { name = "All Pair Honours", limit = 0.5, calling = 0.2, test = all_pair_honours, pairs = true },
  },
}

-- The special hand of the option that 14 concealed tiles (counts `c`) make, or nil.
local function special_hand(rules, o, c)
  local list = rules.special_hands and rules.special_hands[o.extra_special_hands]
  if not list then return nil end
  local n = 0
  for _, k in pairs(c) do n = n + k end
  if n ~= 14 then return nil end
  for _, h in ipairs(list) do
    if h.test(c) then return h end
  end
  return nil
end

------------------------------------------------------------------------------------------
-- The scoring items (§14 Table A, §15 Table B, §16 Table C, §21 presets), one item shape
-- (docs/hooks.md): id, name exactly as the spec names it, value, unit ("points", "doubles",
-- "limit": one limit), who ("all": every player; otherwise the winner only), and
-- test(t), t the tally of one reading (below), answering false/nil, true (worth `value`)
-- or the value of an item whose worth varies, and how many lines (default 1). Items of
-- sets and pairs (A1-A6, A8-A10) carry `set`/`class` or `pair` in place of a test: they are
-- valued set by set and pair by pair, in the order of the sets. `needs`: the facts of the
-- hand or the reading (NEED_BIT in the scoring engine below) without which the item
-- cannot apply, for the winner and the losers alike (the test may rely on them); an item
-- its needs decide is `test = yes`, never asked: the items that can apply and their sums
-- are worked out once for each set of needs met, not for each hand.
-- The list is in the order of the explanation; the limit hands in the order they are
-- tried. Value 0: an item the game does not score (the DMJL items: its preset values them).
-- R.items is read through f.rules, so a child may give its own list; R.presets are the
-- §21 presets as overrides of the items by id (false: left out).

local function three_dragons(t)
  local ac = t.f.all_counts
  return (ac["5z"] or 0) >= 3 and (ac["6z"] or 0) >= 3 and (ac["7z"] or 0) >= 3
end

-- DMJL: the dragon and wind sets and pairs of a reading (once per tally).
local function honour_sets(t)
  if t.honour_sets_of ~= t.rd then
    local dragons, winds, dragon_pair, wind_pair = 0, 0, false, false
    for _, s in ipairs(t.rd.sets) do
      if s.type ~= "chow" then
        local k = TILE[s.tile]
        if k.dragon then dragons = dragons + 1 elseif k.honour then winds = winds + 1 end
      end
    end
    for _, p in ipairs(t.pairs) do
      local k = TILE[p]
      if k.dragon then dragon_pair = true elseif k.honour then wind_pair = true end
    end
    t.dragon_sets, t.wind_sets, t.dragon_pair, t.wind_pair = dragons, winds, dragon_pair, wind_pair
    t.honour_sets_of = t.rd
  end
  return t
end

local function yes() return true end

local ITEMS = {
  -- Table A (§14): base points
  { id = "A13", name = "Mah Jong", value = 20, unit = "points", test = function(t) return t.o.mahjong_points end },
  { id = "A1", name = "pung of simples", value = 2, unit = "points", who = "all", set = "pung", class = "simples" },
  { id = "A2", name = "pung of terminals", value = 4, unit = "points", who = "all", set = "pung", class = "terminals" },
  { id = "A3", name = "pung of honours", value = 4, unit = "points", who = "all", set = "pung", class = "honours" },
  { id = "A4", name = "kong of simples", value = 8, unit = "points", who = "all", set = "kong", class = "simples" },
  { id = "A5", name = "kong of terminals", value = 16, unit = "points", who = "all", set = "kong", class = "terminals" },
  { id = "A6", name = "kong of honours", value = 16, unit = "points", who = "all", set = "kong", class = "honours" },
  { id = "A8", name = "pair of dragons", value = 2, unit = "points", who = "all", pair = "dragon" },
  { id = "A9", name = "pair of own wind", value = 2, unit = "points", who = "all", pair = "own" },
  { id = "A10", name = "pair of prevailing wind", value = 2, unit = "points", who = "all", pair = "prevailing" },
  { id = "A12", name = "each flower or season", value = 4, unit = "points", who = "all", needs = "bonus",
    test = function(t) return true, #t.bonus end },
  { id = "A14", name = "winning tile self-drawn", value = 2, unit = "points", needs = "self_drawn", test = yes },
  { id = "§21.wd_wait", name = "edge, closed or single wait", value = 2, unit = "points", needs = "wd_table",
    test = function(t) local w = t.rd.wait return w == "edge" or w == "closed" or w == "single" end },
  { id = "§21.wd_concealed", name = "concealed hand", value = 10, unit = "points", needs = "wd_table",
    test = function(t) return t.x.concealed end },
  { id = "A15", name = "winning tile is the only possible tile", value = 2, unit = "points", needs = "only_possible", test = yes },
  { id = "A16", name = "winning tile completes the pair, pair of simples", value = 2, unit = "points", needs = { "pair_win", "pair_simple" },
    test = yes },
  { id = "A17", name = "winning tile completes the pair, pair of terminals or honours", value = 4, unit = "points",
    needs = { "pair_win", "pair_major" }, test = yes },

  -- Table B (§15): doubles
  { id = "B1", name = "pung or kong of dragons", value = 1, unit = "doubles", who = "all", needs = "dragon_sets",
    test = function(t) return true, t.dragons end },
  { id = "B2", name = "pung or kong of own wind", value = 1, unit = "doubles", who = "all", needs = "own_wind_sets",
    test = function(t) return true, t.own end },
  { id = "B3", name = "pung or kong of prevailing wind", value = 1, unit = "doubles", who = "all", needs = "prevailing_wind_sets",
    test = function(t) return true, t.prevailing end },
  { id = "B4.flower", name = "own flower", value = 1, unit = "doubles", who = "all", bonus = true, needs = "bonus",
    test = function(t) return t.o.own_bonus == "each" and t.own_flower end },
  { id = "B4.season", name = "own season", value = 1, unit = "doubles", who = "all", bonus = true, needs = "bonus",
    test = function(t) return t.o.own_bonus == "each" and t.own_season end },
  { id = "B4", name = "own flower and own season", value = 1, unit = "doubles", who = "all", bonus = true, needs = "bonus",
    test = function(t) return t.o.own_bonus ~= "each" and t.own_flower and t.own_season end },
  { id = "B5", name = "all four flowers", value = 1, unit = "doubles", who = "all", bonus = true, needs = "bonus",
    test = function(t) return t.flowers == 4 end },
  { id = "B6", name = "all four seasons", value = 1, unit = "doubles", who = "all", bonus = true, needs = "bonus",
    test = function(t) return t.seasons == 4 end },
  { id = "B7", name = "three concealed pungs", value = 1, unit = "doubles", who = "all", needs = "three_hidden", test = yes },
  { id = "DMJL.1", name = "Little Three Dragons", value = 0, unit = "doubles", who = "all",
    test = function(t) honour_sets(t) return t.dragon_sets == 2 and t.dragon_pair end },
  { id = "DMJL.2", name = "Big Three Dragons", value = 0, unit = "doubles", who = "all",
    test = function(t) honour_sets(t) return t.dragon_sets == 3 end },
  { id = "DMJL.3", name = "Little Four Joys", value = 0, unit = "doubles", who = "all",
    test = function(t) honour_sets(t) return t.wind_sets == 3 and t.wind_pair end },
  { id = "DMJL.4", name = "Big Four Joys", value = 0, unit = "doubles", who = "all",
    test = function(t) honour_sets(t) return t.wind_sets == 4 end },
  { id = "B8", name = "no chow", value = 1, unit = "doubles", needs = "no_chow", test = yes },
  { id = "B9", name = "concealed hand", value = 1, unit = "doubles", needs = { "concealed", "not_wd" }, test = yes },
  { id = "B10", name = "one suit with honours", value = 1, unit = "doubles", needs = { "one_suit", "honours" }, test = yes },
  { id = "B11", name = "one suit, no honours", value = 3, unit = "doubles", needs = { "one_suit", "no_honours" }, test = yes },
  { id = "B12", name = "only terminals and honours", value = 1, unit = "doubles", needs = { "honours", "no_simples", "suits" },
    test = yes },
  { id = "B13", name = "zero-point hand", value = 1, unit = "doubles", needs = { "four_chows", "no_pair_points" }, test = yes },
  { id = "B14", name = "winning tile is a kong replacement", value = 1, unit = "doubles", needs = "kong_replacement", test = yes },
  { id = "B15", name = "winning tile is the last tile of the live wall", value = 1, unit = "doubles",
    needs = { "last_tile", "self_drawn" }, test = yes },
  { id = "B16", name = "winning on the discard made after the last live-wall tile was drawn", value = 1,
    unit = "doubles", needs = { "last_tile", "discard" }, test = yes },
  { id = "B17", name = "robbing the kong", value = 1, unit = "doubles", needs = "robbing_kong", test = yes },
  { id = "B18", name = "Mah Jong with Original Call", value = 1, unit = "doubles", needs = "original_call", test = yes },
  { id = "C11.doubles", name = "Blessing of Heaven", value = 3, unit = "doubles", needs = { "first_turn", "east", "self_drawn" },
    test = function(t) return t.o.heaven_blessing == "three_doubles" end },   -- option

  -- Table C (§16): limit hands, the first that holds
  { id = "C1", name = "Concealed pure suit", value = 1, unit = "limit", needs = { "one_suit", "no_honours", "concealed" }, test = yes },
  { id = "C2", name = "Nine Gates", value = 1, unit = "limit", needs = { "one_suit", "no_honours" },
    test = function(t) return nine_gates(t.f, t.x) end },
  { id = "C3", name = "All honours", value = 1, unit = "limit", needs = { "honours", "no_suits" }, test = yes },
  { id = "C4", name = "Heads and Tails", value = 1, unit = "limit", needs = { "no_simples", "no_honours" }, test = yes },
  { id = "C5", name = "Hidden Treasure", value = 1, unit = "limit", needs = { "no_chow", "all_hidden", "self_drawn" }, test = yes },
  { id = "C6", name = "Fourfold Plenty", value = 1, unit = "limit", needs = "four_kongs", test = yes },
  { id = "C7", name = "Three Great Scholars", value = 1, unit = "limit", needs = "three_dragon_sets", test = three_dragons },
  { id = "C8", name = "Four Blessings Hovering over the Door", value = 1, unit = "limit", needs = "four_wind_sets",
    test = yes },                                      -- four sets of winds: one of each
  { id = "C9", name = "Imperial Jade", value = 1, unit = "limit", needs = "green", test = yes },
  { id = "C10", name = "Thirteen Orphans", value = 1, unit = "limit", needs = "thirteen_orphans", test = yes },  -- no reading: see R.score
  { id = "C11", name = "Blessing of Heaven", value = 1, unit = "limit", needs = { "first_turn", "east", "self_drawn" },
    test = function(t) return t.o.heaven_blessing == "limit" end },
  { id = "C12", name = "Blessing of Earth", value = 1, unit = "limit", needs = { "first_turn", "not_east" },
    test = function(t) return not t.self_drawn or t.o.earth_blessing_first_draw end },
  { id = "C13", name = "Gathering the Plum Blossom from the Roof", value = 1, unit = "limit", needs = "kong_replacement",
    test = function(t) return t.f.win_tile == "5p" end },
  { id = "C14", name = "Plucking the Moon from the Bottom of the Sea", value = 1, unit = "limit",
    needs = { "last_tile", "self_drawn" }, test = function(t) return t.f.win_tile == "1p" end },
  { id = "C15", name = "Scratching a Carrying Pole", value = 1, unit = "limit", needs = "robbing_kong",
    test = function(t) return t.f.win_tile == "2s" end },
  { id = "C16", name = "Twofold Fortune", value = 1, unit = "limit", needs = "kong_upon_kong", test = yes },
  { id = "C17", name = "East's Nth consecutive win", value = 1, unit = "limit", needs = { "streak", "east" },
    test = function(t)
      local n, streak = t.o.east_streak_limit, tonumber(t.f.situation.streak)
      return n ~= "off" and streak ~= nil and streak >= n
    end },
  { id = "DMJL.5", name = "Squirming Snake", value = 0, unit = "limit", test = function(t) return squirming_snake(t.f, t.x) end },
  -- BMJA Buried Treasure (KJ BuriedTreasure): one suit (honours allowed), four concealed pungs
  -- (no kong) and a pair (the pair may be completed by a discard)
  { id = "BMJA.1", name = "Buried Treasure", value = 0, unit = "limit", needs = { "one_suit", "no_chow", "all_hidden" },
    test = function(t)
      for _, st in ipairs(t.rd.sets) do if st.type == "kong" then return false end end
      return true
    end },
}
R.items = ITEMS

-- §21: the presets, as overrides of the items by id (false: the item is left out);
-- max_chows: the most chows a winning hand may hold, limit hands too, except the one named
-- by max_chows_exempt (Gates of Heaven: a shape of its own, KJ's own Mah Jong rule).
R.presets = {
  bmja = {
    B7 = false, B10 = false, B13 = false, B14 = false, C1 = false, C5 = false, C17 = false,
    B5 = { value = 2 }, B6 = { value = 2 },
    B11 = { name = "Purity", test = function(t) return not t.x.honours and t.chows == 0 end },
    C2 = { name = "Gates of Heaven" },
    C7 = { test = function(t) return t.chows == 0 and three_dragons(t) end },
    ["BMJA.1"] = { value = 1 },
    -- losers calling for a limit hand (KJ "Calling for ..."): the fraction of the limit, by
    -- item id; calling for Purity: its doubles
    calling_limits = { C2 = 0.4, C3 = 0.4, C4 = 0.4, C6 = 0.4, C7 = 0.4, C8 = 0.4, C9 = 0.4, C10 = 0.4,
                       ["BMJA.1"] = 0.4 },
    calling_doubles = { B11 = 3 },
    max_chows = 1, max_chows_exempt = "C2", max_chows_reason = "BMJA: at most one chow in a winning hand",
  },
  dmjl = {
    ["DMJL.1"] = { value = 1 }, ["DMJL.2"] = { value = 2 }, ["DMJL.3"] = { value = 1 }, ["DMJL.4"] = { value = 2 },
    ["DMJL.5"] = { value = 1 },
  },
}

-- The scoring engine: the items in use, the needs met, the tallies of a reading. Its
-- constants stay inside this block; what the hooks below call is declared here.
local hand_context, items_in_use, winner_tally, loser_tally
do
-- The facts items may need (their `needs`), as bits: those of the hand and its options
-- (hand_context, once per hand), those of one reading (set_facts and winner_tally).
local N_SELF_DRAWN <const> = 1 << 0
local N_DISCARD <const> = 1 << 1
local N_BONUS <const> = 1 << 2
local N_DRAGON_SETS <const> = 1 << 3
local N_OWN_WIND_SETS <const> = 1 << 4
local N_PREVAILING_WIND_SETS <const> = 1 << 5
local N_ONE_SUIT <const> = 1 << 6
local N_HONOURS <const> = 1 << 7
local N_NO_CHOW <const> = 1 << 8
local N_CONCEALED <const> = 1 << 9
local N_PAIR_WIN <const> = 1 << 10
local N_ONLY_POSSIBLE <const> = 1 << 11
local N_WD_TABLE <const> = 1 << 12
local N_THIRTEEN_ORPHANS <const> = 1 << 13
local N_THREE_HIDDEN <const> = 1 << 14
local N_FOUR_CHOWS <const> = 1 << 15
local N_NO_SIMPLES <const> = 1 << 16
local N_FOUR_KONGS <const> = 1 << 17
local N_GREEN <const> = 1 << 18
local N_STREAK <const> = 1 << 19
local N_NO_HONOURS <const> = 1 << 20
local N_PAIR_SIMPLE <const> = 1 << 21
local N_PAIR_MAJOR <const> = 1 << 22
local N_NOT_WD <const> = 1 << 23
local N_ALL_HIDDEN <const> = 1 << 24
local N_THREE_DRAGON_SETS <const> = 1 << 25
local N_FOUR_WIND_SETS <const> = 1 << 26
local N_SUITS <const> = 1 << 27
local N_NO_SUITS <const> = 1 << 28
local N_NO_PAIR_POINTS <const> = 1 << 29
local N_EAST <const> = 1 << 30
local N_NOT_EAST <const> = 1 << 31
local N_KONG_REPLACEMENT <const> = 1 << 32
local N_ROBBING_KONG <const> = 1 << 33
local N_LAST_TILE <const> = 1 << 34
local N_ORIGINAL_CALL <const> = 1 << 35
local N_FIRST_TURN <const> = 1 << 36
local N_KONG_UPON_KONG <const> = 1 << 37
local N_PAIR_POINTS <const> = 1 << 38   -- the pairs score (the winner's; a loser's are always valued)
local NEED_BIT = {
  self_drawn = N_SELF_DRAWN,
  discard = N_DISCARD,
  bonus = N_BONUS,
  dragon_sets = N_DRAGON_SETS,
  own_wind_sets = N_OWN_WIND_SETS,
  prevailing_wind_sets = N_PREVAILING_WIND_SETS,
  one_suit = N_ONE_SUIT,
  honours = N_HONOURS,
  no_chow = N_NO_CHOW,
  concealed = N_CONCEALED,
  pair_win = N_PAIR_WIN,
  only_possible = N_ONLY_POSSIBLE,
  wd_table = N_WD_TABLE,
  thirteen_orphans = N_THIRTEEN_ORPHANS,
  three_hidden = N_THREE_HIDDEN,
  four_chows = N_FOUR_CHOWS,
  no_simples = N_NO_SIMPLES,
  four_kongs = N_FOUR_KONGS,
  green = N_GREEN,
  streak = N_STREAK,
  no_honours = N_NO_HONOURS,
  pair_simple = N_PAIR_SIMPLE,
  pair_major = N_PAIR_MAJOR,
  not_wd = N_NOT_WD,
  all_hidden = N_ALL_HIDDEN,
  three_dragon_sets = N_THREE_DRAGON_SETS,
  four_wind_sets = N_FOUR_WIND_SETS,
  suits = N_SUITS,
  no_suits = N_NO_SUITS,
  no_pair_points = N_NO_PAIR_POINTS,
  east = N_EAST,
  not_east = N_NOT_EAST,
  kong_replacement = N_KONG_REPLACEMENT,
  robbing_kong = N_ROBBING_KONG,
  last_tile = N_LAST_TILE,
  original_call = N_ORIGINAL_CALL,
  first_turn = N_FIRST_TURN,
  kong_upon_kong = N_KONG_UPON_KONG,
  pair_points = N_PAIR_POINTS,
}
local FLAG_BIT = {}                    -- the situation's flags that are needs
for _, name in ipairs(R.flags) do FLAG_BIT[name] = NEED_BIT[name] end
local SET_BLOCK, PAIR_BLOCK = { name = "(sets)", need_mask = 0 }, { name = "(pairs)", need_mask = N_PAIR_POINTS }
-- How tally_lines takes an entry (its `kind`): a block of sets or pairs, an item worth its
-- value when its needs are met, an item asked its test, a run of items worth their value.
local K_SETS <const>, K_PAIRS <const>, K_YES <const>, K_TEST <const>, K_RUN <const> = 1, 2, 3, 4, 5
SET_BLOCK.kind, PAIR_BLOCK.kind = K_SETS, K_PAIRS

-- The needs a hand's composition bits (hand_bits) meet.
local COMPOSITION_MET = {}
for bits = 0, 63 do
  local mask = bits & 7
  COMPOSITION_MET[bits] = (ONE_SUIT[mask] and N_ONE_SUIT or 0) | (bits & HONOUR ~= 0 and N_HONOURS or N_NO_HONOURS)
    | (bits & SIMPLE_KIND ~= 0 and 0 or N_NO_SIMPLES) | (bits & NOT_GREEN == 0 and N_GREEN or 0)
    | (mask == 0 and N_NO_SUITS or N_SUITS)
end

-- Facts of the whole hand that do not depend on the reading, and the needs it meets
-- (x.met; one table, refilled for each hand: one hand is scored at a time).
local context = {}
function hand_context(f)
  local o, melds = f.options, f.melds
  -- §17.7 composition: the mask of the suits, whether it holds honours, whether it holds
  -- simples, whether it is all green
  local bits = hand_bits(f)
  local mask, honours, simples, green = bits & 7, bits & HONOUR ~= 0, bits & SIMPLE_KIND ~= 0, bits & NOT_GREEN == 0
  -- §17.2 concealed hand (B9, C1, C5): self-drawn, and no meld but concealed/claimed kongs
  local concealed, kongs = (f.win_by == "self"), 0
  for i = 1, #melds do
    local m = melds[i]
    if m.type == "kong" then kongs = kongs + 1 end
    if m.type ~= "kong" or m.kong == "promoted" then concealed = false end
  end
  local x = context
  x.one_suit = ONE_SUIT[mask] == true
  x.honours = honours
  x.simples = simples
  x.green = green
  x.mask = mask
  x.concealed = concealed
  x.kongs = kongs
  x.flagged = next(f.flags) ~= nil                   -- any of the situation's flags
  local only = o.only_possible_points and not o.wd_table and #f.readings > 0 and only_possible(f)
  x.only_possible = only
  -- the needs the whole hand meets (with its options), for every reading
  local wd = o.wd_table
  local met = COMPOSITION_MET[bits] | (f.win_by == "self" and N_SELF_DRAWN or N_DISCARD)
    | (#f.bonus > 0 and N_BONUS or 0) | (concealed and N_CONCEALED or 0)
    | (only and N_ONLY_POSSIBLE or 0) | (wd and N_WD_TABLE or N_NOT_WD)
    | (kongs == 4 and N_FOUR_KONGS or 0) | (f.situation.streak ~= nil and N_STREAK or 0)
    | (f.seat == "E" and N_EAST or N_NOT_EAST)
  if x.flagged then
    for name, on in pairs(f.flags) do
      if on then met = met | (FLAG_BIT[name] or 0) end
    end
  end
  x.met, x.pair_win = met, o.pair_completion_points and not wd
  return x
end

-- The items in use for a list and a preset (made once): `all` and `loser`, the lists of
-- the lines in order (SET_BLOCK and PAIR_BLOCK where the set and pair items go),
-- `set[type][kind]` and `pairs` (the set and pair items), `by_id`, and by the bits of the
-- needs met, the lists that can apply (made when first met).
local IN_USE = setmetatable({}, { __mode = "k" })
function items_in_use(items, preset_name, presets)
  local by_preset = IN_USE[items]
  if not by_preset then by_preset = {}; IN_USE[items] = by_preset end
  local use = by_preset[preset_name]
  if use then return use end
  local preset = presets and presets[preset_name] or {}
  use = { all = {}, loser = {}, set = { pung = {}, kong = {} }, pairs = {}, by_id = {}, winner_met = {},
          loser_met = {}, max_chows = preset.max_chows, max_chows_reason = preset.max_chows_reason }
  local set_seen, pair_seen = false, false
  for _, item in ipairs(items) do
    local over = preset[item.id]
    if over ~= false then
      local e = item
      if over then
        e = {}
        for k, v in pairs(item) do e[k] = v end
        for k, v in pairs(over) do e[k] = v end
      end
      if e.value ~= 0 then
        if e == item then e = {}; for k, v in pairs(item) do e[k] = v end end   -- (rec: its line, kept here)
        if type(e.value) == "number" and e.unit then
          e.rec = record(e.name, e.value, e.unit)
          e.rec2 = record(e.name, 2 * e.value, e.unit)       -- a concealed set's line
        end
        e.points = e.unit == "points"
        e.kind = e.test == yes and K_YES or K_TEST
        local needs, mask = e.needs, 0
        for _, name in ipairs(type(needs) == "table" and needs or { needs }) do
          mask = mask | assert(NEED_BIT[name], name)
        end
        e.need_mask = mask
        use.by_id[e.id] = use.by_id[e.id] or e
        local entry = e
        if e.set then
          for t, k in pairs(TILE) do                 -- by kind: the item of its class
            if k.class == e.class then use.set[e.set][t] = e end
          end
          entry = not set_seen and SET_BLOCK or nil
          set_seen = true
        elseif e.pair then
          use.pairs[#use.pairs + 1] = e
          entry = not pair_seen and PAIR_BLOCK or nil
          pair_seen = true
        end
        if entry then
          use.all[#use.all + 1] = entry
          if e.who == "all" then use.loser[#use.loser + 1] = entry end
        end
      end
    end
  end
  if preset.calling_limits then                 -- by the names of the items (as scored)
    use.calling_limits, use.calling_doubles = {}, {}
    for id, x in pairs(preset.calling_limits) do use.calling_limits[use.by_id[id].name] = x end
    for id, d in pairs(preset.calling_doubles) do use.calling_doubles[use.by_id[id].name] = d end
  end
  local exempt = preset.max_chows_exempt and use.by_id[preset.max_chows_exempt]
  use.max_chows_exempt = exempt and exempt.name
  by_preset[preset_name] = use
  return use
end

-- The entries of `list` that can apply with the needs `met`, cached in cache[met]; with
-- `limits`, the limit hands apart. Items in a row worth their value go in one run of
-- lines; the points, doubles and bonus doubles of all of them are summed in the list.
-- A cache holds at most MAX_PLANS lists, then starts again: memory stays bounded however
-- varied the hands of a long batch.
local MAX_PLANS = 16384
local function met_list(list, met, cache, limits)
  local lines, run = { pts = 0, dbl = 0, bonus_dbl = 0 }, nil
  for _, e in ipairs(list) do
    if met & e.need_mask == e.need_mask then
      if limits and e.unit == "limit" then
        limits[#limits + 1] = e
      elseif e.kind == K_YES then
        if not run then
          run = { kind = K_RUN, n = 0 }
          lines[#lines + 1] = run
        end
        run.n = run.n + 1
        run[run.n] = e.rec
        if e.points then lines.pts = lines.pts + e.value
        else
          lines.dbl = lines.dbl + e.value
          if e.bonus then lines.bonus_dbl = lines.bonus_dbl + e.value end
        end
      else
        lines[#lines + 1] = e
        run = nil
      end
    end
  end
  lines.limits = limits
  local n = (cache.plans or 0) + 1
  if n > MAX_PLANS then
    for k in pairs(cache) do cache[k] = nil end
    n = 1
  end
  cache.plans, cache[met] = n, lines
  return lines
end

-- The tally of one reading, the table items test (reused: one reading at a time).
local T = {}
local WINNER_PAIR = {}                 -- the winner's pair, as a list of one
local HONOUR_SET = {}                  -- by kind: 1 a dragon, 2 a wind
for t, k in pairs(TILE) do
  if k.dragon then HONOUR_SET[t] = 1 elseif k.honour then HONOUR_SET[t] = 2 end
end

-- The sets of the tally's reading: A1-A7's points and what other items count; the lines
-- into recs (when given). Returns the needs of the reading the sets meet.
local SET_LINES, PAIR_LINES = {}, {}   -- the lines of the sets and of the pair, made by set_facts and pair_points
-- The needs met by how many chows, concealed pungs, dragon sets, wind sets a reading holds.
local CHOWS_MET, HIDDEN_MET, DRAGONS_MET, WINDS_MET = {}, {}, {}, {}
for k = 0, 5 do
  CHOWS_MET[k] = (k == 0 and N_NO_CHOW or 0) | (k == 4 and N_FOUR_CHOWS or 0)
  HIDDEN_MET[k] = k >= 3 and N_THREE_HIDDEN or 0
  DRAGONS_MET[k] = (k > 0 and N_DRAGON_SETS or 0) | (k >= 3 and N_THREE_DRAGON_SETS or 0)
  WINDS_MET[k] = k == 4 and N_FOUR_WIND_SETS or 0
end
local function set_facts(t, use, recs)
  local rd, n, self_drawn = t.rd, 0, t.self_drawn
  local pts, chows, hidden_pungs, all_hidden, dragons, own, prevailing, winds = 0, 0, 0, true, 0, 0, 0, 0
  local own_wind, prevailing_wind = WIND_OF[t.seat], WIND_OF[t.round]
  local sets, by_type = rd.sets, use.set
  for i = 1, #sets do
    local s = sets[i]
    local stype = s.type
    if stype == "chow" then                                          -- A7: chow, 0
      chows = chows + 1
    else
      local exposed, hidden                                          -- §9.2 (set_state)
      if s.meld == nil then
        exposed = i == rd.win_set and not self_drawn
        hidden = not exposed
      else
        local kong = s.kong
        exposed, hidden = kong ~= "concealed", kong == "concealed" or kong == "exposed"
      end
      local tile = s.tile
      local e = by_type[stype][tile]
      if e then
        local v = e.value
        if exposed then pts = pts + v else pts = pts + 2 * v end
        if recs then n = n + 1; recs[n] = exposed and e.rec or e.rec2 end
      end
      if hidden then hidden_pungs = hidden_pungs + 1 else all_hidden = false end
      local h = HONOUR_SET[tile]
      if h then
        if h == 1 then dragons = dragons + 1 else winds = winds + 1 end
        if tile == own_wind then own = own + 1 end
        if tile == prevailing_wind then prevailing = prevailing + 1 end
      end
    end
  end
  t.set_pts, t.chows, t.hidden_pungs, t.all_hidden, t.nset_lines = pts, chows, hidden_pungs, all_hidden, n
  t.dragons, t.own, t.prevailing, t.winds = dragons, own, prevailing, winds
  return CHOWS_MET[chows] | HIDDEN_MET[hidden_pungs] | DRAGONS_MET[dragons] | WINDS_MET[winds]
    | (own > 0 and N_OWN_WIND_SETS or 0) | (prevailing > 0 and N_PREVAILING_WIND_SETS or 0)
    | (all_hidden and N_ALL_HIDDEN or 0)
end

-- A8-A10 of one pair: the points, and the lines into out after its n lines. Returns the
-- points and the number of lines.
local function pair_points(t, use, p, out, n)
  local dragon, own, prevailing = HONOUR_SET[p] == 1, p == WIND_OF[t.seat], p == WIND_OF[t.round]
  if not (dragon or own or prevailing) then return 0, n end
  local pts, list = 0, use.pairs
  for i = 1, #list do
    local e, holds = list[i], nil
    local kind = e.pair
    if kind == "dragon" then holds = dragon elseif kind == "own" then holds = own else holds = prevailing end
    if holds then
      pts = pts + e.value
      if out then n = n + 1; out[n] = e.rec end
    end
  end
  return pts, n
end

-- B4-B6 facts: own flower and season, flowers and seasons held.
local function bonus_facts(t, seat, bonus)
  local own_f, own_s, flowers, seasons = false, false, 0, 0
  for i = 1, #bonus do
    local b = bonus[i]
    if b == OWN_FLOWER[seat] then own_f = true end
    if b == OWN_SEASON[seat] then own_s = true end
    if FLOWER[b] then flowers = flowers + 1 else seasons = seasons + 1 end
  end
  t.own_flower, t.own_season, t.flowers, t.seasons = own_f, own_s, flowers, seasons
end

-- The lines of a list into out (when given): returns points, doubles, bonus doubles (B4-B6).
local bad_answer, math_type = (require "lib.items").bad_answer, math.type

local function tally_lines(t, use, list, out)
  local pts, dbl, bonus_dbl = list.pts, list.dbl, list.bonus_dbl      -- the runs'

  local n = out and #out
  for i = 1, #list do
    local e = list[i]
    local kind = e.kind
    if kind == K_RUN then                                            -- worth their values, once
      if out then
        local m = e.n
        for j = 1, m do out[n + j] = e[j] end
        n = n + m
      end
    elseif kind == K_SETS then
      pts = pts + t.set_pts
      if out then
        for j = 1, t.nset_lines do out[n + j] = SET_LINES[j] end
        n = n + t.nset_lines
      end
    elseif kind == K_PAIRS then
      if t.pairs ~= WINNER_PAIR then
        local ps = t.pairs
        for j = 1, #ps do
          local p
          p, n = pair_points(t, use, ps[j], out, n)
          pts = pts + p
        end
      else
        pts = pts + t.pair_pts
        if out then
          for j = 1, t.npair_lines do out[n + j] = PAIR_LINES[j] end
          n = n + t.npair_lines
        end
      end
    else
      local v, times = e.test(t)
      if v then
        times = times or 1
        if v ~= true and math_type(v) == nil then bad_answer(e, v, true) end
        if v == true or v == e.value then
          v = e.value
          if out then
            local rec = e.rec
            for _ = 1, times do n = n + 1; out[n] = rec end
          end
        elseif out then
          local rec = record(e.name, v, e.unit)
          for _ = 1, times do n = n + 1; out[n] = rec end
        end
        if e.points then pts = pts + v * times
        else
          dbl = dbl + v * times
          if e.bonus then bonus_dbl = bonus_dbl + v * times end
        end
      end
    end
  end
  return pts, dbl, bonus_dbl
end

-- The winner's points and doubles for one reading (Tables A and B), lines into `out`.
-- Returns points, doubles, the doubles from bonus tiles (B4-B6), the limit hand and chows.
function winner_tally(f, x, rd, out, use)
  local t = T
  t.f, t.o, t.x, t.rd, t.fl, t.seat, t.round = f, f.options, x, rd, f.flags, f.seat, f.round
  t.self_drawn, t.bonus, t.honour_sets_of = f.win_by == "self", f.bonus, nil
  t.pairs, WINNER_PAIR[1] = WINNER_PAIR, rd.pair
  local met = x.met | set_facts(t, use, out and SET_LINES)
  local p, pair_pts, npair = rd.pair, 0, 0
  if HONOUR_SET[p] then pair_pts, npair = pair_points(t, use, p, out and PAIR_LINES, 0) end   -- (A8-A10: honours)
  t.pair_pts, t.npair_lines = pair_pts, npair
  if met & N_BONUS ~= 0 then bonus_facts(t, f.seat, f.bonus) end
  met = met | (pair_pts == 0 and N_NO_PAIR_POINTS or N_PAIR_POINTS)
    | (TILE[rd.pair].major and N_PAIR_MAJOR or N_PAIR_SIMPLE)
    | (rd.win_set == nil and x.pair_win and N_PAIR_WIN or 0)
  local lines = use.winner_met[met] or met_list(use.all, met, use.winner_met, {})
  local limits = lines.limits
  local pts, dbl, bonus_dbl = tally_lines(t, use, lines, out)
  local limit_name
  for i = 1, #limits do
    local e = limits[i]
    if e.kind == K_YES or e.test(t) then limit_name = e.name break end
  end
  return pts, dbl, bonus_dbl, limit_name, t.chows
end

-- A loser's hand as a reading: its melds, the pungs among its concealed tiles (four
-- identical count as a pung and a single, §9.2) and its pairs; chows score nothing.
local function loser_reading(hand)
  local sets, pair_tiles = {}, {}
  for _, t in ipairs(KINDS) do
    local n = hand.counts[t]
    if n then
      if n >= 3 then sets[#sets + 1] = { type = "pung", tile = t }
      elseif n == 2 then pair_tiles[#pair_tiles + 1] = t end
    end
  end
  for i, m in ipairs(hand.melds) do
    sets[#sets + 1] = { type = m.type, tile = m.tile, meld = i, kong = m.kong }
  end
  return { sets = sets, pairs = pair_tiles }
end

-- One loser's value and lines: the items of every player (who = "all").
local NO_FLAGS = {}
function loser_tally(f, seat, hand, out, use)
  local t, rd = T, loser_reading(hand)
  t.f, t.o, t.x, t.rd, t.fl, t.seat, t.round = f, f.options, nil, rd, NO_FLAGS, seat, f.round
  t.self_drawn, t.bonus, t.pairs, t.honour_sets_of = false, hand.bonus, rd.pairs, nil
  local met = set_facts(t, use, out and SET_LINES) | (#hand.bonus > 0 and N_BONUS or 0) | N_PAIR_POINTS
  bonus_facts(t, seat, hand.bonus)
  local list = use.loser_met[met] or met_list(use.loser, met, use.loser_met)
  local pts, dbl = tally_lines(t, use, list, out)
  return pts, dbl
end
end   -- the scoring engine

------------------------------------------------------------------------------------------
-- Limit, rounding, qualification

-- §13.5: the limit; with roof_off what a limit hand scores, the ruleset's own limit (its
-- default: 500, BMJA 1000, as Kajongg's roof-off rulesets)
local function limit_of(f)
  local limit = f.options.limit
  if limit ~= "roof_off" then return limit end
  local own = f.rules.options.limit.default
  return type(own) == "number" and own or 500
end

local function rounded(o, s)                                          -- §13.6
  if o.rounding == "up10" then return (s + 9) // 10 * 10 end
  if o.rounding == "nearest10" then return (s + 5) // 10 * 10 end
  return s
end

-- §13 steps 3-6: the final score, and the name of the limit when it applies.
local function final_score(f, o, pts, dbl, limit_name)
  local limit, s = o.limit, nil
  if limit_name then
    s = limit_of(f)
  else
    s = pts << dbl
    if limit ~= "roof_off" and s >= limit then s, limit_name = limit, "limit" end
  end
  local rounding = o.rounding                                          -- (rounded, inline)
  if rounding == "up10" then return (s + 9) // 10 * 10, limit_name end
  if rounding == "nearest10" then return (s + 5) // 10 * 10, limit_name end
  return s, limit_name
end

-- §20 Babcock's games: is this win a legal Mah Jong? Returns true, or false and a reason.
local function any_win() return true end
R.qualifications = {
  mixed_hand = any_win,                                           -- (score need not ask it)
  one_double = function(f, x, dbl, bonus_dbl, limit_name)        -- B4-B6 do not count
    if limit_name or dbl - bonus_dbl >= 1 then return true end
    return false, "One-Double game: the hand scores no double besides flowers and seasons"
  end,
  cleared_hand = function(f, x)                                   -- one suit (+ honours), terminals (+ honours), honours
    if x.mask == 0 or ONE_SUIT[x.mask] or not x.simples then return true end
    return false, "Cleared-Hand game: the hand is not one suit, terminals or honours"
  end,
}

------------------------------------------------------------------------------------------
-- Losers (§17.10, §11.4): Table A without winner items, Table B items marked "all"

-- Every loser's result: {seat = {value={points,doubles,score}, items=, dead=}}.
-- Missing losers are worthless hands; seats listed in situation.dead are dead hands (§12.2).
-- §21 BMJA (KJ's loser rules "Calling for ..."): a loser whose hand of 13 needs one tile
-- for one of the preset's limit hands scores that fraction of the limit when it is more
-- than his own score; one calling for Purity adds its doubles. Each wait is scored as
-- the loser's own self-drawn win. Returns the limit item (name, fraction) and the doubles.
local CALLING_FORMS = jong.FORM_STANDARD | jong.FORM_THIRTEEN_ORPHANS
local function calling(f, seat, str, use, hand)
  local best, frac, doubles = nil, 0, 0
  local a = jong.analysis(str, CALLING_FORMS)
  local waits, specials = a and a.waits or {}, f.rules.special_hands and f.rules.special_hands[f.options.extra_special_hands]
  if specials and #hand.melds == 0 then                  -- and the special hands' waits (§11.1)
    waits = { table.unpack(waits) }
    local seen, c = {}, {}
    for _, t in ipairs(waits) do seen[t] = true end
    for t, n in pairs(hand.counts) do c[t] = n end
    for _, t in ipairs(KINDS) do
      c[t] = (c[t] or 0) + 1
      local sp = special_hand(f.rules, f.options, c)
      if sp then
        if not seen[t] then waits[#waits + 1] = t end
        if sp.calling > frac then best, frac = sp.name, sp.calling end   -- whatever it scores
      end
      c[t] = c[t] - 1
      if c[t] == 0 then c[t] = nil end
    end
  end
  if #waits == 0 then return nil, 0, 0 end
  for _, t in ipairs(waits) do
    local g = jong.facts({ rules = f.rules, options = f.options, seat = seat, round = f.round,
                           hand = t .. " " .. str, win_tile = t, win_by = "self" })
    local res = g and R.score(g)
    if res and res.wins then
      local x = res.limit and use.calling_limits[res.limit]
      if x and x > frac then best, frac = res.limit, x end
      for _, it in ipairs(res.items) do
        local d = use.calling_doubles[it.name]
        if d and d > doubles then doubles = d end
      end
    end
  end
  return best, frac, doubles
end

local function score_losers(f, use)
  local given, dead = f.situation.losers or {}, {}
  for _, s in ipairs(f.situation.dead or {}) do dead[s] = true end
  local res = {}
  for _, seat in ipairs(SEATS) do
    if seat ~= f.seat then
      local str = given[seat]
      local r = { value = { points = 0, doubles = 0, score = 0 }, items = {}, dead = dead[seat] or nil }
      if str and str ~= "" and not dead[seat] then
        local hand, err = jong.parse_hand(str)
        if not hand then return nil, "losers." .. seat .. ": " .. tostring(err) end
        local pts, dbl = loser_tally(f, seat, hand, r.items, use)
        local name, frac, cdbl = nil, 0, 0
        if use.calling_limits then name, frac, cdbl = calling(f, seat, str, use, hand) end
        if cdbl > 0 then
          dbl = dbl + cdbl
          r.items[#r.items + 1] = record("Calling for Purity", cdbl, "doubles")
        end
        local s = pts << dbl
        if name and frac * limit_of(f) >= s then                       -- (KJ Score.total)
          s, pts, dbl = math.floor(frac * limit_of(f) + 0.5), 0, 0
          r.items = { record("Calling for " .. name, s, "limit") }
        elseif f.options.limit ~= "roof_off" then s = math.min(s, limit_of(f)) end
        r.value = { points = pts, doubles = dbl, score = rounded(f.options, s) }
      end
      own_lines(r.items)
      res[seat] = r
    end
  end
  return res
end

------------------------------------------------------------------------------------------
-- Hooks

-- Situations that cannot hold (DESIGN: `nil, reason`).
local function invalid(f)
  local fl, self_drawn = f.flags, f.win_by == "self"
  if next(fl) ~= nil then                                        -- the flags
    if fl.robbing_kong and self_drawn then return "robbing_kong needs win_by discard" end
    if fl.kong_replacement and not self_drawn then return "kong_replacement needs win_by self" end
    if fl.kong_upon_kong and not fl.kong_replacement then return "kong_upon_kong needs kong_replacement" end
    if fl.first_turn and f.seat == "E" and not self_drawn then return "first_turn: East wins on his dealt tiles (self)" end
    if fl.first_turn and f.seat ~= "E" and not self_drawn and f.from ~= "E" then
      return "first_turn: Blessing of Earth is won on East's first discard" end
  end
  if #f.bonus > 0 and not f.options.bonus_tiles then return "bonus tiles are not in play (bonus_tiles = false)" end
  return nil
end

-- The winner's explanation is written into a reused buffer (no table grown line by
-- line); `taken` copies it out and empties the buffer.
local buffer, NOTHING, unpack, move = {}, {}, table.unpack, table.move
local function taken()
  local n = #buffer
  local items = { unpack(buffer, 1, n) }
  move(NOTHING, 1, n, 1, buffer)                       -- nil, nil, ...
  return own_lines(items)
end

-- A special hand (§11.1) valued by the tables as Kajongg values it too (Score.total: the
-- larger of this and its share of the limit): its pairs (All Pair Honours) and bonus tiles
-- as a loser's, and the winner's items that need no set: no Mah Jong points. Returns the
-- points, the doubles and the lines.
local function special_value(f, x, use, sp)
  local lines, doubles = {}, {}
  local hand = { counts = sp.pairs and f.counts or {}, melds = f.melds, bonus = f.bonus }
  local pts, dbl = loser_tally(f, f.seat, hand, lines, use)
  for i = #lines, 1, -1 do
    if lines[i].unit ~= "points" then table.insert(doubles, 1, table.remove(lines, i)) end
  end
  local function add(id, holds)
    local e = holds and use.by_id[id]
    if not e then return end
    if e.unit == "points" then
      pts, lines[#lines + 1] = pts + e.value, { name = e.name, value = e.value, unit = e.unit }
    else
      dbl, doubles[#doubles + 1] = dbl + e.value, { name = e.name, value = e.value, unit = e.unit }
    end
  end
  local fl, self = f.flags, f.win_by == "self"
  add("A14", self)
  add("B8", true)                                                -- no chow
  add("B9", x.concealed and not f.options.wd_table)
  add("B12", x.honours and not x.simples and x.mask ~= 0)
  add("B15", fl.last_tile and self)
  add("B16", fl.last_tile and not self)
  add("B17", fl.robbing_kong)
  add("B18", fl.original_call)
  table.move(doubles, 1, #doubles, #lines + 1, lines)
  return pts, dbl, lines
end

-- score(f): the winner's value (§13), and every loser's (result.losers) when the
-- situation gives their hands.
function R.score(f)
  if next(f.flags) ~= nil or #f.bonus > 0 then     -- (nothing else can be invalid)
    local bad = invalid(f)
    if bad then return nil, bad end
  end
  if buffer[1] then taken() end                      -- left over by an error
  local o = f.options
  local qualifies = f.rules.qualifications[o.game_type]
  local use = items_in_use(f.rules.items or ITEMS, o.ruleset_preset, f.rules.presets)
  local x = hand_context(f)
  local value, items, limit, best_raw, best, reason
  if f.thirteen_orphans then                                                          -- C10
    local ok, why = qualifies(f, x, 0, 0, "Thirteen Orphans")
    if not ok then return { wins = false, reason = why } end
    value, limit = { points = 0, doubles = 0, score = rounded(o, limit_of(f)) }, use.by_id.C10.name
  else
    -- §11.4: every reading, the highest final score (then the highest score before the limit)
    local readings = f.readings
    local single = (#readings == 1)                  -- one reading: explain it at once
    for i = 1, #readings do
      local rd = readings[i]
      local pts, dbl, bonus_dbl, lim, chows = winner_tally(f, x, rd, single and buffer or nil, use)
      local ok, why = true, nil
      if qualifies ~= any_win then ok, why = qualifies(f, x, dbl, bonus_dbl, lim) end
      if ok and use.max_chows and chows > use.max_chows and (not lim or lim ~= use.max_chows_exempt) then
        ok, why = false, use.max_chows_reason
      end
      if ok then
        local sc, limit_name = final_score(f, o, pts, dbl, lim)
        local raw = lim and math.huge or (pts << dbl)
        if not value or sc > value.score or (sc == value.score and raw > best_raw) then
          value, limit, best_raw, best = { points = pts, doubles = dbl, score = sc }, limit_name, raw, rd
        end
      else
        reason = reason or why
      end
    end
    if value and not single then winner_tally(f, x, best, buffer, use) end  -- explain the best one
    items = taken()
    local sp = #f.melds == 0 and special_hand(f.rules, o, f.counts)                  -- §11.1, §21
    if sp then
      -- a special hand of honours only or terminals only is also C3 / C4 (KJ: the limit
      -- hands hold on any winning shape)
      local whole = (not x.simples and not x.honours and use.by_id.C4) or (x.mask == 0 and use.by_id.C3)
      local name, frac = sp.name, sp.limit
      if whole then name, frac = whole.name, 1 end
      local sc = rounded(o, math.floor(frac * limit_of(f) + 0.5))
      local pts, dbl, lines = special_value(f, x, use, sp)
      local tsc, tlimit = final_score(f, o, pts, dbl, nil)
      local ok, why = qualifies(f, x, 0, 0, name)
      if not ok then reason = reason or why
      elseif tsc > sc and (not value or tsc > value.score) then
        value, limit, items = { points = pts, doubles = dbl, score = tsc }, tlimit, lines
      elseif not value or sc > value.score then
        value, limit = { points = 0, doubles = 0, score = sc }, name
      end
    end
    if not value then return { wins = false, reason = reason or "not a complete hand" } end
  end
  if limit and limit ~= "limit" then                   -- a limit hand: no points or doubles
    value.points, value.doubles = 0, 0
    items = { { name = limit, value = value.score, unit = "limit" } }
  end
  local losers, err
  if f.situation.losers then
    losers, err = score_losers(f, use)
    if not losers then return nil, err end
  end
  return { wins = true, value = value, items = items, limit = limit, losers = losers }
end

-- One transfer of §19: East pays and receives double.
local function transfer(pay, from, to, amount)
  if from == "E" or to == "E" then amount = amount * 2 end
  pay[from] = pay[from] - amount
  pay[to] = pay[to] + amount
end

-- settle(f, result): §19 payments; losers without a hand in the situation score 0.
function R.settle(f, result)
  local o = f.options
  local w, sw = f.seat, result.value.score
  local payer = (o.discarder_pays and f.win_by == "discard") and f.from or nil   -- §19.6
  -- §19.1: each loser pays the winner's score; East pays and receives double
  local east, other = -2 * sw, w == "E" and -2 * sw or -sw
  local pay = { E = east, S = other, W = other, N = other }
  pay[w] = w == "E" and 6 * sw or 4 * sw
  if payer then                                         -- the discarder pays for all (§19.6)
    for i = 1, 3 do pay[OTHER_SEATS[w][i]] = 0 end
    pay[payer] = -pay[w]
  end
  local losers = result.losers
  if losers == nil and f.situation.losers then
    losers = assert(score_losers(f, items_in_use(f.rules.items or ITEMS, o.ruleset_preset, f.rules.presets)))
  end
  if losers and o.loser_settlement then                                          -- §19.2, §19.3
    for i = 1, 3 do
      for j = i + 1, 4 do
        local a, b = SEATS[i], SEATS[j]
        if a ~= w and b ~= w then
          local sa, sb = losers[a].value.score, losers[b].value.score
          if sa > sb then transfer(pay, b, a, sa - sb) elseif sb > sa then transfer(pay, a, b, sb - sa) end
        end
      end
    end
  end
  return pay
end

------------------------------------------------------------------------------------------
-- Play: the engine settings and hooks (docs/hooks.md, "Engine settings", "Play hooks").
-- Claims (chow only from the left, §8.2), precedence (§8.3), robbing (§9.4), the kong
-- box and the declarations (the Original Call §10.2, calling §10.1) are engine settings;
-- the hooks add the Original Call's conditions to win, the sacred discard (option, §10.3),
-- the Babcock qualification (§20), and the dealer rotation (§5).

local ORIGINAL_CALL, CALLING = 1, 2          -- seat flag bits set by the declarations

-- §6.3 the kong box by option `dead_wall` (engine settings)
local DEAD_WALL = {
  exhaustible16 = { dead_policy = "not_replenished", dead_size = 16, reserve = 0 },
  replenish14   = { dead_policy = "fixed", dead_size = 14, reserve = 0 },
  babcock_mixed = { dead_policy = "none", dead_size = 0, reserve = 14 },  -- 15th from the end is the last
  none          = { dead_policy = "none", dead_size = 0, reserve = 0 },   -- the very last tile is drawn
  stacks7       = { dead_policy = "not_replenished", dead_size = 14, reserve = 0 },
  dice_stacks   = { dead_policy = "not_replenished", dead_size = 14, reserve = 0, from_dice = true },
}

-- Engine settings that depend on the options (called once when a game starts).
function R.configure(o)
  local wall = o.dead_wall
  if o.game_type ~= "mixed_hand" and wall == "exhaustible16" then wall = "none" end   -- §20
  local dw = DEAD_WALL[wall]
  return {
    bonus = o.bonus_tiles,                            -- §4
    side = o.bonus_tiles and 18 or 17,                -- §6.1
    dice = 2, second_throw = true,                    -- §6.2
    deal_order = "blocks",                            -- §6.4
    dead_policy = dw.dead_policy, dead_size = dw.dead_size, reserve = dw.reserve,
    dead_from_dice = dw.from_dice,                    -- dice_stacks: as many stacks as the second throw
    dead_empty_draw = dw.dead_policy == "not_replenished",   -- §9.3 kong box empty: a draw
    kong_source = "loose",
    bonus_source = o.bonus_replacement == "kong_box" and "loose" or "head",   -- §7.3
    last_discard = "any",                             -- §12.1
    multi_win = o.multi_win == "by_set_type" and "by_set_type" or "nearest",   -- §8.3 first in turn, or by set type
    rob_promoted = true, rob_concealed_thirteen = true,   -- §9.4
    kong_after_claim = false,                         -- §8.5
    rounds = o.rounds,                                -- §5.3
    random_seats = true,                              -- §5.2 (random or dice: the engine draws seats from its seed)
    -- §10.2 the Original Call with the first discard of a calling hand, §10.1 (option
    -- must_declare_calling) the calling declaration: the engine offers them with every
    -- discard that leaves the hand calling
    declarations = { { name = "original_call", when = "first_discard", flags = ORIGINAL_CALL },
                     o.must_declare_calling and { name = "calling", flags = CALLING,
                                                  unless_flags = CALLING | ORIGINAL_CALL } or nil },
    claim_lock_flags = ORIGINAL_CALL,                 -- §10.2 a discard is claimed only to win
    -- may_win for every Mah Jong; may_claim for kongs (§10.2) and, with the option, pungs (§8.7)
    ask = o.missed_pung_lock and { "win", "kong_concealed", "kong_promoted", "pung" }
          or { "win", "kong_concealed", "kong_promoted" },
    special_concealed_only = true,                    -- §11.1 the special hands have no meld
    skip_hooks = o.extra_special_hands == "none" and { "special_complete" } or nil,
  }
end

local function seat_flag(st, seat, bit) return (st.seats[seat].flags & bit) ~= 0 end

-- §16 C11/C12: nobody has claimed or declared a set and the winner has not discarded;
-- a discard win is on East's first discard.
local function first_turn(st, seat, win_by, from)
  for _, s in ipairs(SEATS) do
    if #st.seats[s].melds > 0 then return false end
  end
  if st.seats[seat].ndiscards > 0 then return false end
  if seat == "E" then return win_by == "self" end
  if win_by == "discard" then return from == "E" and st.seats.E.ndiscards == 1 end
  return true
end

-- The Classical flags of a win: first_turn as §16 defines it, the Original Call; and
-- `streak` (C17): the engine's counter holds East's consecutive wins (see next_deal).
local function classical_situation(st, s)
  local flags = {}
  for _, name in ipairs(s.flags) do
    if name ~= "first_turn" then flags[#flags + 1] = name end
  end
  if first_turn(st, s.seat, s.win_by, s.from) then flags[#flags + 1] = "first_turn" end
  if seat_flag(st, s.seat, ORIGINAL_CALL) then flags[#flags + 1] = "original_call" end
  s.flags = flags
  if s.seat == "E" then s.streak = (st.honba or 0) + 1 end
  return s
end

-- C16: the seat's last two draws were kong replacements, each after a kong of its own
-- (rules/lib/events.lua), among the deal's latest events.
local events_lib = require "lib.events"
local function kong_upon_kong(g, seat)
  local st = g:state()
  return events_lib.kong_upon_kong(g:events(math.max(1, st.events - 12)), seat)
end

-- situation(g, win, s): the situation of a win the engine scores, with the losers'
-- hands (every hand is scored, §13).
function R.situation(g, win, s)
  local st = g:state()
  classical_situation(st, s)
  if win.loose and kong_upon_kong(g, win.seat) then s.flags[#s.flags + 1] = "kong_upon_kong" end
  s.losers = {}
  for _, seat in ipairs(SEATS) do
    if seat ~= win.seat then s.losers[seat] = st.seats[seat].hand end
  end
end

-- The situation of a win the engine is about to offer `action.seat`: the tile drawn in
-- turn, or the latest discard (or the kong tile robbed) in a claim window.
local function situation_of(g, action)
  local st = g:state()
  local me = st.seats[action.seat]
  local s = { rules = g.rules, options = g.options, seat = action.seat, round = st.round,
              win_tile = action.tile, flags = {} }
  local recent = g:events(math.max(1, st.events - 1))
  local last = recent[#recent] or {}
  if st.phase == "turn" and st.turn == action.seat then
    s.win_by, s.hand = "self", me.hand
    if last.type == "draw" and last.from == "loose" then s.flags[1] = "kong_replacement" end
    if st.wall == 0 then s.flags[#s.flags + 1] = "last_tile" end
  else
    s.win_by, s.from = "discard", st.discarder or st.turn   -- (asked before the window opens)
    s.hand = me.concealed .. action.tile .. " " .. table.concat(me.melds, " ") .. " " .. table.concat(me.bonus, " ")
    if st.phase == "rob" then s.flags[1] = "robbing_kong"
    elseif st.wall == 0 then s.flags[#s.flags + 1] = "last_tile" end
  end
  return classical_situation(st, s)
end

-- The events of the current deal, newest last.
local function deal_events(g)
  local st = g:state()
  local ev = g:events(math.max(1, st.events - 200))
  local start = 1
  for i = #ev, 1, -1 do
    if ev[i].type == "deal_start" then start = i break end
  end
  return ev, start
end

-- §10.2: after the Original Call every drawn tile was discarded (else the hand changed).
local function original_call_kept(g, seat)
  local ev, start = deal_events(g)
  local declared, drawn = false, nil
  for i = start, #ev do
    local e = ev[i]
    if e.seat == seat then
      if e.type == "extra" and e.name == "original_call" then declared = true
      elseif declared and e.type == "draw" and e.from ~= "replacement" then drawn = e.tile
      elseif declared and (e.type == "discard") and drawn and e.tile ~= drawn then return false
      elseif declared and e.type ~= "draw" and e.type ~= "discard" and e.type ~= "bonus"
             and e.type ~= "extra" then return false end            -- a claim or a kong
    end
  end
  return true
end

-- §10.3 sacred discard: the seat discarded this tile and has not drawn from the wall since.
local function sacred(g, seat, tile)
  local ev = deal_events(g)
  for i = #ev, 1, -1 do
    local e = ev[i]
    if e.type == "deal_start" then return false end
    if e.seat == seat then
      if e.type == "draw" and e.from ~= "replacement" then return false end
      if e.type == "discard" and e.tile == tile then return true end
    end
  end
  return false
end

local function original_call(g, seat)
  local flags = g:seat_summary(seat).flags
  return flags & ORIGINAL_CALL ~= 0
end

-- may_win(g, action): asked before a Mah Jong is offered or applied.
function R.may_win(g, action)
  local o = g.options
  if original_call(g, action.seat) and not original_call_kept(g, action.seat) then
    return false, "Original Call: the hand was changed"                         -- §10.2
  end
  if o.must_declare_calling and g:seat_summary(action.seat).flags & (CALLING | ORIGINAL_CALL) == 0 then
    return false, "calling was not declared"                                    -- §10.1
  end
  if o.sacred_discard and g:state().phase ~= "turn" and sacred(g, action.seat, action.tile) then
    return false, "sacred discard"                                              -- §10.3
  end
  return jong.win_check(g, action)               -- §20: a Mah Jong the game allows (score)
end

-- The situation of a win in play for the win test (docs/hooks.md, "Wins in play"): the
-- fields score reads, without the losers' hands.
function R.win_situation(g, win)
  return situation_of(g, win)
end

-- special_complete(g, seat, concealed, nmelds): §11.1 option extra_special_hands, the
-- special hands of R.special_hands complete a hand in play too ("1133m..." notation).
function R.special_complete(g, _, concealed, nmelds)
  if nmelds ~= 0 then return false end
  local c = {}
  for ranks, su in concealed:gmatch("(%d+)([mpsz])") do
    for r in ranks:gmatch("%d") do c[r .. su] = (c[r .. su] or 0) + 1 end
  end
  return special_hand(g.rules, g.options, c) ~= nil
end

-- The fast path of score(f).wins in play: in the mixed-hand game any complete shape wins
-- (§20); else score on the situation. Valid while score, forms and the qualifications are
-- these.
local function wins_in_play(g, action, win)
  local o = g.options
  if o.game_type == "mixed_hand" and o.ruleset_preset ~= "bmja" then return true end
  local f, err = jong.facts(situation_of(g, win))
  if not f then return false, err end
  local result, reason = R.score(f)
  if not result then return false, reason end
  if not result.wins then return false, result.reason end
  return true
end
R.fast_win = { depends = { score = R.score, forms = R.forms, qualifications = R.qualifications,
                          situation = R.situation, win_situation = R.win_situation },
               test = wins_in_play }

-- §8.7 (option missed_pung_lock): since the seat's own last discard it passed on a discard
-- of this kind while holding the pair (its hand has not changed since: no turn of its own).
local function passed_pung(g, seat, kind)
  local ev = g:deal_events()
  local passed = false                  -- a pass by the seat on the discard found next
  for i = #ev, 1, -1 do
    local e = ev[i]
    if e.seat == seat and e.type == "discard" then return false end
    if e.type == "pass" and e.seat == seat then passed = true
    elseif e.type == "discard" then
      if passed and jong.kind_of(e.tile) == kind then return true end
      passed = false
    end
  end
  return false
end

-- may_claim(g, action): §10.2 after the Original Call no kong may be declared; §8.7 a pung
-- passed up may not be claimed before the seat's next turn (option).
function R.may_claim(g, action)
  if (action.type == "kong_concealed" or action.type == "kong_promoted") and original_call(g, action.seat) then
    return false, "Original Call: no kong may be declared"
  end
  if action.type == "pung" and g.options.missed_pung_lock and passed_pung(g, action.seat, jong.kind_of(action.tile)) then
    return false, "a pung passed up waits for the player's next turn"
  end
  return true
end

-- next_deal(g): §5.4 East keeps the deal when he wins (up to the C17 streak, §5.7) and
-- after a wash-out (unless draw_passes_deal); otherwise it passes to South. §5.5 the
-- prevailing wind advances when the deal returns to the round's first East; the game
-- ends after `rounds` winds. The engine's counter (honba) holds East's consecutive wins.
function R.next_deal(g)
  local o, out = g.options, g:deal_outcome()
  local streak = g:brief().honba
  if out.dealer_won then
    streak = streak + 1
    if o.east_streak_limit == "off" or streak < o.east_streak_limit then
      return g:rotation(true, o.rounds, streak)
    end
  elseif out.drawn and not o.draw_passes_deal then
    return g:rotation(true, o.rounds, streak)
  end
  return g:rotation(false, o.rounds)
end

return R
