-- Babcock's three games (classical.md §20): where the One-Double and the Cleared-Hand games
-- differ from the Mixed-Hand game (rules "classical"). Each case scores the same hand in
-- the Mixed-Hand game and in the other game; the scores are the same when both allow it.
local lu = require "luaunit"

local score = require("expect").score

-- wins in the Mixed-Hand game with `value`; wins or not in `rules` as `legal` says
local function compare(rules, s, value, legal)
  local mixed = score("classical", s)
  lu.assertTrue(mixed.wins, mixed.reason)
  lu.assertEquals(mixed.value.score, value)
  local other = score(rules, s)
  lu.assertEquals(other.wins, legal, rules .. ": " .. tostring(other.reason))
  if legal then
    lu.assertEquals(other.value, mixed.value)
    lu.assertEquals(other.items, mixed.items)
    lu.assertEquals(other.payments, mixed.payments)
  else
    lu.assertStrContains(other.reason, rules == "babcock_one_double" and "One-Double" or "Cleared-Hand")
  end
end

local NO_DOUBLE = { seat = "S", hand = "234m55m678p999s [444p]", win_tile = "7p", win_by = "discard", from = "W" }
local OWN_BONUS_ONLY = { seat = "S", hand = "345m678p123s456s77z f2 g2", win_tile = "6p", win_by = "discard", from = "W" }
local ALL_FLOWERS_ONLY = { seat = "S", hand = "345m678p123s456s77z f1 f2 f3 f4", win_tile = "6p", win_by = "discard", from = "W" }
local DRAGON_PUNG = { seat = "S", hand = "345m678p123s99m [555z]", win_tile = "6p", win_by = "discard", from = "W" }
local ZERO_POINT = { seat = "W", round = "N", hand = "123m55m [789m] [234s] [123p] f3 g3", win_tile = "1m", win_by = "discard", from = "S" }
local ONE_SUIT_HONOURS = { seat = "W", round = "S", hand = "789p22p333z [111p] [456p]", win_tile = "3z", win_by = "self" }
local TERMINALS_HONOURS = { seat = "S", hand = "999s333z44z [111m] [999p]", win_tile = "4z", win_by = "discard", from = "W" }
local ALL_HONOURS = { seat = "S", hand = "555z66z [111z] [222z] [333z]", win_tile = "6z", win_by = "discard", from = "N" }
local ORPHANS = { seat = "E", hand = "19m119p19s1234567z", win_tile = "6z", win_by = "self" }
local SCHOLARS_TWO_SUITS = { seat = "W", hand = "345p88s777z [555z] [666z]", win_tile = "7z", win_by = "discard", from = "N" }
local HEADS_AND_TAILS = { seat = "E", hand = "111m99m [9999s]+ [111p] [999p]", win_tile = "1m", win_by = "discard", from = "N" }

TestOneDouble = {}

function TestOneDouble.test_a_hand_without_a_double_is_no_mah_jong()
  compare("babcock_one_double", NO_DOUBLE, 32, false)
end

function TestOneDouble.test_doubles_of_flowers_and_seasons_do_not_qualify()
  compare("babcock_one_double", OWN_BONUS_ONLY, 60, false)
  compare("babcock_one_double", ALL_FLOWERS_ONLY, 76, false)
end

function TestOneDouble.test_one_double_of_another_kind_qualifies()
  compare("babcock_one_double", DRAGON_PUNG, 48, true)
  compare("babcock_one_double", ZERO_POINT, 112, true)   -- B13 counts, B4 does not matter
end

function TestOneDouble.test_limit_hands_qualify()
  compare("babcock_one_double", ORPHANS, 500, true)
  compare("babcock_one_double", HEADS_AND_TAILS, 500, true)
end

TestClearedHand = {}

function TestClearedHand.test_mixed_suits_are_no_mah_jong()
  compare("babcock_cleared_hand", NO_DOUBLE, 32, false)
  compare("babcock_cleared_hand", DRAGON_PUNG, 48, false)
end

function TestClearedHand.test_one_suit_with_honours_terminals_honours_qualify()
  compare("babcock_cleared_hand", ONE_SUIT_HONOURS, 136, true)
  compare("babcock_cleared_hand", TERMINALS_HONOURS, 200, true)
  compare("babcock_cleared_hand", ALL_HONOURS, 500, true)
  compare("babcock_cleared_hand", HEADS_AND_TAILS, 500, true)
