-- IMS scoring: one case per fan rule (F01-F33) and aux item, the definitions of ims.md
-- section 9, the 12-fan cap, Minimum Fan, Stricter MahJong, every payment rule and
-- liability (P1-P5), and the situations the ruleset refuses. Hands include the winning tile;
-- the winner is South in an East round unless a case says otherwise.
local lu = require "luaunit"

local function sit(t)
  t.rules = "ims"
  t.seat = t.seat or "S"
  t.round = t.round or "E"
  t.flags = t.flags or {}
  return t
end

local function grab(hand, tile, from, extra)
  local s = sit(extra or {})
  s.hand, s.win_tile, s.win_by, s.from = hand, tile, "discard", from
  return s
end

local function self(hand, tile, extra)
  local s = sit(extra or {})
  s.hand, s.win_tile, s.win_by = hand, tile, "self"
  return s
end

local function won(s)
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins, r.reason)
  return r
end

-- items: { {name, value[, unit]} ... }, unit "fan" unless given.
local function items_are(s, items)
  local r = won(s)
  local want = {}
  for i, it in ipairs(items) do want[i] = { name = it[1], value = it[2], unit = it[3] or "fan" } end
  lu.assertEquals(r.items, want)
  return r
end

local function refused(s, reason_part) require("expect").no_win(jong.score(s), reason_part) end

local function invalid(s, error_part)
  local r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, error_part)
end

-- F01 ---------------------------------------------------------------------------------------
function test_F01_dragon_sets_one_each()
  local r = items_are(grab("234m456p789s55p [666z]@W", "5p", "N"), { { "Dragon Sets", 1 } })
  lu.assertEquals(r.value, { fan = 1, aux = 0, adjusted = 1, basic = 8, total = 8 })
end

-- F02 ---------------------------------------------------------------------------------------
function test_F02_seat_wind_only()
  items_are(grab("234m456p789s55p [222z]@W", "5p", "N"), { { "Wind Sets", 1 } })
end
function test_F02_round_wind_only()
  items_are(grab("234m456p789s55p [111z]@W", "5p", "N"), { { "Wind Sets", 1 } })
end
function test_F02_seat_and_round_wind()
  items_are(grab("234m456p789s55p [111z]@W", "5p", "N", { seat = "E" }), { { "Wind Sets", 2 } })
end
function test_F02_other_wind_scores_nothing()
  items_are(grab("234m456p789s55p [444z]@W", "5p", "N"), {})
end

-- F03 ---------------------------------------------------------------------------------------
function test_F03_all_sequences_needs_fully_private()
  items_are(grab("234m456p789s123s55p", "5p", "N"), { { "All Sequences", 1 } })
  items_are(grab("234m456p789s55p [123s]@E", "5p", "N"), {})
end

-- F04 ---------------------------------------------------------------------------------------
function test_F04_equal_sequences_not_private()
  items_are(grab("123p123s678s99m [123m]@E", "9m", "W"), { { "Equal Sequences in Three Suits", 1 } })
end
function test_F04_equal_sequences_private_adds_one()
  items_are(grab("123m123p123s678s99m", "9m", "W"),
            { { "All Sequences", 1 }, { "Equal Sequences in Three Suits", 2 } })
end

-- F05 ---------------------------------------------------------------------------------------
function test_F05_straight_not_private()
  items_are(grab("456p789p555s11z [123p]@E", "1z", "W"), { { "Straight", 1 } })
end
function test_F05_straight_private_adds_one()
  items_are(grab("123p456p789p456s22z", "5s", "W"), { { "All Sequences", 1 }, { "Straight", 2 } })
end

-- F06 ---------------------------------------------------------------------------------------
function test_F06_sister_sequences_needs_fully_private()
  items_are(grab("234m234m55p789s [567s]@E", "5p", "N"), {})
end
function test_F06_three_identical_sequences_one_pair()
  -- the triplet reading (111m grabbed: revealed) has 0 fan, so the sequence reading is chosen
  items_are(grab("111222333m456p77p", "1m", "W"), { { "All Sequences", 1 }, { "Sister Sequences", 1 } })
end
function test_F06_three_identical_sequences_all_pairs_option()
  items_are(grab("111222333m456p77p", "1m", "W", { options = { sister_sequences_counting = "all_pairs" } }),
            { { "All Sequences", 1 }, { "Sister Sequences", 3 } })
