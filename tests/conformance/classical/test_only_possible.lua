-- Chinese Classical A15 "winning tile is the only possible tile" (classical.md §17.4):
-- W = the kinds t such that the hand without the winning tile, plus t, is a winning hand
-- in the structural sense (declared sets included; tile availability ignored); A15 iff W
-- has one element.
local lu = require "luaunit"

local items_of = require("expect").items

local function P(name, v) return { name, v, "points" } end
local function D(name, v) return { name, v, "doubles" } end

local function check(s, value, items)
  s.rules, s.round = "classical", "E"
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.value, { points = value[1], doubles = value[2], score = value[3] })
  lu.assertEquals(items_of(r), items)
end

TestOnlyPossible = {}

function TestOnlyPossible.test_closed_wait_beside_declared_sets()
  check({ seat = "S", hand = "123m99s [456p] [789s] [555z]", win_tile = "2m", win_by = "discard", from = "W" },
    { 26, 1, 52 },
    { P("Mah Jong", 20), P("pung of honours", 4), P("winning tile is the only possible tile", 2),
      D("pung or kong of dragons", 1) })
end

function TestOnlyPossible.test_not_when_the_pair_tiles_wait_too()
  -- 1112m waits on 3m (11 + 123) and on 2m (111 + 22)
  check({ seat = "S", hand = "11123m [456p] [789s] [555z]", win_tile = "3m", win_by = "discard", from = "W" },
    { 24, 1, 48 },
    { P("Mah Jong", 20), P("pung of honours", 4), D("pung or kong of dragons", 1) })
end

function TestOnlyPossible.test_single_wait_on_an_honour_pair()
  check({ seat = "S", hand = "123m456p789s444z66z", win_tile = "6z", win_by = "discard", from = "W" },
    { 36, 0, 36 },
    { P("Mah Jong", 20), P("pung of honours", 8), P("pair of dragons", 2),
      P("winning tile is the only possible tile", 2),
      P("winning tile completes the pair, pair of terminals or honours", 4) })
end

function TestOnlyPossible.test_not_for_two_honour_pairs_waiting()
  check({ seat = "S", hand = "123m456p789s44z666z", win_tile = "6z", win_by = "discard", from = "W" },
    { 24, 1, 48 },
    { P("Mah Jong", 20), P("pung of honours", 4), D("pung or kong of dragons", 1) })
end

function TestOnlyPossible.test_a_kind_whose_four_tiles_are_all_visible_still_counts()
  -- 1113m waits on 3m (111 + 33) and on 2m (11 + 123), though the four 2m are in the
  -- kong: §17.4 ignores tile availability
  check({ seat = "S", hand = "11133m [2222m] [456p] [789s]", win_tile = "3m", win_by = "self" },
    { 40, 0, 40 },
    { P("Mah Jong", 20), P("pung of terminals", 8), P("kong of simples", 8),
      P("winning tile self-drawn", 2), P("winning tile completes the pair, pair of simples", 2) })
end

os.exit(lu.LuaUnit.run())
