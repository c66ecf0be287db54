-- One truth for wins (docs/hooks.md, "Wins in play"): in a game a hand is offered as a win
-- exactly when the ruleset's score says it wins. For every shipped family a child that adds
-- an item and one that removes one, played on stacked walls: South waits, East discards
-- the tile, and South is offered the win exactly when the child's score says so.
local lu = require "luaunit"

local DIR = "tests/lua/rules/"

-- East discards 7z; South, West and North each draw and discard a 6z; East draws `tile`
-- and discards it. Junk hands for East, West and North that claim none of it.
local EAST, WEST, NORTH = "11m99p33s1122z3457z", "247m1238p1569s45z", "689m677p4689s123z"

-- A game of `rules` (a name or a child's file) where South holds `south`; returns the game
-- at the moment East's discard of `tile` is offered (second = true: East's second discard,
-- after a go-round of 6z; else his first, 7z, and tile must be 7z).
local function offered(rules, south, tile, options, first)
  local g = assert(jong.scenario { rules = rules, options = options, seed = 1,
    hands = { E = EAST, S = south, W = WEST, N = NORTH }, draws = first and "" or "6z6z6z" .. tile })
  local function pass_all()
    while g:state().phase == "claim" do
      local waiting = g:waiting()
      if #waiting == 0 then break end
      for _, seat in ipairs(waiting) do
        local can_win = false
        for _, a in ipairs(g:legal(seat)) do can_win = can_win or a.type == "win" end
        if seat == "S" and can_win then return end
        assert(g:play(seat, "pass"))
      end
    end
  end
  assert(g:play("E", "d 7z"))
  if not first then
    pass_all()
    for _, seat in ipairs { "S", "W", "N" } do
      assert(g:play(seat, "d 6z"))
      pass_all()
    end
    assert(g:play("E", "d " .. tile))
  end
  local wins = false
  for _, a in ipairs(g:legal("S")) do wins = wins or a.type == "win" end
  return wins, g
end

-- The item names of South's settled win.
local function won_with(g)
  assert(g:play("S", "win"))
  local names = {}
  for _, item in ipairs(g.last_results[1].result.items) do names[item.name] = item.value end
  return names
end

-- What `jong score` says of South's hand with East's tile.
local function scores(rules, south, tile, options)
  local r = jong.score { rules = rules, seat = "S", hand = south .. tile, win_tile = tile,
                         win_by = "discard", from = "E", options = options }
  assert(r.ok, r.error)
  return r.wins
end

local function check(parent, child, south, tile, options, parent_wins, child_wins, item, first)
  lu.assertEquals(scores(parent, south, tile, options), parent_wins, parent .. " score")
  lu.assertEquals(scores(DIR .. child, south, tile, options), child_wins, child .. " score")
  lu.assertEquals((offered(parent, south, tile, options, first)), parent_wins, parent .. " in play")
  local wins, g = offered(DIR .. child, south, tile, options, first)
  lu.assertEquals(wins, child_wins, child .. " in play")
  if child_wins and item then lu.assertNotNil(won_with(g)[item], item) end
end

local NO_YAKU = "1235m456p234s789s"      -- a closed single wait on 5m, nothing else
local TANYAO = "2345m456p234s678s"       -- all simples
local ONE_SUIT = "1234567892345m"        -- pure one suit
local PUNG = "2225m456p234s789s"         -- a pung of simples, no double

function test_japanese_child_adds_a_yaku()
  check("japanese", "truth_japanese_add.lua", NO_YAKU, "5m", nil, false, true, "Fives pair")
end

function test_japanese_child_removes_a_yaku()
  check("japanese", "truth_japanese_remove.lua", TANYAO, "5m", nil, true, false)
end

function test_hongkong_child_adds_an_item()
  check("hongkong", "truth_hongkong_add.lua", NO_YAKU, "5m", nil, false, true, "Fives pair")
end

function test_hongkong_child_removes_an_item()
  check("hongkong", "truth_hongkong_remove.lua", ONE_SUIT, "5m", nil, true, false)
end

-- Values are data: a child that changes an item's value (and nothing else) is scored and
-- offered by it.
function test_hongkong_child_changes_a_value()
  check("hongkong", "truth_hongkong_value.lua", NO_YAKU, "5m", nil, false, true, "Concealed hand")
  local _, g = offered(DIR .. "truth_hongkong_value.lua", NO_YAKU, "5m")
  lu.assertEquals(won_with(g)["Concealed hand"], 3)
end

function test_ims_child_adds_an_item()
  check("ims", "truth_ims_add.lua", NO_YAKU, "5m", { minimum_fan = 2 }, false, true, "Fives Pair")
end

function test_ims_child_removes_an_item()
  check("ims", "truth_ims_remove.lua", TANYAO, "5m", { minimum_fan = 2 }, true, false)
end

function test_classical_child_adds_a_double()
  check("babcock_one_double", "truth_classical_add.lua", PUNG, "5m", nil, false, true, "fives pair")
end

function test_classical_child_removes_a_limit_hand()
  check("classical", "truth_classical_remove.lua", "19m19p19s1234566z", "7z", nil, true, false, nil, true)
end

-- A child that changes only `forms`: seven pairs are then neither scored nor offered.
function test_japanese_child_changes_forms()
  local PAIRS = "1133m5577p99s115z"      -- chiitoitsu waiting on 5z
  lu.assertEquals(scores("japanese", PAIRS, "5z"), true)
  lu.assertEquals(scores(DIR .. "truth_japanese_no_pairs.lua", PAIRS, "5z"), false)
  local g = assert(jong.scenario { rules = DIR .. "truth_japanese_no_pairs.lua", seed = 1,
    hands = { E = "222m1p88p44s66z3457z", S = PAIRS, W = "247m1238p1569s46z", N = "689m677p4689s123z" },
    draws = "" })
  local parent = assert(jong.scenario { rules = "japanese", seed = 1,
    hands = { E = "222m1p88p44s66z3457z", S = PAIRS, W = "247m1238p1569s46z", N = "689m677p4689s123z" },
    draws = "" })
  for _, game in ipairs { g, parent } do assert(game:play("E", "d 5z")) end
  local function can_win(game)
    for _, a in ipairs(game:legal("S")) do if a.type == "win" then return true end end
    return false
  end
  lu.assertTrue(can_win(parent))
  lu.assertFalse(can_win(g))
end

-- A child that changes an item keeps the parent's fast path valid only when it may:
-- the Japanese yaku list is read by both score and the fast test.
function test_fast_path_follows_the_yaku_list()
  local child = assert(jong.load_rules(DIR .. "truth_japanese_add.lua"))
  local parent = assert(jong.load_rules("japanese"))
  lu.assertIs(child.fast_win, parent.fast_win)
  lu.assertIs(child.score, parent.score)
  lu.assertNotIs(child.yaku, parent.yaku)
end

os.exit(lu.LuaUnit.run())
