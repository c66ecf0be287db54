-- rules/japanese.lua: Japanese (riichi) mahjong.
-- Rule authority: /work/shared/rules/japanese.md ("spec"); section numbers in comments.
-- Scoring: score(f) picks the reading that pays most (18), settle(f, result) pays it (17).

local R = {
  name = "japanese",
  option_prefix = "japanese.",
  forms = { "standard", "seven_pairs", "thirteen_orphans" },          -- 8.1
  flags = { "riichi", "double_riichi", "ippatsu", "kong_replacement",
            "robbing_kong", "last_tile", "first_turn" },
  situation_fields = { "winners", "riichi_void" },   -- 17.5 several ron winners; 7.2 (in play)

  -- Declarative play facts (3, 4, 5, 6)
  tiles = 136,
  bonus_tiles = false,
  red_fives = 0,                           -- 3: the option red_fives (0, 3 or 4) decides
  dead_wall = { size = 14, policy = "fixed" },  -- 5.4: refilled from the live wall after a kong
  claims = { "chow", "pung", "kong", "win" },   -- 6.2
  precedence = { win = 3, kong = 2, pung = 2, chow = 1 },  -- 6.2: ron > kong = pon > chi
  multiple_winners = "all",                -- 6.3 (option multiple_ron)
  starting_points = 25000,                 -- 4.1
  rounds = 2,                              -- 4.3: East and South (option match_length)
  max_kongs = 4,                           -- 5.5
  riichi_deposit = 1000,                   -- 7.2
  noten_total = 3000,                      -- 9.3
  west_target = 30000,                     -- 4.6 west_extension: Tenhou's target (the spec names none)
}

-- 20. Option registry: every option with its default.
R.options = {
  red_fives = { default = 0, values = { 0, 3, 4 },
    doc = "red fives: 0 none; 3 one per suit; 4 one 5m, two 5p, one 5s (3)" },
  open_tanyao = { default = true, doc = "tanyao counts in an open hand (12, B7)" },
  double_yakuman = { default = false,
    doc = "kokushi 13-sided, suuankou tanki, daisuushii, junsei chuuren count two yakuman (13, B8)" },
  yakuman_stacking = { default = true, doc = "distinct yakuman add up; false: count one (13, B9)" },
  kazoe = { default = "yakuman", values = { "yakuman", "sanbaiman" },
    doc = "13 han or more without yakuman scores a yakuman, or is capped at sanbaiman (13)" },
  kiriage = { default = false, doc = "4 han 30 fu and 3 han 60 fu are scored as mangan (16.3)" },
  double_wind_pair_fu = { default = 4, values = { 4, 2 },
    doc = "fu of a pair of a wind that is both seat and round wind (15, B10)" },
  open_pinfu_30 = { default = true, doc = "an open hand won by ron with 20 fu is set to 30 fu (15)" },
  pinfu_tsumo_fu = { default = false, doc = "pinfu tsumo gets the 2 tsumo fu (30 fu) instead of 20 (15)" },
  renhou = { default = "none", values = { "none", "mangan", "yakuman" },
    doc = "non-dealer ron before his first draw: no yaku, a 5-han yaku, or a yakuman (12)" },
  nagashi_mangan = { default = false, doc = "nagashi mangan at an exhaustive draw (9.5)" },
  nagashi_honba = { default = true, doc = "nagashi mangan is paid with honba (9.5)" },
  ippatsu = { default = true, doc = "the ippatsu yaku exists (7.5)" },
  kan_ura = { default = true, doc = "ura-dora are also read under kan-dora indicators (14.3)" },
  kan_dora_timing = { default = "immediate", values = { "immediate", "after_discard" },
    doc = "when the kan-dora indicator is turned after an open or promoted kong (5.6, B11)" },
  riichi_min_wall = { default = 4, values = { 0, 1, 2, 3, 4 },
    doc = "tiles that must be left in the live wall to declare riichi (7.1)" },
  riichi_needs_1000 = { default = true, doc = "riichi needs at least 1,000 points (7.1)" },
  riichi_ankan = { default = "wait_unchanged", values = { "wait_unchanged", "forbidden", "strict" },
    doc = "concealed kong after riichi: only if the waits do not change; never; or strict (7.3)" },
  multiple_ron = { default = "all", values = { "all", "double_only", "head_bump" },
    doc = "several ron on one discard: all win; triple ron aborts; nearest only (6.3, B4)" },
  honba_multiple_ron = { default = "nearest", values = { "nearest", "each" },
    doc = "with several ron winners honba and deposits go to the nearest winner, or to each (17.5, B5)" },
  kuikae = { default = "forbidden", values = { "forbidden", "allowed" },
    doc = "swap-calling after chi/pon (6.5)" },
  kan_on_last_tile = { default = "ends_deal", values = { "ends_deal", "forbidden" },
    doc = "a kong needing a replacement when the live wall is empty ends the deal, or is forbidden (5.4, B1)" },
  call_on_last_discard = { default = "allowed", values = { "allowed", "ron_only" },
    doc = "chi/pon/kong on the houtei discard (6.6, B2)" },
  rob_ankan_kokushi = { default = false, doc = "a thirteen-orphans tenpai may rob a concealed kong (6.7, B6)" },
  pao = { default = true, doc = "liability for the third dragon / fourth wind set (17.6)" },
  pao_suukantsu = { default = false, doc = "liability for the fourth kong (17.6)" },
  pao_stacked = { default = "liable_share", values = { "liable_share", "whole_hand" },
    doc = "with stacked yakuman the liable player pays only the liable yakuman's share, or the whole hand (Tenhou) (17.6)" },
  abort_kyuushu = { default = false, doc = "nine different terminals/honours on the first turn may abort (10)" },
  abort_suufon = { default = false, doc = "four equal wind first discards abort (10)" },
  abort_suucha_riichi = { default = false, doc = "four riichi abort (10)" },
  abort_suukaikan = { default = false, doc = "four kongs by two or more players abort (10)" },
  tenpai_needs_yaku = { default = false, doc = "tenpai at a draw needs a yaku (9.2)" },
  tenpai_melded_fourth = { default = false,
    doc = "tenpai at a draw may wait on a kind whose other copies are in the seat's own melds or kongs; four in the concealed tiles never count (9.2, B3; Tenhou's records)" },
  draw_renchan = { default = "tenpai", values = { "tenpai", "always_pass", "always_keep" },
    doc = "dealer keeps the deal after an exhaustive draw iff tenpai; never; always (4.4, B13)" },
  match_length = { default = "hanchan", values = { "hanchan", "tonpuusen" },
    doc = "East and South rounds, or East only (4.3)" },
  tobi = { default = false, doc = "the match ends when a player is below 0 (4.6)" },
  agari_yame = { default = false, doc = "the last dealer may stop when leading (4.6)" },
  tenpai_yame = { default = false, doc = "the last dealer tenpai at an exhaustive draw while leading ends the match (4.6)" },
  west_extension = { default = false, doc = "a West round when nobody reached the target (4.6)" },
  leftover_deposits = { default = "to_first", values = { "to_first", "discarded" },
    doc = "deposits left at the match end go to the first-placed player, or are lost (4.5)" },
  uma = { default = { 0, 0, 0, 0 }, doc = "end-of-match bonus by rank, 4 integers (4.6)" },
}

---------------------------------------------------------------------------
-- Tile tables, built once (2, 14.1)

local tiles = require "lib.tiles"                -- rules/lib: tiles and seats
local plain = tiles.copy                         -- (plain tables: the hot paths index them)
local SUIT, RANK, SIMPLE, TERMINAL, HONOUR, DRAGON, WIND = plain(tiles.SUIT), plain(tiles.RANK),
  plain(tiles.SIMPLE), plain(tiles.TERMINAL), plain(tiles.HONOUR), plain(tiles.DRAGON), plain(tiles.WIND)
local TH = plain(tiles.END)                      -- terminal or honour
local GREEN, WIND_TILE = plain(tiles.GREEN), plain(tiles.WIND_TILE)
local TILE_OF = { m = plain(tiles.OF_SUIT.m), p = plain(tiles.OF_SUIT.p), s = plain(tiles.OF_SUIT.s),
                  z = plain(tiles.OF_SUIT.z) }   -- TILE_OF.m[5] == "5m"
local SUIT_BIT = { m = 1, p = 2, s = 4 }
local DORA_OF = {}                               -- indicator -> dora (14.1)
for _, t in ipairs(tiles.KINDS) do
  local s, r = SUIT[t], RANK[t]
  if s ~= "z" then DORA_OF[t] = (r % 9 + 1) .. s
  elseif r <= 4 then DORA_OF[t] = (r % 4 + 1) .. "z"
  else DORA_OF[t] = ((r - 4) % 3 + 5) .. "z" end
end
local HONOUR_BIT = {}                  -- "1z" -> 2, ..., "7z" -> 128
for r = 1, 7 do HONOUR_BIT[r .. "z"] = 1 << r end

-- Per-kind facts, to test a whole hand with one AND per kind: the property bits the kind
-- has (bits 0-3) and the suits it is not of (bits 4-7: m, p, s, honour). ANDed over a
-- hand's kinds they keep the properties every kind has and clear the bit of each suit
-- held (the key of TILE_FACTS below).
local P_SIMPLE, P_TH, P_TERMINAL, P_GREEN = 1, 2, 4, 8
local NO_KINDS = 0xFF                  -- the AND over no kind
local KIND_FACTS = {}
for t in pairs(SUIT) do
  local props = (SIMPLE[t] and P_SIMPLE or 0) | (TH[t] and P_TH or 0)
    | (TERMINAL[t] and P_TERMINAL or 0) | (GREEN[t] and P_GREEN or 0)
  KIND_FACTS[t] = props | (0xF0 ~ (SUIT_BIT[SUIT[t]] or 8) << 4)
