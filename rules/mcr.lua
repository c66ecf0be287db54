-- rules/mcr.lua: Mahjong Competition Rules (MCR, "Chinese Official", 81 fan), as specified
-- in mcr.md (the section numbers in the comments are that file's; element numbers are the
-- Green Book's, "No. 48").
--
-- Scoring in one paragraph: every reading of the 14 tiles (each standard arrangement the
-- core finds, Seven Pairs, and the irregular forms of s12) is valued by the same small
-- procedure, `value_of` below: the elements of the whole hand (tile classes, how the hand
-- was won), the elements of the arrangement (single sets, sets combined under the
-- account-once principle, concealment, the pair, the wait), then the "not also" table
-- (non-repeat and exclusion principles). The highest arrangement counts (s9 step 3).

local waits_lib = require "lib.waits"
local payments = require "lib.payments"

local R = {
  name = "mcr",
  version = "MCR (WMO Green Book, 2006)",
  option_prefix = "mcr.",
  forms = { "standard", "seven_pairs", "thirteen_orphans" },   -- the rest: special_complete
  flags = { "last_tile", "kong_replacement", "robbing_kong", "last_of_kind" },   -- s3
  -- s16: the option registry ("mcr." may be left out in JSON).
  options = {
    min_points = { default = 8, doc = "points a win needs, flowers not counted (s8.2)" },
    flowers = { default = true, doc = "144 tiles with 8 flowers, 1 point each (off: 136 tiles)" },
    base_points = { default = 8, doc = "the base every loser pays besides the hand's total (s15)" },
    two_concealed_kongs = { default = 8, values = { 8, 6 }, doc = "value of Two Concealed Kongs (s13 D1)" },
    concealed_and_melded_kong = { default = 6, values = { 6, 5 },
      doc = "one melded and one concealed kong: 6 = Two Melded Kongs + Concealed Kong, 5 = one item (s13 D2)" },
    special_self_drawn = { default = "fully_concealed", values = { "fully_concealed", "self_drawn" },
      doc = "a necessarily concealed hand won by self-draw scores Fully Concealed Hand or Self-Drawn (s13 D3)" },
    kong_concealment = { default = "pung_series", values = { "pung_series", "kong_items" },
      doc = "concealed kongs inside Three/Four Kongs count only as concealed pungs, or add the kong items (s13 D4)" },
    all_green_half_flush = { default = false, doc = "All Green with a Green Dragon also scores Half Flush (s13 D5)" },
    all_terminals_double_pung = { default = false, doc = "All Terminals also scores Double Pung (s13 D6)" },
    multi_win = { default = "head_bump", values = { "head_bump", "all" },
      doc = "several wins on one discard: the first in turn after the discarder, or all (s7.3)" },
    last_discard_claims = { default = "win_only", values = { "win_only", "all" },
      doc = "the discard after the last tile may be claimed only to win, or for anything (s7.6)" },
    false_win = { default = "pay_each", values = { "pay_each", "penalty", "none" }, doc = "false-win penalty (s7.7)" },
    false_win_points = { default = 10, doc = "points of the false-win penalty (s7.7)" },
    hands = { default = 16, values = { 4, 8, 12, 16 }, doc = "hands in the match, four per prevailing wind (s5)" },
    seat_rotation = { default = "chart", values = { "chart", "none" }, doc = "players change seats after each wind (s5.4)" },
    ["break"] = { default = "dice", values = { "dice", "random" }, doc = "how the wall is broken (s6.2)" },
    table_points = { default = { 4, 2, 1, 0 }, types = { "table" }, doc = "table points for 1st-4th (s15.4)" },
  },
  -- Declarative play facts (s4-s7).
  tiles = 144,
  bonus_tiles = true,
  red_fives = 0,
  dead_wall = { size = 0, policy = "none" },   -- s6.3: replacements from the back, no dead wall
  claims = { "chow", "pung", "kong", "win" },
  precedence = { pass = 0, draw = 1, chow = 1, pung = 2, kong = 2, win = 3 },
  multiple_winners = false,
  situation_fields = { "co_winners" },         -- s15.2: the other winners of the same discard
  starting_points = 0,
  rounds = 4,
}

---------------------------------------------------------------------------------------------
-- Tiles (s4): kinds are numbered 1-34 as in jong.TILES: 1-9 characters, 10-18 dots,
-- 19-27 bamboo, 28-31 East South West North, 32-34 White Green Red.

local KIND, NAME, SUIT, RANK = {}, {}, {}, {}
for k, t in ipairs(jong.TILES) do
  KIND[t], NAME[k] = k, t
  SUIT[k] = k <= 27 and (k - 1) // 9 + 1 or 4       -- 1 m, 2 p, 3 s, 4 honours
  RANK[k] = k <= 27 and (k - 1) % 9 + 1 or k - 27
end
-- A new count per kind, all 0 (a constructor sized at once).
local function zeros()
  return { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
           0, 0, 0, 0, 0, 0, 0 }
end
local SEAT_WIND = { E = 28, S = 29, W = 30, N = 31 }
local function is_wind(k) return k >= 28 and k <= 31 end
local function is_dragon(k) return k >= 32 end
local function is_terminal(k) return k <= 27 and (RANK[k] == 1 or RANK[k] == 9) end

-- Tile classes as bits, so that a hand's classes are the OR ("some tile is") and the AND
-- ("every tile is") of its tiles' bits.
local B_M, B_P, B_S, B_WIND, B_DRAGON = 1, 2, 4, 8, 16
local B_HONOR, B_TERMINAL, B_END, B_GREEN, B_REVERSIBLE = 32, 64, 128, 256, 512
local B_RANK1 = 1024                                  -- rank r of a suit: B_RANK1 << (r - 1)
local B_SUITS = B_M | B_P | B_S
local GREEN = { ["2s"] = true, ["3s"] = true, ["4s"] = true, ["6s"] = true, ["8s"] = true, ["6z"] = true }
local REVERSIBLE = { ["1p"] = true, ["2p"] = true, ["3p"] = true, ["4p"] = true, ["5p"] = true, ["8p"] = true,
  ["9p"] = true, ["2s"] = true, ["4s"] = true, ["5s"] = true, ["6s"] = true, ["8s"] = true, ["9s"] = true, ["5z"] = true }
local BITS = {}
for k = 1, 34 do
  local b = 0
  if k <= 27 then
    b = ({ B_M, B_P, B_S })[SUIT[k]] | (B_RANK1 << (RANK[k] - 1))
    if is_terminal(k) then b = b | B_TERMINAL | B_END end
  else
    b = B_HONOR | B_END | (is_wind(k) and B_WIND or B_DRAGON)
  end
  if GREEN[NAME[k]] then b = b | B_GREEN end
  if REVERSIBLE[NAME[k]] then b = b | B_REVERSIBLE end
  BITS[k] = b
end
local function ranks_within(h, lo, hi)   -- every suited tile's rank in lo..hi, and no honour
  if h.any & B_HONOR ~= 0 then return false end
  local allowed = 0
  for r = lo, hi do allowed = allowed | (B_RANK1 << (r - 1)) end
  local ranks = h.any & ~(B_RANK1 - 1)
  return ranks & ~allowed == 0
end
local function suits_present(h)
  local n = 0
  if h.any & B_M ~= 0 then n = n + 1 end
  if h.any & B_P ~= 0 then n = n + 1 end
  if h.any & B_S ~= 0 then n = n + 1 end
  return n
end

---------------------------------------------------------------------------------------------
-- Tests of combined sets (s11). Chows are given by their lowest kind, pungs (kongs
-- included) by their kind; `a`, `b`, `c`, `d` are in ascending order.

local function same_suit(a, b) return SUIT[a] == SUIT[b] end
local function three_suits(a, b, c) return SUIT[a] ~= SUIT[b] and SUIT[a] ~= SUIT[c] and SUIT[b] ~= SUIT[c] end
local function ranks_are(a, b, c, x, y, z)            -- the ranks are x, y, z in some order
  local r1, r2, r3 = RANK[a], RANK[b], RANK[c]
  local lo, hi = math.min(r1, r2, r3), math.max(r1, r2, r3)
  return lo == x and hi == z and r1 + r2 + r3 == x + y + z
end
local function consecutive_ranks(a, b, c)             -- three ranks n, n+1, n+2 in any order
  local lo = math.min(RANK[a], RANK[b], RANK[c])
  return ranks_are(a, b, c, lo, lo + 1, lo + 2)
end
local function shifted(a, b, c, d)                    -- one suit, each 1 higher, or each 2
  if not (same_suit(a, b) and same_suit(b, c) and (not d or same_suit(c, d))) then return false end
  local step = b - a
  return (step == 1 or step == 2) and c - b == step and (not d or d - c == step)
end
local function numbered(a, b, c) return a <= 27 and b <= 27 and (not c or c <= 27) end

---------------------------------------------------------------------------------------------
-- s11: the 81 elements. {Green Book number, name, points}; `group` says where the
-- procedure looks for it, `test` is its condition there:
--   tiles   the whole hand's tiles (h: any/all class bits), found once per hand
--   chows4 / chows3 / chows2   a combination of the arrangement's chows (account-once, s9)
--   pungs4 / pungs3 / pungs2   a combination of its pungs and kongs
--   form    an irregular form or a shape of the whole arrangement (found by the procedure)
--   sets, concealment, win, wait, pair    see value_of
-- `not_also` is the non-repeat column of s11 (a list of element numbers).

local ELEMENTS = {
  -- 88 points
  { 1, "Big Four Winds", 88, group = "pungs4", not_also = { 9, 38, 49, 60, 61, 73 },
    test = function(a, b, c, d) return a == 28 and b == 29 and c == 30 and d == 31 end },
  { 2, "Big Three Dragons", 88, group = "pungs3", not_also = { 10, 54, 59 },
    test = function(a, b, c) return a == 32 and b == 33 and c == 34 end },
  { 3, "All Green", 88, group = "tiles", not_also = { 50, 75 },
    test = function(h) return h.all & B_GREEN ~= 0 end },
  { 4, "Nine Gates", 88, group = "form", not_also = { 22, 62, 76, 75 } },
  { 5, "Four Kongs", 88, group = "concealment", not_also = { 17, 57, 48, 74, 67, 49, 79, 82 } },
  { 6, "Seven Shifted Pairs", 88, group = "form", not_also = { 19, 22, 62, 79, 76, 75 } },
  { 7, "Thirteen Orphans", 88, group = "form", not_also = { 52, 18, 62, 79 } },
  -- 64 points
  { 8, "All Terminals", 64, group = "tiles", not_also = { 18, 49, 55, 73, 76, 65 },
    test = function(h) return h.all & B_TERMINAL ~= 0 end },
  { 9, "Little Four Winds", 64, group = "pair", not_also = { 38 } },   -- and the winds' No. 73
  { 10, "Little Three Dragons", 64, group = "pair", not_also = { 54, 59 } },
  { 11, "All Honors", 64, group = "tiles", not_also = { 49, 55, 18, 73, 75 },
    test = function(h) return h.all & B_HONOR ~= 0 end },
  { 12, "Four Concealed Pungs", 64, group = "concealment", not_also = { 49, 33, 66, 62 } },
  { 13, "Pure Terminal Chows", 64, group = "form", not_also = { 22, 63, 69, 72, 76, 75, 19 } },
  -- 48 points
  { 14, "Quadruple Chow", 48, group = "chows4", not_also = { 23, 69, 64 },
    test = function(a, b, c, d) return a == b and b == c and c == d end },
  { 15, "Four Pure Shifted Pungs", 48, group = "pungs4", not_also = { 24, 49 },
    test = function(a, b, c, d) return numbered(a, b, c) and d <= 27 and shifted(a, b, c, d) and b - a == 1 end },
  -- 32 points
  { 16, "Four Pure Shifted Chows", 32, group = "chows4",
    test = function(a, b, c, d) return shifted(a, b, c, d) end },
  { 17, "Three Kongs", 32, group = "concealment", not_also = { 57, 48, 74, 67, 82 } },
  { 18, "All Terminals and Honors", 32, group = "tiles", not_also = { 49, 55, 73 },
    test = function(h) return h.all & B_END ~= 0 end },
  -- 24 points
  { 19, "Seven Pairs", 24, group = "form", not_also = { 62, 79 } },
  { 20, "Greater Honors and Knitted Tiles", 24, group = "form", not_also = { 34, 52, 62 } },
  { 21, "All Even Pungs", 24, group = "sets", not_also = { 49, 68, 76 } },
  { 22, "Full Flush", 24, group = "tiles", not_also = { 75, 76 },
    test = function(h) return h.any & B_HONOR == 0 and suits_present(h) == 1 end },
  { 23, "Pure Triple Chow", 24, group = "chows3", not_also = { 69 },
    test = function(a, b, c) return a == b and b == c end },
  { 24, "Pure Shifted Pungs", 24, group = "pungs3",
    test = function(a, b, c) return numbered(a, b, c) and same_suit(a, c) and b == a + 1 and c == b + 1 end },
  { 25, "Upper Tiles", 24, group = "tiles", not_also = { 36, 76 },
    test = function(h) return ranks_within(h, 7, 9) end },
  { 26, "Middle Tiles", 24, group = "tiles", not_also = { 68, 76 },
    test = function(h) return ranks_within(h, 4, 6) end },
  { 27, "Lower Tiles", 24, group = "tiles", not_also = { 37, 76 },
    test = function(h) return ranks_within(h, 1, 3) end },
  -- 16 points
  { 28, "Pure Straight", 16, group = "chows3",
    test = function(a, b, c) return same_suit(a, c) and RANK[a] == 1 and b == a + 3 and c == b + 3 end },
  { 29, "Three-Suited Terminal Chows", 16, group = "form", not_also = { 63, 70, 72, 76 } },
  { 30, "Pure Shifted Chows", 16, group = "chows3",
    test = function(a, b, c) return shifted(a, b, c) end },
  { 31, "All Fives", 16, group = "sets", not_also = { 68, 76 } },
  { 32, "Triple Pung", 16, group = "pungs3", not_also = { 65 },
    test = function(a, b, c) return numbered(a, b, c) and three_suits(a, b, c) and RANK[a] == RANK[b] and RANK[b] == RANK[c] end },
  { 33, "Three Concealed Pungs", 16, group = "concealment", not_also = { 66 } },
  -- 12 points
  { 34, "Lesser Honors and Knitted Tiles", 12, group = "form", not_also = { 52, 62 } },
  { 35, "Knitted Straight", 12, group = "form" },
  { 36, "Upper Four", 12, group = "tiles", not_also = { 76 },
    test = function(h) return ranks_within(h, 6, 9) end },
  { 37, "Lower Four", 12, group = "tiles", not_also = { 76 },
    test = function(h) return ranks_within(h, 1, 4) end },
  { 38, "Big Three Winds", 12, group = "pungs3",        -- and the three winds' No. 73
    test = function(a, b, c) return is_wind(a) and is_wind(b) and is_wind(c) end },
  -- 8 points
  { 39, "Mixed Straight", 8, group = "chows3",
    test = function(a, b, c) return three_suits(a, b, c) and ranks_are(a, b, c, 1, 4, 7) end },
  { 40, "Reversible Tiles", 8, group = "tiles", not_also = { 75 },
    test = function(h) return h.all & B_REVERSIBLE ~= 0 end },
  { 41, "Mixed Triple Chow", 8, group = "chows3", not_also = { 70 },
    test = function(a, b, c) return three_suits(a, b, c) and RANK[a] == RANK[b] and RANK[b] == RANK[c] end },
  { 42, "Mixed Shifted Pungs", 8, group = "pungs3",
    test = function(a, b, c) return numbered(a, b, c) and three_suits(a, b, c) and consecutive_ranks(a, b, c) end },
  { 43, "Chicken Hand", 8, group = "form" },
  { 44, "Last Tile Draw", 8, group = "win", not_also = { 80 } },
  { 45, "Last Tile Claim", 8, group = "win" },
  { 46, "Out with Replacement Tile", 8, group = "win", not_also = { 80 } },
  { 47, "Robbing the Kong", 8, group = "win", not_also = { 58 } },
  { 48, "Two Concealed Kongs", 8, group = "concealment", not_also = { 67 } },
  -- 6 points
  { 49, "All Pungs", 6, group = "form" },
  { 50, "Half Flush", 6, group = "tiles", not_also = { 75 },
    test = function(h) return h.any & B_HONOR ~= 0 and suits_present(h) == 1 end },
  { 51, "Mixed Shifted Chows", 6, group = "chows3",
    test = function(a, b, c) return three_suits(a, b, c) and consecutive_ranks(a, b, c) end },
  { 52, "All Types", 6, group = "tiles",
    test = function(h) return h.any & (B_SUITS | B_WIND | B_DRAGON) == B_SUITS | B_WIND | B_DRAGON end },
  { 53, "Melded Hand", 6, group = "win", not_also = { 79 } },
  { 54, "Two Dragon Pungs", 6, group = "pungs2", not_also = { 59 },
    test = function(a, b) return is_dragon(a) and is_dragon(b) end },
  -- 4 points
  { 55, "Outside Hand", 4, group = "sets" },
  { 56, "Fully Concealed Hand", 4, group = "win", not_also = { 62, 80 } },
  { 57, "Two Melded Kongs", 4, group = "concealment", not_also = { 74 } },
  { 58, "Last Tile", 4, group = "win" },
  -- 2 points
  { 59, "Dragon Pung", 2, group = "sets" },
  { 60, "Prevalent Wind", 2, group = "sets" },
  { 61, "Seat Wind", 2, group = "sets" },
  { 62, "Concealed Hand", 2, group = "win" },
  { 63, "All Chows", 2, group = "pair", not_also = { 76 } },
  { 64, "Tile Hog", 2, group = "tiles" },
  { 65, "Double Pung", 2, group = "pungs2",
    test = function(a, b) return numbered(a, b) and RANK[a] == RANK[b] end },
  { 66, "Two Concealed Pungs", 2, group = "concealment" },
  { 67, "Concealed Kong", 2, group = "concealment" },
  { 68, "All Simples", 2, group = "tiles", not_also = { 76 },
    test = function(h) return h.any & B_END == 0 end },
  -- 1 point
  { 69, "Pure Double Chow", 1, group = "chows2",
    test = function(a, b) return a == b end },
  { 70, "Mixed Double Chow", 1, group = "chows2",
    test = function(a, b) return not same_suit(a, b) and RANK[a] == RANK[b] end },
  { 71, "Short Straight", 1, group = "chows2",
    test = function(a, b) return same_suit(a, b) and b == a + 3 end },
  { 72, "Two Terminal Chows", 1, group = "chows2",
    test = function(a, b) return same_suit(a, b) and RANK[a] == 1 and RANK[b] == 7 end },
  { 73, "Pung of Terminals or Honors", 1, group = "sets" },
  { 74, "Melded Kong", 1, group = "concealment" },
  { 75, "One Voided Suit", 1, group = "tiles",
    test = function(h) return suits_present(h) == 2 end },
  { 76, "No Honors", 1, group = "tiles",
    test = function(h) return h.any & B_HONOR == 0 end },
  { 77, "Edge Wait", 1, group = "wait" },
  { 78, "Closed Wait", 1, group = "wait" },
  { 79, "Single Wait", 1, group = "wait" },
  { 80, "Self-Drawn", 1, group = "win" },
  { 81, "Flower Tiles", 1, group = "flowers" },
  -- s13 D2, with mcr.concealed_and_melded_kong = 5 only; listed after No. 57.
  { 82, "Concealed Kong and Melded Kong", 5, group = "concealment", order = 57.5 },
}

R.elements = ELEMENTS    -- the item table; a child changes values by its own list (helpers.elements_with)
local E = {}             -- by number
local GROUP = {}         -- group name -> its elements, in number order
for _, e in ipairs(ELEMENTS) do
  e.no, e.name, e.points = e[1], e[2], e[3]
  e.order = e.order or e.no
  E[e.no] = e
  GROUP[e.group] = GROUP[e.group] or {}
  table.insert(GROUP[e.group], e)
end
local ORDER_OF = {}      -- number -> place in results (s14)
for _, e in ipairs(ELEMENTS) do ORDER_OF[e.no] = e.order end
local NOT_ALSO = {}      -- number -> its "not also" list
for _, e in ipairs(ELEMENTS) do NOT_ALSO[e.no] = e.not_also end
-- Points by number of an element list (the ruleset's `elements`: a child's values are
-- its own), for each value of Two Concealed Kongs (s13 D1); made once per list.
local POINTS_OF = setmetatable({}, { __mode = "k" })
local function points_of(elements, tck)
  local by_tck = POINTS_OF[elements]
  if not by_tck then
    by_tck = {}
    for _, v in ipairs { 8, 6 } do
      local p = {}
      for _, e in ipairs(elements) do p[e.no or e[1]] = e.points or e[3] end
      p[48] = v
      by_tck[v] = p
    end
    POINTS_OF[elements] = by_tck
  end
  return by_tck[tck] or by_tck[8]
end
-- The order in which the account-once procedure tries two-chow elements for a fourth
-- chow, and drops surplus ones (s9): Pure Double Chow, Mixed Double Chow, Short
-- Straight, Two Terminal Chows.
local TWO_CHOWS = { E[69], E[70], E[71], E[72] }
local TWO_CHOW_INDEX = { [69] = 1, [70] = 2, [71] = 3, [72] = 4 }

-- Elements whose condition makes the hand necessarily concealed (s13 D3).
local NECESSARILY_CONCEALED = { [19] = true, [6] = true, [7] = true, [34] = true, [20] = true, [4] = true, [12] = true }

-- The first element of a group whose test holds for these sets, or nil. The answers are
-- remembered by the sets' kinds (a few hundred combinations occur).
local FOUND = {}
for name in pairs(GROUP) do FOUND[name] = {} end
local function first_of(group, a, b, c, d)
  local key = a + 35 * (b + 35 * ((c or 0) + 35 * (d or 0)))
  local found = FOUND[group][key]
  if found == nil then
    found = false
    local list = GROUP[group]
    for i = 1, #list do
      if list[i].test(a, b, c, d) then found = list[i] break end
    end
    FOUND[group][key] = found
  end
  return found or nil
end


-- The default bot's targets (lua/bot_profile.c): every three chows, and every three
-- pungs, that make an element of the chows3 or pungs3 group worth 6 points or more, found
-- with the elements' own tests (the truth the score uses). The bot steers its tiles
-- toward the nearest target whose hand reaches min_points (Mixed Straight, Mixed Triple
-- Chow, Pure Straight, Mixed Shifted Chows with a concealed hand, ...). Made once.
local bot_targets
function R.bot_targets()
  if bot_targets then return bot_targets end
  bot_targets = {}
  local function add(group, chow, a, b, c)
    for _, e in ipairs(GROUP[group]) do
      if e.test(a, b, c) then
        if e.points >= 6 then
          bot_targets[#bot_targets + 1] = { item = e.name, points = e.points, chow = chow,
            tiles = { NAME[a], NAME[b], NAME[c] } }
        end
        return
      end
    end
  end
  local lows = {}                      -- the lowest tiles of chows: 1-7 of each suit
  for k = 1, 27 do if RANK[k] <= 7 then lows[#lows + 1] = k end end
  for i = 1, #lows do
    for j = i, #lows do
      for l = j, #lows do add("chows3", true, lows[i], lows[j], lows[l]) end
    end
  end
  for a = 1, 34 do
    for b = a + 1, 34 do
      for c = b + 1, 34 do add("pungs3", false, a, b, c) end
    end
  end
  return bot_targets
end
---------------------------------------------------------------------------------------------
-- s9 account-once: the combinations of chows and of pungs in one arrangement. `t` is the
-- arrangement's element counts (number -> count).

local function add(t, no, n) t[no] = (t[no] or 0) + (n or 1) end

local function sort_small(list)   -- insertion sort: at most four sets
  for i = 2, #list do
    local v, j = list[i], i - 1
    while j >= 1 and list[j] > v do list[j + 1] = list[j]; j = j - 1 end
    list[j + 1] = v
  end
end

-- Keep at most `limit` two-chow elements: drop first from the elements found more than
-- once, then from any, each time in the order Two Terminal Chows, Short Straight, Mixed
-- Double Chow, Pure Double Chow.
local COUNTS = { 0, 0, 0, 0 }
local function keep_two_chow(found, limit, t)
  local counts, total = COUNTS, 0
  counts[1], counts[2], counts[3], counts[4] = 0, 0, 0, 0
  for i = 1, #found do
    local j = found[i] and TWO_CHOW_INDEX[found[i].no]
    if j then counts[j], total = counts[j] + 1, total + 1 end
  end
  for keep_each = 1, 0, -1 do
    for j = 4, 1, -1 do
      while counts[j] > keep_each and total > limit do
        counts[j], total = counts[j] - 1, total - 1
      end
    end
  end
  for j = 1, 4 do
    if counts[j] > 0 then add(t, TWO_CHOWS[j].no, counts[j]) end
  end
end

local function two_chow(a, b)
  if a > b then a, b = b, a end
  return first_of("chows2", a, b)
end

local FOUND6 = {}
local THREE_OF_FOUR = { { 1, 2, 3, 4 }, { 1, 2, 4, 3 }, { 1, 3, 4, 2 }, { 2, 3, 4, 1 } }

local function combine_chows(c, t)
  local n = #c
  if n == 4 then
    local e = first_of("chows4", c[1], c[2], c[3], c[4])
    if e then add(t, e.no) return end
    for _, s in ipairs(THREE_OF_FOUR) do             -- a three-chow element, and the fourth
      e = first_of("chows3", c[s[1]], c[s[2]], c[s[3]])  -- chow joins one of the three once
      if e then
        add(t, e.no)
        local fourth = c[s[4]]
        for j = 1, 4 do
          local two = TWO_CHOWS[j]
          if two_chow(c[s[1]], fourth) == two or two_chow(c[s[2]], fourth) == two
             or two_chow(c[s[3]], fourth) == two then
            add(t, two.no) break
          end
        end
        return
      end
    end
    local r12, r13, r14 = two_chow(c[1], c[2]), two_chow(c[1], c[3]), two_chow(c[1], c[4])
    local r23, r24, r34 = two_chow(c[2], c[3]), two_chow(c[2], c[4]), two_chow(c[3], c[4])
    local alone = 0                                  -- chows that combine with no other
    if not (r12 or r13 or r14) then alone = alone + 1 end
    if not (r12 or r23 or r24) then alone = alone + 1 end
    if not (r13 or r23 or r34) then alone = alone + 1 end
    if not (r14 or r24 or r34) then alone = alone + 1 end
    local found = FOUND6
    found[1], found[2], found[3], found[4], found[5], found[6] =
      r12 or false, r13 or false, r14 or false, r23 or false, r24 or false, r34 or false
    keep_two_chow(found, 3 - alone, t)
  elseif n == 3 then
    local e = first_of("chows3", c[1], c[2], c[3])
    if e then add(t, e.no) return end
    keep_two_chow({ two_chow(c[1], c[2]) or false, two_chow(c[1], c[3]) or false,
                    two_chow(c[2], c[3]) or false }, 2, t)
  elseif n == 2 then
    local e = two_chow(c[1], c[2])
    if e then add(t, e.no) end
  end
end

local function combine_pungs(p, t)
  local n = #p
  if n == 4 then
    local e = first_of("pungs4", p[1], p[2], p[3], p[4])
    if e then add(t, e.no) return end
    for _, s in ipairs(THREE_OF_FOUR) do             -- a three-pung element, and the fourth
      e = first_of("pungs3", p[s[1]], p[s[2]], p[s[3]])  -- pung joins one of the three once
      if e then
        add(t, e.no)
        local fourth = p[s[4]]
        for i = 1, 3 do
          local a, b = p[s[i]], fourth
          if a > b then a, b = b, a end
          local two = first_of("pungs2", a, b)
          if two then add(t, two.no) break end
        end
        return
      end
    end
  elseif n == 3 then
    local e = first_of("pungs3", p[1], p[2], p[3])
    if e then add(t, e.no) return end
  end
  for i = 1, n do                                    -- every pair of pungs
    for j = i + 1, n do
      local two = first_of("pungs2", p[i], p[j])
      if two then add(t, two.no) end
    end
  end
end

---------------------------------------------------------------------------------------------
-- s10.5 waits: is the hand before the win waiting on exactly one kind? Counted
-- structurally by the shared helper (a fifth copy counts, Seven Pairs for 13 tiles).
local count_waits = waits_lib.count

-- Whether the concealed tiles before the win waited on exactly one kind (once per hand).
local function unique_wait(h)
  if h.unique == nil then
    -- a reading that waited on both sides of a chow, or on two pairs: two kinds at least
    local readings_ = h.f.readings
    for i = 1, #readings_ do
      local w = readings_[i].wait
      if w == "two_sided" or w == "pair" then h.unique = false return false end
    end
    local cnt = table.move(h.cc, 1, 34, 1, zeros())
    cnt[h.win] = cnt[h.win] - 1
    h.unique = count_waits(cnt, h.nconcealed - 1) == 1
  end
  return h.unique
end

---------------------------------------------------------------------------------------------
-- The elements of the whole hand, the same in every arrangement: tile classes (s4, s11
-- group "tiles"), Tile Hog (s10.7) and how the hand was won (s10.4, flags of s3).

local CLASSES = {}   -- (any, all) -> the numbers of the tile-class elements that hold
local function hand_elements(h)
  local key = h.any << 24 | (h.all & 0xffffff)
  local classes = CLASSES[key]
  if not classes then
    classes = {}
    for _, e in ipairs(GROUP.tiles) do
      if e.test and e.test(h) then classes[#classes + 1] = e.no end
    end
    CLASSES[key] = classes
  end
  local t = {}
  for i = 1, #classes do t[classes[i]] = 1 end
  if h.fours > h.kongs then t[64] = h.fours - h.kongs end
  -- how it was won
  local flags = h.flags
  if h.self then
    if flags.last_tile then t[44] = 1 end
    if h.kong_replacement then t[46] = 1 end
    if h.melded == 0 then t[56] = 1 else t[80] = 1 end
  else
    if flags.last_tile then t[45] = 1 end
    if h.robbing then t[47] = 1 end
    if h.melded == 0 then t[62] = 1 elseif h.melded == 4 then t[53] = 1 end
  end
  if h.last_of_kind then t[58] = 1 end
  return t
end

---------------------------------------------------------------------------------------------
-- Concealment of an arrangement (s10.3): kongs and concealed pungs.

local function concealment(h, mkongs, ckongs, cpungs, t)
  local kongs = mkongs + ckongs
  local n = ckongs + cpungs                           -- the concealed-pung series
  if kongs == 4 then t[5] = 1
  elseif kongs == 3 then t[17] = 1
  elseif kongs == 2 then
    if ckongs == 2 then t[48] = 1
    elseif ckongs == 1 then
      if h.opts.concealed_and_melded_kong == 5 then t[82] = 1 else t[57], t[67] = 1, 1 end
    else t[57] = 1 end
  elseif kongs == 1 then
    if ckongs == 1 then t[67] = 1 else t[74] = 1 end
  end
  if kongs >= 3 and h.opts.kong_concealment == "kong_items" then   -- s13 D4
    if ckongs == 1 then t[67] = 1 elseif ckongs == 2 then t[48] = 1 end
  end
  local two_kongs_alone = t[48] and n == 2             -- No. 48 replaces those two pungs
  if n == 4 then t[12] = 1
  elseif n == 3 then t[33] = 1
  elseif n == 2 and not two_kongs_alone then t[66] = 1 end
end

-- s11 Nos. 59-61, 73: the elements of single pungs; returns how many of the Pung of
-- Terminals or Honors are winds (Big Three Winds and Little Four Winds take those back).
local function pung_elements(h, k, t)
  if is_dragon(k) then add(t, 59)
  elseif is_wind(k) then
    local own = false
    if k == h.round_wind then t[60] = 1; own = true end
    if k == h.seat_wind then t[61] = 1; own = true end
    if not own then add(t, 73) return 1 end
  elseif is_terminal(k) then add(t, 73) end
  return 0
end

---------------------------------------------------------------------------------------------
-- The value of one standard arrangement (s9, s10, s11): `a` = {pair = kind, sets = {
-- {kind =, chow =, kong =, melded =}, ...}}.

local CHOWS, PUNGS = {}, {}   -- scratch lists, emptied for each arrangement
local function standard_elements(h, a, t)
  local chows, pungs = CHOWS, PUNGS
  for i = 4, 1, -1 do chows[i], pungs[i] = nil, nil end
  local mkongs, ckongs, cpungs = 0, 0, 0
  local win_in_chow = false
  for _, s in ipairs(a.sets) do
    if s.chow then
      chows[#chows + 1] = s.kind
      if not s.melded and h.win >= s.kind and h.win <= s.kind + 2 then win_in_chow = true end
    else
      pungs[#pungs + 1] = s.kind
      if s.kong then
        if s.melded then mkongs = mkongs + 1 else ckongs = ckongs + 1 end
      elseif not s.melded then cpungs = cpungs + 1 end
    end
  end
  -- s10.2: a discard completing a concealed pung makes it melded, unless the winner can
  -- read the tile in a concealed chow.
  if not h.self and not win_in_chow then
    for _, s in ipairs(a.sets) do
      if not s.chow and not s.kong and not s.melded and s.kind == h.win then cpungs = cpungs - 1 end
    end
  end
  sort_small(chows)
  sort_small(pungs)

  if #pungs > 0 then concealment(h, mkongs, ckongs, cpungs, t) end
  if #pungs == 4 then t[49] = 1 end                  -- All Pungs
  local wind_ptoh = 0
  for i = 1, #pungs do wind_ptoh = wind_ptoh + pung_elements(h, pungs[i], t) end

  -- Four chows: the two Terminal Chows hands first (with their pair of 5s).
  local pair = a.pair
  if #chows == 4 and RANK[pair] == 5 and pair <= 27 then
    local ends, suits = 0, {}
    for _, c in ipairs(chows) do
      if RANK[c] == 1 or RANK[c] == 7 then ends = ends + 1 end
      suits[SUIT[c]] = (suits[SUIT[c]] or 0) + (RANK[c] == 1 and 1 or 10)
    end
    if ends == 4 then
      local ps = SUIT[pair]
      local others = 0
      for s = 1, 3 do if s ~= ps and suits[s] == 11 then others = others + 1 end end
      if suits[ps] == 22 then t[13] = 1                       -- Pure Terminal Chows
      elseif others == 2 and not suits[ps] then t[29] = 1 end  -- Three-Suited Terminal Chows
    end
  end
  if not t[13] and not t[29] then combine_chows(chows, t) end
  combine_pungs(pungs, t)

  -- The pair completes some elements (s11 Nos. 9, 10, 63).
  if #chows == 4 then
    if pair <= 27 then t[63] = 1 end
  elseif t[54] and is_dragon(pair) then t[10] = 1
  elseif t[38] and is_wind(pair) then t[9] = 1 end
  if (t[38] or t[9]) and t[73] then                  -- those winds are not also No. 73
    t[73] = t[73] - wind_ptoh
    if t[73] <= 0 then t[73] = nil end
  end

  -- Every set and the pair: Outside Hand, All Fives, All Even Pungs.
  local outside, fives, evens = is_terminal(pair) or pair > 27, RANK[pair] == 5 and pair <= 27,
    pair <= 27 and RANK[pair] % 2 == 0
  for _, s in ipairs(a.sets) do
    local k, r = s.kind, RANK[s.kind]
    if s.chow then
      outside = outside and (r == 1 or r == 7)
      fives = fives and r >= 3 and r <= 5
      evens = false
    else
      outside = outside and (k > 27 or r == 1 or r == 9)
      fives = fives and k <= 27 and r == 5
      evens = evens and k <= 27 and r % 2 == 0
    end
  end
  if outside then t[55] = 1 elseif fives then t[31] = 1 elseif evens then t[21] = 1 end

  -- s10.5 the wait: the concealed chows and the pair holding the winning tile decide.
  if not t[53] and not t[5] then                     -- Melded Hand, Four Kongs: no wait
    local edge, closed, single = false, false, pair == h.win
    for _, s in ipairs(a.sets) do
      if s.chow and not s.melded then
        local w = h.win - s.kind
        if w == 1 then closed = true elseif w == 0 or w == 2 then edge = true end
      end
    end
    if (edge or closed or single) and unique_wait(h) then
      t[edge and 77 or closed and 78 or 79] = 1
    end
  end
end

---------------------------------------------------------------------------------------------
-- s12: the irregular forms. Each returns its elements in `t`, or false.

local KNITTED = {}   -- the six knitted patterns: 147, 258, 369 in three different suits
for _, p in ipairs { { 1, 2, 3 }, { 1, 3, 2 }, { 2, 1, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 3, 2, 1 } } do
  local kinds = {}
  for i = 1, 3 do
    local base = (p[i] - 1) * 9
    for _, r in ipairs { i, i + 3, i + 6 } do kinds[#kinds + 1] = base + r end
  end
  KNITTED[#KNITTED + 1] = kinds
end

local function seven_pairs(h, t)                  -- s12.1, s12.2 (concealed, 14 tiles)
  local suit, lo, hi, kinds = nil, 99, 0, 0
  for k = 1, 34 do
    local c = h.cc[k]
    if c % 2 ~= 0 then return false end
    if c > 0 then
      kinds = kinds + 1
      if c == 2 and k <= 27 and (suit == nil or suit == SUIT[k]) then
        suit, lo, hi = SUIT[k], math.min(lo, k), math.max(hi, k)
      else suit = 0 end
    end
  end
  if kinds == 7 and suit and suit > 0 and hi - lo == 6 then t[6] = 1 else t[19] = 1 end
  return true
end

local function thirteen_orphans(h, t)              -- s11 No. 7
  for k = 1, 34 do
    local c = h.cc[k]
    if (BITS[k] & B_END ~= 0) ~= (c >= 1) or c > 2 then return false end
  end
  t[7] = 1
  return true
end

local function honors_and_knitted(h, t)            -- s12.3, s12.4
  local honors = 0
  for k = 28, 34 do
    if h.cc[k] > 1 then return false end
    honors = honors + h.cc[k]
  end
  if honors < 5 then return false end
  for _, pattern in ipairs(KNITTED) do
    local inside, suited = {}, 0
    for _, k in ipairs(pattern) do inside[k] = true end
    local fits = true
    for k = 1, 27 do
      local c = h.cc[k]
      if c > 1 or (c == 1 and not inside[k]) then fits = false break end
      suited = suited + c
    end
    if fits and suited + honors == 14 then
      if honors == 7 then t[20] = 1 else t[34] = 1 end
      if suited == 9 then t[35] = 1 end
      return true
    end
  end
  return false
end

local function nine_gates(h, t)                    -- s12.6
  local w = h.win
  if w > 27 then return false end
  local base = (SUIT[w] - 1) * 9
  for k = 1, 34 do
    local c, r = h.cc[k] - (k == w and 1 or 0), k - base
    local want = (r < 1 or r > 9) and 0 or (r == 1 or r == 9) and 3 or 1
    if c ~= want then return false end
  end
  t[4] = 1
  local r = RANK[w]
  if r == 1 or r == 9 then t[28] = 1                   -- Tile Hog: hand_elements
  elseif r == 2 or r == 8 then t[66], t[71], t[73] = 1, 1, 1
  elseif r == 5 then t[66], t[73] = 1, 1
  else t[71] = 1 end
  return true
end

-- s12.5 Knitted Straight with one set and a pair: the concealed counts `cc` hold the nine
-- tiles of a knitted pattern, and the rest is a set and a pair (no meld) or a pair (one
-- meld). Returns the body (kind -> true), the concealed set or nil, the pair, and the
-- rest of the counts with the body taken out; nil when it is not such a hand.
local function knitted_parts(cc, nmelds)
  local body
  for _, pattern in ipairs(KNITTED) do
    local all = true
    for _, k in ipairs(pattern) do
      if cc[k] == 0 then all = false break end
    end
    if all then body = pattern break end
  end
  if not body then return nil end
  local rest = {}
  for k = 1, 34 do rest[k] = cc[k] end
  local in_body = {}
  for _, k in ipairs(body) do rest[k] = rest[k] - 1; in_body[k] = true end
  local set, pair
  for p = 1, 34 do
    if rest[p] >= 2 then
      rest[p] = rest[p] - 2
      local left = 0
      for k = 1, 34 do left = left + rest[k] end
      if left == 0 and nmelds == 1 then pair = p
      elseif left == 3 and nmelds == 0 then
        for k = 1, 34 do
          if rest[k] == 3 then set = { kind = k }
          elseif rest[k] == 1 and k <= 25 and SUIT[k + 2] == SUIT[k] and rest[k + 1] == 1 and rest[k + 2] == 1 then
            set = { kind = k, chow = true }
          end
          if rest[k] > 0 then break end
        end
        if set then pair = p end
      end
      rest[p] = rest[p] + 2
      if pair then break end
    end
  end
  if not pair then return nil end
  return in_body, set, pair, rest
end

local function knitted_straight(h, t)
  local meld = h.melds[1]
  local in_body, set, pair, rest = knitted_parts(h.cc, #h.melds)
  if not in_body then return false end
  if meld then set = meld end
  t[35] = 1
  if set.chow then
    if pair <= 27 then t[63] = 1 end
  else
    pung_elements(h, set.kind, t)
    if set.kong then
      if set.melded then t[74] = 1 else t[67] = 1 end
    end
  end
  -- the wait (s12.5)
  local w = h.win
  if not meld then
    rest[w] = rest[w] - 1
    local cnt = {}
    for k = 1, 34 do cnt[k] = rest[k] end
    rest[w] = rest[w] + 1
    if cnt[w] >= 0 and count_waits(cnt, 4) == 1 then
      local edge, closed, single = false, false, pair == w
      if set.chow then
        local d = w - set.kind
        if d == 1 then closed = true elseif d == 0 or d == 2 then edge = true end
      end
      if edge or closed or single then t[edge and 77 or closed and 78 or 79] = 1 end
    end
  elseif not in_body[w] or h.cc[w] == 3 then
    t[79] = 1
  end
  return true
end

---------------------------------------------------------------------------------------------
-- s9 the procedure: every reading valued by the same steps, the highest taken.

-- The non-repeat and exclusion principles: each element present excludes its "not
-- also" list (the switches of s13 D5 and D6 keep one more element).
local GONE = {}   -- scratch: the numbers excluded, as a list
local function exclude(h, t)
  local n = 0
  for no in pairs(t) do
    local list = NOT_ALSO[no]
    if list then
      for i = 1, #list do n = n + 1; GONE[n] = list[i] end
    end
  end
  if n == 0 then return end
  local opts = h.opts
  local keep_hf = opts.all_green_half_flush and t[3]
  local keep_dp = opts.all_terminals_double_pung and t[8]
  local keep_kongs = opts.kong_concealment == "kong_items"                -- s13 D4
  for i = 1, n do
    local x = GONE[i]
    if not ((x == 50 and keep_hf) or (x == 65 and keep_dp) or ((x == 67 or x == 48) and keep_kongs)) then
      t[x] = nil
    end
  end
end

-- The value of one reading: its elements `t` (number -> count) and its fan.
local function value_of(h, form, a)
  local t = {}
  for no, n in pairs(h.common) do t[no] = n end
  if form == "standard" then standard_elements(h, a, t)
  else for no, n in pairs(a) do t[no] = n end end
  -- s13 D3: a necessarily concealed hand won by self-draw
  if h.self and t[56] and h.opts.special_self_drawn == "self_drawn" then
    for no in pairs(NECESSARILY_CONCEALED) do
      if t[no] then t[56], t[80] = nil, 1 break end
    end
  end
  exclude(h, t)
  if next(t) == nil then t[43] = 1 end              -- Chicken Hand
  local fan = 0
  for no, n in pairs(t) do fan = fan + h.points[no] * n end
  return t, fan
end

-- s9 step 3: of two readings of the same fan, the one whose sorted element numbers come
-- first (a standard arrangement before Seven Pairs).
local function numbers(t)
  local list = {}
  for no, n in pairs(t) do
    for _ = 1, n do list[#list + 1] = E[no].order end
  end
  table.sort(list)
  return list
end
local function explains_before(t1, form1, t2, form2)
  if (form1 == "standard") ~= (form2 == "standard") then return form1 == "standard" end
  local a, b = numbers(t1), numbers(t2)
  for i = 1, math.max(#a, #b) do
    if a[i] ~= b[i] then return a[i] == nil or (b[i] ~= nil and a[i] < b[i]) end
  end
  return false
end

-- The standard arrangements of the facts' readings, each decomposition once.
-- A set read from the concealed tiles (the same object every time: sets are not changed).
local CONCEALED_SET = {}
for k = 1, 34 do
  CONCEALED_SET[2 * k] = { kind = k, chow = false, kong = false, melded = false }
  CONCEALED_SET[2 * k + 1] = { kind = k, chow = true, kong = false, melded = false }
end

local function arrangements(h, f)
  local list, seen = {}, {}
  local readings_ = f.readings
  for r = 1, #readings_ do
    local reading = readings_[r]
    local pair = KIND[reading.pair]
    local key, sets = pair, reading.sets
    for i = 1, #sets do
      local s = sets[i]
      if not s.meld then key = key * 70 + KIND[s.tile] * 2 + (s.type == "chow" and 1 or 0) end
    end
    if not seen[key] then
      seen[key] = true
      local out = {}
      for i = 1, #sets do
        local s = sets[i]
        out[i] = s.meld and h.melds[s.meld] or CONCEALED_SET[KIND[s.tile] * 2 + (s.type == "chow" and 1 or 0)]
      end
      list[#list + 1] = { pair = pair, sets = out }
    end
  end
  return list
end

---------------------------------------------------------------------------------------------
-- s3: the situation. Returns the hand summary, or nil, reason.

local PREDECESSOR = { E = "N", S = "E", W = "S", N = "W" }

-- The hand summary, refilled for every hand (score is never re-entered), and the meld sets
-- (the same object for the same meld: sets are not changed).
local ZERO = zeros()
local H = { cc = zeros(), n = zeros(), melds = {} }
local MELD_SET = {}
for k = 1, 34 do
  for bits = 0, 7 do
    MELD_SET[k * 8 + bits] = { kind = k, chow = bits & 1 ~= 0, kong = bits & 2 ~= 0, melded = bits & 4 ~= 0 }
  end
end

local function read_hand(f)
  local opts, flags = f.options, f.flags
  if f.reds and f.reds > 0 then return nil, "MCR has no red fives" end
  if #f.dora > 0 or #f.ura > 0 then return nil, "MCR has no dora or ura indicators" end
  if f.honba ~= 0 or f.deposits ~= 0 then return nil, "MCR has no honba or deposits" end
  if f.win_by == "discard" and flags.kong_replacement then
    return nil, "kong_replacement is for a self-drawn win" end
  local bad = payments.check_co_winners(f, opts.multi_win == "all", "mcr.multi_win = all")
  if bad then return nil, bad end
  if f.win_by == "self" and flags.robbing_kong then
    return nil, "robbing_kong is a win on a discard (win_by \"discard\", from = the player who added the tile)" end
  if #f.bonus > 0 and not opts.flowers then return nil, "flowers are not in play (mcr.flowers is off)" end
  if #f.bonus > 1 then
    local seen = {}
    for _, b in ipairs(f.bonus) do
      if seen[b] then return nil, "the flower " .. b .. " appears twice" end
      seen[b] = true
    end
  end
  local h = H                                       -- one summary, refilled for each hand
  local cc, all_n = table.move(ZERO, 1, 34, 1, h.cc), table.move(ZERO, 1, 34, 1, h.n)
  local any, all = 0, -1
  local tiles = f.tiles
  for i = 1, #tiles do
    local k = KIND[tiles[i]]
    cc[k], all_n[k], any, all = cc[k] + 1, all_n[k] + 1, any | BITS[k], all & BITS[k]
  end
  local fours = 0                                    -- kinds held four times (Tile Hog)
  for t, n in pairs(f.all_counts) do
    if n > 4 then return nil, "more than four " .. t end
    if n == 4 then fours = fours + 1 end
  end
  local melds = f.melds
  for i = 1, #melds do
    local m = melds[i]
    local k = KIND[m.tile]
    if m.type == "chow" then
      all_n[k], all_n[k + 1], all_n[k + 2] = all_n[k] + 1, all_n[k + 1] + 1, all_n[k + 2] + 1
      any, all = any | BITS[k] | BITS[k + 1] | BITS[k + 2], all & BITS[k] & BITS[k + 1] & BITS[k + 2]
    else
      all_n[k], any, all = all_n[k] + (m.type == "kong" and 4 or 3), any | BITS[k], all & BITS[k]
    end
  end
  h.f, h.opts, h.flags, h.self, h.win = f, opts, flags, f.win_by == "self", KIND[f.win_tile]
  h.seat_wind, h.round_wind = SEAT_WIND[f.seat], SEAT_WIND[f.round]
  h.any, h.all, h.melded, h.kongs, h.nconcealed, h.fours = any, all, 0, 0, #f.tiles, fours
  h.unique, h.common = nil, nil
  for i = #h.melds, 1, -1 do h.melds[i] = nil end
  local has_kong = false
  for i, m in ipairs(f.melds) do
    if m.type == "chow" and m.from and m.from ~= PREDECESSOR[f.seat] then
      return nil, "meld " .. i .. ": a chow can only be claimed from the player before (" .. PREDECESSOR[f.seat] .. ")"
    end
    if m.from == f.seat then return nil, "meld " .. i .. ": a meld cannot be claimed from the winner himself" end
    local melded = not m.concealed
    h.melds[i] = MELD_SET[KIND[m.tile] * 8 + (m.type == "chow" and 1 or 0) + (m.type == "kong" and 2 or 0)
                          + (melded and 4 or 0)]
    if melded then h.melded = h.melded + 1 end
    if m.type == "kong" then h.kongs, has_kong = h.kongs + 1, true end
  end
  -- s3 consistency of the flags (none of these is an error)
  local w = h.win
  h.kong_replacement = flags.kong_replacement and has_kong
  h.robbing = flags.robbing_kong and h.cc[w] == 1 and h.n[w] == 1
  h.last_of_kind = (flags.last_of_kind and h.cc[w] == 1) or (h.n[w] - h.cc[w] == 3)
  h.points = points_of(f.rules and f.rules.elements or ELEMENTS, opts.two_concealed_kongs)
  return h
end

---------------------------------------------------------------------------------------------
-- score(f): s9 to s14.

-- Every reading of the hand: {form, elements} for the irregular forms (s12, s9 step 1),
-- then the standard arrangements.
local function readings(h, f)
  local t = {}
  local any, all_suits = h.any, h.any & B_SUITS == B_SUITS
  if #f.melds == 0 then
    if seven_pairs(h, t)
       or (all_suits and any & B_HONOR ~= 0 and honors_and_knitted(h, t))
       or (h.all & B_END ~= 0 and thirteen_orphans(h, t))
       or (all_suits and knitted_straight(h, t))
       or (any & B_HONOR == 0 and suits_present(h) == 1 and nine_gates(h, t)) then
      if not t[19] then return { { form = "irregular", elements = t } } end
    end
  elseif #f.melds == 1 and all_suits and knitted_straight(h, t) then
    return { { form = "irregular", elements = t } }
  end
  local out = {}
  if t[19] then out[1] = { form = "seven_pairs", elements = t } end   -- and the standard ones
  for _, a in ipairs(arrangements(h, f)) do out[#out + 1] = { form = "standard", arrangement = a } end
  return out
end

function R.score(f)
  local h, err = read_hand(f)
  if not h then return nil, err end
  h.common = hand_elements(h)
  local best, best_form, best_fan
  for _, r in ipairs(readings(h, f)) do
    local t, fan = value_of(h, r.form, r.arrangement or r.elements)
    if not best or fan > best_fan or (fan == best_fan and explains_before(t, r.form, best, best_form)) then
      best, best_form, best_fan = t, r.form, fan
    end
  end
  if not best then return { wins = false, reason = "not a winning hand" } end

  local flowers = f.options.flowers and #f.bonus or 0
  local nos = {}
  for no in pairs(best) do nos[#nos + 1] = no end
  for i = 2, #nos do                                 -- in the order of s11 (few items)
    local v, j = nos[i], i - 1
    while j >= 1 and ORDER_OF[nos[j]] > ORDER_OF[v] do nos[j + 1] = nos[j]; j = j - 1 end
    nos[j + 1] = v
  end
  local items, points = {}, h.points
  for i = 1, #nos do
    local no = nos[i]
    items[i] = { name = E[no].name, value = points[no], count = best[no] }
  end
  if flowers > 0 then items[#items + 1] = { name = E[81].name, value = points[81], count = flowers } end
  local value = { fan = best_fan, flowers = flowers, total = best_fan + flowers * points[81] }
  if best_fan < f.options.min_points then
    local min = f.options.min_points
    return { wins = false, reason = "below the minimum of " .. (math.tointeger(min) or min) .. " points",
             value = value, items = items }
  end
  return { wins = true, value = value, items = items }
end

-- settle(f, result): s15.1. The discarder (or the player whose kong was robbed) pays the
-- total and the base, the others the base; on a self-draw every loser pays both.
function R.settle(f, result)
  local pay = payments.zero()
  if not result or not result.wins then return pay end
  local total, base, self = result.value.total, f.options.base_points, f.win_by == "self"
  local co = payments.co_winners(f)                       -- s15.2: a co-winner is no loser
  return payments.self_draw(pay, f.seat, function(seat)   -- every loser pays, some more
    if co[seat] then return 0 end
    return (self or seat == f.from) and total + base or base
  end)
end

---------------------------------------------------------------------------------------------
-- Play (s5-s8): the engine settings and the play hooks (docs/hooks.md). Chows only from
-- the player before (the engine's own rule), claims' precedence win > pung = kong > chow,
-- no furiten (no may_claim or may_win hook at all). The engine offers a win exactly when
-- `score` says it wins (s8.2: 8 points without the flowers), with the facts of the moment.

function R.configure(o)
  return {
    bonus = o.flowers,                                -- s4: 144 tiles, or 136
    dead_policy = "none", dead_size = 0,              -- s6.3: no dead wall; replacements
    kong_source = "loose", bonus_source = "loose",    -- for kongs and flowers from the back
    second_throw = true,                              -- s6.2: two throws of two dice (the
                                                      -- engine's dice are its seeded RNG, so
                                                      -- mcr.break = random plays the same)
    random_seats = true,                              -- s5.1: the players draw their seats
    multi_win = o.multi_win == "all" and "all" or "nearest",   -- s7.3 head bump
    rob_promoted = true,                              -- s7.5: a promoted kong may be robbed,
    rob_concealed_thirteen = false,                   -- a concealed one never
    last_discard = o.last_discard_claims == "all" and "any" or "win_only",   -- s7.6
    no_kong_on_last_tile = true,                      -- s7.4: no kong without a replacement
    special_concealed_only = false,                   -- Knitted Straight may have one meld
    rounds = o.hands // 4,                            -- s5.3
  }
end

-- s3 last_of_kind in play: the other three copies of the winning tile are visible, in
-- discards (not claimed) or in anybody's melds.
local function visible_copies(st, tile)
  local n = 0
  for _, seat in ipairs(jong.SEATS) do
    local me = st.seats[seat]
    for _, d in ipairs(me.discards) do
      if not d.claimed_by and d.tile == tile then n = n + 1 end
    end
    for _, m in ipairs(me.melds) do
      for _, t in ipairs(jong.tiles(m:match("%[(.-)%]")) or {}) do
        if t == tile then n = n + 1 end
      end
    end
  end
  return n
end

-- situation(g, win, s): the flags of a win in play. The engine gives last_tile,
-- kong_replacement and robbing_kong; last_of_kind is read off the table.
function R.situation(g, win, s)
  if win.co_winners and #win.co_winners > 0 then s.co_winners = win.co_winners end   -- s15.2
  local tile = jong.kind_of(win.tile)
  local seen = visible_copies(g:state(), tile)
  if win.how == "discard" then seen = seen - 1 end   -- the winning discard itself
  if seen >= 3 then s.flags[#s.flags + 1] = "last_of_kind" end
end

-- special_complete(g, seat, concealed, nmelds): the complete forms the core's `forms` do
-- not cover: Seven Pairs holding four of a kind, Honors and Knitted Tiles, Knitted
-- Straight with a set and a pair (s12). `concealed` is the engine's notation, kinds in
-- order ("147m258p369s12234z").
local byte = string.byte
local SUIT_BASE = { [byte("m")] = 0, [byte("p")] = 9, [byte("s")] = 18, [byte("z")] = 27 }
local scratch = {}
local function counts_of(c)
  for k = 1, 34 do scratch[k] = 0 end
  local digits, n = {}, 0
  for i = 1, #c do
    local b = byte(c, i)
    local base = SUIT_BASE[b]
    if base then
      for j = 1, n do local k = base + digits[j]; scratch[k] = scratch[k] + 1 end
      n = 0
    else
      n = n + 1; digits[n] = b - 48
    end
  end
  return scratch
end

function R.special_complete(g, seat, concealed, nmelds)
  if nmelds > 1 then return false end
  local cc = counts_of(concealed)
  if nmelds == 0 then
    local t = {}
    if seven_pairs({ cc = cc }, t) or honors_and_knitted({ cc = cc }, t) then return true end
  end
  return knitted_parts(cc, nmelds) ~= nil
end

-- next_deal(g): s5. The deal passes after every hand; four hands per prevailing wind;
-- after each wind the players change seats by the chart (mcr.seat_rotation).
-- CHART[w][seat]: which of the first wind's players (1 = its East, A) sits there.
local CHART = {
  { 1, 2, 3, 4 },   -- East wind:  A B C D in E S W N
  { 2, 1, 4, 3 },   -- South wind: B A D C
  { 3, 4, 2, 1 },   -- West wind:  C D B A
  { 4, 3, 1, 2 },   -- North wind: D C A B
}
function R.next_deal(g)
  local o = g.options
  local nd = g:rotation(false, o.hands // 4)
  local b = g:brief()
  if nd.match_over or nd.round == b.round or o.seat_rotation ~= "chart" then return nd end
  -- The wind ends: the plain pass would seat this wind's first players again.
  local w = jong.seat_index(b.round)
  local first = {}                                   -- players of this wind's first deal
  for s, seat in ipairs(jong.SEATS) do first[s] = g:seat(jong.SEATS[s % 4 + 1]).player end
  local player_of = {}                               -- A..D -> player number
  for s = 1, 4 do player_of[CHART[w][s]] = first[s] end
  nd.players = {}
  for s = 1, 4 do nd.players[s] = player_of[CHART[w + 1][s]] end
  return nd
end

-- s15.4: the table points of a match. points = each player's score; returns
-- {{player =, points =, rank =, table_points =}, ...} first to last; players with equal
-- scores share the table points of the places they occupy.
function R.final_ranking(points, opts)
  local tp = (opts or {}).table_points or R.options.table_points.default
  local out = payments.ranked(points)
  local i = 1
  while i <= #out do
    local j = i
    while j < #out and out[j + 1].points == out[i].points do j = j + 1 end
    local share = 0
    for r = i, j do share = share + (tp[r] or 0) end
    share = share / (j - i + 1)
    for r = i, j do
      out[r].rank, out[r].table_points = i, math.tointeger(share) or share
      out[r].uma, out[r].total = 0, out[r].points
    end
    i = j + 1
  end
  return out
end

-- For rulesets that extend this one: the element list with some values changed,
-- overrides = {[number] = {points = n}} by the element numbers of s10 (a house table:
-- `elements = mcr.helpers.elements_with{[81] = {points = 2}}`); score reads the list it
-- finds on the ruleset. Two Concealed Kongs (48) stays the option two_concealed_kongs'.
R.helpers = {}
function R.helpers.elements_with(overrides)
  for no, o in pairs(overrides) do
    local e = E[no]
    if not e then error("elements_with: there is no element " .. tostring(no) .. " (numbers 1-82)", 2) end
    for k in pairs(o) do
      if k ~= "points" then
        error("elements_with: element " .. no .. " (" .. e.name .. "): only points may change, not '" .. tostring(k) .. "'", 2)
      end
    end
    if math.type(o.points) ~= "integer" or o.points < 0 then
      error("elements_with: element " .. no .. " (" .. e.name .. "): points must be a whole number, not " .. tostring(o.points), 2)
    end
  end
  local out = {}
  for i, e in ipairs(ELEMENTS) do
    out[i] = { no = e.no, name = e.name, points = overrides[e.no] and overrides[e.no].points or e.points }
  end
  return out
end

return R