end

function TestClearedHand.test_thirteen_orphans_qualifies()
  compare("babcock_cleared_hand", ORPHANS, 500, true)
end

function TestClearedHand.test_limit_hands_must_meet_the_condition()
  compare("babcock_cleared_hand", SCHOLARS_TWO_SUITS, 500, false)
end

TestGameTypeOption = {}

-- classical.game_type gives the same answers as the extending rulesets
function TestGameTypeOption.test_option_equals_ruleset()
  for _, case in ipairs { NO_DOUBLE, OWN_BONUS_ONLY, DRAGON_PUNG, ORPHANS, SCHOLARS_TWO_SUITS } do
    for game, rules in pairs { one_double = "babcock_one_double", cleared_hand = "babcock_cleared_hand" } do
      local s = { options = { ["classical.game_type"] = game } }
      for k, v in pairs(case) do s[k] = v end
      lu.assertEquals(score("classical", s).wins, score(rules, case).wins)
    end
  end
end

TestDeadWall = {}

-- §20: no dead wall in the One-Double and Cleared-Hand games; Mixed-Hand keeps the kong box.
function TestDeadWall.test_dead_wall()
  local classical = assert(jong.load_rules("classical"))
  lu.assertEquals(classical.dead_wall, { size = 16, policy = "not_replenished" })
  lu.assertEquals(classical.options.dead_wall.default, "exhaustible16")
  for _, name in ipairs { "babcock_one_double", "babcock_cleared_hand" } do
    local r = assert(jong.load_rules(name))
    lu.assertEquals(r.dead_wall.size, 0)
    lu.assertEquals(r.dead_wall.policy, "none")
    lu.assertEquals(r.options.dead_wall.default, "none")
    lu.assertEquals(r.options.game_type.default, name:sub(9))
    lu.assertEquals(r.tiles, 144)                       -- everything else is Classical's
  end
end

-- The last tile of the wall is the last available tile: B15 / C14 as in Classical.
function TestDeadWall.test_last_available_tile()
  local s = { seat = "S", hand = "345m678p123s456s11p", win_tile = "1p", win_by = "self",
              flags = { "last_tile" } }
  lu.assertEquals(score("babcock_one_double", s).limit, "Plucking the Moon from the Bottom of the Sea")
end

TestMayWin = {}

-- A stand-in for the game object of a claim window: West has discarded 7p and South
-- (holding Hand A without the 7p) is asked whether he may win on it.
local function claim_window(rules)
  local r = assert(jong.load_rules(rules))
  local function seat(concealed, melds, discards)
    return { concealed = concealed, melds = melds, bonus = {}, discards = discards, flags = 0,
             hand = concealed .. " " .. table.concat(melds, " ") }
  end
  local st = { phase = "claim", turn = "W", discarder = "W", round = "E", wall = 40, honba = 0,
               events = 2, seats = {
                 E = seat("1234m", {}, { {}, {} }), S = seat("234m55m68p999s", { "[444p]@N" }, { {} }),
                 W = seat("1234p", {}, { {}, {} }), N = seat("1234s", {}, { {}, {} }) } }
  return { rules = r, options = assert(jong.resolve_options(r, {})),
           state = function() return st end,
           seat_summary = function(_, s)
             local me = st.seats[s]
             return { discards = #me.discards, melds = #me.melds, flags = me.flags }
           end,
           events = function() return { { type = "draw", seat = "W", tile = "7p", from = "wall" },
                                        { type = "discard", seat = "W", tile = "7p" } } end }
end

-- The play hook refuses a Mah Jong that does not qualify (a false Mah Jong, §20).
function TestMayWin.test_may_win()
  for rules, legal in pairs { classical = true, babcock_one_double = false, babcock_cleared_hand = false } do
    local g = claim_window(rules)
    local ok, why = g.rules.may_win(g, { type = "win", seat = "S", tile = "7p" })
    lu.assertEquals(ok == true, legal, rules)
    if not legal then lu.assertStrContains(why, rules == "babcock_one_double" and "One-Double" or "Cleared-Hand") end
  end
end

os.exit(lu.LuaUnit.run())