end
function test_F06_two_sister_pairs()
  items_are(grab("234m234m567p567p11z", "1z", "N"), { { "All Sequences", 1 }, { "Sister Sequences", 3 } })
end

-- F07 ---------------------------------------------------------------------------------------
function test_F07_no_terminals_in_seven_pairs()
  items_are(self("22m33m44p55p66s77s88s", "8s"),
            { { "No Terminals", 1 }, { "Totally Concealed", 1 }, { "7 Little Pairs", 3 } })
end
function test_F07_melded_terminal_spoils_no_terminals()
  items_are(grab("234m456p678s55p [789s]@E", "5p", "N"), {})
end

-- F08 ---------------------------------------------------------------------------------------
function test_F08_all_terminals_base()
  items_are(grab("123m789p99s [789s]@E [444z]@W", "9s", "N"), { { "All Terminals", 1 } })
end
function test_F08_all_terminals_triplet_addon()
  items_are(grab("111m999p11z [111s]@W [999s]@N", "1z", "E"),
            { { "All Terminals", 2 }, { "All Triplets", 2 } })
end
function test_F08_all_terminals_triplet_addon_option_off()
  items_are(grab("111m999p11z [111s]@W [999s]@N", "1z", "E",
                 { options = { all_terminals_triplet_addon_with_all_triplets = false } }),
            { { "All Terminals", 1 }, { "All Triplets", 2 } })
end

-- F09 ---------------------------------------------------------------------------------------
function test_F09_totally_concealed_with_concealed_quadruplet()
  items_are(self("123m456p789s55p [2222s]c", "5p"), { { "Totally Concealed", 1 }, { "Concealed Quadruplets", 2, "aux" } })
end
function test_F09_not_on_grab()
  items_are(grab("123m456p789s55p [2222s]c", "5p", "W"), { { "Concealed Quadruplets", 2, "aux" } })
end

-- F10 ---------------------------------------------------------------------------------------
function test_F10_totally_revealed()
  local r = items_are(grab("5p5p [123m]@E [456p]@E [777s]@W [888s]@N", "5p", "W"), { { "Totally Revealed", 1 } })
  lu.assertEquals(r.payments, { E = 0, S = 8, W = -8, N = 0 })
end
function test_F10_not_when_the_grab_completes_a_set()
  items_are(grab("55p789s [123m]@E [456p]@E [777s]@W", "9s", "W"), {})
end
function test_F10_not_when_self_fed()
  items_are(self("5p5p [123m]@E [456p]@E [777s]@W [888s]@N", "5p"), {})
end

-- F11 / F12 ---------------------------------------------------------------------------------
function test_F11_under_the_sea()
  items_are(self("234m456p789s55p [666s]@W", "5p", { flags = { "last_tile" } }), { { "Under the Sea", 1 } })
end
function test_F12_under_the_river()
  items_are(grab("234m456p789s55p [666s]@W", "5p", "N", { flags = { "last_tile" } }), { { "Under the River", 1 } })
end
function test_F12_robbed_tile_counts_as_discard_option()
  local flags = { "last_tile", "robbing_kong" }
  items_are(grab("456p123s789s567m88m", "6p", "N", { flags = flags }),
            { { "All Sequences", 1 }, { "Under the River", 1 }, { "Robbing a Kong", 1 } })
  items_are(grab("456p123s789s567m88m", "6p", "N", { flags = flags,
                 options = { robbed_tile_counts_as_discard = false } }),
            { { "All Sequences", 1 }, { "Robbing a Kong", 1 } })
end

-- F13 / F14 ---------------------------------------------------------------------------------
function test_F13_winning_after_a_kong()
  items_are(self("234m456p789s55p [6666s]@W", "5p", { flags = { "kong_replacement" } }),
            { { "Winning after a Kong", 1 }, { "Revealed Quadruplets", 1, "aux" } })
