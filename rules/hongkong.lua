-- Hong Kong Old Style (Cantonese) Mah Jong.
-- The rule authority is the spec shared/rules/hongkong.md; section numbers (§) below are its.
-- A hand is valued in faan (§12), must reach hk.min_faan without bonus-tile faan (§11.2),
-- is capped at hk.faan_limit (§11.3) and paid by the money table (§14), with the
-- "Calling 9 / 12 pieces" liability (§9). The user page is docs/hongkong.md.

-- §11.3, §14.5: the faan limits the money tables know (the spec names 7, 8, 10, 13 and none).
local FAAN_LIMITS = { "none" }
for n = 1, 13 do FAAN_LIMITS[#FAAN_LIMITS + 1] = n end

local R = {
  name = "hongkong",
  option_prefix = "hk.",
  forms = { "standard", "thirteen_orphans" },              -- no seven pairs in this game
  extras = { "announce" },                                 -- §9.1 with hk.liability_announce = manual
  flower_wins = true,                                      -- §12.6 H24, H25: win_by "flowers" (R.configure)
  -- situation flags `jong score` accepts (docs/hongkong.md):
  flags = {
    "kong_replacement",      -- H16: won on the replacement tile after a kong
    "kong_upon_kong",        -- H17: won on the second replacement of kong upon kong
    "robbing_kong",          -- H18: won on a tile added to an exposed pong (from = the declarer)
    "last_tile",             -- H19 with self: the last drawable tile; H20 with discard: the last discard
    "first_turn",            -- L7 / L8 / humanly hand: the first go-round, no claim made
    "liability_announced",   -- §9.1 with hk.liability_announce = manual: the winner announced his call
    "fifth_tile",            -- §9.3: the winning discard was a tile not yet seen, < 5 tiles left in the wall
  },

  -- §4-§8: the play facts for the engine (docs/hooks.md); the ones options change: R.configure
  tiles = 136,                                         -- §4 (144 with hk.use_flowers)
  bonus_tiles = false,
  red_fives = 0,
  dead_wall = { size = 0, policy = "none" },           -- §6.3 no dead wall: replacements from the tail
  claims = { "chow", "pung", "kong", "win" },          -- §7.2
  precedence = { win = 3, kong = 2, pung = 2, chow = 1 },
  multiple_winners = false,                            -- §7.3 first_in_turn (hk.multi_win)
  situation_fields = { "co_winners" },                 -- §14.4 the other winners of the same discard
  starting_points = 0,                                 -- money changes hands per deal; no opening stake
  rounds = 4,                                          -- §5.4 (hk.rounds)
  engine = {
    side = 17,                                         -- §6.1 stacks per wall (18 with flowers)
    dice = 3,                                          -- §6.2
    deal_order = "blocks",                             -- §6.4: 4-4-4, then one each (the dealer two)
    kong_source = "loose", bonus_source = "loose",     -- §6.3, §7.4: replacements from the tail
    rob_promoted = true,                               -- §7.5: a promoted kong may be robbed,
    rob_concealed_thirteen = true,                     -- a concealed one only for Thirteen orphans
    last_discard = "none",                             -- §8.2: the last drawer does not discard
  },

  -- §15: the option registry (JSON keys may carry the prefix "hk.")
  options = {
    use_flowers = { default = false, doc = "§4: play with the 8 bonus tiles (144 tiles); they score only §12.6" },
    min_faan = { default = 3, doc = "§11.2: the minimum faan to win, bonus-tile faan not counted (0 = chicken hands allowed)" },
    faan_limit = { default = 10, values = FAAN_LIMITS, doc = "§11.3: the faan cap: 1 to 13 (8, 10, 13 usual) or \"none\"" },
    money_table = { default = "tiered", values = { "tiered", "doubling", "half_spicy" },
                    doc = "§14.1, §14.5: how faan become the money unit u" },
    discard_payment = { default = "half_gun", values = { "half_gun", "full_gun" },
                        doc = "§14.2: on a discard, half_gun = discarder 2u and the others u each; full_gun = discarder 4u alone" },
    multi_win = { default = "first_in_turn", values = { "first_in_turn", "all" },
                  doc = "§7.3: several winning claims on one discard: the first in turn wins alone, or all win" },
    rob_kong = { default = "promoted", values = { "promoted", "seed_literal" },
                 doc = "§7.5: which kongs may be robbed: a promoted kong (a concealed one only for Thirteen orphans), or also any declared concealed kong" },
    dead_wall14 = { default = false, doc = "§8.3: the last 14 tiles of the wall are never drawn" },
    last_discard = { default = false, doc = "§8.2: the last drawer must discard; that tile may be claimed only to win (H20)" },
    draw_keeps_dealer = { default = true, doc = "§5.3: after a drawn hand the dealer keeps the deal" },
    liability_announce = { default = "auto", values = { "auto", "manual" },
                           doc = "§9.1: manual = no liability unless the flag liability_announced is given" },
    liability_hands = { default = "pure_suit", values = { "pure_suit", "pure_or_mixed", "extended" },
                        doc = "§9.3: the hands that carry Calling 9 / 12 pieces liability" },
    fifth_tile_penalty = { default = false, doc = "§9.3: the discarder of an unseen tile late in the hand (flag fifth_tile) pays for all" },
    pure_suit_faan = { default = 7, values = { 7, 6 }, doc = "§12.2: faan of Pure one suit (H6)" },
    four_concealed = { default = 8, values = { 8, "limit" }, doc = "§12.1: Four concealed pungs (H4) is 8 faan or a limit hand" },
    common_hand_pair = { default = "any", values = { "any", "suited" }, doc = "§12.1: the pair of a Common hand (H2) may be any tile, or must be a suit tile" },
    concealed_kong_ok = { default = false, doc = "§12.5: a declared concealed kong keeps the Concealed hand (H15)" },
    concealed_with_flowers = { default = true, doc = "§12.5: Concealed hand (H15) counts when flowers are played" },
    flower_wins = { default = true, doc = "§12.6: 7 or 8 bonus tiles win at once (H24, H25)" },
    humanly_hand = { default = false, doc = "§12.7: a non-dealer winning on a discard within the first go-round scores 13 (Humanly hand)" },
    unlimited_faan = { default = false, doc = "§12.7: limit hands add to every other item instead of replacing H1-H13" },
    faan_preset = { default = "standard", values = { "standard", "mjc" }, doc = "§12.8: the faan table: standard, or the lower mjc values" },
    penalty_amount = { default = "max", types = { "string", "number" }, doc = "§10, §14.6: each penalty payment: \"max\" (2 x u at the limit = 128) or a fixed number" },
    seating = { default = "wind_draw", values = { "wind_draw", "random" }, doc = "§5.1: how seats are drawn" },
    rounds = { default = 4, doc = "§5.4: prevailing winds played before the game is over" },
  },
}

---------------------------------------------------------------------------------------------
-- Constant tables, built once.

local SEATS = { "E", "S", "W", "N" }
local SEAT_NUMBER = { E = 1, S = 2, W = 3, N = 4 }                  -- §13.3
local WIND_TILE = { E = "1z", S = "2z", W = "3z", N = "4z" }
local pay_lib = require "lib.payments"
local LEFT_OF = { E = "N", S = "E", W = "S", N = "W" }              -- §7.2: the seat before in turn
local SEAT_FLOWER = { E = "f1", S = "f2", W = "f3", N = "f4" }
local SEAT_SEASON = { E = "g1", S = "g2", W = "g3", N = "g4" }

-- CLASS[t]: bits for the suit (m 1, p 2, s 4), honour 8, terminal 16, simple 32.
local HONOUR, TERMINAL, SIMPLE = 8, 16, 32
local CLASS, IS_SUITED, IS_WIND, IS_DRAGON, SUIT_TILE = {}, {}, {}, {}, {}
for bit, s in ipairs({ "m", "p", "s" }) do
  SUIT_TILE[s] = {}
  for r = 1, 9 do
    local t = r .. s
    CLASS[t] = (1 << (bit - 1)) | ((r == 1 or r == 9) and TERMINAL or SIMPLE)
    IS_SUITED[t] = true
    SUIT_TILE[s][r] = t
  end
end
for r = 1, 7 do
  CLASS[r .. "z"] = HONOUR
  IS_WIND[r .. "z"] = r <= 4
  IS_DRAGON[r .. "z"] = r >= 5
end
local SUITS_IN_MASK = { [0] = 0, 1, 1, 2, 1, 2, 2, 3 }
-- CHOW_CLASS[t]: the CLASS bits of the three tiles of the chow that starts at t.
local CHOW_CLASS = {}
for _, s in ipairs({ "m", "p", "s" }) do
  for r = 1, 7 do CHOW_CLASS[r .. s] = CLASS[r .. s] | CLASS[(r + 1) .. s] | CLASS[(r + 2) .. s] end
end

local FLOWERS = { "f1", "f2", "f3", "f4" }
local SEASONS = { "g1", "g2", "g3", "g4" }

-- §14.1 and §14.5: the money unit u by faan.
local TIERED = { [0] = 1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64 }
local HALF_SPICY = { [0] = 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384 }

---------------------------------------------------------------------------------------------
-- The hand being scored. One table reused by every call (hooks are not re-entrant):
-- h.f, h.o the facts and options; hand-wide facts (suits, honours, flags); and the
-- summary of the reading being tried (chows, pungs, ...).

local h = {}

-- The "limit" value of an item that the options make a limit hand (H4, and the mjc preset).
local function limit_value(o)
  return o.faan_limit == "none" and 13 or o.faan_limit
end

-- §13.2: the suits and tile classes of the whole hand (sets, pair, winning tile; no bonus tiles).
-- Returns the number of suits and whether honours, terminals and simples occur. Read off the
-- sets and pair of a reading (every reading holds all the tiles), else off the tiles one by one.
local function suit_profile(f)
  local mask = 0
  local reading = f.readings[1]
  if reading then
    local sets = reading.sets
    mask = CLASS[reading.pair]
    for i = 1, #sets do
      local set = sets[i]
      mask = mask | (set.type == "chow" and CHOW_CLASS[set.tile] or CLASS[set.tile])
    end
  else
    local tiles, melds = f.tiles, f.melds
    for i = 1, #tiles do mask = mask | CLASS[tiles[i]] end
    for i = 1, #melds do
      local set = melds[i].tiles
      for j = 1, #set do mask = mask | CLASS[set[j]] end
    end
  end
  return SUITS_IN_MASK[mask & 7], mask & HONOUR ~= 0, mask & TERMINAL ~= 0, mask & SIMPLE ~= 0
end

-- §12.7 L3: concealed 1112345678999 + one more tile of the suit.
local function nine_gates(f)
  if #f.melds > 0 or h.suits ~= 1 or h.honours then return false end
  local names, counts = SUIT_TILE[string.sub(f.tiles[1], 2)], f.counts
  if (counts[names[1]] or 0) < 3 or (counts[names[9]] or 0) < 3 then return false end
  for r = 2, 8 do
    if not counts[names[r]] then return false end
  end
  return true
end

-- §12.5 H15 and §13.1: no tile claimed and no kong declared (a concealed kong only with the option).
local function concealed_hand(f, o)
  if o.use_flowers and not o.concealed_with_flowers then return false end
  local melds = f.melds
  for i = 1, #melds do
    if melds[i].kong ~= "concealed" or not o.concealed_kong_ok then return false end
  end
  return true
end

-- Facts of the hand that no reading changes.
local function analyse_hand(f)
  local o, flags = f.options, f.flags
  h.f, h.o = f, o
  h.mjc = o.faan_preset == "mjc"
  h.limit_value = limit_value(o)
  h.suits, h.honours, h.terminals, h.simples = suit_profile(f)
  h.self = f.win_by == "self"
  h.dealer = f.seat == "E"
  h.seat_wind, h.round_wind = WIND_TILE[f.seat], WIND_TILE[f.round]
  h.first_turn = flags.first_turn == true
  h.nine_gates = nine_gates(f)
  h.concealed = concealed_hand(f, o)
  h.bonus = f.bonus
  h.thirteen = false
  h.flags = flags
end

-- The sets of one standard reading (§12.1, §12.4; §13.1 what is concealed, §13.4 a kong is a pung).
local function read_sets(r)
  local chows, pungs, kongs, dragons, winds, concealed = 0, 0, 0, 0, 0, 0
  local seat_pung, round_pung = false, false
  local sets = r.sets
  local by_discard = not h.self and r.win_set       -- this set was completed by a discarded tile
  for i = 1, #sets do
    local s = sets[i]
    if s.type == "chow" then
      chows = chows + 1
    else
      local t = s.tile
      pungs = pungs + 1
      if s.type == "kong" then kongs = kongs + 1 end
      if IS_DRAGON[t] then
        dragons = dragons + 1
      elseif IS_WIND[t] then
        winds = winds + 1
        if t == h.seat_wind then seat_pung = true end
        if t == h.round_wind then round_pung = true end
      end
      if s.concealed and i ~= by_discard then concealed = concealed + 1 end
    end
  end
  h.std = true
  h.chows, h.pungs, h.kongs, h.concealed_pungs = chows, pungs, kongs, concealed
  h.dragon_pungs, h.wind_pungs, h.seat_pung, h.round_pung = dragons, winds, seat_pung, round_pung
  h.pair = r.pair
  local pair = r.pair
  h.four_concealed_pungs = pungs == 4 and concealed == 4                   -- H4
  h.small_three_dragons = dragons == 2 and IS_DRAGON[pair] == true         -- H11
  h.big_three_dragons = dragons == 3                                       -- H12
  h.small_four_winds = winds == 3 and IS_WIND[pair] == true                -- H13
end

-- Thirteen orphans has no sets.
local function no_sets()
  h.std = false
  h.chows, h.pungs, h.kongs, h.concealed_pungs = 0, 0, 0, 0
  h.dragon_pungs, h.wind_pungs, h.seat_pung, h.round_pung = 0, 0, false, false
  h.pair = nil
  h.four_concealed_pungs, h.small_three_dragons, h.big_three_dragons, h.small_four_winds = false, false, false, false
end

-- The options under which some items are played at all (an item's `only`):
local function with_flowers(o) return o.use_flowers end                      -- §12.6
local function with_humanly_hand(o) return o.humanly_hand end                -- §12.7
local function with_last_discard(o) return o.last_discard end                -- §8.2, H20
local function mjc(o) return o.faan_preset == "mjc" end                      -- §12.8
local function not_mjc(o) return o.faan_preset ~= "mjc" end
-- §12.8 the mjc preset, §12.1 hk.four_concealed = limit: H4 becomes a limit hand.
local function h4_limit(o) return mjc(o) or o.four_concealed == "limit" end
local function h4_ordinary(o) return not h4_limit(o) end
local function count_of(list, tile)
  for i = 1, #list do if list[i] == tile then return 1 end end
  return 0
end
local function complete_set(list, names)
  for i = 1, 4 do if count_of(list, names[i]) == 0 then return false end end
  return true
end

---------------------------------------------------------------------------------------------
-- §12: the faan items in the spec's order (R.items: a child gives its own list). Each
-- entry: id (the spec's number), name (as the spec names it), value (its faan, data: a child
-- changes it by giving its own list), group, and test, a function of h returning true (worth
-- its value), the faan where options or the preset decide it, or nil/false when the item does
-- not apply, and how many lines it makes (default 1); `only`: the options under which the item is played; `needs`: a
-- fact of the hand (NEEDS below) without which the item cannot apply (the function checks
-- it too: `needs` only spares asking).
-- Groups: "limit" (§12.7; they replace the "shape" group H1-H13, §11.5, and so come first),
-- "shape", "way" (§12.5), "bonus" (§12.6; not counted toward the minimum).

local ITEMS = {
  -- §12.7 Limit hands
  { id = "L1", name = "All honours", value = 10, group = "limit", needs = "honours", test = function(h) return h.std and h.suits == 0 and true end },
  { id = "L2", name = "Orphans", value = 10, group = "limit", only = not_mjc, test = function(h) return h.std and not h.honours and not h.simples and true end },
  -- §12.8 the mjc preset: all terminals is a limit hand (worth the limit, as H4, H12, H13 below)
  { id = "L2", name = "Orphans", group = "limit", only = mjc, test = function(h) return h.std and not h.honours and not h.simples and h.limit_value end },
  { id = "L3", name = "Nine gates", value = 10, group = "limit", needs = "nine_gates", test = function(h) return h.nine_gates and true end },
  { id = "L4", name = "Big four winds", value = 13, group = "limit", needs = "honours", test = function(h) return h.wind_pungs == 4 end },
  { id = "L5", name = "Thirteen orphans", value = 13, group = "limit", needs = "thirteen", test = function(h) return h.thirteen and true end },
  { id = "L6", name = "All kongs", value = 13, group = "limit", test = function(h) return h.kongs == 4 end },
  { id = "L7", name = "Heavenly hand", value = 13, group = "limit", needs = "first_turn", test = function(h) return h.first_turn and h.dealer and h.self and true end },
  { id = "L8", name = "Earthly hand", value = 13, group = "limit", needs = "first_turn", test = function(h)
      return h.first_turn and not h.dealer and not h.self and h.f.from == "E" end },
  { id = "§12.7", name = "Humanly hand", value = 13, group = "limit", only = with_humanly_hand, needs = "first_turn", test = function(h)
      return h.first_turn and not h.dealer and not h.self and h.f.from ~= "E" end },
  -- the shape items that options make limit hands (their ordinary entries follow)
  { id = "H4", name = "Four concealed pungs", group = "limit", only = h4_limit, test = function(h)
      return h.four_concealed_pungs and h.limit_value end },
  { id = "H12", name = "Big three dragons", group = "limit", only = mjc, needs = "honours", test = function(h) return h.big_three_dragons and h.limit_value end },
  { id = "H13", name = "Small four winds", group = "limit", only = mjc, needs = "honours", test = function(h) return h.small_four_winds and h.limit_value end },

  -- §12.1 Hand shape (H1 Chicken hand: see R.score)
  { id = "H2", name = "Common hand", value = 1, group = "shape", test = function(h)
      return h.chows == 4 and (h.o.common_hand_pair == "any" or IS_SUITED[h.pair] == true) end },
  { id = "H3", name = "All pungs", group = "shape", test = function(h)
      return h.pungs == 4 and not h.four_concealed_pungs and (h.mjc and 2 or 3) end },
  { id = "H4", name = "Four concealed pungs", value = 8, group = "shape", only = h4_ordinary, test = function(h) return h.four_concealed_pungs and true end },
  -- §12.2 Suit
  { id = "H5", name = "Mixed one suit", group = "shape", needs = "honours", test = function(h)
      return h.std and h.suits == 1 and h.honours and (h.mjc and 2 or 3) end },
  { id = "H6", name = "Pure one suit", group = "shape", test = function(h)
      return h.std and h.suits == 1 and not h.honours and (h.mjc and 4 or h.o.pure_suit_faan) end },
  -- §12.3 Terminals
  { id = "H7", name = "Mixed orphans", value = 1, group = "shape", needs = "honours", test = function(h)
      return h.std and h.honours and h.terminals and not h.simples and true end },
  -- §12.4 Honour sets
  { id = "H8", name = "Dragon pung/kong", value = 1, group = "shape", needs = "honours", test = function(h)
      if h.mjc and h.small_three_dragons then return false end     -- mjc: Small three dragons is 4 flat
      return h.dragon_pungs > 0, h.dragon_pungs
    end },
  { id = "H9", name = "Seat-wind pung/kong", value = 1, group = "shape", needs = "honours", test = function(h) return h.seat_pung and true end },
  { id = "H10", name = "Prevailing-wind pung/kong", value = 1, group = "shape", needs = "honours", test = function(h) return h.round_pung and true end },
  { id = "H11", name = "Small three dragons", group = "shape", needs = "honours", test = function(h) return h.small_three_dragons and (h.mjc and 4 or 3) end },
  { id = "H12", name = "Big three dragons", value = 5, group = "shape", only = not_mjc, needs = "honours", test = function(h) return h.big_three_dragons and true end },
  { id = "H13", name = "Small four winds", value = 3, group = "shape", only = not_mjc, needs = "honours", test = function(h) return h.small_four_winds and true end },

  -- §12.5 Way of winning
  { id = "H14", name = "Self-drawn", value = 1, group = "way", needs = "self", test = function(h) return h.self and true end },
  { id = "H15", name = "Concealed hand", value = 1, group = "way", needs = "concealed", test = function(h) return h.concealed and true end },
  { id = "H16", name = "Win on kong replacement", value = 1, group = "way", needs = "kong_replacement", test = function(h)
      local flags = h.flags
      return flags.kong_replacement and not flags.kong_upon_kong and true end },
  { id = "H17", name = "Kong upon kong", value = 8, group = "way", needs = "kong_upon_kong", test = function(h) return h.flags.kong_upon_kong and true end },
  { id = "H18", name = "Robbing a kong", value = 1, group = "way", needs = "robbing_kong", test = function(h) return h.flags.robbing_kong and true end },
  { id = "H19", name = "Last tile", value = 1, group = "way", needs = "last_tile", test = function(h) return h.flags.last_tile and h.self and true end },
  { id = "H20", name = "Last discard", value = 1, group = "way", only = with_last_discard, needs = "last_tile", test = function(h)
      return h.flags.last_tile and not h.self and true end },

  -- §12.6 Bonus tiles (only with hk.use_flowers)
  { id = "H21", name = "Seat flower / seat season", value = 1, group = "bonus", only = with_flowers, test = function(h)
      local b, seat = h.bonus, h.f.seat
      local n = 0
      if not complete_set(b, FLOWERS) then n = n + count_of(b, SEAT_FLOWER[seat]) end
      if not complete_set(b, SEASONS) then n = n + count_of(b, SEAT_SEASON[seat]) end
      return n > 0, n
    end },
  { id = "H22", name = "Complete set", value = 2, group = "bonus", only = with_flowers, test = function(h)
      local n = (complete_set(h.bonus, FLOWERS) and 1 or 0) + (complete_set(h.bonus, SEASONS) and 1 or 0)
      return n > 0, n
    end },
  { id = "H23", name = "No bonus tiles", value = 1, group = "bonus", only = with_flowers, test = function(h) return #h.bonus == 0 end },
}
R.items = ITEMS

-- §12.6 H24, H25: a flower win, scored alone and paid as self-drawn (exempt from the minimum).
local FLOWER_WINS = {
  [7] = { name = "Seven bonus tiles", value = 3, unit = "faan" },   -- H24
  [8] = { name = "Eight bonus tiles", value = 8, unit = "faan" },   -- H25
}
local PAID_AS_SELF_DRAWN = { ["Seven bonus tiles"] = true, ["Eight bonus tiles"] = true }

local CHICKEN_HAND = "Chicken hand"                                  -- H1: no faan item at all

-- The items whose value depends on the arrangement of the tiles (§11.1); the others are
-- the same for every reading of a hand.
local DEPENDS_ON_READING = { L4 = true, L6 = true, H2 = true, H3 = true, H4 = true, H8 = true,
                             H9 = true, H10 = true, H11 = true, H12 = true, H13 = true }

-- The facts of a hand that items may need (their `needs`): fields of h, then situation flags.
local NEEDS = { "honours", "self", "concealed", "first_turn", "nine_gates", "thirteen" }
local NEEDS_FLAG = { "kong_replacement", "kong_upon_kong", "robbing_kong", "last_tile" }
local NEED_BIT = {}
for i, name in ipairs(NEEDS) do NEED_BIT[name] = 1 << (i - 1) end
for i, name in ipairs(NEEDS_FLAG) do NEED_BIT[name] = 1 << (#NEEDS + i - 1) end

-- The NEED_BIT facts that hold for the hand in h.
local function needs_met()
  local met, flags = 0, h.f.flags
  for i = 1, #NEEDS do
    if h[NEEDS[i]] then met = met | (1 << (i - 1)) end
  end
  if next(flags) then
    for i = 1, #NEEDS_FLAG do
      if flags[NEEDS_FLAG[i]] then met = met | (1 << (#NEEDS + i - 1)) end
    end
  end
  return met
end

-- The items in play under an options table for a hand with the facts `met`, by group (in the
-- spec's order): `all` of them, the `hand` items (the same for every reading) and the
-- `reading` items (that depend on it). Made once per options table and facts (resolved
-- options are shared and never changed).
local ITEMS_FOR = setmetatable({}, { __mode = "k" })

local function items_in_play(o)
  local by_facts = ITEMS_FOR[o]
  if not by_facts then by_facts = {}; ITEMS_FOR[o] = by_facts end
  local met = needs_met()
  local lists = by_facts[met]
  if not lists then
    lists = {}
    for _, part in ipairs { "all", "hand", "reading" } do
      lists[part] = { limit = {}, shape = {}, way = {}, bonus = {} }
    end
    for _, e in ipairs(h.f.rules.items or ITEMS) do    -- the ruleset's list (a child's own)
      if (not e.only or e.only(o)) and (not e.needs or met & NEED_BIT[e.needs] ~= 0) then
        local group = e.group
        if not lists.all[group] then        -- (a child's item: said once, when first read)
          error(("item '%s' (id %s): group must be \"limit\", \"shape\", \"way\" or \"bonus\", not %s"):format(
            tostring(e.name), tostring(e.id), tostring(group)), 0)
        end
        local part = DEPENDS_ON_READING[e.id] and lists.reading or lists.hand
        lists.all[group][#lists.all[group] + 1] = e
        part[group][#part[group] + 1] = e
      end
    end
    by_facts[met] = lists
  end
  return lists
end

-- The line of an item worth v faan in a result's `items`: a new table each time (a result
-- is its caller's: a child that changes a line it was handed changes no later answer).
local function line_of(e, v)
  return { name = e.name, value = v, unit = "faan" }
end

-- Adds up the items of one list for the hand and reading in h; with `out`, also writes their
-- lines to it. Returns the faan and whether any item scored.
local bad_answer, math_type = (require "lib.items").bad_answer, math.type

local function add_up(list, out)
  local sum, scored = 0, false
  for i = 1, #list do
    local e = list[i]
    local v, times = e.test(h)
    if v then
      if v == true then v = e.value   -- worth its value (a child's own, data)
      elseif math_type(v) == nil then bad_answer(e, v, true) end
      times = times or 1
      sum, scored = sum + v * times, true
      if out then
        local line = line_of(e, v)
        for _ = 1, times do out[#out + 1] = line end
      end
    end
  end
  return sum, scored
end

-- The faan of the item groups of `lists` (one part of items_in_play): of the limit hands, the
-- shape items, the rest, the bonus tiles (part of the rest) and whether a limit hand scored.
-- `limited`: a limit hand has already scored. §11.5: a limit hand replaces the shape items
-- H1-H13 (unless hk.unlimited_faan).
local function add_up_groups(lists, out, limited)
  local limit, scored = add_up(lists.limit, out)
  limited = limited or scored
  local shape = 0
  if not limited or h.o.unlimited_faan then shape = add_up(lists.shape, out) end
  local way, bonus = add_up(lists.way, out), add_up(lists.bonus, out)
  return limit, shape, way + bonus, bonus, limited
end

local function capped(faan, o)                                      -- §11.3
  local cap = o.faan_limit
  if cap ~= "none" and faan > cap then return cap end
  return faan
end

---------------------------------------------------------------------------------------------
-- Checks of the situation: nil when it can hold, else the reason.

local function whole(n) return type(n) == "number" and n == math.floor(n) end

-- The option values the loader cannot check from the registry (it checks `values` and types).
local function check_options(o)
  if not whole(o.min_faan) or o.min_faan < 0 then return "hk.min_faan must be a whole number >= 0" end
  if o.faan_limit ~= "none" and (not whole(o.faan_limit) or o.faan_limit < 1) then
    return "hk.faan_limit must be a whole number >= 1 or \"none\""
  end
  if o.penalty_amount ~= "max" and (not whole(o.penalty_amount) or o.penalty_amount < 0) then
    return "hk.penalty_amount must be \"max\" or a whole number >= 0"
  end
  if not whole(o.rounds) or o.rounds < 1 or o.rounds > 4 then return "hk.rounds must be 1 to 4" end
  return nil
end

-- The reason of check_options by options table: resolved options are shared and never
-- changed (the engine's g.options, the defaults), so each is checked once.
local OPTIONS_CHECKED = setmetatable({}, { __mode = "k" })

local function check_situation(f)
  local o, flags, seat = f.options, f.flags, f.seat
  local bad = OPTIONS_CHECKED[o]
  if bad == nil then
    bad = check_options(o) or false
    OPTIONS_CHECKED[o] = bad
  end
  if bad then return bad end
  if #f.bonus > 0 and not o.use_flowers then return "bonus tiles need hk.use_flowers" end
  local kongs = 0
  for i = 1, #f.melds do
    local m = f.melds[i]
    if m.type == "kong" then kongs = kongs + 1 end
    if m.from == seat then return "a meld cannot be claimed from the winner's own seat" end
    if m.type == "chow" and m.from and m.from ~= LEFT_OF[seat] then
      return "a chee (chow) can only be claimed from the player on the left (" .. LEFT_OF[seat] .. ")"
    end
  end
  if f.win_by == "flowers" and (f.from or next(flags)) then                -- §12.6 H24, H25
    return "a flower win (win_by \"flowers\") is paid as self-drawn: no from, no flags"
  end
  local self = f.win_by == "self"
  if not self and f.from == seat then return "the winner cannot win on his own discard" end
  if flags.kong_upon_kong and (not self or kongs < 2) then return "kong_upon_kong needs a self-draw and two kongs" end
  if flags.kong_replacement and (not self or kongs < 1) then return "kong_replacement needs a self-draw and a kong" end
  if flags.robbing_kong and self then return "robbing_kong is a win on a discard (from = the kong declarer)" end
  if flags.last_tile and not self and not o.last_discard then
    return "last_tile on a discard needs hk.last_discard (the last drawer does not discard)"
  end
  if flags.first_turn then
    if #f.melds > 0 then return "first_turn: no claim or kong may have been made" end
    if seat == "E" and not self then return "first_turn: the dealer wins only on his dealt tiles (self)" end
  end
  if flags.fifth_tile and self then return "fifth_tile is about a discarded winning tile" end
  return pay_lib.check_co_winners(f, o.multi_win == "all", "hk.multi_win = all")   -- §14.4
end

---------------------------------------------------------------------------------------------
-- §11: the score of a hand.

local function flower_win(f)                                         -- §12.6 H24, H25
  local o = f.options
  if not (o.use_flowers and o.flower_wins) then return nil end
  return FLOWER_WINS[#f.bonus]
end

-- The reason a hand below the minimum gives (§11.2), made once per pair of numbers.
local BELOW_MINIMUM = {}
local function below_minimum(faan, minimum)
  local by_faan = BELOW_MINIMUM[minimum]
  if not by_faan then by_faan = {}; BELOW_MINIMUM[minimum] = by_faan end
  local reason = by_faan[faan]
  if not reason then
    reason = string.format("%d faan, below the minimum of %d (bonus tiles not counted)", faan, minimum)
    by_faan[faan] = reason
  end
  return reason
end

-- §11.1: of several readings, the one that gives the most faan after the limit (then before it).
local function choose_reading(readings, o)
  h.std = true
  local lists = items_in_play(o)
  local hl, hs, hr, _, hlimited = add_up_groups(lists.hand, nil, false)
  local best, best_capped, best_total = 1, -1, -1
  for i = 1, #readings do
    read_sets(readings[i])
    local rl, rs, rr, _, limited = add_up_groups(lists.reading, nil, hlimited)
    local shape = (limited and not o.unlimited_faan) and 0 or hs + rs                -- §11.5
    local total = hl + rl + shape + hr + rr
    local c = capped(total, o)
    if c > best_capped or (c == best_capped and total > best_total) then
      best, best_capped, best_total = i, c, total
    end
  end
  return readings[best]
end

-- The value of a hand (R.score), or with `explain` false only whether it wins and why not
-- (may_win): the same checks in the same order, without the lines of the explanation.
local WINS = { wins = true }

local function judge(f, explain)
  local bad = check_situation(f)
  if bad then return nil, bad end
  local o = f.options
  analyse_hand(f)

  local readings, complete = f.readings, true
  if #readings == 1 then
    read_sets(readings[1])
  elseif #readings > 1 then
    read_sets(choose_reading(readings, o))
  elseif f.thirteen_orphans then
    h.thirteen = true
    no_sets()
  else
    complete = false
  end

  local items, total, bonus, limited
  if complete then
    items = explain and {} or nil
    local l, s, r
    l, s, r, bonus, limited = add_up_groups(items_in_play(o).all, items, false)
    total = l + s + r
  end

  local flowers = flower_win(f)                                      -- §12.6 H24, H25
  if flowers and (not complete or capped(flowers.value, o) > capped(total, o)) then
    if not explain then return WINS end
    return { wins = true, value = { faan = capped(flowers.value, o) },
             items = { { name = flowers.name, value = flowers.value, unit = "faan" } },
             limit = flowers.value > capped(flowers.value, o) and "Limit" or nil }
  end
  if not complete then return { wins = false, reason = "not a complete hand" } end

  if total - bonus < o.min_faan then                                 -- §11.2
    return { wins = false, reason = below_minimum(total - bonus, o.min_faan) }
  end
  if not explain then return WINS end
  if #items == 0 then items[1] = { name = CHICKEN_HAND, value = 0, unit = "faan" } end   -- H1

  local faan, limit = capped(total, o), nil
  if limited then limit = items[1].name
  elseif faan < total then limit = "Limit" end
  return { wins = true, value = { faan = faan }, items = items, limit = limit }
end

function R.score(f) return judge(f, true) end

---------------------------------------------------------------------------------------------
-- §14: payment.

-- §14.1, §14.5: the money unit u of a faan total (already capped).
local function money_unit(faan, o)
  local table_name, cap = o.money_table, o.faan_limit
  if table_name == "tiered" then
    if cap ~= "none" and faan >= cap then return TIERED[10] end
    return TIERED[math.min(faan, 10)]
  elseif table_name == "doubling" then
    return 1 << math.min(faan, 62)
  else                                                                -- half_spicy, continued
    if faan <= 13 then return HALF_SPICY[faan] end
    local base = (faan % 2 == 0) and 16 or 24
    return base << ((faan - (faan % 2 == 0 and 4 or 5)) // 2)
  end
end

-- §9: the liability that the winner's exposed sets carry for this hand.
-- Returns calling (9.1: a discarder of the winning tile pays for all) and liable (9.2: the
-- seat that fed the piece completing the fourth watched set, paying all of a self-draw).
local function liability(f)
  local o, melds = f.options, f.melds
  if o.liability_announce == "manual" and not f.flags.liability_announced then return false, nil end
  local claimed, fourth = 0, nil
  local dragon_sets, third_dragon, wind_sets, fourth_wind = 0, nil, 0, nil
  for i = 1, #melds do
    local m = melds[i]
    if m.kong ~= "concealed" then                                    -- §13.1: exposed by a claim
      local from = m.from or (m.type == "chow" and LEFT_OF[f.seat]) or false
      claimed = claimed + 1
      if claimed == 4 then fourth = from end
      if IS_DRAGON[m.tile] then
        dragon_sets = dragon_sets + 1
        if dragon_sets == 3 then third_dragon = from end
      elseif IS_WIND[m.tile] then
        wind_sets = wind_sets + 1
        if wind_sets == 4 then fourth_wind = from end
      end
    end
  end
  local mode = o.liability_hands
  if claimed >= 3 then                                                -- 9.1, 9.2: one-suit hands
    local suits, honours = suit_profile(f)
    if suits == 1 and (not honours or mode == "pure_or_mixed") then return true, fourth or nil end
  end
  if mode == "extended" then                                          -- 9.3: big hands
    local c = f.all_counts
    if dragon_sets >= 2 and (c["5z"] or 0) >= 3 and (c["6z"] or 0) >= 3 and (c["7z"] or 0) >= 3 then
      return true, third_dragon or nil
    end
    if wind_sets >= 3 and (c["1z"] or 0) >= 3 and (c["2z"] or 0) >= 3 and (c["3z"] or 0) >= 3
       and (c["4z"] or 0) >= 3 then
      return true, fourth_wind or nil
    end
  end
  return false, nil
end

local function pay(payments, winner, payer, amount)
  payments[payer] = payments[payer] - amount
  payments[winner] = payments[winner] + amount
end

function R.settle(f, result)
  local o, winner = f.options, f.seat
  local u = money_unit(result.value.faan, o)
  local payments = { E = 0, S = 0, W = 0, N = 0 }
  local flower_win = PAID_AS_SELF_DRAWN[result.items[1].name] == true   -- §12.6 H24, H25
  local self = f.win_by == "self" or flower_win
  local calling, liable = false, nil
  if not flower_win then calling, liable = liability(f) end            -- §9: one-suit hands only
  if self then
    if liable then                                                    -- §9.2, §14.3
      pay(payments, winner, liable, 6 * u)
    else                                                              -- §14.2
      for i = 1, 4 do
        local seat = SEATS[i]
        if seat ~= winner then pay(payments, winner, seat, 2 * u) end
      end
    end
  else
    local discarder = f.from
    if calling or (o.fifth_tile_penalty and f.flags.fifth_tile) or o.discard_payment == "full_gun" then
      pay(payments, winner, discarder, 4 * u)                         -- §9.1, §9.3, §14.2 full_gun
    else
      local co = pay_lib.co_winners(f)                                -- §14.4: co-winners are no losers
      for i = 1, 4 do                                                 -- §14.2 half_gun
        local seat = SEATS[i]
        if seat == discarder then pay(payments, winner, seat, 2 * u)
        elseif seat ~= winner and not co[seat] then pay(payments, winner, seat, u) end
      end
    end
  end
  return payments
end

-- §10, §14.6: a penalty (kind "false_win" 10.1, "wrong_hand_size" 10.2, "mistaken_claim" 10.3):
-- the hand ends and the offender pays each other player 2 x u(limit) (128) or hk.penalty_amount.
-- Called by the engine (and the REPL) when such an irregularity is found; options are the
-- resolved options (the defaults when nil).
local PENALTY_KINDS = { false_win = true, wrong_hand_size = true, mistaken_claim = true }

function R.penalty(kind, offender, options)
  if not PENALTY_KINDS[kind] then return nil, "unknown penalty " .. tostring(kind) end
  local o = options or {}
  local function opt(name) if o[name] == nil then return R.options[name].default end return o[name] end
  local amount = opt("penalty_amount")
  if amount == "max" then
    local cap = opt("faan_limit")
    if cap == "none" then cap = 13 end
    amount = 2 * money_unit(cap, { money_table = opt("money_table"), faan_limit = cap })
  end
  local payments = { E = 0, S = 0, W = 0, N = 0 }
  for i = 1, 4 do
    local seat = SEATS[i]
    if seat ~= offender then pay(payments, seat, offender, amount) end
  end
  return payments
end

---------------------------------------------------------------------------------------------
-- Play: the engine settings and hooks (docs/hooks.md, "Engine settings" and "Play hooks").
-- Chee only from the player on the left (§7.2) and win > pong = kong > chee are the engine's
-- own rules (chow_from, precedence), so there is no may_claim hook.

-- Engine settings that depend on the options (called once when a game starts).
function R.configure(o)
  return {
    bonus = o.use_flowers,                                   -- §4: 144 tiles with flowers
    side = o.use_flowers and 18 or 17,                       -- §6.1
    reserve = o.dead_wall14 and 14 or 0,                     -- §8.3: the last 14 tiles are never drawn
    last_discard = o.last_discard and "win_only" or "none",  -- §8.2
    multi_win = o.multi_win == "all" and "all" or "nearest", -- §7.3
    rounds = o.rounds,                                       -- §5.4
    -- §5.1 hk.seating: the wind draw (shuffled wind tiles, three dice to say who draws
    -- first) and a random seating both give each player a wind at random: the engine
    -- draws the seats from its seed either way.
    random_seats = true,
    rob_concealed_any = o.rob_kong == "seed_literal",        -- §7.5 the seed's literal reading
    flower_wins = o.use_flowers and o.flower_wins,           -- §12.6 H24, H25: the seventh bonus tile
    flower_win_at = 7,                                       -- wins at once (the eighth only when dealt)
    skip_hooks = o.liability_announce ~= "manual" and { "actions" } or nil,   -- §9.1
  }
end

-- Asked before a win is offered (may_win(g, action)): §11.2 a hand below hk.min_faan
-- cannot be declared (that would be a false Mah Jong, §10.1).
--
-- may_win is asked for every win the engine could offer, so it builds the situation itself
-- with g:brief() rather than g:situation (which builds the whole state): the same fields as
-- g:situation gives for this ruleset (there is no dora in this game; deposits are for the
-- settlement only), then the situation hook. tests/conformance/hongkong/test_play.lua checks
-- that both agree over self-play.
function R.win_situation(g, win)
  local b = g:brief()
  local round, honba = b.round, b.honba
  local flags = {}
  if not win.flowers then                                 -- §12.6 a flower win has no other item
    if win.loose then flags[#flags + 1] = "kong_replacement" end
    if win.how == "rob" then flags[#flags + 1] = "robbing_kong" end
    if win.last_tile then flags[#flags + 1] = "last_tile" end
    if win.first_turn then flags[#flags + 1] = "first_turn" end
  end
  local s = { rules = g.rules, options = g.options, seat = win.seat, round = round, hand = win.hand,
              win_tile = win.tile, win_by = win.flowers and "flowers" or win.how == "self" and "self" or "discard",
              from = win.from, flags = flags, honba = honba, deposits = 0, game = g, win = win }
  R.situation(g, win, s)
  return s
end

-- The fast path of score(f).wins in play: judge without the explanation (valid while
-- score and forms are these; docs/hooks.md, "Wins in play").
local function wins_in_play(g, action, win)
  local f, err = jong.facts(R.win_situation(g, win))
  if not f then return false, err end
  local result, reason = judge(f, false)
  if not result then return false, reason end
  if not result.wins then return false, result.reason end
  return true
end
-- may_win(g, action): Hong Kong has no claiming exception beyond the hand's value (the
-- minimum, §11), which is score's answer: jong.win_check.
function R.may_win(g, action)
  return jong.win_check(g, action)
end

-- Asked when the engine builds the situation of a win (situation(g, win, s), also for
-- may_win): §12.5 H17 adds the flag kong_upon_kong when the winning tile is the replacement
-- of a kong declared right after drawing the replacement of an earlier kong; §9.3 with
-- hk.fifth_tile_penalty, the flag fifth_tile on a discard (below).
local KONGS = { kong = true, kong_concealed = true, kong_promoted = true }

local function kong_upon_kong(g, win)
  local events = g:events(math.max(1, g:state().events - 5))
  local i = #events
  while i > 0 and events[i].type == "win" do i = i - 1 end     -- a win already logged
  local replacement, kong, first = events[i], events[i - 1], events[i - 2]
  return first and replacement.type == "draw" and replacement.from == "loose"
     and KONGS[kong.type] and kong.seat == win.seat
     and first.type == "draw" and first.from == "loose" and first.seat == win.seat
end

-- §9.3 hk.fifth_tile_penalty: the winning discard was made with fewer than 5 tiles left in
-- the wall and no tile of its kind had been seen among the discards before it.
local function fifth_tile(g, win)
  local left = g:brief().drawable
  if left >= 5 then return false end
  local kind, seen = jong.kind_of(win.tile), 0
  local seats = g:state().seats
  for i = 1, 4 do
    for _, d in ipairs(seats[SEATS[i]].discards) do
      if jong.kind_of(d.tile) == kind then seen = seen + 1 end
    end
  end
  return seen <= 1                                   -- the winning discard itself only
end

-- §9.1 hk.liability_announce = manual: the announcement of calling 9 (or 12) pieces is a
-- declaration (no discard), offered once the seat's three exposed sets, all claimed, are of
-- one suit without honours; it sets the seat flag ANNOUNCED, and a win after it carries the
-- flag liability_announced. (With auto the engine needs no declaration: asked only with manual.)
local ANNOUNCED = 1

function R.actions(g, seat)
  local me = g:seat_summary(seat)
  local nmelds, flags = me.melds, me.flags
  if nmelds < 3 or flags & ANNOUNCED ~= 0 then return {} end
  local suit, exposed = nil, 0
  for _, m in ipairs(g:seat(seat).melds) do
    if m:sub(-1) ~= "c" then                                 -- a concealed kong is not exposed
      local s = m:match("(%a)%]")
      if s == "z" or (suit and s ~= suit) then return {} end
      suit, exposed = s, exposed + 1
    end
  end
  if exposed < 3 then return {} end
  return { { type = "announce" } }
end

function R.apply_action(g, action)
  return { set_flags = ANNOUNCED }
end

function R.situation(g, win, s)
  if win.co_winners and #win.co_winners > 0 then s.co_winners = win.co_winners end   -- §14.4
  if win.loose and kong_upon_kong(g, win) then s.flags[#s.flags + 1] = "kong_upon_kong" end
  if g.options.liability_announce == "manual" and g:seat_summary(win.seat).flags & ANNOUNCED ~= 0 then
    s.flags[#s.flags + 1] = "liability_announced"
  end
  if win.how == "discard" and g.options.fifth_tile_penalty and fifth_tile(g, win) then
    s.flags[#s.flags + 1] = "fifth_tile"
  end
end

R.fast_win = { depends = { score = R.score, forms = R.forms, win_situation = R.win_situation, situation = R.situation },
               test = wins_in_play }

-- After settlement (next_deal(g)). §5.3: the dealer keeps the deal when he wins or, with
-- hk.draw_keeps_dealer, after a draw; otherwise it passes to his right. §5.4: when it comes
-- back to the player who was the first dealer of the prevailing wind (the fourth pass in
-- the wind: the seats are drawn, §5.1, so that need not be player 0) the prevailing wind
-- advances; after hk.rounds winds the game is over (g:rotation). There are no counters.

function R.next_deal(g)
  local o, out = g.options, g:deal_outcome()
  return g:rotation(out.dealer_won or (out.drawn and o.draw_keeps_dealer), o.rounds)
end

return R