end
-- Sets of kinds as bit masks (a hand's kinds, its chows by their lowest tile, its pons).
local KIND_BIT = {}                    -- "1m" -> 1 << 0, ..., "9s" -> 1 << 26, "7z" -> 1 << 33
for i, s in ipairs({ "m", "p", "s", "z" }) do
  for r = 1, s == "z" and 7 or 9 do KIND_BIT[r .. s] = 1 << ((i - 1) * 9 + r - 1) end
end
-- KIND_BIT masks: chows that are not 123 or 789 (chanta, junchan), tiles that are not
-- terminals or honours.
local INNER_CHOWS, SIMPLES = 0, 0
for t, bit in pairs(KIND_BIT) do
  if SUIT[t] ~= "z" and RANK[t] >= 2 and RANK[t] <= 6 then INNER_CHOWS = INNER_CHOWS | bit end
  if SIMPLE[t] then SIMPLES = SIMPLES | bit end
end
-- KIND_BIT masks of the kinds of each suit.
local M_KINDS, P_KINDS, S_KINDS = 0x1FF, 0x1FF << 9, 0x1FF << 18
local ALL_KINDS = -1                   -- (every bit)
local KINDS_OF_SUIT = { m = M_KINDS, p = P_KINDS, s = S_KINDS }
-- The AND of KIND_FACTS over the kinds of one suit in a mask of its ranks (bit r - 1:
-- rank r; NO_KINDS for none): M_FACTS[kinds & 0x1FF], P_FACTS[kinds >> 9 & 0x1FF],
-- S_FACTS[kinds >> 18 & 0x1FF], Z_FACTS[kinds >> 27] of a KIND_BIT mask.
local function facts_of_ranks(suit, ranks)
  local t = { [0] = NO_KINDS }
  for r = 1, ranks do
    local bit, facts = 1 << (r - 1), KIND_FACTS[r .. suit]
    for lower = 0, bit - 1 do t[bit | lower] = t[lower] & facts end
  end
  return t
end
local M_FACTS, P_FACTS, S_FACTS, Z_FACTS = facts_of_ranks("m", 9), facts_of_ranks("p", 9),
  facts_of_ranks("s", 9), facts_of_ranks("z", 7)
local HONOUR_SHIFT = 26                -- (pung bits >> 26) & 0xFE: the HONOUR_BIT of the honours
local BITS_SET = {}                    -- BITS_SET[x]: how many bits x has (x < 16)
for x = 0, 15 do BITS_SET[x] = (x & 1) + (x >> 1 & 1) + (x >> 2 & 1) + (x >> 3 & 1) end
local YAKU_OF_BIT                      -- 1 << i -> the yaku list's i-th entry (use_yaku)
local SEATS, SEAT_INDEX = plain(tiles.SEATS), plain(tiles.SEAT_INDEX)
local CHUUREN_BASE = { 3, 1, 1, 1, 1, 1, 1, 1, 3 }  -- 1112345678999

-- fu line names, e.g. "Closed pon 111p", "Open kong 5555z" (15)
local SET_NAME = { ["Closed pon"] = {}, ["Open pon"] = {}, ["Closed kong"] = {}, ["Open kong"] = {} }
local LINE_ORDER = {}                    -- set line name -> its place in tile order
local place = 0
for _, s in ipairs({ "m", "p", "s", "z" }) do
  place = place + 1
  for r = 1, s == "z" and 7 or 9 do
    local t = TILE_OF[s][r]
    place = place + 1
    for kind, names in pairs(SET_NAME) do
      local n = r .. r .. r .. (kind:find("kong") and r or "") .. s
      names[t] = kind .. " " .. n
      LINE_ORDER[names[t]] = place
    end
  end
end

local FLAG_KNOWN = {}
for _, name in ipairs(R.flags) do FLAG_KNOWN[name] = true end

local function ceil100(x) return -((-x) // 100) * 100 end   -- 2

---------------------------------------------------------------------------
-- The hand being scored. H: facts of the whole hand (same for every reading);
-- C: the reading in use. Both are reused between calls (no tables per reading).

local H = { }
local C, SPARE = {}, {}                  -- SPARE: a second C, holding the best reading aside
-- T: what the tiles of the whole hand have in common (honours, all_honour, one_suit,
-- all_simple, all_th, all_terminal, all_green), one of TILE_FACTS, chosen per hand.
local T, TILE_FACTS = nil, {}
-- The conditions of the yakuman (their `when`), one bit each (13).
local YAKUMAN_GATE = { kokushi = 1, pungs3 = 2, all_honour = 4, all_terminal = 8, all_green = 16,
                       chuuren = 32, first_turn = 64 }
local YAKUMAN_OF_GATES = {}            -- (filled after YAKUMAN)
-- The yaku by the condition they need (filled after YAKU): GATE[when] is one bit,
-- BY_GATE[bit] the yaku that need it and count in the hand's state (BY_GATE_CLOSED or
-- BY_GATE_OPEN, each entry with its han there: y.han); PAIRS_ONLY: the yaku of the
-- seven-pairs form only;
-- ANY_GATE: the bit of the yaku without a condition (a child's, tested per reading).
-- BY_GATE_*, PAIRS_ONLY, YAKU_OF_BIT and ANY_GATE are those of the ruleset's yaku list in
-- use (use_yaku): a child may give its own list (R.yaku).
local GATE, BY_GATE, PAIRS_ONLY, ANY_GATE = {}, nil, nil, 0
local BY_GATE_CLOSED, BY_GATE_OPEN

local setup                            -- (below) fills C for one reading

-- Tile-based properties of the whole hand, from the concealed and melded tiles. Every
-- reading splits the same tiles, so the sets of the first one are enough (setup finds
-- them, and C then holds the first reading); seven pairs and thirteen orphans (and
-- incomplete hands) go tile by tile. sevens, orphans: f.seven_pairs, f.thirteen_orphans.
local function analyse_hand(f, sevens, orphans)
  local melds, seat = f.melds, f.seat
  H.dealer = seat == "E"
  H.seat_wind, H.round_wind = WIND_TILE[seat], WIND_TILE[f.round]   -- (tiles)
  H.tsumo = f.win_by == "self"
  H.closed = f.concealed
  BY_GATE = f.concealed and BY_GATE_CLOSED or BY_GATE_OPEN
  local fl = f.flags
  H.riichi = fl.riichi or fl.double_riichi or false
  H.first_turn = fl.first_turn and #melds == 0 or false
  local facts, kongs = NO_KINDS, 0       -- facts: KIND_FACTS of every kind ANDed
  local kinds = nil                               -- KIND_BIT of the kinds held (standard form)
  local r1 = f.readings[1]
  if r1 then
    setup(f, "standard", r1)
    local chows = C.chow_bits
    kinds = KIND_BIT[r1.pair] | chows | chows << 1 | chows << 2 | C.pung_bits
    facts = M_FACTS[kinds & 0x1FF] & P_FACTS[kinds >> 9 & 0x1FF] & S_FACTS[kinds >> 18 & 0x1FF]
      & Z_FACTS[kinds >> 27]
    kongs = C.n_kong
  else
    local tiles = sevens or f.tiles
    for i = 1, #tiles do facts = facts & KIND_FACTS[tiles[i]] end
    for i = 1, #melds do
      local m = melds[i]
      local ts = m.tiles
      for j = 1, #ts do facts = facts & KIND_FACTS[ts[j]] end
      if m.type == "kong" then kongs = kongs + 1 end
    end
  end
  T = TILE_FACTS[facts]
  H.kinds = kinds or ALL_KINDS           -- (the kinds held; all when not read off a reading)
  H.kongs, H.three_kongs = kongs, kongs == 3
  -- chuuren poutou: closed, no kong, one suit 1112345678999 + one tile (13); always a
  -- standard hand, holding every rank of its suit
  H.chuuren, H.chuuren_nine = false, false
  if #melds == 0 and T.one_suit and not T.honours and kinds then
    local suit = SUIT[f.win_tile]
    local of_suit, all = TILE_OF[suit], KINDS_OF_SUIT[suit]
    if kinds & all == all and f.counts[of_suit[1]] >= 3 and f.counts[of_suit[9]] >= 3 then
      H.chuuren = true
      H.chuuren_nine = f.counts[f.win_tile] - 1 == CHUUREN_BASE[RANK[f.win_tile]]
    end
  end
  -- The conditions of yakuman that the whole hand meets (most hands: none); see yakuman_count.
  local yakuman_gates = T.yakuman_gates
  if H.chuuren then yakuman_gates = yakuman_gates | YAKUMAN_GATE.chuuren end
  if H.first_turn then yakuman_gates = yakuman_gates | YAKUMAN_GATE.first_turn end
  if orphans then yakuman_gates = yakuman_gates | YAKUMAN_GATE.kokushi end
  H.yakuman_gates = yakuman_gates
end

-- Fills C for one reading: form "standard" (reading given), "seven_pairs" or "thirteen_orphans".
function setup(f, form, reading)
  C.form = form
  C.reading = reading
  if form ~= "standard" then
    C.n_chow, C.n_pung, C.n_ankou, C.outside, C.pinfu, C.peikou = 0, 0, 0, false, false, 0
    C.honour_pungs, C.dragon_pungs, C.wind_pungs = 0, 0, 0
    C.gates, C.pungs3, C.n_kong = 0, false, 0
    return
  end
  local ron = not H.tsumo
  local n_chow, n_pung, n_ankou, n_kong, peikou = 0, 0, 0, 0, 0
  local chow_bits, pung_bits = 0, 0      -- KIND_BIT of the chows' lowest tiles, of the pons' tiles
  local twice, thrice = 0, 0             -- KIND_BIT of the chows seen twice, three times
  local sets, kind_bit = reading.sets, KIND_BIT
  for i = 1, #sets do
    local s = sets[i]
    local kind = s.type
    local b = kind_bit[s.tile]
    if kind == "chow" then
      n_chow = n_chow + 1
      -- peikou: pairs of identical sequences (iipeikou / ryanpeikou)
      if chow_bits & b == 0 then chow_bits = chow_bits | b
      elseif twice & b == 0 then twice, peikou = twice | b, peikou + 1
      elseif thrice & b == 0 then thrice, peikou = thrice | b, peikou + 2
      else peikou = peikou + 3 end
    else
      n_pung, pung_bits = n_pung + 1, pung_bits | b
      -- 12 Sanankou / 15: a pon completed by ron is not concealed
      if s.concealed and not (ron and reading.win_set == i and kind == "pung") then
        n_ankou = n_ankou + 1
      end
      if kind == "kong" then n_kong = n_kong + 1 end
    end
  end
  -- every set and the pair have a terminal or honour (chanta, junchan)
  local outside = TH[reading.pair] and chow_bits & INNER_CHOWS == 0 and pung_bits & SIMPLES == 0
  local honour_pungs, dragons, winds, honour_gates = (pung_bits >> HONOUR_SHIFT) & 0xFE, 0, 0, 0
  if honour_pungs ~= 0 then
    dragons, winds = BITS_SET[honour_pungs >> 5], BITS_SET[(honour_pungs >> 1) & 15]
    honour_gates = (dragons > 0 and GATE.dragon_pung or 0) | (winds > 0 and GATE.wind_pung or 0)
  end
  C.n_chow, C.n_pung, C.n_ankou, C.n_kong, C.outside = n_chow, n_pung, n_ankou, n_kong, outside
  C.honour_pungs, C.dragon_pungs, C.wind_pungs = honour_pungs, dragons, winds
  C.chow_bits, C.pung_bits = chow_bits, pung_bits
  C.peikou, C.pungs3 = peikou, n_pung >= 3
  local p = reading.pair
  local pinfu = H.closed and n_chow == 4 and reading.wait == "two_sided"
    and not DRAGON[p] and p ~= H.seat_wind and p ~= H.round_wind
  C.pair, C.pinfu = p, pinfu
  -- the conditions of the reading's yaku (their `when`)
  C.gates = (pinfu and GATE.pinfu or 0) | (peikou > 0 and GATE.has_peikou or 0)
    | (n_chow >= 3 and GATE.chows3 or 0) | (outside and GATE.outside or 0)
    | (n_pung >= 3 and GATE.pungs3 or 0) | honour_gates | ANY_GATE
end

-- The test "a pon or kong of the honour t in the reading" (its bit found once).
local function pung_test(t)
  local bit = HONOUR_BIT[t]
  return function(f) return C.honour_pungs & bit ~= 0 end
end

-- Two different pairs of identical sequences, or one sequence four times (12 Ryanpeikou).
local function is_ryanpeikou()
  return C.n_chow == 4 and (C.peikou == 2 or C.peikou == 6)
end

-- Three sets of the same rank in all three suits, from a KIND_BIT mask of chows (doujun)
-- or pungs (doukou): bits r (m), r + 9 (p) and r + 18 (s).
local function three_colours(bits)
  return bits & (bits >> 9) & (bits >> 18) & 0x1FF ~= 0
end

---------------------------------------------------------------------------
-- 12. Yaku, in the spec's order (R.yaku; a child may give another list, see R.helpers
-- below). One item shape (docs/hooks.md): id (12.n: the n-th yaku of the spec's table),
-- name exactly as the spec names it, value = han closed, open = han open ("open = nil":
-- closed only), unit, test(f, reading). (An entry written with `closed = han` instead of
-- `value` is read the same.)
-- pairs = true: counts with chiitoitsu (12, Chiitoitsu row). needs: when the yaku is tested:
-- nil = from the tiles of the whole hand, "flags" = from the situation flags (both once per
-- hand); "chows", "pungs", "honour_pungs" = per reading that has such sets; "pairs" = the
-- seven-pairs form. when: a condition the yaku needs (a situation flag, or a property of the
-- whole hand or of the reading, see hand_yaku and setup): only the yaku whose condition
-- holds are tested.

local YAKU = {
  { id = "12.1", name = "Riichi", value = 1, unit = "han", needs = "flags", when = "riichi", pairs = true,             -- 7, 12
    test = function(f) return f.flags.riichi and not f.flags.double_riichi end },
  { id = "12.2", name = "Double riichi", value = 2, unit = "han", needs = "flags", when = "double_riichi", pairs = true,      -- 7.4
    test = function(f) return f.flags.double_riichi end },
  { id = "12.3", name = "Ippatsu", value = 1, unit = "han", needs = "flags", when = "ippatsu", pairs = true,            -- 7.5
    test = function(f) return f.flags.ippatsu and H.riichi and f.options.ippatsu end },
  { id = "12.4", name = "Menzen tsumo", value = 1, unit = "han", when = "tsumo", pairs = true,
    test = function(f) return H.tsumo end },
  { id = "12.5", name = "Pinfu", value = 1, unit = "han", needs = "chows", when = "pinfu",
    test = function(f) return C.pinfu end },
  { id = "12.6", name = "Tanyao", value = 1, open = 1, unit = "han", when = "all_simple", pairs = true,
    test = function(f) return T.all_simple and (H.closed or f.options.open_tanyao) end },
  { id = "12.7", name = "Iipeikou", value = 1, unit = "han", needs = "chows", when = "has_peikou",
    test = function(f) return C.peikou > 0 and not is_ryanpeikou() end },
  { id = "12.8", name = "Yakuhai: White", value = 1, open = 1, unit = "han", needs = "honour_pungs", when = "dragon_pung",
    test = pung_test("5z") },
  { id = "12.9", name = "Yakuhai: Green", value = 1, open = 1, unit = "han", needs = "honour_pungs", when = "dragon_pung",
    test = pung_test("6z") },
  { id = "12.10", name = "Yakuhai: Red", value = 1, open = 1, unit = "han", needs = "honour_pungs", when = "dragon_pung",
    test = pung_test("7z") },
  { id = "12.11", name = "Yakuhai: seat wind", value = 1, open = 1, unit = "han", needs = "honour_pungs", when = "wind_pung",
    test = function(f) return C.honour_pungs & HONOUR_BIT[H.seat_wind] ~= 0 end },
  { id = "12.12", name = "Yakuhai: round wind", value = 1, open = 1, unit = "han", needs = "honour_pungs", when = "wind_pung",
    test = function(f) return C.honour_pungs & HONOUR_BIT[H.round_wind] ~= 0 end },
  { id = "12.13", name = "Haitei raoyue", value = 1, open = 1, unit = "han", needs = "flags", when = "last_tile", pairs = true,  -- 5.7
    test = function(f) return f.flags.last_tile and H.tsumo end },
  { id = "12.14", name = "Houtei raoyui", value = 1, open = 1, unit = "han", needs = "flags", when = "last_tile", pairs = true,  -- 5.7
    test = function(f) return f.flags.last_tile and not H.tsumo end },
  { id = "12.15", name = "Rinshan kaihou", value = 1, open = 1, unit = "han", needs = "flags", when = "kong_replacement", pairs = true,
    test = function(f) return f.flags.kong_replacement end },
  { id = "12.16", name = "Chankan", value = 1, open = 1, unit = "han", needs = "flags", when = "robbing_kong", pairs = true,
    test = function(f) return f.flags.robbing_kong end },
  { id = "12.17", name = "Chiitoitsu", value = 2, unit = "han", needs = "pairs", pairs = true,
    test = function(f) return C.form == "seven_pairs" end },
  { id = "12.18", name = "Sanshoku doujun", value = 2, open = 1, unit = "han", needs = "chows", when = "chows3",
    test = function(f) return C.n_chow >= 3 and three_colours(C.chow_bits) end },
  { id = "12.19", name = "Ittsu", value = 2, open = 1, unit = "han", needs = "chows", when = "chows3",
    test = function(f)                       -- 123, 456, 789 of one suit: chows r, r + 3, r + 6
      local b = C.chow_bits                  -- (r = 1m, 1p or 1s: bits 0, 9, 18)
      return b & (b >> 3) & (b >> 6) & 0x40201 ~= 0
    end },
  { id = "12.20", name = "Chanta", value = 2, open = 1, unit = "han", needs = "chows", when = "outside",
    test = function(f) return C.outside and C.n_chow > 0 and T.honours end },
  { id = "12.21", name = "Toitoi", value = 2, open = 2, unit = "han", needs = "pungs", when = "pungs3",
    test = function(f) return C.n_pung == 4 end },
  { id = "12.22", name = "Sanankou", value = 2, open = 2, unit = "han", needs = "pungs", when = "pungs3",
    test = function(f) return C.n_ankou == 3 end },
  { id = "12.23", name = "Sanshoku doukou", value = 2, open = 2, unit = "han", needs = "pungs", when = "pungs3",
    test = function(f) return C.n_pung >= 3 and three_colours(C.pung_bits) end },
  { id = "12.24", name = "Sankantsu", value = 2, open = 2, unit = "han", when = "three_kongs",
    test = function(f) return H.kongs == 3 end },
  { id = "12.25", name = "Honroutou", value = 2, open = 2, unit = "han", when = "all_th", pairs = true,
    test = function(f) return T.all_th end },
  { id = "12.26", name = "Shousangen", value = 2, open = 2, unit = "han", needs = "honour_pungs", when = "dragon_pung",
    test = function(f) return C.dragon_pungs == 2 and DRAGON[C.pair] end },
  { id = "12.27", name = "Honitsu", value = 3, open = 2, unit = "han", when = "one_suit", pairs = true,
    test = function(f) return T.one_suit and T.honours end },
  { id = "12.28", name = "Junchan", value = 3, open = 2, unit = "han", needs = "chows", when = "outside",
    test = function(f) return C.outside and C.n_chow > 0 and not T.honours end },
  { id = "12.29", name = "Ryanpeikou", value = 3, unit = "han", needs = "chows", when = "has_peikou",
    test = function(f) return is_ryanpeikou() end },
  { id = "12.30", name = "Chinitsu", value = 6, open = 5, unit = "han", when = "one_suit", pairs = true,
    test = function(f) return T.one_suit and not T.honours end },
  { id = "12.31", name = "Renhou", value = 5, unit = "han", needs = "flags", when = "first_turn",            -- option renhou = mangan
    test = function(f)
      return H.first_turn and not H.tsumo and not H.dealer and f.options.renhou == "mangan"
    end },
}

---------------------------------------------------------------------------
-- GATE: one bit per condition (`when`) of the yaku, fixed; "any" for yaku without one.
-- The index of a yaku list (BY_GATE, PAIRS_ONLY, YAKU_OF_BIT, ANY_GATE), made once per
-- list: each entry is copied with y.bit, its bit in the masks of yaku found (its place in
-- the list, so the lines come in the list's order).
local gates = 0
for _, y in ipairs(YAKU) do
  local when = y.when
  if y.needs ~= "pairs" and not GATE[assert(when, y.name)] then gates = gates + 1; GATE[when] = 1 << gates end
end
GATE.any = 1 << (gates + 1)

local ENTRY_FIELDS = { id = true, name = true, value = true, open = true, unit = true, pairs = true,
                       test = true, needs = true, when = true, closed = true }
-- nil, or what is wrong with a yaku entry (a mistake in a house yaku is said at load).
local function entry_fault(y)
  if type(y) ~= "table" then return "a yaku entry must be a table, not a " .. type(y) end
  local name = "yaku '" .. tostring(y.name) .. "'"
  if type(y.name) ~= "string" then return name .. ": name must be a string" end
  for k in pairs(y) do
    if not ENTRY_FIELDS[k] then
      return name .. ": unknown field '" .. tostring(k) .. "' (an entry has id, name, value = han closed, "
        .. "open = han open, unit, pairs, test, needs, when)"
    end
  end
  if math.type(y.value or y.closed) ~= "integer" then return name .. ": value (its han closed) must be a whole number" end
  if y.open ~= nil and math.type(y.open) ~= "integer" then return name .. ": open (its han open) must be a whole number" end
  if type(y.test) ~= "function" then return name .. ": test must be a function (f, reading)" end
end

local function with_han(y, han)          -- a copy of entry y with y.han = han
  local c = { han = han }
  for k, v in pairs(y) do c[k] = v end
  return c
end

local INDEX = setmetatable({}, { __mode = "k" })
local function index_yaku(list)
  local idx = { by_gate_closed = {}, by_gate_open = {}, pairs_only = {}, of_bit = {}, any = 0 }
  for gate_name, bit in pairs(GATE) do idx.by_gate_closed[bit], idx.by_gate_open[bit] = {}, {} end
  for i, entry in ipairs(list) do
    local fault = entry_fault(entry)
    if fault then error(fault, 0) end
    local y = {}
    for k, v in pairs(entry) do y[k] = v end
    y.closed = entry.value or entry.closed         -- han closed (the hot paths read y.closed)
    y.bit = 1 << i
    idx.of_bit[y.bit] = y
    if y.needs == "pairs" or (y.when == nil and y.pairs) then
      idx.pairs_only[#idx.pairs_only + 1] = y
    end
    if y.needs ~= "pairs" then
      local gate = GATE[y.when or "any"]
      if not gate then error("yaku '" .. tostring(y.name) .. "': unknown condition '" .. tostring(y.when) .. "'", 0) end
      if gate == GATE.any then idx.any = gate end
      -- the entry in the lists of a closed and of an open hand, with its han there
      local by = idx.by_gate_closed[gate]
      by[#by + 1] = with_han(y, y.closed)
      if y.open then
        by = idx.by_gate_open[gate]
        by[#by + 1] = with_han(y, y.open)
      end
    end
  end
  INDEX[list] = idx
  return idx
end

local IN_USE                           -- the yaku list whose index is in use
local function use_yaku(list)            -- (callers test list ~= IN_USE first)
  local idx = INDEX[list] or index_yaku(list)
  BY_GATE_CLOSED, BY_GATE_OPEN = idx.by_gate_closed, idx.by_gate_open
  PAIRS_ONLY, YAKU_OF_BIT, ANY_GATE = idx.pairs_only, idx.of_bit, idx.any
  IN_USE = list
end
R.yaku = YAKU
use_yaku(YAKU)

-- Helpers for rulesets that extend this one (docs/authoring.md): a yaku list with more
-- entries, or without some. An entry: {id = "...", name = "as the spec names it",
-- value = han closed, open = han or nil (closed only), unit = "han", pairs = true (counts
-- with chiitoitsu), test = function(f, reading) -> true when the hand has it}; `reading` is the standard-form
-- reading being valued (f.readings[i]: pair, sets, wait, win_set), nil for seven pairs.
R.helpers = {}
function R.helpers.yaku_with(list, extra)
  local out = {}
  for i, y in ipairs(list) do out[i] = y end
  for _, y in ipairs(extra) do
    local fault = entry_fault(y)
    if fault then error(fault, 2) end
    out[#out + 1] = y
  end
  return out
end
function R.helpers.yaku_without(list, ...)   -- (by name or id; a name the list lacks is an error)
  local out, err = require("lib.items").drop(list, ...)
  if not out then error(err, 2) end
  return out
end

-- TILE_FACTS[facts] (KIND_FACTS of every kind ANDed: the properties in bits 0-3, the
-- suits held cleared in bits 4-7), with the GATE bits of the yaku conditions they give.
for props = 0, 15 do
  for suits = 0, 15 do
    local honours, s = suits & 8 ~= 0, suits & 7
    local t = { honours = honours, all_honour = s == 0, one_suit = s == 1 or s == 2 or s == 4,
                all_simple = props & P_SIMPLE ~= 0, all_th = props & P_TH ~= 0,
                all_terminal = props & P_TERMINAL ~= 0, all_green = props & P_GREEN ~= 0 }
    t.gates = (t.all_simple and GATE.all_simple or 0) | (t.all_th and GATE.all_th or 0)
      | (t.one_suit and GATE.one_suit or 0)
    t.yakuman_gates = (t.all_honour and YAKUMAN_GATE.all_honour or 0)
      | (t.all_terminal and YAKUMAN_GATE.all_terminal or 0) | (t.all_green and YAKUMAN_GATE.all_green or 0)
    TILE_FACTS[props | (0xF0 ~ suits << 4)] = t
  end
end

---------------------------------------------------------------------------
-- 13. Yakuman, one item shape: id (13.n: the n-th of the spec's table), name, value (1
-- yakuman), unit; forms: which shapes it can hold in; count returns 0, 1 or 2 (a double);
-- when: a condition it needs (YAKUMAN_GATE: of the whole hand, or pungs3: three pons or
-- kongs in the reading). Renhou as a yakuman (option) is the Renhou row of section 12.

local function double_if(f, pattern)
  return (pattern and f.options.double_yakuman) and 2 or 1
end

local ANY = { standard = true, seven_pairs = true, thirteen_orphans = true }
local STD = { standard = true }

local YAKUMAN = {
  { id = "13.1", name = "Kokushi musou", value = 1, unit = "yakuman", when = "kokushi", forms = { thirteen_orphans = true },
    count = function(f) return double_if(f, f.counts[f.win_tile] == 2) end },
  { id = "13.2", name = "Suuankou", value = 1, unit = "yakuman", when = "pungs3", forms = STD,
    count = function(f)
      if C.n_ankou ~= 4 then return 0 end
      return double_if(f, C.reading.wait == "single")
    end },
  { id = "13.3", name = "Daisangen", value = 1, unit = "yakuman", when = "pungs3", forms = STD,
    count = function(f) return C.dragon_pungs == 3 and 1 or 0 end },
  { id = "13.4", name = "Shousuushii", value = 1, unit = "yakuman", when = "pungs3", forms = STD,
    count = function(f) return (C.wind_pungs == 3 and WIND[C.pair]) and 1 or 0 end },
  { id = "13.5", name = "Daisuushii", value = 1, unit = "yakuman", when = "pungs3", forms = STD,
    count = function(f) return C.wind_pungs == 4 and double_if(f, true) or 0 end },
  { id = "13.6", name = "Tsuuiisou", value = 1, unit = "yakuman", when = "all_honour", forms = { standard = true, seven_pairs = true },
    count = function(f) return T.all_honour and 1 or 0 end },
  { id = "13.7", name = "Chinroutou", value = 1, unit = "yakuman", when = "all_terminal", forms = STD,
    count = function(f) return T.all_terminal and 1 or 0 end },
  { id = "13.8", name = "Ryuuiisou", value = 1, unit = "yakuman", when = "all_green", forms = STD,
    count = function(f) return T.all_green and 1 or 0 end },
  { id = "13.9", name = "Chuuren poutou", value = 1, unit = "yakuman", when = "chuuren", forms = STD,
    count = function(f) return H.chuuren and double_if(f, H.chuuren_nine) or 0 end },
  { id = "13.10", name = "Suukantsu", value = 1, unit = "yakuman", when = "pungs3", forms = STD,
    count = function(f) return H.kongs == 4 and 1 or 0 end },
  { id = "13.11", name = "Tenhou", value = 1, unit = "yakuman", when = "first_turn", forms = ANY,
    count = function(f) return (H.first_turn and H.tsumo and H.dealer) and 1 or 0 end },
  { id = "13.12", name = "Chiihou", value = 1, unit = "yakuman", when = "first_turn", forms = ANY,
    count = function(f) return (H.first_turn and H.tsumo and not H.dealer) and 1 or 0 end },
  { id = "12.31", name = "Renhou", value = 1, unit = "yakuman", when = "first_turn", forms = ANY,                                        -- option renhou = yakuman
    count = function(f)
      return (H.first_turn and not H.tsumo and not H.dealer and f.options.renhou == "yakuman")
        and 1 or 0
    end },
}

-- Yakuman count of the reading in C (0 for most hands: H.yakuman_gates and C.pungs3 are
-- the conditions that hold); with items, appends one line per yakuman counted.
local function yakuman_count(f, items)
  local gates = H.yakuman_gates | (C.pungs3 and YAKUMAN_GATE.pungs3 or 0)
  if gates == 0 then return 0 end
  local stacking = f.options.yakuman_stacking
  local total, best, best_y = 0, 0, nil
  local list, form = YAKUMAN_OF_GATES[gates], C.form
  for i = 1, #list do
    local y = list[i]
    if y.forms[form] then
      local n = y.count(f)
      if n > 0 then
        total = total + n
        if n > best then best, best_y = n, y end
        if items and stacking then items[#items + 1] = { name = y.name, value = n, unit = "yakuman" } end
      end
    end
  end
  if stacking then return total end
  if items and best_y then                         -- 13: count one only
    items[#items + 1] = { name = best_y.name, value = best, unit = "yakuman" }
  end
  return best
end

-- YAKUMAN_OF_GATES[gates]: the yakuman (in the spec's order) whose condition is in gates.
for _, y in ipairs(YAKUMAN) do y.gate = assert(YAKUMAN_GATE[y.when], y.name) end
for gates = 1, 127 do
  local list = {}
  for _, y in ipairs(YAKUMAN) do if gates & y.gate ~= 0 then list[#list + 1] = y end end
  YAKUMAN_OF_GATES[gates] = list
end

-- The yaku of the whole hand (needs nil or "flags"), once per hand: han and bit mask of the
-- yaku for the standard form, and for seven pairs.
local bad_answer = (require "lib.items").bad_answer   -- a test answers true, false or nil

local function hand_yaku(f)
  local reading = C.reading
  local han, mask, han7, mask7 = 0, 0, 0, 0
  local gates = T.gates | H.flag_gates | (H.tsumo and GATE.tsumo or 0)
    | (H.three_kongs and GATE.three_kongs or 0)
  while gates ~= 0 do
    local gate = gates & -gates                    -- the lowest bit
    gates = gates ~ gate
    local list = BY_GATE[gate]
    for k = 1, #list do
      local y = list[k]
      local v = y.test(f, reading)
      if v then
        if v ~= true then bad_answer(y, v) end
        local value = y.han
        han, mask = han + value, mask | y.bit
        if y.pairs then han7, mask7 = han7 + value, mask7 | y.bit end
      end
    end
  end
  H.yaku_han, H.yaku_mask, H.pairs_han, H.pairs_mask = han, mask, han7, mask7
end

-- Adds the han and bits of the yaku of the reading in C whose condition is in gates.
local function add_yaku(f, gates, han, mask)
  local reading = C.reading
  while gates ~= 0 do
    local gate = gates & -gates
    gates = gates ~ gate
    local list = BY_GATE[gate]
    for k = 1, #list do
      local y = list[k]
      local v = y.test(f, reading)
      if v then
        if v ~= true then bad_answer(y, v) end
        han, mask = han + y.han, mask | y.bit
      end
    end
  end
  return han, mask
end

-- Han of all yaku of the reading in C (without dora), and their bit mask.
local function reading_yaku(f)
  if C.form == "seven_pairs" then
    local han, mask = H.pairs_han, H.pairs_mask
    for k = 1, #PAIRS_ONLY do
      local y = PAIRS_ONLY[k]
      local value = H.closed and y.closed or y.open
      local v = value and y.test(f, nil)
      if v then
        if v ~= true then bad_answer(y, v) end
        han, mask = han + value, mask | y.bit
      end
    end
    return han, mask
  end
  return add_yaku(f, C.gates, H.yaku_han, H.yaku_mask)
end

-- Appends one line per yaku in mask, in the spec's order.
local function yaku_items(items, mask)
  local closed = H.closed
  while mask ~= 0 do
    local bit = mask & -mask                       -- the lowest bit: the earliest yaku
    mask = mask ~ bit
    local y = YAKU_OF_BIT[bit]
    items[#items + 1] = { name = y.name, value = closed and y.closed or y.open, unit = "han" }
  end
end

---------------------------------------------------------------------------
-- 15. Fu of the reading in C; with items, appends the fu lines.

local function fu_line(items, name, value)
  items[#items + 1] = { name = name, value = value, unit = "fu" }
end

-- The set lines of the explanation go in tile order (m, p, s, z), whatever the reading's order.
local function sort_set_lines(items, from)
  for i = from + 1, #items do
    local line, j = items[i], i - 1
    while j >= from and LINE_ORDER[items[j].name] > LINE_ORDER[line.name] do
      items[j + 1] = items[j]; j = j - 1
    end
    items[j + 1] = line
  end
end

-- (Without items, only the total: the lines are written only for the reading explained.)
local function count_fu(f, items)
  if C.form == "seven_pairs" then
    if items then fu_line(items, "Chiitoitsu", 25) end
    return 25
  end
  local opts, tsumo = f.options, H.tsumo
  if items then fu_line(items, "Base", 20) end
  if C.pinfu and tsumo and not opts.pinfu_tsumo_fu then return 20 end  -- pinfu tsumo
  local fu = 20
  if H.closed and not tsumo then
    fu = fu + 10
    if items then fu_line(items, "Menzen kafu", 10) end
  end
  if tsumo then
    fu = fu + 2
    if items then fu_line(items, "Tsumo", 2) end
  end
  local reading, n_pung = C.reading, C.n_pung
  local sets = reading.sets
  local first_set_line = items and #items + 1
  for i = 1, n_pung > 0 and #sets or 0 do           -- (only pons and kongs have fu)
    local s = sets[i]
    local type = s.type
    if type ~= "chow" then
      local t = s.tile
      local closed = s.concealed and not (not tsumo and reading.win_set == i and type == "pung")
      local kind, v
      if type == "kong" then
        kind, v = closed and "Closed kong" or "Open kong", closed and 16 or 8
      else
        kind, v = closed and "Closed pon" or "Open pon", closed and 4 or 2
      end
      if TH[t] then v = v * 2 end
      fu = fu + v
      if items then fu_line(items, SET_NAME[kind][t], v) end
    end
  end
  if items and n_pung > 1 then sort_set_lines(items, first_set_line) end
  local p = reading.pair
  local name, v                          -- the pair's line
  if DRAGON[p] then name, v = "Dragon pair", 2 end
  local seat_w, round_w = p == H.seat_wind, p == H.round_wind
  if seat_w and round_w then name, v = "Double wind pair", opts.double_wind_pair_fu
  elseif seat_w then name, v = "Seat wind pair", 2
  elseif round_w then name, v = "Round wind pair", 2 end
  if name then
    fu = fu + v
    if items then fu_line(items, name, v) end
  end
  local w = reading.wait
  name = nil
  if w == "closed" then name = "Kanchan wait"
  elseif w == "edge" then name = "Penchan wait"
  elseif w == "single" then name = "Tanki wait" end
  if name then
    fu = fu + 2
    if items then fu_line(items, name, 2) end
  end
  if fu == 20 and not H.closed and not tsumo and opts.open_pinfu_30 then
    fu = 30
    if items then fu_line(items, "Open pinfu", 10) end
  end
  local rounded = -((-fu) // 10) * 10
  if items and rounded > fu then fu_line(items, "Rounding", rounded - fu) end
  return rounded
end

---------------------------------------------------------------------------
-- 14. Dora, ura-dora and red fives: the same for every reading.

-- How many tiles of kind t the hand holds, concealed and melded: f.all_counts[t] or 0
-- (a kong counts 4), read off f.counts and the melds' tiles (all_counts is not made).
local function held(f, t)
  local n, melds = f.counts[t] or 0, f.melds
  for i = 1, #melds do
    local ts = melds[i].tiles
    for j = 1, #ts do if ts[j] == t then n = n + 1 end end
  end
  return n
end

-- A ruleset that extends this one may give its own indicator -> dora table (rules.dora_of,
-- sanma: 1m -> 9m) and tiles set aside that count as dora (f.aside = {tile = n}, sanma's
-- kita: one dora each, and more under indicators of that tile like a held one).
-- indicators[1..last] are read (last: all of them when nil).
local function count_dora(f, indicators, aside, last)
  if not indicators[1] then return 0 end
  local n, held_kinds, dora_of = 0, H.kinds, f.rules.dora_of or DORA_OF
  for i = 1, last or #indicators do
    local d = dora_of[indicators[i]]
    if aside then n = n + (aside[d] or 0) end
    local bit = KIND_BIT[d]
    if bit and held_kinds & bit ~= 0 then  -- (a kind the hand lacks: none held)
      local counts, melds = f.counts, f.melds
      n = n + (counts[d] or 0)
      for j = 1, #melds do               -- and the melded ones: held(f, d) in one pass
        local ts = melds[j].tiles
        for k = 1, #ts do if ts[k] == d then n = n + 1 end end
      end
    end
  end
  return n
end

local function dora_han(f)
  local aside, opts = f.aside, f.options     -- (aside: read once, most facts lack it)
  local dora = count_dora(f, f.dora, aside)
  if aside then for _, n in pairs(aside) do dora = dora + n end end
  local ura = 0
  if H.riichi then                                  -- 14.3: riichi winners only
    ura = count_dora(f, f.ura, aside, not opts.kan_ura and 1 or nil)   -- kan_ura: all, else the first
  end
  local red = opts.red_fives > 0 and f.reds or 0
  return dora, ura, red
end

---------------------------------------------------------------------------
-- 16. Basic points and limits.

-- Basic points of han and fu, or of a yakuman count (han nil); and the limit name (or nil).
local function basic_points(han, fu, yakuman, opts)
  if not han then return 8000 * yakuman, "Yakuman" end
  if han <= 4 then
    local basic = fu * (1 << (2 + han))
    if basic > 2000 then return 2000, "Mangan" end
    if opts.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)) then
      return 2000, "Mangan"                                      -- 16.3 kiriage mangan
    end
    return basic, nil
  elseif han >= 13 then
    if opts.kazoe == "yakuman" then return 8000, "Yakuman" end   -- kazoe yakuman (13)
    return 6000, "Sanbaiman"
  elseif han >= 11 then return 6000, "Sanbaiman"
  elseif han >= 8 then return 4000, "Baiman"
  elseif han >= 6 then return 3000, "Haneman" end
  return 2000, "Mangan"                                          -- 5 han
end

-- 17.1-2: what the winner receives in all, before honba and deposits.
local function hand_payment(basic, dealer, tsumo)
  if not tsumo then return ceil100((dealer and 6 or 4) * basic) end
  if dealer then return 3 * ceil100(2 * basic) end
  return ceil100(2 * basic) + 2 * ceil100(basic)
end

---------------------------------------------------------------------------
-- Situation checks: a situation that cannot hold is refused (nil, reason).

local next = next

local function check_situation(f)
  local fl = f.flags
  local flag_gates = 0                   -- (the conditions of the flags' yaku, for hand_yaku)
  local known = f.rules.flag_set or FLAG_KNOWN
  for name in next, fl do
    if not known[name] then return "unknown flag '" .. tostring(name) .. "'" end
    flag_gates = flag_gates | (GATE[name] or 0)
  end
  H.flag_gates = flag_gates
  local seat, win_by, win_tile = f.seat, f.win_by, f.win_tile
  if not SEAT_INDEX[seat] then return "bad seat" end
  if not SEAT_INDEX[f.round] then return "bad round wind" end
  if win_by ~= "self" and win_by ~= "discard" then return "win_by must be 'self' or 'discard'" end
  if not SUIT[win_tile] then return "bad winning tile" end
  if not f.counts[win_tile] then return "winning tile " .. win_tile .. " is not in the hand" end
  if #f.bonus > 0 then return "no bonus tiles in Japanese mahjong" end
  local from = f.from
  if win_by == "discard" then
    if not SEAT_INDEX[from] then return "a win by discard needs 'from'" end
    if from == seat then return "'from' is the winner's own seat" end
  elseif from ~= nil and from ~= seat then
    return "a self-drawn win has no 'from'"
  end
  if flag_gates ~= 0 then                -- the flags' own conditions
    local riichi = fl.riichi or fl.double_riichi
    if riichi and not f.concealed then return "riichi with an open hand" end
    if fl.ippatsu and not riichi then return "ippatsu without riichi" end
    if fl.ippatsu and fl.kong_replacement and not f.aside_replacement then           -- 7.5
      return "ippatsu after a kong"      -- (after a tile set aside, the variant decides)
    end
    if fl.kong_replacement then
      if win_by ~= "self" then return "kong_replacement needs win_by 'self'" end
      local kong = false                  -- (a promoted kong keeps the place of its pon)
      for i = 1, #f.melds do kong = kong or f.melds[i].type == "kong" end
      if not kong and not f.aside_replacement then return "kong_replacement without a kong" end
      if fl.last_tile then return "a replacement tile is never the last tile" end    -- 5.7
    end
    if fl.robbing_kong then
      if win_by ~= "discard" then return "robbing_kong needs win_by 'discard'" end
      if (f.all_counts[win_tile] or 0) ~= 1 then
        return "robbing_kong: the other three " .. win_tile .. " are in the robbed pon"
      end
      if fl.last_tile then return "robbing_kong on the last tile" end
    end
    if fl.first_turn then
      if #f.melds > 0 then return "first_turn with a meld" end
      if riichi then return "first_turn with riichi" end
      if win_by == "discard" and seat == "E" then return "first_turn: the dealer cannot ron" end
    end
  end
  local red_fives = f.options.red_fives
  if f.reds > red_fives then
    return f.reds .. " red fives in the hand but option red_fives = " .. red_fives
  end
  return nil
end

---------------------------------------------------------------------------
-- score(f): 11, 18.

-- Value of the reading in C: payment, yakuman count, han (with dora), fu, yaku mask;
-- nil if no yaku.
-- alone: the only reading (nothing to compare): no payment (0), and fu nil (counted with the
-- explanation); its yakuman lines, if any, go straight to items (when given).
local function evaluate(f, dora_total, alone, items)
  local yakuman = (H.yakuman_gates ~= 0 or C.pungs3) and yakuman_count(f, items) or 0
  if yakuman > 0 then
    if alone then return 0, yakuman, 0, 0, 0 end
    return hand_payment(8000 * yakuman, H.dealer, H.tsumo), yakuman, 0, 0, 0
  end
  local han, mask = H.yaku_han, H.yaku_mask
  if C.form ~= "standard" then han, mask = reading_yaku(f)
  elseif C.gates ~= 0 then han, mask = add_yaku(f, C.gates, han, mask) end
  if han == 0 then return nil end                    -- 8.2: dora do not count
  han = han + dora_total
  if alone then return 0, 0, han, nil, mask end
  local fu = count_fu(f, nil)
  local basic = basic_points(han, fu, 0, f.options)
  return hand_payment(basic, H.dealer, H.tsumo), 0, han, fu, mask
end

-- 18.3: true when candidate a beats b (payment, then yakuman over kazoe, han, fu).
local function better(pa, ya, ha, fa, pb, yb, hb, fb)
  if pa ~= pb then return pa > pb end
  if ya ~= yb then return ya > yb end
  if ha ~= hb then return ha > hb end
  return fa > fb
end

function R.score(f)
  local list = f.rules.yaku or YAKU
  if list ~= IN_USE then use_yaku(list) end
  local bad = check_situation(f)
  if bad then return nil, bad end
  -- (seven pairs are 14 concealed tiles: a hand with a meld has none, f.seven_pairs unread)
  local readings, sevens, orphans = f.readings, #f.melds == 0 and f.seven_pairs, f.thirteen_orphans
  analyse_hand(f, sevens, orphans)
  hand_yaku(f)
  local dora, ura, red = dora_han(f)
  local dora_total = dora + ura + red

  -- 18: every reading of every form; keep the one that pays most.
  local best_pay, best_y, best_h, best_f, best_mask, best_form, best_reading = -1, 0, 0, 0, 0, nil, nil
  local best_is_last = false             -- C still holds the best reading
  local n = #readings
  local candidates = n + (sevens and 1 or 0) + (orphans and 1 or 0)
  local alone = candidates == 1
  local items = { nil, nil, nil, nil, nil, nil, nil, nil }   -- (room for 8 lines: no regrowing)
  for i = 1, candidates do
    local form, reading = "standard", readings[i]
    if i > n then form = (i == n + 1 and sevens) and "seven_pairs" or "thirteen_orphans" end
    if C.reading ~= reading or C.form ~= form then              -- (C holds reading 1 already)
      if best_is_last then C, SPARE = SPARE, C end              -- keep the best one aside
      setup(f, form, reading)
    end
    local pay, y, h, fu, mask = evaluate(f, dora_total, alone, alone and items)
    best_is_last = pay and (alone or better(pay, y, h, fu, best_pay, best_y, best_h, best_f))
    if best_is_last then
      best_pay, best_y, best_h, best_f, best_mask = pay, y, h, fu, mask
      best_form, best_reading = form, reading
    end
  end

  if not best_form then
    if n == 0 and not sevens and not orphans then
      return { wins = false, reason = "not a complete hand" }
    end
    return { wins = false, reason = "no yaku" }
  end

  -- Explain the chosen reading.
  if not best_is_last then C, SPARE = SPARE, C end             -- the best reading, set aside
  if best_y > 0 then
    if not alone then yakuman_count(f, items) end          -- (alone: written by evaluate)
    return { wins = true, value = { yakuman = best_y }, items = items, limit = "Yakuman" }
  end
  yaku_items(items, best_mask)
  if dora > 0 then items[#items + 1] = { name = "Dora", value = dora, unit = "han" } end
  if ura > 0 then items[#items + 1] = { name = "Ura-dora", value = ura, unit = "han" } end
  if red > 0 then items[#items + 1] = { name = "Red fives", value = red, unit = "han" } end
  best_f = count_fu(f, items)
  local value = { han = best_h, fu = best_f }
  local _, limit = basic_points(best_h, best_f, 0, f.options)
  if best_h >= 13 and f.options.kazoe == "yakuman" then value.yakuman = 1 end  -- kazoe (13)
  return { wins = true, value = value, items = items, limit = limit }
end

-- 8.2: does the hand win (a complete shape with a yaku or yakuman; dora do not count)?
-- The answer of score(f).wins, found without choosing or explaining a reading: true, or
-- false and score's reason; nil and the reason when the situation cannot hold.
function R.has_yaku(f)
  local list = f.rules.yaku or YAKU
  if list ~= IN_USE then use_yaku(list) end
  local bad = check_situation(f)
  if bad then return nil, bad end
  -- (seven pairs are 14 concealed tiles: a hand with a meld has none, f.seven_pairs unread)
  local readings, sevens, orphans = f.readings, #f.melds == 0 and f.seven_pairs, f.thirteen_orphans
  analyse_hand(f, sevens, orphans)
  hand_yaku(f)
  local n = #readings
  local candidates = n + (sevens and 1 or 0) + (orphans and 1 or 0)
  if candidates == 0 then return false, "not a complete hand" end
  for i = 1, candidates do
    local form, reading = "standard", readings[i]
    if i > n then form = (i == n + 1 and sevens) and "seven_pairs" or "thirteen_orphans" end
    if C.reading ~= reading or C.form ~= form then setup(f, form, reading) end
    if evaluate(f, 0, true) then return true end
  end
  return false, "no yaku"
end

---------------------------------------------------------------------------
-- settle(f, result): 17. Net change of each seat.

-- 17.5: with several ron winners on one discard (extra situation field "winners", the list
-- of all winning seats), honba and deposits go to the winner nearest the discarder only.
local function takes_honba(f)
  local winners = f.situation and f.situation.winners
  if f.win_by ~= "discard" or type(winners) ~= "table" or f.options.honba_multiple_ron == "each" then
    return true
  end
  local seat = f.from
  for _ = 1, 3 do
    seat = SEATS[SEAT_INDEX[seat] % 4 + 1]
    for i = 1, #winners do
      if winners[i] == seat then return seat == f.seat end
    end
  end
  return true
end

-- 17.6: the seat liable for a yakuman, and how many yakuman it is liable for. The liable player discarded
-- the tile called (pon or open kong) to complete the third dragon / fourth wind set, or (option
-- pao_suukantsu) the tile of the fourth kong.
local function liable_seat(f, result)
  local opts = f.options
  local has = {}
  for _, item in ipairs(result.items) do if item.unit == "yakuman" then has[item.name] = item.value end end
  local dragons, winds, kongs = 0, 0, 0
  for _, m in ipairs(f.melds) do
    if m.type ~= "chow" then
      local called = m.from ~= nil and not m.concealed   -- a promoted kong: its pon was the call
      if DRAGON[m.tile] then
        dragons = dragons + 1
        if dragons == 3 and called and opts.pao and has["Daisangen"] then
          return m.from, has["Daisangen"]
        end
      elseif WIND[m.tile] then
        winds = winds + 1
        if winds == 4 and called and opts.pao and has["Daisuushii"] then
          return m.from, has["Daisuushii"]
        end
      end
      if m.type == "kong" then
        kongs = kongs + 1
        if kongs == 4 and m.kong == "exposed" and m.from and opts.pao_suukantsu and has["Suukantsu"] then
          return m.from, has["Suukantsu"]
        end
      end
    end
  end
  return nil
end

-- Remembers how the deal of a game ended, for next_deal (several winners: merged).
local NOT_TH_BITS = 0              -- the simples as kind bits (seat_summary's discarded)
for t, simple in pairs(SIMPLE) do if simple then NOT_TH_BITS = NOT_TH_BITS | 1 << jong.kind(t) end end

-- The outcome kept for the deal under way (made with room for every field it gets).
local function deal_outcome(g, deal)
  local o = g.japanese_outcome
  if not o or o.deal ~= deal then
    o = { deal = deal, win = nil, dealer_won = nil, win_event = nil, winners = nil, draw = nil, dealer_keeps = nil }
    g.japanese_outcome = o
  end
  return o
end

local function record_outcome(g, outcome)
  local o = deal_outcome(g, g.core:brief("deal"))
  for k, v in pairs(outcome) do o[k] = v end
  return o
end

-- A win in a game: remember it for next_deal, and list the winners of this discard settled
-- so far (nearest first) as the situation's `winners` (17.5).
local function note_game_win(game, f)
  local core = game.core
  local events = core:version()          -- the same for every winner of one discard
  local o = deal_outcome(game, core:brief("deal"))
  o.win = true
  if f.seat == "E" then o.dealer_won = true end
  if o.win_event ~= events then o.win_event, o.winners = events, {} end
  local winners, listed = o.winners, false
  for i = 1, #winners do listed = listed or winners[i] == f.seat end
  if not listed then winners[#winners + 1] = f.seat end
  if f.situation.winners == nil then f.situation.winners = o.winners end
end

local move = (require "lib.payments").move     -- move(pay, from, to, amount)
local ranked = (require "lib.payments").ranked -- ranked(points): players first to last

function R.settle(f, result)
  local situation = f.situation
  local game = situation and situation.game
  if game then note_game_win(game, f) end
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  local winner, dealer, value = f.seat, f.seat == "E", result.value
  local basic = basic_points(value.han, value.fu, value.yakuman, f.options)
  local honba, deposits = f.honba or 0, f.deposits or 0
  if situation and situation.winners and not takes_honba(f) then honba, deposits = 0, 0 end
  local liable, share
  if value.yakuman and not value.han and #f.melds >= 3 then    -- (3 dragon / 4 wind melds, 4 kongs)
    liable, share = liable_seat(f, result)
  end
  if liable == winner then liable = nil end
  if liable and f.options.pao_stacked == "whole_hand" then share = value.yakuman end
  local limit_ron = dealer and 48000 or 32000               -- one yakuman paid by one player
  if f.win_by == "discard" then
    local total = -((-(dealer and 6 or 4) * basic) // 100) * 100    -- ceil100 (17.1)
    if liable and liable ~= f.from then                   -- 17.6: ron by a third player
      local half = limit_ron * share // 2
      move(pay, liable, winner, half)
      move(pay, f.from, winner, total - half + 300 * honba)
    else
      local from, amount = f.from, total + 300 * honba
      pay[from], pay[winner] = pay[from] - amount, pay[winner] + amount
    end
  else
    if liable then                                        -- 17.6: tsumo, liable pays his share
      move(pay, liable, winner, limit_ron * share + 300 * honba)
      basic, honba = basic - 8000 * share, 0
    end
    if basic > 0 then
      local got = 0
      for i = 1, 4 do
        local seat = SEATS[i]
        if seat ~= winner then
          local part = (dealer or seat == "E") and 2 * basic or basic
          local amount = -((-part) // 100) * 100 + 100 * honba      -- ceil100(part) + honba
          pay[seat], got = pay[seat] - amount, got + amount
        end
      end
      pay[winner] = pay[winner] + got
    end
  end
  local stick = (f.rules or R).riichi_deposit              -- (a child's stake: its own field)
  pay[winner] = pay[winner] + stick * deposits             -- 17.4
  local void = situation and situation.riichi_void          -- 7.2 (a game: see R.situation)
  if void then pay[void] = pay[void] + stick end
  return pay
end

---------------------------------------------------------------------------
-- Play rules as plain functions of plain tables (tested in test_play.lua); the engine
-- hooks further down read the game and call them.

local DEFAULTS = {}
for name, o in pairs(R.options) do DEFAULTS[name] = o.default end

-- 9.3-9.5, 4.4: an exhaustive draw. d = {tenpai = {S = true, ...}, nagashi = {W = true} or nil,
-- honba = n, deposits = n, options = resolved options or nil}. East is the dealer.
-- Returns {payments = {E=,S=,W=,N=}, dealer_keeps = bool, honba = next honba, deposits = n}.
-- (exhaustive_draw's payments and whether the dealer keeps the deal, without its tables:
-- settle_draw's)
local noten_payments, dealer_keeps
local function draw_payments(tenpai, nagashi, honba, opts, noten_total)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  nagashi = opts.nagashi_mangan and nagashi and next(nagashi) and nagashi
  if nagashi then                                  -- 9.5: a mangan paid like a tsumo, honba included
    local per_honba = opts.nagashi_honba and 100 or 0
    for winner in pairs(nagashi) do
      for i = 1, 4 do
        local seat = SEATS[i]
        if seat ~= winner then
          local amount = ((winner == "E" or seat == "E") and 4000 or 2000) + per_honba * honba
          pay[seat], pay[winner] = pay[seat] - amount, pay[winner] + amount
        end
      end
    end
  else                                             -- 9.3: 3,000 from the noten to the tenpai players
    noten_payments(pay, SEATS, tenpai, noten_total)
  end
  return pay, dealer_keeps(tenpai, opts)
end

function R.exhaustive_draw(d)
  local honba = d.honba or 0
  local pay, keeps = draw_payments(d.tenpai or {}, d.nagashi, honba, d.options or DEFAULTS, R.noten_total)
  return { payments = pay, dealer_keeps = keeps, honba = honba + 1, deposits = d.deposits or 0 }
end

-- 4.3, 4.4: after a hand. s = {round = "E"/"S", dealer = 1-4 (which dealer of the round),
-- honba = n, outcome = "win"/"draw"/"abort", dealer_won = bool, dealer_keeps = bool (a draw,
-- from exhaustive_draw), points = {25000, ...} (optional, for tobi), options}.
-- Returns {round =, dealer =, honba =, ended = bool, keep = bool (the dealer keeps the deal)}.
-- 4.4 (10: an aborted hand keeps the deal): whether the dealer keeps the deal, the honba
-- of the next hand, and its round and dealer (1..players); next_round[w] is the round
-- after w. Shared with three-player children (sanma).
-- 9.3: at an exhaustive draw the noten players pay total to the tenpai players, shared
-- equally on each side (nothing moves when all or none are tenpai); into pay[seat].
function noten_payments(pay, seats, tenpai, total)
  local n, nseats = 0, #seats
  for i = 1, nseats do if tenpai[seats[i]] then n = n + 1 end end
  if n > 0 and n < nseats then
    for i = 1, nseats do
      local seat = seats[i]
      pay[seat] = tenpai[seat] and total // n or -(total // (nseats - n))
    end
  end
end
R.helpers.noten_payments = noten_payments

-- 4.4, option draw_renchan: whether the dealer keeps the deal after an exhaustive draw.
function dealer_keeps(tenpai, opts)
  if opts.draw_renchan == "always_pass" then return false end
  if opts.draw_renchan == "always_keep" then return true end
  return tenpai.E == true
end
R.helpers.dealer_keeps = dealer_keeps

-- (next_hand of the fields of s as values)
local function next_hand(outcome, dealer_won, keeps, s_honba, s_round, s_dealer, players, next_round)
  local keep, honba
  if outcome == "win" then
    keep = dealer_won and true or false
    honba = keep and s_honba + 1 or 0
  elseif outcome == "draw" then
    keep, honba = keeps and true or false, s_honba + 1
  else
    keep, honba = true, s_honba + 1
  end
  local round, dealer = s_round, s_dealer
  if not keep then
    dealer = dealer + 1
    if dealer > players then dealer, round = 1, next_round[round] end
  end
  return keep, honba, round, dealer
end

function R.helpers.next_hand(s, players, next_round)
  local outcome = s.outcome
  return next_hand(outcome, outcome == "win" and s.dealer_won, outcome == "draw" and s.dealer_keeps, s.honba,
                   s.round, s.dealer, players, next_round)
end

local NEXT_ROUND = { E = "S", S = "W", W = "N", N = "E" }

-- (R.rotation of the fields of s as values: next_deal's and settle_draw's, without tables)
local max = math.max
local function rotation(s_round, s_dealer, s_honba, outcome, dealer_won, keeps, points, opts, target)
  opts, target = opts or DEFAULTS, target or R.west_target
  local keep, honba, round, dealer = next_hand(outcome, dealer_won, keeps, s_honba, s_round, s_dealer, 4, NEXT_ROUND)
  local last_round = opts.match_length == "tonpuusen" and "E" or "S"
  local ended = SEAT_INDEX[round] > SEAT_INDEX[last_round]
  local top = 0
  if points then for _, p in pairs(points) do top = max(top, p) end end
  -- 4.6 west_extension (Tenhou, the spec names no details): when the last round ends with
  -- nobody at 30,000 the next wind is played, sudden death: it ends after any hand that
  -- passes the deal leaving somebody at 30,000 or more, and at the end of that round. A
  -- hand whose dealer keeps the deal ends it only as agari-yame or tenpai-yame below (as
  -- the sanma records show, sanma.md 4.6; a four-player record of 2022 plays on after a
  -- South 1 draw of a tonpuusen that left a non-dealer at 30,800).
  local final = s_round == last_round and s_dealer == 4       -- the last scheduled hand
  local extra = SEAT_INDEX[s_round] > SEAT_INDEX[last_round]  -- a hand of the extension
  if opts.west_extension and points then
    if extra then
      ended = not keep and (top >= target or SEAT_INDEX[round] > SEAT_INDEX[s_round])
    elseif ended and top < target then
      ended = false
    end
  end
  -- 4.6 agari_yame: the dealer of the match's last hand who wins it while first in points
  -- (ties go to the earlier player of the first deal) ends the match there; tenpai_yame:
  -- the same when he keeps the deal tenpai at an exhaustive draw. With west_extension
  -- every hand of the extension is a last hand, and only a dealer at the target or more
  -- ends it (Tenhou's records of 2022: 222 of 222 such wins and draws end the match, and
  -- 9 of 9 where the first dealer is below 30,000 play on).
  local yame = outcome == "win" and opts.agari_yame or outcome == "draw" and opts.tenpai_yame
  if yame and opts.west_extension and top < target then yame = false end
  if yame and keep and points and (final or extra and (s_dealer == 4 or opts.west_extension)) then
    local first, mine = true, points[1]
    for i = 2, #points do
      local p = points[i]
      if p > mine or p == mine and (s_dealer + i - 2) % 4 + 1 < s_dealer then first = false end
    end
    if first then ended = true end
  end
  if opts.tobi and points then
    for _, p in pairs(points) do if p < 0 then ended = true end end
  end
  return round, dealer, honba, ended, keep
end

function R.rotation(s)
  local round, dealer, honba, ended, keep = rotation(s.round, s.dealer, s.honba, s.outcome, s.dealer_won,
    s.dealer_keeps, s.points, s.options)
  return { round = round, dealer = dealer, honba = honba, ended = ended, keep = keep }
end

-- 4.6: the final ranking. points = the players' points in the order of the first deal's
-- seats (1 = the first dealer); the ranking is by points, ties to the earlier seat; uma
-- (option, thousands of points by rank) is added: {{player = 1-4, points =, rank =, uma =,
-- total =}, ...} first to last.
function R.final_ranking(points, opts)
  opts = opts or DEFAULTS
  local out = ranked(points)
  for rank, r in ipairs(out) do
    r.rank, r.uma = rank, (opts.uma or {})[rank] or 0
    r.total = r.points + 1000 * r.uma
  end
  return out
end

-- 8.3: furiten, the one rule (play's may_win and R.is_furiten): a wait among the player's
-- own discards (wait_bits, discarded_bits: kinds as bits, KIND_BIT), a winning tile let
-- pass since his last discard (missed), or, after riichi, since the riichi discard
-- (riichi_missed: a boolean, or a function asked with the arguments after it only when
-- nothing before has made the player furiten).
local function furiten_rule(wait_bits, discarded_bits, missed, riichi_missed, ...)
  if wait_bits & discarded_bits ~= 0 or missed then return true end
  if type(riichi_missed) == "function" then return riichi_missed(...) and true or false end
  return riichi_missed and true or false
end

-- 8.3: furiten. waits = list of the player's winning tile kinds (with or without yaku);
-- own_discards = set of kinds he discarded this hand (called ones included);
-- missed = he let a winning tile pass since his last discard; riichi_missed = after riichi.
function R.is_furiten(waits, own_discards, missed, riichi_missed)
  local wait_bits, discarded_bits = 0, 0
  for i = 1, #waits do
    local bit = KIND_BIT[waits[i]] or 0
    wait_bits = wait_bits | bit
    if own_discards[waits[i]] then discarded_bits = discarded_bits | bit end
  end
  return furiten_rule(wait_bits, discarded_bits, missed, riichi_missed)
end

---------------------------------------------------------------------------
-- Engine hooks (docs/hooks.md, "Play hooks"): each gets the game g. They read the state
-- with state(g): g.core:state() itself, because g:state()'s cache can still show the
-- previous phase while a claim window is being opened; hooks called on every win or deal
-- read only what they need (g.core:brief, seat_summary, seat, dora, ura).

local RIICHI, DOUBLE_RIICHI = 1, 2       -- seat flags set by the riichi declaration (7)

local function state(g) return g.core:state() end
local analysis, kind_of, tiles_of = jong.analysis, jong.kind_of, jong.tiles  -- looked up once
local hand_facts = jong.hand_facts
R.extras = { "riichi", "kyuushu" }

-- Engine settings that depend on options (5, 6); r: the ruleset in play (a child's stake).
function R.configure(o, r)
  local stake = (r or R).riichi_deposit
  local skip = {}                                               -- 10: the abortive draws are options
  if not o.abort_kyuushu then skip[#skip + 1] = "actions" end
  if not (o.abort_suufon or o.abort_suucha_riichi or o.abort_suukaikan) then skip[#skip + 1] = "check_abort" end
  return {
    multi_win = o.multiple_ron == "head_bump" and "nearest" or o.multiple_ron,   -- 6.3
    rob_promoted = true,                                        -- 6.8
    rob_concealed_thirteen = o.rob_ankan_kokushi,               -- 6.7
    kong_after_claim = true,                                    -- 6.4
    max_kongs = R.max_kongs,                                    -- 5.5
    last_discard = o.call_on_last_discard == "allowed" and "any" or "win_only",  -- 6.6
    kong_source = "loose",                                      -- 5.4
    dora_first = 4, dora_step = 2,       -- 5.2: dead index 0-3 replacement tiles, then D0 U0 D1 U1 ...
    kong_dora_after_discard = o.kan_dora_timing == "after_discard",   -- 5.6
    rounds = o.match_length == "tonpuusen" and 1 or 2,          -- 4.3
    -- 7.1, 7.2, 7.4: riichi with a discard that leaves the closed hand tenpai; double
    -- riichi with the first discard before any call
    declarations = { { name = "riichi", closed = true, min_wall = o.riichi_min_wall,
                       min_points = o.riichi_needs_1000 and stake or nil,
                       deposit = stake, flags = RIICHI, first_flags = DOUBLE_RIICHI,
                       unless_flags = RIICHI } },
    lock_flags = RIICHI,                                        -- 7.3: after riichi only the drawn tile goes
    claim_lock_flags = RIICHI,                                  -- 7.3: and no call but ron
    kuikae = o.kuikae == "forbidden",                           -- 6.5 (may_claim says why a discard is refused)
    no_kong_on_last_tile = o.kan_on_last_tile == "forbidden",   -- 5.4
    ask = { "win", "kong_concealed" },                          -- 8.2, 8.3; 7.3 the kong after riichi
    skip_hooks = skip,
  }
end

local function any_meld(st)              -- a call or kong (or a set-aside that counts as one) this deal
  return st.any_call
end

local function closed_hand(hand)         -- no meld but concealed kongs: every meld of the notation "[...]c"
  local at = hand:find("]", 1, true)
  while at do
    if hand:byte(at + 1) ~= 99 then return false end   -- "c"
    at = hand:find("]", at + 1, true)
  end
  return true
end

local function with_melds(concealed, me)
  if #me.melds == 0 then return concealed end
  return concealed .. " " .. table.concat(me.melds, " ")
end

-- The seat's hand less one tile, in notation.
local function hand_without(me, tile)
  local tiles = jong.tiles(me.concealed)
  for i = 1, #tiles do
    if tiles[i] == tile then table.remove(tiles, i); break end
  end
  return with_melds(table.concat(tiles), me)
end

-- 9.2: tenpai at a draw: one tile completes the hand, and not only with tiles all four of
-- which the player holds (g:waits leaves those out). With option tenpai_melded_fourth
-- (Tenhou: a real record pays tenpai to a wait on 6p beside a concealed kong of 6p), only
-- four in the concealed tiles are left out: the waits of the concealed tiles' shape.
-- With option tenpai_needs_yaku, a self-drawn win on one of the waits must have a yaku.
local function tenpai_waits(g, seat, me)
  local waits = g.core:waits(seat)
  if #waits > 0 or not g.options.tenpai_melded_fourth or #me.melds == 0 then return waits end
  local a = jong.analysis(with_melds(me.concealed, me), nil, nil, true, g.rules.absent_tiles)
  return a and a.waits or waits
end

local function is_tenpai(g, seat)
  if not g.options.tenpai_needs_yaku and not g.options.tenpai_melded_fourth then
    return g.core:wait_mask(seat) ~= 0
  end
  local me = g.core:seat(seat)
  local waits = tenpai_waits(g, seat, me)
  if #waits == 0 then return false end
  if not g.options.tenpai_needs_yaku then return true end
  for _, w in ipairs(waits) do
    local win = { seat = seat, tile = w, how = "self", hand = with_melds(me.concealed .. w, me) }
    local f = jong.facts(g:situation(win, false))
    local result = f and R.score(f)
    if result and result.wins then return true end
  end
  return false
end

-- 10: kyuushu kyuuhai, on the first turn before any call (riichi, 7.1, is a declaration
-- the engine offers: see configure).
function R.actions(g, seat)
  local core = g.core   -- (the engine's reading methods: not the whole state)
  if core:seat_summary(seat, "discards") > 0 then return {} end
  local phase, turn, any_call = core:brief("phase", "turn", "any_call")
  if phase ~= "turn" or turn ~= seat or any_call then return {} end
  local kinds, seen = 0, {}
  for _, t in ipairs(jong.tiles(core:seat(seat).concealed)) do
    if TH[t] and not seen[t] then seen[t], kinds = true, kinds + 1 end
  end
  if kinds >= 9 then return { { type = "kyuushu" } } end
  return {}
end

-- 10: kyuushu ends the deal as an abortive draw.
function R.apply_action(g, action)
  return { abort = action.type == "kyuushu" }
end

-- 7.3: after riichi, a concealed kong of the drawn tile only when the waits stay the same.
local function riichi_kong_allowed(g, st, me, tile)
  if g.options.riichi_ankan == "forbidden" then return false, "riichi: no kong" end
  if not st.drawn or jong.kind_of(st.drawn) ~= jong.kind_of(tile) then return false, "riichi: only the drawn tile" end
  local before = jong.analysis(hand_without(me, st.drawn))
  local rest, k = jong.tiles(me.concealed), jong.kind_of(tile)
  local kept = {}
  for _, t in ipairs(rest) do if jong.kind_of(t) ~= k then kept[#kept + 1] = t end end
  local after = jong.analysis(with_melds(table.concat(kept), me) .. " [" .. string.rep(k:sub(1, 1), 4) .. k:sub(2) .. "]c")
  if not (before and after) or table.concat(before.waits, ",") ~= table.concat(after.waits, ",") then
    return false, "riichi: the kong changes the waits"
  end
  -- strict: the three held tiles are a pon in every reading of every win (checked on a hand
  -- without earlier kongs: the core splits only 14 concealed tiles)
  if g.options.riichi_ankan == "strict" and #me.melds == 0 then
    local held = hand_without(me, st.drawn)
    for _, w in ipairs(before.waits) do
      for _, d in ipairs(jong.decompositions(held .. w) or {}) do
        local pon = false
        for _, set in ipairs(d.sets) do pon = pon or (set.type == "pung" and set.tile == k) end
        if not pon then return false, "riichi: the kong changes the hand's readings" end
      end
    end
  end
  return true
end

-- may_claim(g, action): asked (configure's `ask`) about concealed kongs: after riichi only
-- of the drawn tile and when the waits stay the same (7.3). The engine settings say the
-- rest: the riichi lock and kuikae (6.5) on discards, no call but ron after riichi, chi only
-- from the left, calls on the last discard (6.6) and kongs on the last tile (5.4).
function R.may_claim(g, action)
  if action.type == "kong_concealed" and g.core:seat_summary(action.seat, "flags") & RIICHI ~= 0 then
    local st = g:state()
    return riichi_kong_allowed(g, st, st.seats[action.seat], action.tile)
  end
  return true
end

-- The event index of the seat's riichi discard (its latest discard "with riichi").
local function riichi_discard_event(g, st, seat, me)
  local d, k = me.discards, #me.discards
  while k > 0 and d[k].with ~= "riichi" do k = k - 1 end
  local ev, own = g:deal_events(), 0
  for i = 1, #ev do
    local e = ev[i]
    if e.type == "discard" and e.seat == seat then
      own = own + 1
      if own == k then return st.deal_event + i - 1 end
    end
  end
  return st.events
end

-- 8.3: furiten. Own discards among the waits; a winning tile let pass since the own last
-- discard (temporary) or, after riichi, since the riichi discard. The waits are the
-- engine's, in the ruleset's forms (a child's forms count).
-- The engine keeps the misses of the windows closed so far: `missed`, the winning tiles
-- let pass since the own last discard, and `last_miss`, the event after the latest such
-- pass. A concealed kong counts only for a seat that could rob it (rob_ankan_kokushi: a
-- thirteen-orphans hand it completes). Other seats' answers in the window open now do
-- not matter.
local function missed_since_riichi(g, seat)
  if g.core:seat_summary(seat, "last_miss") == 0 then return false end   -- no pass this deal
  local st = g:state()
  local me = st.seats[seat]
  if me.last_miss <= st.deal_event then return false end
  return me.last_miss > riichi_discard_event(g, st, seat, me)
end

local function furiten(g, seat)
  local waits = g.core:wait_mask(seat)    -- (kinds as bits: no table per ron asked about)
  if waits == 0 then return false end
  local flags, discarded, missed = g.core:seat_summary(seat, "flags", "discarded", "missed")
  local riichi = flags & RIICHI ~= 0
  return furiten_rule(waits, discarded, missed ~= 0, riichi and missed_since_riichi, g, seat)
end

-- may_win(g, action): the claiming exception: ron needs the player not furiten (8.3).
-- Whether the hand wins at all (8.2: a yaku) is score's answer (fast_win below).
function R.may_win(g, action)
  local how = action.win and action.win.how or g.core:brief("phase") == "turn" and "self"
  if how ~= "self" and furiten(g, action.seat) then
    return false, "furiten"
  end
  return true
end

-- The fast path of score(f).wins in play (docs/hooks.md, "Wins in play"): riichi and menzen
-- tsumo are yaku of every complete hand (the engine asks only about complete hands); else
-- has_yaku on the facts score would get (g:situation, jong.facts) but for what has_yaku
-- does not read (dora, counters), without checking again what the game guarantees. Valid
-- while score, forms, the yaku list and situation are these (a child that changes one is
-- judged by its score; R.fast_win is set after R.situation).
-- Whether a complete hand (in notation) has a yaku from its tiles alone, in every reading:
-- three or four of a dragon, the seat wind or the round wind (an honour is never in a chow,
-- so they are a pon or kan of every reading: 12.8-12.12), or every tile a simple (12.6:
-- tanyao, in an open hand with option open_tanyao). False when neither is sure.
local BYTE_0, BYTE_9 = ("0"):byte(), ("9"):byte()
local HONOURS_HELD = { 0, 0, 0, 0, 0, 0, 0 }    -- by rank 1-7
local VALUE_HONOUR = {}                       -- rank -> true: the dragons (5-7)
for r = 5, 7 do VALUE_HONOUR[r] = true end
local function has_tile_yaku(hand, seat_wind, round_wind, open_tanyao)
  if not hand:find("[19z]") then                     -- only simples (a red five is "0")
    return open_tanyao or closed_hand(hand)
  end
  local z = hand:find("z", 1, true)
  if not z then return false end
  for r = 1, 7 do HONOURS_HELD[r] = 0 end
  repeat                                              -- honours: the digits before each "z"
    local i = z - 1
    local b = i > 0 and hand:byte(i)
    while b and b >= BYTE_0 and b <= BYTE_9 do
      local r = b - BYTE_0
      if r >= 1 and r <= 7 then HONOURS_HELD[r] = HONOURS_HELD[r] + 1 end
      i = i - 1
      b = i > 0 and hand:byte(i)
    end
    z = hand:find("z", z + 1, true)
  until not z
  local seat_r, round_r = RANK[seat_wind], RANK[round_wind]
  for r = 1, 7 do
    if HONOURS_HELD[r] >= 3 and (VALUE_HONOUR[r] or r == seat_r or r == round_r) then return true end
  end
  return false
end

local function wins_in_play(g, action, win)
  local core, seat = g.core, action.seat
  win = win or action.win                 -- the win judged: the engine's record, or the bot's
  if core:seat_summary(seat, "flags") & RIICHI ~= 0 then return true end
  if not win then win = g:pending_win(action) end
  if win.how == "self" and closed_hand(win.hand) then return true end
  local round = core:brief("round")
  if g.rules.yaku == YAKU and not (win.loose or win.how == "rob" or win.last_tile or win.first_turn)
     and has_tile_yaku(win.hand, WIND_TILE[win.seat], WIND_TILE[round], g.options.open_tanyao) then
    return true
  end
  local f, err = hand_facts(win.hand, win.tile)
  if not f then return false, err end
  f.rules, f.options, f.situation = g.rules, g.options, win
  f.seat, f.round, f.from = win.seat, round, win.from
  f.win_by = win.how == "self" and "self" or "discard"
  f.flags = { kong_replacement = win.loose or nil, robbing_kong = win.how == "rob" or nil,
              last_tile = win.last_tile or nil, first_turn = win.first_turn or nil }
  f.dora, f.ura, f.honba, f.deposits = {}, {}, 0, 0
  local wins, reason = R.has_yaku(f)
  if not wins then return false, reason end
  return true
end
-- 7.5: ippatsu: the riichi discard is the seat's last discard and no call or kong since.
local ENDS_IPPATSU = { chow = true, pung = true, kong = true, kong_concealed = true }

local function ippatsu(g, seat, last_with)   -- last_with: the seat's (g:seat_summary)
  if last_with ~= "riichi" then return false end
  local core = g.core
  local phase, events = core:brief("phase", "events")
  local robbing = phase == "rob"
  for i = events, 1, -1 do              -- the deal's events, newest first
    local kind, by, call = core:event_head(i)
    if kind == "deal_start" then return false end
    if kind == "discard" and by == seat then return true end
    -- a kong or kita being robbed does not stand (6.7; sanma.md 7.4): the newest event then
    if ENDS_IPPATSU[kind] or (kind == "kong_promoted" and not robbing) or (call and not (robbing and i == events)) then
      return false
    end
  end
  return false
end

-- situation(g, win, s): the riichi flags, ippatsu and the ura indicators of a win (7, 14.3),
-- the deposits as a number of sticks, and a riichi voided by a ron on its discard (7.2).
function R.situation(g, win, s)
  local core = g.core
  -- The engine gives the deposits as points on the table (g:situation's s.deposits, those
  -- of g:brief() when not 0); the situation counts sticks.
  if (s.deposits or 0) > 0 then
    s.deposits = s.deposits // g.rules.riichi_deposit
    -- 7.2: a riichi discard won on voids the riichi: its stick goes back to the discarder
    if win.from and win.how == "discard" and not win.robbed_aside and s.deposits > 0
       and core:seat_summary(win.from, "last_with") == "riichi" then
      s.deposits, s.riichi_void = s.deposits - 1, win.from
    end
  end
  local flags, last_with = core:seat_summary(win.seat, "flags", "last_with")
  if flags & RIICHI == 0 then return end
  s.flags[#s.flags + 1] = flags & DOUBLE_RIICHI ~= 0 and "double_riichi" or "riichi"
  if g.options.ippatsu and ippatsu(g, win.seat, last_with) then s.flags[#s.flags + 1] = "ippatsu" end
  s.ura = core:ura(true)
end

R.fast_win = { depends = { score = R.score, forms = R.forms, yaku = R.yaku, situation = R.situation },
  test = wins_in_play, any_win = true }

-- 10: abortive draws (options), asked after a claim window everybody passed.
function R.check_abort(g)
  local o = g.options
  if not (o.abort_suufon or o.abort_suucha_riichi or o.abort_suukaikan) then return nil end
  -- Cheap first: an abort needs the first go-around, four riichi sticks on the table or
  -- four kongs.
  local drawable, deposits, kongs = g.core:brief("drawable", "deposits", "kongs")
  local suufon = o.abort_suufon and drawable >= 62
  if suufon then   -- the last seat has just made its first discard, the dealer no second
    local last = SEATS[g.rules.players or 4]
    suufon = g.core:seat_summary(last, "discards") == 1 and g.core:seat_summary("E", "discards") == 1
  end
  if not (suufon or o.abort_suucha_riichi and deposits >= 4 * g.rules.riichi_deposit
          or o.abort_suukaikan and kongs >= 4) then
    return nil
  end
  local st = state(g)
  local first, same_wind, riichis, kongs, kong_seats = nil, true, 0, 0, 0
  for _, seat in ipairs(SEATS) do
    local me = st.seats[seat] or { discards = {}, flags = 0, melds = {} }   -- (three players: no N)
    local d = me.discards
    if #d ~= 1 then same_wind = false
    else
      first = first or d[1].tile
      if d[1].tile ~= first or not WIND[jong.kind_of(first)] then same_wind = false end
    end
    if me.flags & RIICHI ~= 0 then riichis = riichis + 1 end
    local own = 0
    for _, m in ipairs(me.melds) do if #(m:match("%[(%d+)") or "") == 4 then own = own + 1 end end
    kongs = kongs + own
    if own > 0 then kong_seats = kong_seats + 1 end
  end
  if o.abort_suufon and same_wind and not any_meld(st) then return "suufon renda" end
  if o.abort_suucha_riichi and riichis == 4 then return "suucha riichi" end
  if o.abort_suukaikan and kongs == 4 and kong_seats >= 2 then return "suukaikan" end
  return nil
end

-- settle_draw(g, kind, reason): noten payments, nagashi mangan (9.3-9.5); an aborted hand
-- pays nothing (10).
function R.settle_draw(g, kind, reason)
  if kind ~= "exhaustive" then
    record_outcome(g, { draw = "abort" })
    return { E = 0, S = 0, W = 0, N = 0 }
  end
  local core, opts = g.core, g.options
  local round, honba, deposits, deal = core:brief("round", "honba", "deposits", "deal")
  local tenpai, nagashi = { E = false, S = false, W = false, N = false }, {}
  for i = 1, 4 do
    local seat = SEATS[i]
    tenpai[seat] = is_tenpai(g, seat)
    -- every discard a terminal or honour (asked first: most seats discarded a simple), none claimed
    if opts.nagashi_mangan and core:seat_summary(seat, "discarded") & NOT_TH_BITS == 0 then
      local discards, claimed = core:seat_summary(seat, "discards", "claimed")
      nagashi[seat] = discards > 0 and claimed == 0 or nil
    end
  end
  local pay, keeps = draw_payments(tenpai, nagashi, honba, opts, g.rules.noten_total)
  local o = deal_outcome(g, deal)
  o.draw, o.dealer_keeps = "exhaustive", keeps
  -- 4.5: when this draw ends the match, the deposits left go to the first-placed player
  -- (most points; a tie goes to the earlier seat of the first deal).
  if deposits > 0 and g.options.leftover_deposits == "to_first" then
    local points, players = {}, {}
    for i = 1, 4 do
      local seat = SEATS[i]
      local p, player = g.core:seat_summary(seat, "points", "player")
      points[i], players[i] = p + pay[seat], player
    end
    local _, _, _, ended = rotation(round, players[1] + 1, honba, "draw", nil, keeps, points, opts, g.rules.west_target)
    if ended then
      local first, first_points, first_player
      for i = 1, 4 do
        local seat = SEATS[i]
        if not first or points[i] > first_points or (points[i] == first_points and players[i] < first_player) then
          first, first_points, first_player = seat, points[i], players[i]
        end
      end
      pay[first] = pay[first] + deposits
      pay.taken = deposits
    end
  end
  return pay
end

-- next_deal(g): dealer rotation, honba and the end of the match (4.3, 4.4).
local NO_OUTCOME = {}   -- (read only: a deal without a recorded outcome)
function R.next_deal(g)
  local core = g.core
  local round, honba, deal = core:brief("round", "honba", "deal")
  local o = g.japanese_outcome
  if not o or o.deal ~= deal then o = NO_OUTCOME end
  local opts = g.options
  local points, dealer = nil, core:seat_summary("E", "player") + 1
  if opts.tobi or opts.agari_yame or opts.tenpai_yame or opts.west_extension then   -- only these read the points
    points = {}
    for i, seat in ipairs(SEATS) do points[i] = core:seat_summary(seat, "points") end
  end
  local next_round, _, next_honba, ended, keep = rotation(round, dealer, honba,
    o.win and "win" or o.draw == "abort" and "abort" or "draw", o.dealer_won, o.dealer_keeps, points, opts,
    g.rules.west_target)
  return { dealer_keeps = keep, round = next_round, honba = next_honba, match_over = ended }
end

-- For rulesets that extend this one: ceil100(x) and basic_points(han, fu, yakuman, options)
-- -> basic points, limit name (16).
R.ceil100 = ceil100
R.basic_points = basic_points
-- held(f, t): the tiles of kind t in the hand, concealed and melded (f.all_counts[t] or 0).
R.held = held
-- and for a ruleset with other payments and flow (sanma): the liable seat of a yakuman
-- (17.6), the deal's outcome kept for next_deal, a win noted in a game, tenpai at a draw.
R.liable_seat = liable_seat
R.record_outcome = record_outcome
R.note_game_win = note_game_win
R.is_tenpai = is_tenpai
return R