end
function test_F13_flower_chain_counts_by_default_and_not_with_the_option_off()
  local hand = "234m456p789s55p [6666s]@W f1"
  items_are(self(hand, "5p", { flags = { "after_kong_flower" } }),
            { { "Winning after a Kong", 1 }, { "Revealed Quadruplets", 1, "aux" }, { "Flower Tiles", 1, "aux" } })
  items_are(self(hand, "5p", { flags = { "after_kong_flower" }, options = { after_kong_flower_chain = false } }),
            { { "Revealed Quadruplets", 1, "aux" }, { "Flower Tiles", 1, "aux" } })
end
function test_F14_robbing_a_kong()
  items_are(grab("234m456p789s55p [666s]@W", "4m", "N", { flags = { "robbing_kong" } }), { { "Robbing a Kong", 1 } })
end

-- F15 - F19 ---------------------------------------------------------------------------------
function test_F15_all_triplets()
  items_are(grab("222m444s777s55p [888p]@W", "7s", "N"), { { "No Terminals", 1 }, { "All Triplets", 2 } })
end
function test_F16_seven_little_pairs_four_of_a_kind_is_two_pairs()
  items_are(self("1111m33p55p77s99s22z", "2z"), { { "Totally Concealed", 1 }, { "7 Little Pairs", 3 } })
  refused(self("1111m33p55p77s99s22z", "2z", { options = { seven_pairs_allow_four_of_a_kind = false } }),
          "no winning pattern")
end
function test_F17_equal_triplets_in_three_suits()
  items_are(grab("222m222p789s55s [222s]@W", "5s", "N"), { { "Equal Triplets in Three Suits", 2 } })
end
function test_F18_three_quadruplets()
  local r = items_are(grab("456m77p [1111m]@W [2222p]@N [3333s]@E", "7p", "W"),
                      { { "3 Quadruplets", 2 }, { "Revealed Quadruplets", 3, "aux" } })
  lu.assertEquals(r.value, { fan = 2, aux = 3, adjusted = 2.5, basic = 24, total = 24 })
end
function test_F19_three_concealed_triplets_grabbed_triplet_is_revealed()
  items_are(self("222m444s777s55p [888p]@W", "7s"),
            { { "No Terminals", 1 }, { "All Triplets", 2 }, { "3 Concealed Triplets", 2 } })
  items_are(grab("222m444s777s55p [888p]@W", "7s", "N"), { { "No Terminals", 1 }, { "All Triplets", 2 } })
end

-- F20 - F24 ---------------------------------------------------------------------------------
function test_F20_one_suit_mixed_not_private()
  items_are(grab("123p345p55p777z [789p]@E", "5p", "N"), { { "Dragon Sets", 1 }, { "One Suit", 2 } })
end
function test_F20_one_suit_pure_not_private()
  items_are(grab("123p456p55p678p [789p]@E", "5p", "N"), { { "Straight", 1 }, { "One Suit", 5 } })
end
function test_F21_minor_three_dragons()
  items_are(grab("567m345s555z666z77z", "5s", "W", { seat = "E" }), { { "Dragon Sets", 2 }, { "Minor 3 Dragons", 2 } })
end
function test_F22_major_three_dragons_capped()
  local r = items_are(self("234m99p555z666z777z", "9p"),
                      { { "Dragon Sets", 3 }, { "Totally Concealed", 1 }, { "3 Concealed Triplets", 2 },
                        { "Major 3 Dragons", 12 } })
  lu.assertEquals(r.value.fan, 12)
  lu.assertEquals(r.limit, "Major 3 Dragons")
  -- all three dragon sets concealed: no liability, P4
  lu.assertEquals(r.payments, { E = -66, S = 198, W = -66, N = -66 })
end
function test_F23_minor_four_winds()
  local r = items_are(grab("123m44z [111z]@W [222z]@N [333z]@E", "4z", "W"),
                      { { "Wind Sets", 2 }, { "All Terminals", 1 }, { "One Suit", 2 }, { "Minor 4 Winds", 12 } })
  lu.assertEquals(r.limit, "Minor 4 Winds")
end
function test_F24_major_four_winds()
  items_are(self("55m [111z]@W [222z]@N [333z]@E [444z]@W", "5m"),
            { { "Wind Sets", 2 }, { "All Triplets", 2 }, { "One Suit", 2 }, { "Major 4 Winds", 12 } })
end

