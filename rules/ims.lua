-- rules/ims.lua: Internet MahJong Server rules (T. Z. Feng, 1996, rules page v0.4, seed 003),
-- as specified in ims.md (the section numbers in the comments are that file's).
-- Scoring: fan rules F01-F33 (s11), the 12-fan cap (s12), Minimum Fan (s13), aux and the
-- adjusted fan (s14), Basic Score (s15), Total (s16), the ordered payment rules P1-P5 (s17).

local R = {
  name = "ims",
  version = "IMS 0.4 (1996)",
  option_prefix = "ims.",
  forms = { "standard", "seven_pairs", "thirteen_orphans" },   -- 13 Individuals: special_complete
  -- Situation flags `jong score` accepts (docs/ims.md):
  flags = {
    "last_tile",          -- the stockpile is in the last-tile state (s5.6): F11 / F12
    "kong_replacement",   -- the winning tile is the replacement draw after a quadruplet: F13
    "after_kong_flower",  -- the winning tile is a flower replacement in a chain begun by a quadruplet: F13
    "robbing_kong",       -- the winning tile was robbed from a promoted quadruplet: F14
    "first_turn",         -- MahJong in the first circulation (s11): F33
  },
  situation_fields = { "discards", "missed" },   -- s8 Stricter MahJong: own discards, kinds let slip
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
  red_fives = 0,
  dead_wall = { size = 0, policy = "none" },   -- one stockpile; replacements from the same end (s5)
  exhaust_threshold = 14,       -- s5.5 (option exhaust_threshold)
  claims = { "chow", "pung", "kong", "win" },
  precedence = { pass = 0, draw = 1, chow = 1, pung = 2, kong = 2, win = 3 },   -- s7
  multiple_winners = false,     -- option allow_multiple_wins
  starting_points = 0,          -- option starting_score
  rounds = 4,                   -- option rounds
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

-- A set of suit tiles as one bit of a 27-bit word: bit rank-1 of its suit's 9 bits.
local SUIT_SHIFT = { m = 0, p = 9, s = 18 }
local RANK_BIT = {}
for _, s in ipairs(SUITS) do
  for r = 1, 9 do RANK_BIT[NAME[s][r]] = 1 << (r - 1 + SUIT_SHIFT[s]) end
end
local STRAIGHT = (1 << 0) | (1 << 3) | (1 << 6)   -- sequences from 1, 4 and 7 of one suit

-- The same number in all three suits, in a word of RANK_BIT bits.
local function in_three_suits(bits)
  return bits & (bits >> 9) & (bits >> 18) & 0x1ff ~= 0
end

-- s15: Basic Score by twice the adjusted fan (0, 0.5, 1, ... 12).
local BASIC = { [0] = 4, 4, 8, 12, 16, 24, 32, 40, 52, 64, 76, 84, 92,
                96, 100, 104, 108, 112, 116, 120, 124, 124, 128, 128, 132 }

local FAN_CAP = 12

-- Does the tile list `str` (notation, e.g. "19m5p") hold the kind t? (a red five is a five)
local function holds(str, t)
  if type(str) ~= "string" then return false end
  for digits, suit in string.gmatch(str, "(%d+)(%a)") do
    for d in digits:gmatch("%d") do
      if (d == "0" and "5" or d) .. suit == t then return true end
    end
  end
  return false
end

---------------------------------------------------------------------------------------------
-- The hand as the fan rules see it. `h` is one scratch table reused by every call: the
-- situation part is filled once per call, the rest once per reading (or irregular pattern).
--   h.all / h.any: the tile classes every tile of the hand has / some tile has
--   (flowers never count, s2); h.nseq, h.ntrip, ...: the sets of the reading.

local h = { seq = {} }

-- h.shape: what the reading holds of what the standard fan rules need (s11 `std`), as bits.
local SEQ2, SEQ3, TRIP3, HONOUR_SETS = 1, 2, 4, 8

-- The tile classes of the concealed tiles (the irregular patterns have no melds).
local function read_tiles(f)
  local all, any, tiles = 0xff, 0, f.tiles
  for i = 1, #tiles do
    local mask = KIND[tiles[i]].mask
    all, any = all & mask, any | mask
  end
  h.all, h.any, h.reading = all, any, nil
end

-- The summary of a standard reading: its sets, its pair and its tile classes.
local function read_sets(reading)
  local seq, win_set, grab = h.seq, reading.win_set, h.grab
  local nseq, ntrip, nkong, nconcealed, nmelded = 0, 0, 0, 0, 0
  local seq_bits, trip_bits = 0, 0              -- RANK_BIT of each sequence's first tile, each triplet
  local seq_odd, sisters = 0, 0                 -- sequences seen an odd number of times; disjoint pairs
  local dragons, winds, wind_points, all_th = 0, 0, 0, true
  local pk = KIND[reading.pair]
  local all, any = pk.mask, pk.mask
  local sets = reading.sets
  for i = 1, #sets do
    local set = sets[i]
    local t, meld = set.tile, set.meld
    local melded = meld and not set.concealed        -- claimed, or a promoted quadruplet
    if melded then nmelded = nmelded + 1 end
    if set.type == "chow" then
      nseq = nseq + 1
      seq[nseq] = t
      local bit = RANK_BIT[t]
      seq_bits = seq_bits | bit
      if seq_odd & bit ~= 0 then sisters = sisters + 1 end
      seq_odd = seq_odd ~ bit
      local chow_any = CHOW_ANY[t]
      all, any = all & CHOW_ALL[t], any | chow_any
      if chow_any & TERMINAL == 0 then all_th = false end
    else
      local k = KIND[t]
      local mask = k.mask
      all, any = all & mask, any | mask
      ntrip = ntrip + 1
      trip_bits = trip_bits | (RANK_BIT[t] or 0)
      if set.type == "kong" then nkong = nkong + 1 end
      -- s9: a Revealed Set is a melded set, or the set completed by a grabbed winning tile
      -- (concealed quadruplets are concealed)
      if not (melded or not meld and i == win_set and grab) then nconcealed = nconcealed + 1 end
      if k.dragon then dragons = dragons + 1 end
      if k.wind then
        winds = winds + 1
        if t == h.seat_wind then wind_points = wind_points + 1 end
        if t == h.round_wind then wind_points = wind_points + 1 end
      end
      if not k.th then all_th = false end
    end
  end
  h.reading, h.all, h.any = reading, all, any
  h.nseq, h.ntrip, h.nkong, h.nconcealed, h.nmelded = nseq, ntrip, nkong, nconcealed, nmelded
  h.dragon_sets, h.wind_sets, h.wind_points = dragons, winds, wind_points
  h.seq_bits, h.trip_bits, h.sisters = seq_bits, trip_bits, sisters
  h.all_sets_th = all_th
  h.pair_th, h.pair_dragon, h.pair_wind = pk.th, pk.dragon, pk.wind
  h.shape = (nseq >= 3 and SEQ2 | SEQ3 or nseq == 2 and SEQ2 or 0) | (ntrip >= 3 and TRIP3 or 0)
            | (dragons + winds > 0 and HONOUR_SETS or 0)
end

-- F05: 1-2-3, 4-5-6 and 7-8-9 of one suit.
local function straight()
  local bits = h.seq_bits
  return bits & STRAIGHT == STRAIGHT or (bits >> 9) & STRAIGHT == STRAIGHT
      or (bits >> 18) & STRAIGHT == STRAIGHT
end

-- F06: k, the pairs of identical sequences (A6): disjoint pairs (counted by read_sets), or
-- with the all_pairs option every pair of identical sequences; at most 2.
local function sister_pairs()
  local k = h.sisters
  if h.opts.sister_sequences_counting == "all_pairs" then
    local seq, n = h.seq, h.nseq
    k = 0
    for i = 1, n do
      for j = i + 1, n do
        if seq[i] == seq[j] then k = k + 1 end
      end
    end
  end
  return k > 2 and 2 or k
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
-- s11: the fan rules, in the spec's order (ITEMS[i] is F<i>), one item shape (docs/hooks.md):
-- id, name as the spec names it, value (fan; none when the test counts it), unit, test.
-- `std` rules count only for the
-- standard pattern, and only for a reading that holds what `std` names (they score nothing
-- otherwise: "honour sets": a dragon or wind set; "3 triplets": three triplet-likes, "2 (3)
-- sequences": two (three) sequences; true: any reading); `form` rules only for their
-- irregular pattern; `flag` rules only in a situation with a flag, `pure` rules only when
-- every tile has one class (simple, terminal, honour or green) (they score nothing
-- otherwise); the others for every pattern.

local ITEMS = {
  { id = "F01", name = "Dragon Sets", unit = "fan", std = "honour sets", test = function()
      return h.dragon_sets end },
  { id = "F02", name = "Wind Sets", unit = "fan", std = "honour sets", test = function()
      return h.wind_points end },
  { id = "F03", name = "All Sequences", value = 1, unit = "fan", std = "3 sequences", test = function()
      return h.fp and h.nseq == 4 end },
  { id = "F04", name = "Equal Sequences in Three Suits", unit = "fan", std = "3 sequences", test = function()
      if not in_three_suits(h.seq_bits) then return 0 end
      return h.fp and 2 or 1 end },
  { id = "F05", name = "Straight", unit = "fan", std = "3 sequences", test = function()
      if not straight() then return 0 end
      return h.fp and 2 or 1 end },
  { id = "F06", name = "Sister Sequences", unit = "fan", std = "2 sequences", test = function()
      if not h.fp then return 0 end
      local k = sister_pairs()
      return k == 2 and 3 or k end },
  { id = "F07", name = "No Terminals", value = 1, unit = "fan", pure = true, test = function()
      return h.all & SIMPLE ~= 0 end },
  { id = "F08", name = "All Terminals", unit = "fan", std = true, test = function()
      if not (h.all_sets_th and h.pair_th) then return 0 end
      local p = 1
      if h.ntrip == 4 and h.opts.all_terminals_triplet_addon_with_all_triplets then p = p + 1 end
      if h.any & HONOUR == 0 then p = p + 1 end
      if h.fp then p = p + 1 end
      return p end },
  { id = "F09", name = "Totally Concealed", value = 1, unit = "fan", test = function()
      return h.fp and h.self end },
  { id = "F10", name = "Totally Revealed", value = 1, unit = "fan", std = true, test = function()
      return h.nmelded == 4 and h.grab_discard and h.reading.win_set == nil end },
  { id = "F11", name = "Under the Sea", value = 1, unit = "fan", flag = true, test = function()
      return h.self and h.flags.last_tile end },
  { id = "F12", name = "Under the River", value = 1, unit = "fan", flag = true, test = function()
      return h.grab_discard and h.flags.last_tile end },
  { id = "F13", name = "Winning after a Kong", value = 1, unit = "fan", flag = true, test = function()
      return h.after_kong end },
  { id = "F14", name = "Robbing a Kong", value = 1, unit = "fan", flag = true, test = function()
      return h.flags.robbing_kong end },
  { id = "F15", name = "All Triplets", value = 2, unit = "fan", std = "3 triplets", test = function()
      return h.ntrip == 4 end },
  { id = "F16", name = "7 Little Pairs", value = 3, unit = "fan", form = "seven_pairs", test = function() return true end },
  { id = "F17", name = "Equal Triplets in Three Suits", value = 2, unit = "fan", std = "3 triplets", test = function()
      return in_three_suits(h.trip_bits) end },
  { id = "F18", name = "3 Quadruplets", value = 2, unit = "fan", std = "3 triplets", test = function()
      return h.nkong == 3 end },
  { id = "F19", name = "3 Concealed Triplets", value = 2, unit = "fan", std = "3 triplets", test = function()
      return h.nconcealed == 3 end },
  { id = "F20", name = "One Suit", unit = "fan", test = function()
      if not ONE_SUIT[h.any & SUIT_BITS] then return 0 end
      local p = 2
      if h.any & HONOUR == 0 then p = p + 3 end
      if h.fp then p = p + 1 end
      return p end },
  { id = "F21", name = "Minor 3 Dragons", value = 2, unit = "fan", std = "honour sets", test = function()
      return h.pair_dragon and h.dragon_sets == 2 end },
  { id = "F22", name = "Major 3 Dragons", value = 12, unit = "fan", std = "honour sets", test = function()
      return h.dragon_sets == 3 end },
  { id = "F23", name = "Minor 4 Winds", value = 12, unit = "fan", std = "honour sets", test = function()
      return h.pair_wind and h.wind_sets == 3 end },
  { id = "F24", name = "Major 4 Winds", value = 12, unit = "fan", std = "honour sets", test = function()
      return h.wind_sets == 4 end },
  { id = "F25", name = "Pure 1's & 9's", value = 12, unit = "fan", pure = true, test = function()
      return h.all & TERMINAL ~= 0 end },
  { id = "F26", name = "Pure Honours", value = 12, unit = "fan", pure = true, test = function()
      return h.all & HONOUR ~= 0 end },
  { id = "F27", name = "4 Quadruplets", value = 12, unit = "fan", std = "3 triplets", test = function()
      return h.nkong == 4 end },
  { id = "F28", name = "4 Concealed Triplets", value = 12, unit = "fan", std = "3 triplets", test = function()
      return h.nconcealed == 4 end },
  { id = "F29", name = "9 Lanterns", value = 12, unit = "fan", std = true, test = function()
      return h.fp and nine_lanterns(h.f) end },
  { id = "F30", name = "All Green", value = 12, unit = "fan", pure = true, test = function()
      return h.all & GREEN ~= 0 end },
  { id = "F31", name = "13 Individuals", value = 5, unit = "fan", form = "thirteen_individuals", test = function() return true end },
  { id = "F32", name = "13 Orphans", value = 12, unit = "fan", form = "thirteen_orphans", test = function() return true end },
  { id = "F33", name = "Heavenly / Earthly / Humanly", value = 12, unit = "fan", flag = true, test = function()
      return h.flags.first_turn end },
}
R.items = ITEMS

-- s10, s12: the items each pattern is scored by, as lists: list[j] an index into the item
-- list, list.test[j] that item's test and list.value[j] its value. The items for every
-- pattern depend on the tiles and the situation only, so they are scored once per hand; the
-- standard ones once per reading, from the list that fits its kinds of sets. Made once per
-- item list (the ruleset's R.items: a child may give its own).
local function item_list() return { test = {}, value = {} } end
local NEEDS = { [true] = 0, ["2 sequences"] = SEQ2, ["3 sequences"] = SEQ3, ["3 triplets"] = TRIP3,
                ["honour sets"] = HONOUR_SETS }
local WITH_FLAGS, PURE = 1, 2
local INDEX = setmetatable({}, { __mode = "k" })
local function index_of(items)
  local idx = INDEX[items]
  if idx then return idx end
  idx = { any = {}, std = {}, form = {}, name = {}, n = #items }   -- any[WITH_FLAGS | PURE], std[shape]
  local function add(list, i)
    list[#list + 1] = i
    list.test[#list], list.value[#list] = items[i].test, items[i].value
  end
  for k = 0, 3 do idx.any[k] = item_list() end
  for shape = 0, 15 do idx.std[shape] = item_list() end
  for i, item in ipairs(items) do
    idx.name[i] = item.name
    if item.form then
      idx.form[item.form] = idx.form[item.form] or item_list()
      add(idx.form[item.form], i)
    elseif not item.std then
      for k = 0, 3 do
        if (k & WITH_FLAGS ~= 0 or not item.flag) and (k & PURE ~= 0 or not item.pure) then
          add(idx.any[k], i)
        end
      end
    else
      local needs = NEEDS[item.std]
      for shape = 0, 15 do
        if shape & needs == needs then add(idx.std[shape], i) end
      end
    end
  end
  INDEX[items] = idx
  return idx
end
local IRREGULAR = { "seven_pairs", "thirteen_individuals", "thirteen_orphans" }
local IS_FORM = { seven_pairs = seven_pairs, thirteen_individuals = thirteen_individuals,
                  thirteen_orphans = thirteen_orphans }
local NO_ITEMS = item_list()

-- s12: the fan of the items in list (h filled for the reading; each test is given h): a test answers true (the
-- item is worth its value), a number (the fan of an item whose worth varies), or
-- false/nil/0. The items that scored go to tally: tally[1..tally.n] their indices,
-- tally.pts[1..n] their fan. Returns the sum.
local function score_items(list, tally, n_items)
  local tests, values, pts, sum, n = list.test, list.value, tally.pts, 0, 0
  for j = 1, #list do
    local p = tests[j](h)              -- (h: a child's own item reads h.f, h.opts, h.reading)
    if p == true then p = values[j] end
    if p and p ~= 0 then
      n = n + 1
      tally[n], pts[n] = list[j], p
      sum = sum + p
    end
  end
  tally.n, tally[n + 1] = n, n_items + 1              -- (an end mark after the last)
  return sum
end

local TALLY_ANY, TALLY_A, TALLY_B = { n = 0, pts = {} }, { n = 0, pts = {} }, { n = 0, pts = {} }

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
  local pred, kongs = PREDECESSOR[f.seat], 0
  for i = 1, #melds do
    local m = melds[i]
    if m.from == f.seat then return nil, "a meld cannot be claimed from the winner himself" end
    if m.type == "chow" and m.from and m.from ~= pred then
      return nil, "a sequence can only be claimed from the predecessor (" .. pred .. ")" end
    if m.type == "kong" then kongs = kongs + 1 end
  end
  if (flags.kong_replacement or flags.after_kong_flower) and kongs == 0 then
    return nil, "kong_replacement and after_kong_flower need a quadruplet of the winner's" end
  if flags.robbing_kong and f.all_counts[f.win_tile] ~= 1 then
    return nil, "robbing_kong: the other three " .. f.win_tile .. " are in the promoted quadruplet" end
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
  local s, t = f.situation or {}, f.win_tile
  if holds(s.discards, t) then return "Stricter MahJong: " .. t .. " is among the winner's discards" end
  if holds(s.missed, t) then return "Stricter MahJong: a " .. t .. " slipped by since the winner's last discard" end
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

  -- The rules for every pattern: tile classes from the first reading, or the tiles.
  local readings = f.readings
  if #readings > 0 then read_sets(readings[1]) else read_tiles(f) end
  local key = (next(flags) ~= nil and WITH_FLAGS or 0)
            | (h.all & (SIMPLE | TERMINAL | HONOUR | GREEN) ~= 0 and PURE or 0)
  local idx = index_of(f.rules.items or ITEMS)
  local any_fan = score_items(idx.any[key], TALLY_ANY, idx.n)

  -- s10: the best decomposition by capped fan, then raw fan, then the first found.
  local cur, best = TALLY_A, TALLY_B
  local best_form, best_reading, best_fan, best_raw = nil, nil, -1, -1
  for r = 1, #readings do
    local reading = readings[r]
    if r > 1 then read_sets(reading) end
    local raw = any_fan + score_items(idx.std[h.shape], cur, idx.n)
    local fan = raw < FAN_CAP and raw or FAN_CAP
    if fan > best_fan or (fan == best_fan and raw > best_raw) then
      best_form, best_reading, best_fan, best_raw = "standard", reading, fan, raw
      cur, best = best, cur
    end
  end
  for j = 1, #readings > 0 and 1 or 3 do           -- the irregular patterns (only 7 pairs
    local form = IRREGULAR[j]                        -- can also have a standard reading)
    if IS_FORM[form](f) then
      local raw = any_fan + score_items(idx.form[form] or NO_ITEMS, cur, idx.n)
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

  -- The explanation: one line per fan rule that scored, in the spec's order (the rules for
  -- every pattern merged with those of the pattern), then the aux items.
  local items, limit = {}, nil
  local a, b, any_pts, best_pts = 1, 1, TALLY_ANY.pts, best.pts
  for k = 1, TALLY_ANY.n + best.n do
    local i, p
    if TALLY_ANY[a] < best[b] then
      i, p, a = TALLY_ANY[a], any_pts[a], a + 1
    else
      i, p, b = best[b], best_pts[b], b + 1
    end
    local name = idx.name[i]
    items[k] = { name = name, value = p, unit = "fan" }
    if p == FAN_CAP and not limit then limit = name end
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
  if not result or not result.wins then return { E = 0, S = 0, W = 0, N = 0 } end
  if last.f ~= f then
    local again, err = R.score(f)
    if not again then error(err) end
  end
  local total = result.value.total
  local pay
  if last.liable then                        -- P1 Four chows, P2 Major 3 Dragons, P3 Major 4 Winds
    pay = { E = 0, S = 0, W = 0, N = 0 }
    pay[last.liable] = -total
  elseif f.win_by == "self" then             -- P4 Self-fed win: a third from each
    local share = total / 3
    if f.options.payment_rounding == "ceil" then share = math.ceil(share) end
    share = math.tointeger(share) or share
    pay = { E = -share, S = -share, W = -share, N = -share }
    pay[f.seat] = 3 * share
    return pay
  else                                       -- P5 Win on grab: the feeder
    pay = { E = 0, S = 0, W = 0, N = 0 }
    pay[f.from] = -total
  end
  pay[f.seat] = total
  return pay
end

---------------------------------------------------------------------------------------------
-- Play: the engine settings and the play hooks (docs/hooks.md). Sequences only from the left
-- and the bid precedence (s7) are the engine's own rules (chow_from, precedence).

-- Engine settings from the options (called once when a game starts).
function R.configure(o)
  return {
    bonus = o.use_flower_tiles,                      -- s3: 144 tiles, or 136
    dead_policy = "none", dead_size = 0,             -- s5: one stockpile, no dead wall,
    kong_source = "head", bonus_source = "head",     -- every draw from the same end
    deal_order = "seat",                             -- s5.2: E, S, W, N 13 each, then the dealer's 14th
    reserve = o.exhaust_threshold - 1,               -- s5.5: an ordinary draw needs 14 tiles
    multi_win = o.allow_multiple_wins and "all" or "nearest",   -- s7, s8
    rob_promoted = true,                             -- s6
    rob_concealed_thirteen = o.rob_concealed_kong_thirteen_orphans,
    kong_after_claim = true,                         -- s6.3
    win_after_claim = o.win_after_claim,             -- s6.1
    rounds = o.rounds,                               -- s4.5
    start_points = o.starting_score,                 -- s4.6
    special_concealed_only = true,                   -- s10: 13 Individuals, 7 pairs: no sets exposed
  }
end

local SET_EVENTS = { chow = true, pung = true, kong = true, kong_concealed = true, kong_promoted = true }

-- Per game: the Stricter MahJong memory (s8 b).
local per_game = setmetatable({}, { __mode = "k" })
local function game_memory(g)
  local m = per_game[g]
  if not m then m = { slipped = {} }; per_game[g] = m end
  return m
end

-- F13: the draw chain that ends `events` (the latest events of the deal): the seat's last
-- draws back to the one that began its turn. "kong_replacement" when that was a quadruplet's
-- replacement, "after_kong_flower" when flower replacements followed it, nil otherwise;
-- false when the events end before the chain does.
local draw_chain = (require "lib.events").draw_chain   -- rules/lib

-- The IMS flags of a win in a game: seat wins by `how` ("self", "discard", "rob") from
-- `from`; st is g:state(); `loose`: the turn began with a quadruplet's replacement (the
-- engine's drawn_loose; without it no draw chain ends in one).
local function game_flags(g, st, seat, how, from, loose)
  local flags = {}
  if st.wall == 0 then flags[#flags + 1] = "last_tile" end          -- s5.6 (reserve = 13)
  if how == "rob" then flags[#flags + 1] = "robbing_kong" end
  if how == "self" and loose then                                    -- F13: the draw chain
    local chain = draw_chain(g:events(math.max(st.deal_event, st.events - 15)), seat)
    if chain == false then chain = draw_chain(g:events(st.deal_event), seat) end   -- a long chain
    if chain then flags[#flags + 1] = chain end
  end
  -- s11 first circulation: no set formed (while the option holds), the winner's first turn
  -- (self) or the feeder's first discard (grab).
  local firsts = how == "self" and st.seats[seat].ndiscards == 0
              or how ~= "self" and st.seats[from].ndiscards == 1
  if not firsts then return flags end
  local quiet = true
  if g.options.first_circulation_broken_by_sets then
    for i = 1, 4 do
      if #st.seats[SEATS[i]].melds > 0 then quiet = false end
    end
    if quiet then                                    -- (the first circulation: few events)
      local events = g:events(st.deal_event)
      for i = 1, #events do
        if SET_EVENTS[events[i].type] then quiet = false break end
      end
    end
  end
  if quiet then flags[#flags + 1] = "first_turn" end
  return flags
end

-- situation(g, win, s): the situation of a win in a game, with the IMS flags.
function R.situation(g, win, s)
  s.flags = game_flags(g, g:state(), win.seat, win.how, win.from, win.loose)
end

-- The situation of a win in play for the win test (docs/hooks.md, "Wins in play"): with
-- Stricter MahJong (s8) the seat's own discards and the kinds it let slip since its last
-- discard (score refuses such a grab).
local function slip_key(st)
  return st.discarder and (st.discarder .. st.seats[st.discarder].ndiscards .. st.phase)
end

function R.win_situation(g, win)
  local st = g:state()
  local seat = win.seat
  local me = st.seats[seat]
  local s = { rules = g.rules, options = g.options, seat = seat, round = st.round,
              win_tile = win.tile }
  local how = win.how
  s.hand = win.hand   -- the engine's record (a win right after a claim: the claimed set concealed)
  if how == "self" then
    s.win_by = "self"
  else
    s.win_by, s.from = "discard", win.from
    if g.options.stricter_mahjong then                               -- (read only by s8)
      local own = {}
      for i, d in ipairs(me.discards) do own[i] = d.tile end
      s.discards = table.concat(own)
    end
  end
  s.flags = game_flags(g, st, seat, how, s.from, st.drawn_loose)
  -- s8 b: the kinds this seat could have won on by grab and let slip since his last discard
  -- (kinds -> the discard offered; another discard than this one counts)
  local mine = game_memory(g).slipped[seat]
  if how ~= "self" and mine and mine.discards == me.ndiscards then
    local here, missed = slip_key(st), {}
    for kind, where in pairs(mine.kinds) do
      if where ~= here then missed[#missed + 1] = kind end
    end
    s.missed = table.concat(missed)
  end
  return s
end

-- may_win(g, action): asked before MahJong is offered or applied. Minimum Fan (s13) and
-- Stricter MahJong (s8) are score's answers (jong.win_check); a grab the hand could make is
-- remembered for Stricter MahJong.
function R.may_win(g, action)
  local ok, reason = jong.win_check(g, action)
  if not ok then return false, reason end
  local st = g:state()
  if st.phase ~= "turn" then                                         -- offered: remember it
    local seat = action.seat
    local me = st.seats[seat]
    local memory = game_memory(g).slipped
    local mine = memory[seat]
    if not mine or mine.discards ~= me.ndiscards then
      mine = { discards = me.ndiscards, kinds = {} }
      memory[seat] = mine
    end
    local kind = jong.kind_of(action.tile)
    mine.kinds[kind] = mine.kinds[kind] or slip_key(st)
  end
  return true
end

-- special_complete(g, seat, concealed, nmelds): the irregular complete hands the core's
-- forms do not cover as IMS counts them: 13 Individuals, 7 pairs holding four of a kind.
-- Asked for every completion test (about a hundred times a deal), so both are read off the
-- engine's notation of the concealed tiles, kinds in order and digits ascending within a
-- suit, no red fives ("147m258p369s12234z"), byte by byte, giving up at the first sign
-- against: no table, no string is built.
local byte = string.byte
local M, P, S, Z = byte("m"), byte("p"), byte("s"), byte("z")
local ONE, THREE, LETTER = byte("1"), byte("3"), byte("a")

-- s10 13 Individuals: 1-4-7, 2-5-8, 3-6-9 in three different suits ("147m"), three single
-- honours and a pair of a fourth: 18 characters (the caller has seen them, and "m" fourth),
-- the five honours with one pair among them.
local function thirteen_individuals_notation(c)
  if byte(c, 8) ~= P or byte(c, 12) ~= S or byte(c, 18) ~= Z then return false end
  local m, p, s = byte(c, 1), byte(c, 5), byte(c, 9)
  if m == p or m == s or p == s then return false end            -- three different triads
  for i = 1, 9, 4 do
    local a, b, d = byte(c, i, i + 2)
    if a < ONE or a > THREE or b ~= a + 3 or d ~= b + 3 then return false end
  end
  local h1, h2, h3, h4, h5 = byte(c, 13, 17)
  local alike = (h1 == h2 and 1 or 0) + (h2 == h3 and 1 or 0) + (h3 == h4 and 1 or 0) + (h4 == h5 and 1 or 0)
  return alike == 1
end

-- s10 7 little pairs with four identical tiles as two pairs (A10): every kind twice or four
-- times (the digits go two by two within each suit), 14 tiles, and one kind four times.
local function seven_pairs_with_four_notation(c)
  local i, n, tiles, four, last = 1, #c, 0, false, nil
  while i <= n do
    local a, b = byte(c, i, i + 1)
    if a >= LETTER then                                          -- a suit ends
      i, last = i + 1, nil
    elseif a ~= b then
      return false
    else
      if a == last then four = true end
      i, last, tiles = i + 2, a, tiles + 2
    end
  end
  return four and tiles == 14
end

function R.special_complete(g, seat, concealed, nmelds)
  if nmelds > 0 then return false end
  local c1, c2, _, c4 = byte(concealed, 1, 4)
  if c4 == M and #concealed == 18 then                           -- three tiles of "m" first
    return thirteen_individuals_notation(concealed)
  end
  if c1 ~= c2 or not g.options.seven_pairs_allow_four_of_a_kind then return false end  -- a pair first
  return seven_pairs_with_four_notation(concealed)
end

-- next_deal(g): after settlement. s4.3: the dealer keeps the deal when he won (alone or with
-- others) or the hand was a draw; otherwise his successor deals. s4.4: when the deal comes
-- back to the first dealer the round wind advances; after `rounds` winds the match is over.
function R.next_deal(g)
  local out = g:deal_outcome()
  return g:rotation(out.dealer_won or out.drawn, g.options.rounds)
end

return R
