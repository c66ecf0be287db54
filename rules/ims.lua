-- rules/ims.lua: Internet MahJong Server rules (T. Z. Feng, 1996, rules page v0.4, seed 003),
-- as specified in ims.md (the section numbers in the comments are that file's).
-- Scoring: fan rules F01-F33 (s11), the 12-fan cap (s12), Minimum Fan (s13), aux and the
-- adjusted fan (s14), Basic Score (s15), Total (s16), the ordered payment rules P1-P5 (s17).

local R = {
  name = "ims",
  version = "IMS 0.4 (1996)",
  option_prefix = "ims.",
  forms = { "standard", "seven_pairs", "thirteen_orphans" },   -- 13 Individuals: special_hands
  -- Situation flags `jong score` accepts (docs/ims.md):
  flags = {
    "last_tile",          -- the stockpile is in the last-tile state (s5.6): F11 / F12
    "kong_replacement",   -- the winning tile is the replacement draw after a quadruplet: F13
    "after_kong_flower",  -- the winning tile is a flower replacement in a chain begun by a quadruplet: F13
    "robbing_kong",       -- the winning tile was robbed from a promoted quadruplet: F14
    "first_turn",         -- MahJong in the first circulation (s11): F33
  },
  -- s8, s19: the option registry (the "ims." prefix may be left out in JSON).
  options = {
    use_flower_tiles = { default = true, doc = "144 tiles; each flower or season held gives 1 aux point (off: 136 tiles, no flowers)" },
    allow_multiple_wins = { default = false, doc = "every player bidding MahJong on the same discard wins (off: only the nearest successor of the feeder)" },
    stricter_mahjong = { default = false, doc = "no win by grab on a kind among one's own discards, nor on a kind one let slip since one's last discard" },
    minimum_fan = { default = 0, values = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }, doc = "MahJong needs at least this fan (after the 12 cap, before the aux adjustment)" },
    invitation_only = { default = false, doc = "seating and privacy only; no effect on the rules" },
    rounds = { default = 4, values = { 1, 2, 3, 4 }, doc = "number of round winds played" },
    starting_score = { default = 0, doc = "each player's score at the start of the match" },
    exhaust_threshold = { default = 14, doc = "an ordinary draw needs at least this many tiles in the stockpile; fewer is the last-tile state" },
    win_after_claim = { default = false, doc = "MahJong in turn right after a Sequence or Triplet bid is allowed" },
    rob_concealed_kong_thirteen_orphans = { default = false, doc = "a 13 Orphans hand may rob a concealed quadruplet" },
    first_circulation_broken_by_sets = { default = true, doc = "any set formed (claim or quadruplet) ends the first circulation (F33)" },
    after_kong_flower_chain = { default = true, doc = "a flower replacement in a chain begun by a quadruplet counts for Winning after a Kong" },
    robbed_tile_counts_as_discard = { default = true, doc = "a robbed tile counts as a discard for Totally Revealed and Under the River" },
    seven_pairs_allow_four_of_a_kind = { default = true, doc = "four identical tiles count as two pairs in 7 Little Pairs" },
    all_terminals_triplet_addon_with_all_triplets = { default = true, doc = "All Terminals' all-triplets add-on stacks with All Triplets" },
    sister_sequences_counting = { default = "disjoint_pairs", values = { "disjoint_pairs", "all_pairs" }, doc = "how identical sequences are paired for Sister Sequences" },
    payment_rounding = { default = "ceil", values = { "ceil", "exact" }, doc = "rounding of a one-third share (never needed with the seed's table)" },
  },
  -- Declarative play facts (s3-s7).
  tiles = 144,                  -- 136 when use_flower_tiles is off
  bonus_tiles = 8,              -- f1-f4, g1-g4; none when use_flower_tiles is off
  red_fives = 0,
  dead_wall = { size = 0, policy = "none" },   -- one stockpile; replacements from the same end (s5)
  exhaust_threshold = 14,       -- s5.5 (option exhaust_threshold)
  claims = { "chow", "pung", "kong", "win" },
  precedence = { pass = 0, draw = 1, chow = 1, pung = 2, kong = 2, win = 3 },   -- s7
  multiple_winners = false,     -- option allow_multiple_wins
  starting_points = 0,          -- option starting_score
  rounds = 4,                   -- option rounds
  chow_from = "left",           -- only the discarder's successor may bid Sequence
  deal_order = "seat_by_seat",  -- s5.2: E, S, W, N draw 13 each, then the dealer his 14th
}