-- F25 - F30 ---------------------------------------------------------------------------------
function test_F25_pure_ones_and_nines()
  items_are(grab("111m999m111p99p [999s]@W", "9p", "N"),
            { { "All Terminals", 3 }, { "All Triplets", 2 }, { "3 Concealed Triplets", 2 }, { "Pure 1's & 9's", 12 } })
end
function test_F26_pure_honours_in_seven_pairs()
  items_are(self("11223344556677z", "7z"),
            { { "Totally Concealed", 1 }, { "7 Little Pairs", 3 }, { "Pure Honours", 12 } })
end
function test_F27_four_quadruplets()
  local r = items_are(grab("5p5p [1111m]@W [2222p]@N [3333s]@E [4444m]@W", "5p", "W"),
                      { { "Totally Revealed", 1 }, { "All Triplets", 2 }, { "4 Quadruplets", 12 },
                        { "Revealed Quadruplets", 4, "aux" } })
  lu.assertEquals(r.value, { fan = 12, aux = 4, adjusted = 12, basic = 132, total = 132 })
end
function test_F28_four_concealed_triplets()
  items_are(self("111m222p333s444m55p", "5p"),
            { { "Totally Concealed", 1 }, { "All Triplets", 2 }, { "4 Concealed Triplets", 12 } })
end
function test_F28_grab_completing_a_triplet_leaves_three()
  items_are(grab("111m222p333s444m55p", "4m", "W"),
            { { "All Triplets", 2 }, { "3 Concealed Triplets", 2 } })
end
function test_F29_nine_lanterns()
  items_are(self("11123456789999m", "9m"),
            { { "Straight", 2 }, { "Totally Concealed", 1 }, { "One Suit", 6 }, { "9 Lanterns", 12 } })
end
function test_F29_nine_lanterns_needs_no_declared_quadruplet()
  local r = won(self("23456788999m [1111m]c", "8m"))
  for _, it in ipairs(r.items) do lu.assertNotEquals(it.name, "9 Lanterns") end
end
function test_F30_all_green()
  items_are(self("234s234s666s88s666z", "8s"),
            { { "Dragon Sets", 1 }, { "Sister Sequences", 1 }, { "Totally Concealed", 1 }, { "One Suit", 3 },
              { "All Green", 12 } })
end

-- F31 - F33 ---------------------------------------------------------------------------------
function test_F31_thirteen_individuals()
  items_are(grab("147m258p369s12355z", "3z", "S", { seat = "W" }), { { "13 Individuals", 5 } })
end
function test_F31_thirteen_individuals_needs_three_patterns()
  refused(grab("147m147p369s12355z", "3z", "S", { seat = "W" }), "no winning pattern")
  refused(grab("147m258p369s12333z", "3z", "S", { seat = "W" }), "no winning pattern")
end
function test_F32_thirteen_orphans_on_grab()
  items_are(grab("19m19p19s12345677z", "7z", "W"), { { "13 Orphans", 12 } })
end
function test_F33_earthly_and_humanly()
  items_are(self("234m567m345p678s88p", "8p", { flags = { "first_turn" } }),
            { { "All Sequences", 1 }, { "No Terminals", 1 }, { "Totally Concealed", 1 },
              { "Heavenly / Earthly / Humanly", 12 } })
  local r = items_are(grab("234m567m345p678s88p", "8p", "E", { flags = { "first_turn" } }),
                      { { "All Sequences", 1 }, { "No Terminals", 1 }, { "Heavenly / Earthly / Humanly", 12 } })
  lu.assertEquals(r.payments, { E = -132, S = 132, W = 0, N = 0 })
end
function test_F33_first_circulation_broken_by_a_set()
  invalid(grab("234m567m345p88p [678s]@E", "8p", "W", { flags = { "first_turn" } }), "first circulation")
  items_are(grab("234m567m345p88p [678s]@E", "8p", "W", { flags = { "first_turn" },
                 options = { first_circulation_broken_by_sets = false } }),
            { { "No Terminals", 1 }, { "Heavenly / Earthly / Humanly", 12 } })
end

