-- rules/ims.lua: Internet MahJong Server rules (T. Z. Feng, 1996, rules page v0.4, seed 003),
-- as specified in ims.md (the section numbers in the comments are that file's).
-- Scoring: fan rules F01-F33 (s11), 12-fan cap (s12), Minimum Fan (s13), aux and the adjusted
-- fan (s14), Basic Score (s15), Total (s16), ordered payment rules P1-P5 (s17).

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
  bonus_tiles = 8,              -- f1-f4, g1-g4; 0 when use_flower_tiles is off
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
local SEAT_WIND = { E = "1z", S = "2z", W = "3z", N = "4z" }
local PREDECESSOR = { E = "N", S = "E", W = "S", N = "W" }
local GREEN = { ["2s"] = true, ["3s"] = true, ["4s"] = true, ["6s"] = true, ["8s"] = true, ["6z"] = true }
local ORPHANS = { "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z" }

-- KIND["5m"] = { suit = "m", rank = 5, simple = true, ... }; suit is nil for honours.
local KIND = {}
local NAME = { m = {}, p = {}, s = {}, z = {} }
for _, s in ipairs(SUITS) do
  for r = 1, 9 do
    local t = r .. s
    NAME[s][r] = t
    KIND[t] = { suit = s, rank = r, simple = r >= 2 and r <= 8, terminal = r == 1 or r == 9,
                th = r == 1 or r == 9, green = GREEN[t] or false }
  end
end
for r = 1, 7 do
  local t = r .. "z"
  NAME.z[r] = t
  KIND[t] = { rank = r, honour = true, th = true, wind = r <= 4, dragon = r >= 5,
              simple = false, terminal = false, green = GREEN[t] or false }
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
-- call-level part (tiles, situation) is filled once, the reading part once per reading.

local h = { seq = {}, }

-- Tile-level facts of the whole hand (concealed and melded; flowers never count, s2).
local function read_tiles(f)
  local all_simple, all_terminal, all_honour, all_green = true, true, true, true
  local has_honour, suit, mixed = false, nil, false
  for t in pairs(f.all_counts) do
    local k = KIND[t]
    if k then
      all_simple = all_simple and k.simple
      all_terminal = all_terminal and k.terminal
      all_honour = all_honour and (k.honour or false)
      all_green = all_green and k.green
      if k.honour then has_honour = true
      elseif suit == nil then suit = k.suit
      elseif suit ~= k.suit then mixed = true end
    end
  end
  h.all_simple, h.all_terminal, h.all_honour, h.all_green = all_simple, all_terminal, all_honour, all_green
  h.has_honour = has_honour
  h.one_suit = (not mixed) and suit or nil
end

-- s11 F29: 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more, no declared set.
local function nine_lanterns(f)
  if #f.melds > 0 or h.has_honour or not h.one_suit then return false end
  local names, c = NAME[h.one_suit], f.counts
  if (c[names[1]] or 0) < 3 or (c[names[9]] or 0) < 3 then return false end
  for r = 2, 8 do
    if not c[names[r]] then return false end
  end
  return true
end

-- s10: 7 little pairs; four identical tiles are two pairs (option), no declared sets.
local function seven_pairs(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local four_ok = f.options.seven_pairs_allow_four_of_a_kind
  for _, c in pairs(f.counts) do
    if c ~= 2 and not (c == 4 and four_ok) then return false end
  end
  return true
end

-- s10: 13 Individuals: 1-4-7, 2-5-8, 3-6-9 in three different suits, three single honours
-- and a pair of a fourth honour, no declared sets.
local function thirteen_individuals(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local c, used = f.counts, {}
  for _, s in ipairs(SUITS) do
    local start, n = nil, 0
    for r = 1, 9 do
      local x = c[NAME[s][r]]
      if x then
        if x ~= 1 then return false end
        local p = (r - 1) % 3
        if start == nil then start = p elseif start ~= p then return false end
        n = n + 1
      end
    end
    if n ~= 3 or used[start] then return false end
    used[start] = true
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

-- s10: 13 Orphans: one of each terminal and honour plus a duplicate of one of them.
local function thirteen_orphans(f)
  if #f.melds > 0 or #f.tiles ~= 14 then return false end
  local n = 0
  for _, t in ipairs(ORPHANS) do
    local x = f.counts[t]
    if not x then return false end
    n = n + x
  end
  return n == 14
end

-- s9: is set i of the reading a Revealed Set? Claimed melds and promoted quadruplets, and
-- the set completed by a grabbed winning tile. Concealed quadruplets are concealed.
local function revealed(set, i, reading)
  if set.meld then return not set.concealed end
  return i == reading.win_set and h.grab
end

-- The per-reading summary of a standard reading.
local function read_sets(reading)
  local seq = h.seq
  local nseq, ntrip, nkong, nconcealed, nmelded = 0, 0, 0, 0, 0
  local dragons, winds, wind_points, all_th = 0, 0, 0, true
  for i, set in ipairs(reading.sets) do
    local k = KIND[set.tile]
    if set.type == "chow" then
      nseq = nseq + 1
      seq[nseq] = set.tile
      if k.rank ~= 1 and k.rank ~= 7 then all_th = false end
    else
      ntrip = ntrip + 1
      if set.type == "kong" then nkong = nkong + 1 end
      if not revealed(set, i, reading) then nconcealed = nconcealed + 1 end
      if k.dragon then dragons = dragons + 1 end
      if k.wind then
        winds = winds + 1
        if set.tile == h.seat_wind then wind_points = wind_points + 1 end
        if set.tile == h.round_wind then wind_points = wind_points + 1 end
      end
      if not k.th then all_th = false end
    end
    if set.meld and not set.concealed then nmelded = nmelded + 1 end
  end
  for i = nseq + 1, 4 do seq[i] = nil end
  local pk = KIND[reading.pair]
  h.reading = reading
  h.nseq, h.ntrip, h.nkong, h.nconcealed, h.nmelded = nseq, ntrip, nkong, nconcealed, nmelded
  h.dragon_sets, h.wind_sets, h.wind_points = dragons, winds, wind_points
  h.all_sets_th = all_th
  h.pair_th, h.pair_dragon, h.pair_wind = pk.th, pk.dragon or false, pk.wind or false
end

-- Sequences of the reading starting on the same number in all three suits (F04).
local function equal_sequences_in_three_suits()
  local seq = h.seq
  for i = 1, h.nseq do
    local a, m, p, s = KIND[seq[i]], false, false, false
    for j = 1, h.nseq do
      local b = KIND[seq[j]]
      if b.rank == a.rank then
        if b.suit == "m" then m = true elseif b.suit == "p" then p = true else s = true end
      end
    end
    if m and p and s then return true end
  end
  return false
end

-- 1-2-3, 4-5-6 and 7-8-9 of one suit (F05).
local function straight()
  local seq = h.seq
  for i = 1, h.nseq do
    local a = KIND[seq[i]]
    if a.rank == 1 then
      local four, seven = false, false
      for j = 1, h.nseq do
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

-- k of Sister Sequences (F06): pairs of identical sequences among the 4 sets.
local function sister_pairs()
  local seq, disjoint = h.seq, h.opts.sister_sequences_counting ~= "all_pairs"
  local k = 0
  for i = 1, h.nseq do
    local first, n = true, 0
    for j = 1, h.nseq do
      if seq[j] == seq[i] then
        if j < i then first = false end
        n = n + 1
      end
    end
    if first then
      if disjoint then k = k + n // 2 else k = k + n * (n - 1) // 2 end
    end
  end
  return k > 2 and 2 or k
end

-- Triplet-like sets of one number in all three suits (F17).
local function equal_triplets_in_three_suits()
  local sets = h.reading.sets
  for i = 1, #sets do
    local a = KIND[sets[i].tile]
    if sets[i].type ~= "chow" and a.suit then
      local m, p, s = false, false, false
      for j = 1, #sets do
        local b = KIND[sets[j].tile]
        if sets[j].type ~= "chow" and b.suit and b.rank == a.rank then
          if b.suit == "m" then m = true elseif b.suit == "p" then p = true else s = true end
        end
      end
      if m and p and s then return true end
    end
  end
  return false
end

---------------------------------------------------------------------------------------------
-- s11: the fan rules, in the spec's order. `std` rules count only for the standard pattern;
-- `form` rules only for their irregular pattern; the others for every pattern.

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
      return h.all_simple and 1 or 0 end },
  { id = "F08", name = "All Terminals", std = true, points = function()
      if not (h.all_sets_th and h.pair_th) then return 0 end
      local p = 1
      if h.ntrip == 4 and h.opts.all_terminals_triplet_addon_with_all_triplets then p = p + 1 end
      if not h.has_honour then p = p + 1 end
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
      if not h.one_suit then return 0 end
      local p = 2
      if not h.has_honour then p = p + 3 end
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
      return h.all_terminal and 12 or 0 end },
  { id = "F26", name = "Pure Honours", points = function()
      return h.all_honour and 12 or 0 end },
  { id = "F27", name = "4 Quadruplets", std = true, points = function()
      return h.nkong == 4 and 12 or 0 end },
  { id = "F28", name = "4 Concealed Triplets", std = true, points = function()
      return h.nconcealed == 4 and 12 or 0 end },
  { id = "F29", name = "9 Lanterns", std = true, points = function()
      return h.nine_lanterns and 12 or 0 end },
  { id = "F30", name = "All Green", points = function()
      return h.all_green and 12 or 0 end },
  { id = "F31", name = "13 Individuals", form = "thirteen_individuals", points = function()
      return 5 end },
  { id = "F32", name = "13 Orphans", form = "thirteen_orphans", points = function()
      return 12 end },
  { id = "F33", name = "Heavenly / Earthly / Humanly", points = function()
      return h.flags.first_turn and 12 or 0 end },
}
R.fan_rules = RULES

local function applies(rule, form)
  if rule.std then return form == "standard" end
  if rule.form then return rule.form == form end
  return true
end

-- s12: fan_raw of the current reading (h filled for it).
local function fan_raw(form)
  local sum = 0
  for i = 1, #RULES do
    local rule = RULES[i]
    if applies(rule, form) then sum = sum + rule.points() end
  end
  return sum
end

---------------------------------------------------------------------------------------------
-- The situation: what the hand is told besides its tiles. Returns nil, reason when it is
-- not a possible IMS situation.

local function check_situation(f)
  local flags, opts = f.flags, f.options
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
  for _, m in ipairs(f.melds) do
    if m.from == f.seat then return nil, "a meld cannot be claimed from the winner himself" end
    if m.type == "chow" and m.from and m.from ~= pred then
      return nil, "a sequence can only be claimed from the predecessor (" .. pred .. ")" end
  end
  if flags.first_turn and opts.first_circulation_broken_by_sets
     and (#f.melds > 0 or flags.kong_replacement or flags.after_kong_flower) then
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

-- s14: aux items: quadruplets by kind, flowers when in use.
local function aux_items(f, items)
  local revealed_quads, concealed_quads = 0, 0
  for _, m in ipairs(f.melds) do
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

-- s17 P1-P3: the liable player of the chosen reading, or nil. Sources are melds' `from`.
local function liable_player(f, reading, fan_of)
  if not reading then return nil end
  local pred = PREDECESSOR[f.seat]
  -- P1 Four chows: all 4 sets sequences, each with a tile grabbed from the predecessor.
  if h.nseq == 4 then
    local all = true
    for i, set in ipairs(reading.sets) do
      if set.meld == nil and not (i == reading.win_set and h.grab and f.from == pred) then all = false end
    end
    if all then return pred, "Four chows" end
  end
  -- P2 / P3: every dragon (wind) set revealed from a discard; the last one grabbed pays.
  local function last_feeder(is_kind, what)
    local payer, order = nil, -1
    for i, set in ipairs(reading.sets) do
      if set.type ~= "chow" and is_kind(KIND[set.tile]) then
        if set.meld and not set.concealed then
          if set.meld > order then payer, order = f.melds[set.meld].from or false, set.meld end
        elseif i == reading.win_set and h.grab then
          payer, order = f.from, math.huge
        else
          return nil                      -- a concealed set: no liability
        end
      end
    end
    if payer == false then return nil, what .. " liability: the last meld grabbed needs its source (@S)" end
    return payer
  end
  if fan_of.F22 then
    local payer, err = last_feeder(function(k) return k.dragon end, "Major 3 Dragons")
    if err then return nil, nil, err end
    if payer then return payer, "Major 3 Dragons" end
  end
  if fan_of.F24 then
    local payer, err = last_feeder(function(k) return k.wind end, "Major 4 Winds")
    if err then return nil, nil, err end
    if payer then return payer, "Major 4 Winds" end
  end
  return nil
end

-- settle() is called with the result of score(); score leaves the payer it found here.
local last = { f = nil, liable = nil }

---------------------------------------------------------------------------------------------
-- score(f): s10 choose the decomposition, s12 cap, s13 minimum, s14 aux, s15 basic, s16 total.

function R.score(f)
  local ok, err = check_situation(f)
  if not ok then return nil, err end
  local opts, flags = f.options, f.flags

  h.opts, h.flags = opts, flags
  h.self = f.win_by == "self"
  h.grab = not h.self
  h.grab_discard = h.grab and (not flags.robbing_kong or opts.robbed_tile_counts_as_discard)
  h.seat_wind, h.round_wind = SEAT_WIND[f.seat], SEAT_WIND[f.round]
  h.after_kong = h.self and (flags.kong_replacement or (flags.after_kong_flower and opts.after_kong_flower_chain)) or false
  local fp = true                                    -- s9 Fully Private
  for _, m in ipairs(f.melds) do
    if not m.concealed then fp = false end
  end
  h.fp = fp
  read_tiles(f)
  h.nine_lanterns = nine_lanterns(f)

  -- s10: the best decomposition by capped fan, then raw fan, then the first found.
  local best_form, best_reading, best_fan, best_raw = nil, nil, -1, -1
  for _, reading in ipairs(f.readings) do
    read_sets(reading)
    local raw = fan_raw("standard")
    local fan = raw < FAN_CAP and raw or FAN_CAP
    if fan > best_fan or (fan == best_fan and raw > best_raw) then
      best_form, best_reading, best_fan, best_raw = "standard", reading, fan, raw
    end
  end
  local irregular = {}
  if seven_pairs(f) then irregular[#irregular + 1] = "seven_pairs" end
  if #f.readings == 0 then
    if thirteen_individuals(f) then irregular[#irregular + 1] = "thirteen_individuals" end
    if thirteen_orphans(f) then irregular[#irregular + 1] = "thirteen_orphans" end
  end
  for _, form in ipairs(irregular) do
    local raw = fan_raw(form)
    local fan = raw < FAN_CAP and raw or FAN_CAP
    if fan > best_fan or (fan == best_fan and raw > best_raw) then
      best_form, best_reading, best_fan, best_raw = form, nil, fan, raw
    end
  end
  if not best_form then return { wins = false, reason = "no winning pattern" } end

  local refused = stricter_refuses(f)
  if refused then return { wins = false, reason = refused } end
  if best_fan < opts.minimum_fan then                                -- s13
    return { wins = false, reason = "Minimum Fan: fan " .. best_fan .. " is below " .. opts.minimum_fan }
  end

  -- The explanation of the chosen decomposition.
  if best_reading then read_sets(best_reading) end
  local items, fan_of, limit = {}, {}, nil
  for i = 1, #RULES do
    local rule = RULES[i]
    if applies(rule, best_form) then
      local p = rule.points()
      if p > 0 then
        items[#items + 1] = { name = rule.name, value = p, unit = "fan" }
        fan_of[rule.id] = p
        if p == FAN_CAP and not limit then limit = rule.name end
      end
    end
  end
  if best_fan < FAN_CAP then limit = nil elseif not limit then limit = "12 fan" end

  local aux = aux_items(f, items)                                    -- s14
  local adj2 = aux >= 4 and 2 or aux >= 2 and 1 or 0
  local adjusted2 = 2 * best_fan + adj2
  if adjusted2 > 2 * FAN_CAP then adjusted2 = 2 * FAN_CAP end
  local basic = BASIC[adjusted2]                                     -- s15
  local total = basic                                                -- s16
  if h.self or f.seat == "E" then total = basic * 3 // 2 end

  local liable, rule, lerr = liable_player(f, best_reading, fan_of)  -- s17 P1-P3
  if lerr then return nil, lerr end
  last.f, last.liable, last.rule = f, liable, rule

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
    for _, s in ipairs(SEATS) do
      if s ~= f.seat then pay[s] = -share end
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
-- Play hooks (the engine signatures are documented in docs/hooks.md as the engine grows).

-- special_hands(f): called by the win test with facts-like {tiles, counts, melds, options}:
-- the irregular complete shapes of IMS that the core's forms do not cover as IMS counts them.
function R.special_hands(f)
  local out = {}
  if seven_pairs(f) then out[#out + 1] = "seven_pairs" end
  if thirteen_individuals(f) then out[#out + 1] = "thirteen_individuals" end
  if thirteen_orphans(f) then out[#out + 1] = "thirteen_orphans" end
  return out
end

-- may_claim(kind, seat, from): called in the bidding on a discard of `from` (s7): only the
-- discarder's successor may bid Sequence; anyone may bid Triplet, Quadruplet or MahJong.
function R.may_claim(kind, seat, from)
  if kind == "chow" then return PREDECESSOR[seat] == from end
  return seat ~= from
end

-- may_win(f, ctx): called before MahJong is offered, in turn or as a bid. ctx.after_claim is
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
-- tiles in the stockpile; otherwise the hand is a draw (s5.5).
function R.may_draw(left, options)
  return left >= (options and options.exhaust_threshold or R.exhaust_threshold)
end

-- next_deal(state): called after a hand with {dealer=, round=, first_dealer=, winners={seats}
-- (empty on a draw), options}. Returns the next {dealer=, round=} or nil when the match ends (s4).
function R.next_deal(state)
  local dealer_won = #state.winners == 0
  for _, s in ipairs(state.winners) do
    if s == state.dealer then dealer_won = true end
  end
  if dealer_won then return { dealer = state.dealer, round = state.round } end
  local dealer = SEATS[(({ E = 1, S = 2, W = 3, N = 4 })[state.dealer]) % 4 + 1]
  local round = state.round
  if dealer == state.first_dealer then
    local r = ({ E = 1, S = 2, W = 3, N = 4 })[round] + 1
    local rounds = state.options and state.options.rounds or R.rounds
    if r > rounds then return nil end
    round = SEATS[r]
  end
  return { dealer = dealer, round = round }
end

return R