---------------------------------------------------------------------------------------------
-- Constant tables (built once at load)

local SUITS = { "m", "p", "s" }
local SEATS = { "E", "S", "W", "N" }
local SEAT_INDEX = { E = 1, S = 2, W = 3, N = 4 }
local SEAT_WIND = { E = "1z", S = "2z", W = "3z", N = "4z" }
local PREDECESSOR = { E = "N", S = "E", W = "S", N = "W" }
local ORPHANS = { "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z" }
local GREEN_TILES = { ["2s"] = true, ["3s"] = true, ["4s"] = true, ["6s"] = true, ["8s"] = true, ["6z"] = true }

-- Tile classes as bits, so that a whole set or hand is classified with & and |.
local SIMPLE, TERMINAL, HONOUR, GREEN = 1, 2, 4, 8
local SUIT_BIT = { m = 16, p = 32, s = 64 }
local SUIT_BITS = 16 | 32 | 64
local ONE_SUIT = { [16] = "m", [32] = "p", [64] = "s" }   -- suit bits of a one-suit hand -> suit

-- KIND["5m"] = { suit = "m", rank = 5, mask = SIMPLE | SUIT_BIT.m, th = false, ... }
local KIND = {}
local NAME = { m = {}, p = {}, s = {}, z = {} }
for _, s in ipairs(SUITS) do
  for r = 1, 9 do
    local t = r .. s
    NAME[s][r] = t
    local terminal = r == 1 or r == 9
    KIND[t] = { suit = s, rank = r, th = terminal, wind = false, dragon = false,
                mask = (terminal and TERMINAL or SIMPLE) | SUIT_BIT[s] | (GREEN_TILES[t] and GREEN or 0) }
  end
end
for r = 1, 7 do
  local t = r .. "z"
  NAME.z[r] = t
  KIND[t] = { rank = r, th = true, wind = r <= 4, dragon = r >= 5,
              mask = HONOUR | (GREEN_TILES[t] and GREEN or 0) }
end

-- A sequence starting on t: the classes every one of its tiles has, and any of them has.
local CHOW_ALL, CHOW_ANY = {}, {}
for _, s in ipairs(SUITS) do
  for r = 1, 7 do
    local a, b, c = KIND[NAME[s][r]].mask, KIND[NAME[s][r + 1]].mask, KIND[NAME[s][r + 2]].mask
    CHOW_ALL[NAME[s][r]] = a & b & c
    CHOW_ANY[NAME[s][r]] = a | b | c
  end
end

-- s15: Basic Score by twice the adjusted fan (0, 0.5, 1, ... 12).
local BASIC = { [0] = 4, 4, 8, 12, 16, 24, 32, 40, 52, 64, 76, 84, 92,
                96, 100, 104, 108, 112, 116, 120, 124, 124, 128, 128, 132 }

local FAN_CAP = 12