-- aux (section 14) --------------------------------------------------------------------------
function test_aux_items_and_adjustment_steps()
  local r = won(grab("234m456p789s55p [666s]@W f1", "5p", "N"))
  lu.assertEquals(r.value, { fan = 0, aux = 1, adjusted = 0, basic = 4, total = 4 })
  r = won(grab("234m456p789s55p [666s]@W f1 g2", "5p", "N"))
  lu.assertEquals(r.value, { fan = 0, aux = 2, adjusted = 0.5, basic = 4, total = 4 })
  r = items_are(grab("123m456p55p [6666s]@W [7777m]c", "5p", "N"),
                { { "Revealed Quadruplets", 1, "aux" }, { "Concealed Quadruplets", 2, "aux" } })
  lu.assertEquals(r.value, { fan = 0, aux = 3, adjusted = 0.5, basic = 4, total = 4 })
  r = won(grab("123m456p55p [6666s]@W [7777m]c f3", "5p", "N"))
  lu.assertEquals(r.value, { fan = 0, aux = 4, adjusted = 1, basic = 8, total = 8 })
end
function test_aux_flowers_not_in_play()
  invalid(grab("234m456p789s55p [666s]@W f1", "5p", "N", { options = { use_flower_tiles = false } }), "flowers")
  local r = won(grab("234m456p789s55p [666s]@W", "5p", "N", { options = { use_flower_tiles = false } }))
  lu.assertEquals(r.value.aux, 0)
end

-- definitions (section 9) -------------------------------------------------------------------
function test_fully_private_survives_concealed_quadruplet_and_grabbed_win()
  items_are(grab("345p678p99p777z [2222p]c", "7z", "E", { seat = "N", round = "S" }),
            { { "Dragon Sets", 1 }, { "One Suit", 3 }, { "Concealed Quadruplets", 2, "aux" } })
end
function test_fully_private_broken_by_a_claimed_triplet()
  items_are(self("345p678p99p [777z]@E [2222p]c", "9p", { seat = "N", round = "S" }),
            { { "Dragon Sets", 1 }, { "One Suit", 2 }, { "Concealed Quadruplets", 2, "aux" } })
end
function test_promoted_quadruplet_is_revealed()
  items_are(self("111m222p55p [3333s]+@W [444m]@N", "5p"), { { "All Triplets", 2 }, { "Revealed Quadruplets", 1, "aux" } })
end

-- 12-fan cap, Minimum Fan, Stricter MahJong (sections 8, 12, 13) ----------------------------
function test_cap_at_twelve_and_adjustment_capped()
  local r = won(self("19m19p19s11234567z f1 f2 f3 f4", "1z"))
  lu.assertEquals(r.value, { fan = 12, aux = 4, adjusted = 12, basic = 132, total = 198 })
end
function test_minimum_fan_refuses_and_allows()
  refused(grab("234m456p789s55p [666z]@W", "5p", "N", { options = { minimum_fan = 2 } }), "Minimum Fan")
  won(grab("234m456p789s55p [666z]@W", "5p", "N", { options = { minimum_fan = 1 } }))
  -- aux never helps to reach the minimum
  refused(grab("123m456p55p [6666s]@W [7777m]c f1", "5p", "N", { options = { minimum_fan = 1 } }), "Minimum Fan")
end
function test_stricter_mahjong_own_discard()
  local s = grab("234m456p789s55p [666z]@W", "5p", "N", { discards = "19m5p", options = { stricter_mahjong = true } })
  refused(s, "Stricter MahJong")
  s.options = nil
  won(s)                                   -- option off: no restriction
end
function test_stricter_mahjong_missed_tile()
  refused(grab("234m456p789s55p [666z]@W", "5p", "N", { missed = "5p", options = { stricter_mahjong = true } }),
          "Stricter MahJong")
  won(grab("234m456p789s55p [666z]@W", "5p", "N", { missed = "8s", discards = "1z", options = { stricter_mahjong = true } }))
end
function test_stricter_mahjong_never_restricts_self_fed()
  won(self("234m456p789s55p [666z]@W", "5p", { discards = "5p", missed = "5p", options = { stricter_mahjong = true } }))
end

-- payments (sections 16, 17) ----------------------------------------------------------------
function test_P1_four_chows_on_a_grab_by_another_feeder()
  -- fan: Totally Revealed 1
  local r = won(grab("2p2p [123m]@E [456m]@E [678p]@E [345s]@E", "2p", "N"))
  lu.assertEquals(r.payments, { E = -8, S = 8, W = 0, N = 0 })