local tiles_of = (jong and jong.tiles) or function(str)   -- fallback for jong.tiles
  local out = {}
  for digits, suit in string.gmatch(str or "", "(%d+)(%a)") do
    for d in digits:gmatch("%d") do out[#out + 1] = (d == "0" and "5" or d) .. suit end
  end
  return out
end

---------------------------------------------------------------------------------------------
-- The hand as the fan rules see it. `h` is one scratch table reused by every call: the
-- situation part is filled once per call, the rest once per reading (or irregular pattern).
--   h.all / h.any: the tile classes every tile of the hand has / some tile has
--   (flowers never count, s2); h.nseq, h.ntrip, ...: the sets of the reading.

local h = { seq = {} }

-- The tile classes of the concealed tiles (the irregular patterns have no melds).
local function read_tiles(f)
  local all, any, tiles = 0xff, 0, f.tiles
  for i = 1, #tiles do
    local mask = KIND[tiles[i]].mask
    all, any = all & mask, any | mask
  end
  h.all, h.any, h.reading = all, any, nil
end

-- s9: is set i of the reading a Revealed Set? Claimed melds and promoted quadruplets, and
-- the set completed by a grabbed winning tile. Concealed quadruplets are concealed.
local function revealed(set, i, reading)
  if set.meld then return not set.concealed end
  return i == reading.win_set and h.grab
end

-- The summary of a standard reading: its sets, its pair and its tile classes.
local function read_sets(reading)
  local seq = h.seq
  local nseq, ntrip, nkong, nconcealed, nmelded = 0, 0, 0, 0, 0
  local dragons, winds, wind_points, all_th = 0, 0, 0, true
  local pk = KIND[reading.pair]
  local all, any = pk.mask, pk.mask
  local sets = reading.sets
  for i = 1, #sets do
    local set = sets[i]
    local t = set.tile
    if set.type == "chow" then
      nseq = nseq + 1
      seq[nseq] = t
      all, any = all & CHOW_ALL[t], any | CHOW_ANY[t]
      if CHOW_ANY[t] & TERMINAL == 0 then all_th = false end
    else
      local k = KIND[t]
      all, any = all & k.mask, any | k.mask
      ntrip = ntrip + 1
      if set.type == "kong" then nkong = nkong + 1 end
      if not revealed(set, i, reading) then nconcealed = nconcealed + 1 end
      if k.dragon then dragons = dragons + 1 end
      if k.wind then
        winds = winds + 1
        if t == h.seat_wind then wind_points = wind_points + 1 end
        if t == h.round_wind then wind_points = wind_points + 1 end
      end
      if not k.th then all_th = false end
    end
    if set.meld and not set.concealed then nmelded = nmelded + 1 end
  end
  h.reading, h.all, h.any = reading, all, any
  h.nseq, h.ntrip, h.nkong, h.nconcealed, h.nmelded = nseq, ntrip, nkong, nconcealed, nmelded
  h.dragon_sets, h.wind_sets, h.wind_points = dragons, winds, wind_points
  h.all_sets_th = all_th
  h.pair_th, h.pair_dragon, h.pair_wind = pk.th, pk.dragon, pk.wind
end

-- F04: sequences starting on the same number in all three suits.
local function equal_sequences_in_three_suits()
  local seq, n = h.seq, h.nseq
  for i = 1, n do
    local rank, suits = KIND[seq[i]].rank, 0
    for j = 1, n do
      local b = KIND[seq[j]]
      if b.rank == rank then suits = suits | SUIT_BIT[b.suit] end
    end
    if suits == SUIT_BITS then return true end
  end
  return false
end

-- F05: 1-2-3, 4-5-6 and 7-8-9 of one suit.
local function straight()
  local seq, n = h.seq, h.nseq
  for i = 1, n do
    local a = KIND[seq[i]]
    if a.rank == 1 then
      local four, seven = false, false
      for j = 1, n do
        local b = KIND[seq[j]]
        if b.suit == a.suit then
          if b.rank == 4 then four = true elseif b.rank == 7 then seven = true end
        end
      end
      if four and seven then return true end
    end
  end
  return false
end

-- F06: k, the pairs of identical sequences (A6: disjoint pairs, or every pair, at most 2).
local function sister_pairs()
  local seq, n = h.seq, h.nseq
  local disjoint, k = h.opts.sister_sequences_counting ~= "all_pairs", 0
  for i = 1, n do
    local first, copies = true, 0
    for j = 1, n do
      if seq[j] == seq[i] then
        if j < i then first = false end
        copies = copies + 1
      end
    end
    if first then
      if disjoint then k = k + copies // 2 else k = k + copies * (copies - 1) // 2 end
    end
  end
  return k > 2 and 2 or k
end

-- F17: triplet-like sets of one number in all three suits.
local function equal_triplets_in_three_suits()
  local sets = h.reading.sets
  for i = 1, #sets do
    local a = KIND[sets[i].tile]
    if sets[i].type ~= "chow" and a.suit then
      local suits = 0
      for j = 1, #sets do
        local b = KIND[sets[j].tile]
        if sets[j].type ~= "chow" and b.rank == a.rank and b.suit then suits = suits | SUIT_BIT[b.suit] end
      end
      if suits == SUIT_BITS then return true end
    end
  end
  return false
end

-- F29: 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more of it, no declared set.
local function nine_lanterns(f)
  local suit = ONE_SUIT[h.any & SUIT_BITS]
  if #f.melds > 0 or h.any & HONOUR ~= 0 or not suit then return false end
  local names, c = NAME[suit], f.counts
  if (c[names[1]] or 0) < 3 or (c[names[9]] or 0) < 3 then return false end
  for r = 2, 8 do
    if not c[names[r]] then return false end
  end
  return true
end

-- s10: 7 little pairs; four identical tiles are two pairs (option A10); no declared sets.
local function seven_pairs(f)
  local t = f.tiles
  if #f.melds > 0 or #t ~= 14 then return false end
  local four_ok = f.options.seven_pairs_allow_four_of_a_kind
  for i = 1, 13, 2 do
    if t[i] ~= t[i + 1] or (i > 1 and t[i] == t[i - 1] and not four_ok) then return false end
  end
  return true
end

-- s10: 13 Individuals: 1-4-7, 2-5-8, 3-6-9 in three different suits, three single honours
-- and a pair of a fourth honour; no declared sets.
local function thirteen_individuals(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local c, used = f.counts, 0
  for j = 1, 3 do
    local names, start, n = NAME[SUITS[j]], nil, 0
    for r = 1, 9 do
      local x = c[names[r]]
      if x then
        if x ~= 1 then return false end
        local p = (r - 1) % 3
        if start == nil then start = p elseif start ~= p then return false end
        n = n + 1
      end
    end
    if n ~= 3 or used & (1 << start) ~= 0 then return false end
    used = used | (1 << start)
  end
  local singles, pairs_ = 0, 0
  for r = 1, 7 do
    local x = c[NAME.z[r]]
    if x == 1 then singles = singles + 1
    elseif x == 2 then pairs_ = pairs_ + 1
    elseif x then return false end
  end
  return singles == 3 and pairs_ == 1
end

-- s10: 13 Orphans: one of each terminal and honour, plus a duplicate of one of them.
local function thirteen_orphans(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local n = 0
  for i = 1, #ORPHANS do
    local x = f.counts[ORPHANS[i]]
    if not x then return false end
    n = n + x
  end
  return n == 14
end

---------------------------------------------------------------------------------------------
-- s11: the fan rules, in the spec's order (RULES[i] is F<i>). `std` rules count only for the
-- standard pattern, `form` rules only for their irregular pattern, the others for every one.

local RULES = {
  { id = "F01", name = "Dragon Sets", std = true, points = function()
      return h.dragon_sets end },
  { id = "F02", name = "Wind Sets", std = true, points = function()
      return h.wind_points end },
  { id = "F03", name = "All Sequences", std = true, points = function()
      return (h.fp and h.nseq == 4) and 1 or 0 end },
  { id = "F04", name = "Equal Sequences in Three Suits", std = true, points = function()
      if h.nseq < 3 or not equal_sequences_in_three_suits() then return 0 end
      return h.fp and 2 or 1 end },
  { id = "F05", name = "Straight", std = true, points = function()
      if h.nseq < 3 or not straight() then return 0 end
      return h.fp and 2 or 1 end },
  { id = "F06", name = "Sister Sequences", std = true, points = function()
      if not h.fp or h.nseq < 2 then return 0 end
      local k = sister_pairs()
      return k == 2 and 3 or k end },
  { id = "F07", name = "No Terminals", points = function()
      return h.all & SIMPLE ~= 0 and 1 or 0 end },
  { id = "F08", name = "All Terminals", std = true, points = function()
      if not (h.all_sets_th and h.pair_th) then return 0 end
      local p = 1
      if h.ntrip == 4 and h.opts.all_terminals_triplet_addon_with_all_triplets then p = p + 1 end
      if h.any & HONOUR == 0 then p = p + 1 end
      if h.fp then p = p + 1 end
      return p end },
  { id = "F09", name = "Totally Concealed", points = function()
      return (h.fp and h.self) and 1 or 0 end },
  { id = "F10", name = "Totally Revealed", std = true, points = function()
      return (h.nmelded == 4 and h.grab_discard and h.reading.win_set == nil) and 1 or 0 end },
  { id = "F11", name = "Under the Sea", points = function()
      return (h.self and h.flags.last_tile) and 1 or 0 end },
  { id = "F12", name = "Under the River", points = function()
      return (h.grab_discard and h.flags.last_tile) and 1 or 0 end },
  { id = "F13", name = "Winning after a Kong", points = function()
      return h.after_kong and 1 or 0 end },
  { id = "F14", name = "Robbing a Kong", points = function()
      return h.flags.robbing_kong and 1 or 0 end },
  { id = "F15", name = "All Triplets", std = true, points = function()
      return h.ntrip == 4 and 2 or 0 end },
  { id = "F16", name = "7 Little Pairs", form = "seven_pairs", points = function()
      return 3 end },
  { id = "F17", name = "Equal Triplets in Three Suits", std = true, points = function()
      return (h.ntrip >= 3 and equal_triplets_in_three_suits()) and 2 or 0 end },
  { id = "F18", name = "3 Quadruplets", std = true, points = function()
      return h.nkong == 3 and 2 or 0 end },
  { id = "F19", name = "3 Concealed Triplets", std = true, points = function()
      return h.nconcealed == 3 and 2 or 0 end },
  { id = "F20", name = "One Suit", points = function()
      if not ONE_SUIT[h.any & SUIT_BITS] then return 0 end
      local p = 2
      if h.any & HONOUR == 0 then p = p + 3 end
      if h.fp then p = p + 1 end
      return p end },
  { id = "F21", name = "Minor 3 Dragons", std = true, points = function()
      return (h.pair_dragon and h.dragon_sets == 2) and 2 or 0 end },
  { id = "F22", name = "Major 3 Dragons", std = true, points = function()
      return h.dragon_sets == 3 and 12 or 0 end },
  { id = "F23", name = "Minor 4 Winds", std = true, points = function()
      return (h.pair_wind and h.wind_sets == 3) and 12 or 0 end },
  { id = "F24", name = "Major 4 Winds", std = true, points = function()
      return h.wind_sets == 4 and 12 or 0 end },
  { id = "F25", name = "Pure 1's & 9's", points = function()
      return h.all & TERMINAL ~= 0 and 12 or 0 end },
  { id = "F26", name = "Pure Honours", points = function()
      return h.all & HONOUR ~= 0 and 12 or 0 end },
  { id = "F27", name = "4 Quadruplets", std = true, points = function()
      return h.nkong == 4 and 12 or 0 end },
  { id = "F28", name = "4 Concealed Triplets", std = true, points = function()
      return h.nconcealed == 4 and 12 or 0 end },
  { id = "F29", name = "9 Lanterns", std = true, points = function()
      return (h.fp and nine_lanterns(h.f)) and 12 or 0 end },
  { id = "F30", name = "All Green", points = function()
      return h.all & GREEN ~= 0 and 12 or 0 end },
  { id = "F31", name = "13 Individuals", form = "thirteen_individuals", points = function()
      return 5 end },
  { id = "F32", name = "13 Orphans", form = "thirteen_orphans", points = function()
      return 12 end },
  { id = "F33", name = "Heavenly / Earthly / Humanly", points = function()
      return h.flags.first_turn and 12 or 0 end },
}
R.fan_rules = RULES

-- s10, s12: the patterns, their tests, and the rules each is scored by (indices into RULES).
local FORMS = { "standard", "seven_pairs", "thirteen_individuals", "thirteen_orphans" }
local IS_FORM = { seven_pairs = seven_pairs, thirteen_individuals = thirteen_individuals,
                  thirteen_orphans = thirteen_orphans }
local FORM_RULES = {}
for _, form in ipairs(FORMS) do
  local list = {}
  for i, rule in ipairs(RULES) do
    if (rule.std and form == "standard") or (rule.form == form) or not (rule.std or rule.form) then
      list[#list + 1] = i
    end
  end
  FORM_RULES[form] = list
end

-- s12: fan_raw of the current reading (h filled for it). The rules that scored go to
-- tally: tally[1..tally.n] their indices, tally.pts[1..n] their points.
local function fan_raw(form, tally)
  local list, pts, sum, n = FORM_RULES[form], tally.pts, 0, 0
  for j = 1, #list do
    local i = list[j]
    local p = RULES[i].points()
    if p ~= 0 then
      n = n + 1
      tally[n], pts[n] = i, p
      sum = sum + p
    end
  end
  tally.n = n
  return sum
end

local TALLY_A, TALLY_B = { n = 0, pts = {} }, { n = 0, pts = {} }

---------------------------------------------------------------------------------------------
-- The situation: what the hand is told besides its tiles. Returns nil, reason when it is
-- not a possible IMS situation.

local function check_situation(f)
  local flags, opts, melds = f.flags, f.options, f.melds
  if f.win_by == "discard" then
    if not f.from or f.from == f.seat then return nil, "a win on grab needs `from`, another seat" end
    if flags.kong_replacement or flags.after_kong_flower then
      return nil, "kong_replacement and after_kong_flower need a self-fed win" end
  elseif flags.robbing_kong then
    return nil, "robbing_kong is a win on grab (win_by \"discard\", from = the promoter)"
  end
  if f.reds and f.reds > 0 then return nil, "IMS has no red fives" end
  if #f.bonus > 0 and not opts.use_flower_tiles then
    return nil, "flowers are not in play (use_flower_tiles is off)" end
  local pred = PREDECESSOR[f.seat]
  for i = 1, #melds do
    local m = melds[i]
    if m.from == f.seat then return nil, "a meld cannot be claimed from the winner himself" end
    if m.type == "chow" and m.from and m.from ~= pred then
      return nil, "a sequence can only be claimed from the predecessor (" .. pred .. ")" end
  end
  if flags.first_turn and opts.first_circulation_broken_by_sets
     and (#melds > 0 or flags.kong_replacement or flags.after_kong_flower) then
    return nil, "first_turn: a set formed in the first circulation ends it"
  end
  return true
end

-- s8 Stricter MahJong: no grab of a kind among the winner's own discards (situation field
-- `discards`) or of a kind he let slip since his last discard (field `missed`).
local function stricter_refuses(f)
  if not f.options.stricter_mahjong or f.win_by ~= "discard" then return nil end
  local s = f.situation or {}
  for _, t in ipairs(tiles_of(s.discards)) do
    if t == f.win_tile then return "Stricter MahJong: " .. t .. " is among the winner's discards" end
  end
  for _, t in ipairs(tiles_of(s.missed)) do
    if t == f.win_tile then return "Stricter MahJong: a " .. t .. " slipped by since the winner's last discard" end
  end
  return nil
end

-- s14: the aux items (quadruplets by kind, flowers when in use) appended to items; the aux.
local function aux_items(f, items)
  local revealed_quads, concealed_quads, melds = 0, 0, f.melds
  for i = 1, #melds do
    local m = melds[i]
    if m.type == "kong" then
      if m.concealed then concealed_quads = concealed_quads + 1 else revealed_quads = revealed_quads + 1 end
    end
  end
  local flowers = f.options.use_flower_tiles and #f.bonus or 0
  if revealed_quads > 0 then items[#items + 1] = { name = "Revealed Quadruplets", value = revealed_quads, unit = "aux" } end
  if concealed_quads > 0 then items[#items + 1] = { name = "Concealed Quadruplets", value = 2 * concealed_quads, unit = "aux" } end
  if flowers > 0 then items[#items + 1] = { name = "Flower Tiles", value = flowers, unit = "aux" } end
  return revealed_quads + 2 * concealed_quads + flowers
end

-- s17 P2/P3: who fed the last of the dragon (wind) sets, when every one of them is revealed
-- by a grabbed discard: the latest meld in the order formed, or the feeder when the winning
-- grab completed one. A promoted quadruplet counts through its triplet (its meld's place).
local function last_feeder(f, reading, is_dragon, what)
  local sets, payer, order = reading.sets, nil, -1
  for i = 1, #sets do
    local set = sets[i]
    local k = KIND[set.tile]
    if set.type ~= "chow" and (is_dragon and k.dragon or not is_dragon and k.wind) then
      if set.meld and not set.concealed then
        if set.meld > order then payer, order = f.melds[set.meld].from or false, set.meld end
      elseif i == reading.win_set and h.grab then
        payer, order = f.from, math.huge
      else
        return nil                                   -- a concealed set: no liability
      end
    end
  end
  if payer == false then return nil, what .. " liability: the last meld grabbed needs its source (@S)" end
  return payer
end

-- s17 P1-P3 for the chosen reading (h filled for it): the liable player, or nil.
local function liable_player(f, reading)
  if not reading then return nil end
  local pred = PREDECESSOR[f.seat]
  if h.nseq == 4 then                                -- P1 Four chows
    local sets, all = reading.sets, true
    for i = 1, #sets do
      if sets[i].meld == nil and not (i == reading.win_set and h.grab and f.from == pred) then all = false end
    end
    if all then return pred end
  end
  if h.dragon_sets == 3 then                         -- P2 Major 3 Dragons (F22)
    local payer, err = last_feeder(f, reading, true, "Major 3 Dragons")
    if payer or err then return payer, err end
  end
  if h.wind_sets == 4 then                           -- P3 Major 4 Winds (F24)
    local payer, err = last_feeder(f, reading, false, "Major 4 Winds")
    if payer or err then return payer, err end
  end
  return nil
end

-- settle() is called with the result of score(); score leaves the liable player here.
local last = { f = nil, liable = nil }

---------------------------------------------------------------------------------------------
-- score(f): s10 choose the decomposition, s12 cap, s13 minimum, s14 aux, s15 basic, s16 total.

function R.score(f)
  local ok, err = check_situation(f)
  if not ok then return nil, err end
  local opts, flags, melds = f.options, f.flags, f.melds

  h.f, h.opts, h.flags = f, opts, flags
  h.self = f.win_by == "self"
  h.grab = not h.self
  h.grab_discard = h.grab and (not flags.robbing_kong or opts.robbed_tile_counts_as_discard)
  h.seat_wind, h.round_wind = SEAT_WIND[f.seat], SEAT_WIND[f.round]
  h.after_kong = h.self and (flags.kong_replacement or (flags.after_kong_flower and opts.after_kong_flower_chain)) or false
  local fp = true                                    -- s9 Fully Private
  for i = 1, #melds do
    if not melds[i].concealed then fp = false end
  end
  h.fp = fp

  -- s10: the best decomposition by capped fan, then raw fan, then the first found.
  local cur, best = TALLY_A, TALLY_B
  local best_form, best_reading, best_fan, best_raw = nil, nil, -1, -1
  local readings = f.readings
  for r = 1, #readings do
    read_sets(readings[r])
    local raw = fan_raw("standard", cur)
    local fan = raw < FAN_CAP and raw or FAN_CAP
    if fan > best_fan or (fan == best_fan and raw > best_raw) then
      best_form, best_reading, best_fan, best_raw = "standard", readings[r], fan, raw
      cur, best = best, cur
    end
  end
  for j = 2, 4 do                                    -- the irregular patterns
    local form = FORMS[j]
    if (j == 2 or #readings == 0) and IS_FORM[form](f) then
      read_tiles(f)
      local raw = fan_raw(form, cur)
      local fan = raw < FAN_CAP and raw or FAN_CAP
      if fan > best_fan or (fan == best_fan and raw > best_raw) then
        best_form, best_reading, best_fan, best_raw = form, nil, fan, raw
        cur, best = best, cur
      end
    end
  end
  if not best_form then return { wins = false, reason = "no winning pattern" } end

  local refused = stricter_refuses(f)
  if refused then return { wins = false, reason = refused } end
  if best_fan < opts.minimum_fan then                                -- s13
    return { wins = false, reason = "Minimum Fan: fan " .. best_fan .. " is below " .. opts.minimum_fan }
  end

  -- The explanation: one line per fan rule that scored, in the spec's order, then aux.
  local items, limit, pts = {}, nil, best.pts
  for j = 1, best.n do
    local name = RULES[best[j]].name
    items[j] = { name = name, value = pts[j], unit = "fan" }
    if pts[j] == FAN_CAP and not limit then limit = name end
  end
  if best_fan < FAN_CAP then limit = nil elseif not limit then limit = "12 fan" end

  local aux = aux_items(f, items)                                    -- s14
  local adjusted2 = 2 * best_fan + (aux >= 4 and 2 or aux >= 2 and 1 or 0)
  if adjusted2 > 2 * FAN_CAP then adjusted2 = 2 * FAN_CAP end
  local basic = BASIC[adjusted2]                                     -- s15
  local total = basic                                                -- s16
  if h.self or f.seat == "E" then total = basic * 3 // 2 end

  if best_reading and h.reading ~= best_reading then read_sets(best_reading) end
  local liable, lerr = liable_player(f, best_reading)                -- s17 P1-P3
  if lerr then return nil, lerr end
  last.f, last.liable = f, liable

  return {
    wins = true,
    value = { fan = best_fan, aux = aux,
              adjusted = adjusted2 % 2 == 0 and adjusted2 // 2 or adjusted2 / 2,
              basic = basic, total = total },
    items = items,
    limit = limit,
  }
end

---------------------------------------------------------------------------------------------
-- settle(f, result): s17, the first payment rule that applies.

function R.settle(f, result)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  if not result or not result.wins then return pay end
  if last.f ~= f then
    local again, err = R.score(f)
    if not again then error(err) end
  end
  local total = result.value.total
  if last.liable then                        -- P1 Four chows, P2 Major 3 Dragons, P3 Major 4 Winds
    pay[last.liable] = -total
  elseif f.win_by == "self" then             -- P4 Self-fed win: a third from each
    local share = total / 3
    if f.options.payment_rounding == "ceil" then share = math.ceil(share) end
    share = math.tointeger(share) or share
    for i = 1, 4 do
      if SEATS[i] ~= f.seat then pay[SEATS[i]] = -share end
    end
    pay[f.seat] = 3 * share
    return pay
  else                                       -- P5 Win on grab: the feeder
    pay[f.from] = -total
  end
  pay[f.seat] = total
  return pay
end

---------------------------------------------------------------------------------------------
-- Play hooks (their engine signatures are documented in docs/hooks.md as the engine grows).

-- special_hands(f): asked by the win test with facts-like {tiles, counts, melds, options}:
-- the irregular complete shapes as IMS counts them (7 pairs may hold four of a kind;
-- 13 Individuals is not a core form).
function R.special_hands(f)
  local out = {}
  if seven_pairs(f) then out[#out + 1] = "seven_pairs" end
  if thirteen_individuals(f) then out[#out + 1] = "thirteen_individuals" end
  if thirteen_orphans(f) then out[#out + 1] = "thirteen_orphans" end
  return out
end

-- may_claim(kind, seat, from): asked in the bidding on a discard by `from` (s7): only the
-- discarder's successor may bid Sequence; anyone else may bid Triplet, Quadruplet or MahJong.
function R.may_claim(kind, seat, from)
  if kind == "chow" then return PREDECESSOR[seat] == from end
  return seat ~= from
end

-- may_win(f, ctx): asked before MahJong is offered, in turn or as a bid. ctx.after_claim is
-- true right after the player's own Sequence/Triplet bid (s6 rule 1). Minimum Fan and
-- Stricter MahJong are applied by score() itself (`discards` / `missed` in f.situation).
function R.may_win(f, ctx)
  if ctx and ctx.after_claim and f.win_by == "self" and not f.options.win_after_claim then
    return false, "no MahJong right after a Sequence or Triplet bid"
  end
  local result, err = R.score(f)
  if not result then return false, err end
  return result.wins, result.reason
end

-- may_draw(left, options): a Draw bid is carried out only with at least exhaust_threshold
-- tiles in the stockpile; otherwise the hand ends as a draw (s5.5).
function R.may_draw(left, options)
  return left >= (options and options.exhaust_threshold or R.exhaust_threshold)
end

-- next_deal(state): asked after a hand with {dealer=, round=, first_dealer=, winners={seats}
-- (empty on a draw), options=}. The dealer keeps the deal when he won or the hand was a draw;
-- the round wind advances when the deal returns to the first dealer (s4). Returns the next
-- {dealer=, round=}, or nil when the match is over.
function R.next_deal(state)
  local keeps = #state.winners == 0
  for _, s in ipairs(state.winners) do
    if s == state.dealer then keeps = true end
  end
  if keeps then return { dealer = state.dealer, round = state.round } end
  local dealer = SEATS[SEAT_INDEX[state.dealer] % 4 + 1]
  local round = state.round
  if dealer == state.first_dealer then
    local r = SEAT_INDEX[round] + 1
    if r > ((state.options and state.options.rounds) or R.rounds) then return nil end
    round = SEATS[r]
  end
  return { dealer = dealer, round = round }
end

return R