end
function test_P1_fourth_sequence_grabbed_from_the_predecessor()
  local r = won(grab("345s22p [123m]@E [456m]@E [678p]@E", "5s", "E"))
  lu.assertEquals(r.payments, { E = -4, S = 4, W = 0, N = 0 })
end
function test_P1_not_when_the_fourth_sequence_is_grabbed_from_another()
  local r = won(grab("345s22p [123m]@E [456m]@E [678p]@E", "5s", "W"))
  lu.assertEquals(r.payments, { E = 0, S = 4, W = -4, N = 0 })
end
function test_P1_not_when_the_fourth_sequence_is_self_drawn()
  local r = won(self("345s22p [123m]@E [456m]@E [678p]@E", "5s"))
  lu.assertEquals(r.value.total, 6)
  lu.assertEquals(r.payments, { E = -2, S = 6, W = -2, N = -2 })
end
function test_P2_last_dragon_grabbed_by_the_winning_tile()
  local r = won(grab("234m99p777z [555z]@W [666z]@E", "7z", "N"))
  lu.assertEquals(r.payments, { E = 0, S = 132, W = 0, N = -132 })
end
function test_P2_on_a_grab_from_another_feeder()
  local r = won(grab("234m99p [555z]@E [666z]@N [777z]@W", "9p", "N"))
  lu.assertEquals(r.payments, { E = 0, S = 132, W = -132, N = 0 })
end
function test_P2_not_with_a_concealed_dragon_set()
  local r = won(self("234m99p777z [555z]@E [666z]@N", "9p"))
  lu.assertEquals(r.payments, { E = -66, S = 198, W = -66, N = -66 })
end
function test_P2_promoted_quadruplet_counts_through_its_triplet()
  -- [555z] was claimed from North first, then promoted: the last dragon claimed is West's
  local r = won(self("234m99p [5555z]+@N [666z]@E [777z]@W", "9p"))
  lu.assertEquals(r.payments, { E = 0, S = 198, W = -198, N = 0 })
end
function test_P2_needs_the_source_of_the_last_meld()
  invalid(self("234m99p [555z]@E [666z]@N [777z]", "9p"), "source")
end
function test_P3_major_four_winds_liability()
  local r = won(self("55m [111z]@W [222z]@N [333z]@E [444z]@W", "5m"))
  lu.assertEquals(r.payments, { E = 0, S = 198, W = -198, N = 0 })
  r = won(grab("55m444z [111z]@W [222z]@N [333z]@E", "4z", "N"))
  lu.assertEquals(r.payments, { E = 0, S = 132, W = 0, N = -132 })
end
function test_P4_self_fed_thirds_and_the_dealer_multiplier()
  local r = won(self("234m456p789s55p [666z]@W", "5p"))
  lu.assertEquals(r.value, { fan = 1, aux = 0, adjusted = 1, basic = 8, total = 12 })
  lu.assertEquals(r.payments, { E = -4, S = 12, W = -4, N = -4 })
  r = won(grab("234m456p789s55p [666z]@W", "5p", "N", { seat = "E" }))
  lu.assertEquals(r.value.total, 12)
  lu.assertEquals(r.payments, { E = 12, S = 0, W = 0, N = -12 })
end
function test_P5_win_on_grab_feeder_pays()
  local r = won(grab("234m456p789s55p [666z]@W", "5p", "W"))
  lu.assertEquals(r.payments, { E = 0, S = 8, W = -8, N = 0 })
end

-- refused situations ------------------------------------------------------------------------
function test_invalid_situations()
  invalid(grab("234m456p789s55p [666z]@W", "5p", "S"), "from")
  invalid(grab("234m456p789s55p [678s]@W", "5p", "N"), "predecessor")
  invalid(self("234m456p789s55p [666z]@W", "5p", { flags = { "robbing_kong" } }), "robbing_kong")
  invalid(grab("234m456p789s55p [6666z]@W", "5p", "N", { flags = { "kong_replacement" } }), "self-fed")
  invalid(self("234m456p789s55p [666z]@W", "5p", { flags = { "kong_replacement" } }), "quadruplet")
  invalid(grab("234m456p789s55p [666z]@W", "5p", "N", { flags = { "robbing_kong" } }), "promoted quadruplet")
end

os.exit(lu.LuaUnit.run())
