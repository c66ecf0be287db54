-- The conformance test of the tutorial's variant (docs/authoring.md), run by `make test`:
--   build/jong test examples/test_teahouse.lua
local lu = require "luaunit"

local RULES = "examples/rules/teahouse.lua"

-- A situation with the defaults of these tests; t overrides fields (false leaves one out).
local function situation(t)
  local s = { rules = RULES, seat = "S", hand = "123m456p789s123s55z", win_tile = "5z",
    win_by = "discard", from = "W" }
  for k, v in pairs(t or {}) do
    if v == false then s[k] = nil else s[k] = v end
  end
  return s
end

local function score(t)
  local r = jong.score(situation(t))
  lu.assertTrue(r.ok, r.error)
  return r
end

local function item_names(r)
  local names = {}
  for i, item in ipairs(r.items) do names[i] = item.name end
  return names
end

TestTeahouse = {}

function TestTeahouse.test_loads_extending_base()
  local r = assert(jong.load_rules(RULES))
  lu.assertEquals(r.name, "teahouse")
  lu.assertEquals(r.parent.name, "base")
  lu.assertEquals(r.options.payment.default, 10)          -- inherited
  lu.assertEquals(r.options.seven_pairs_bonus.default, 10)
end

function TestTeahouse.test_plain_hand_is_paid_as_in_base()
  local r = score()
  lu.assertTrue(r.wins)
  lu.assertEquals(r.value.points, 10)
  lu.assertEquals(item_names(r), { "Complete hand" })
  lu.assertEquals(r.payments, { E = 0, S = 10, W = -10, N = 0 })
end

function TestTeahouse.test_seven_pairs_bonus()
  local r = score { hand = "1133m5577p99s1155z", win_tile = "5z" }
  lu.assertEquals(item_names(r), { "Seven pairs", "Seven pairs bonus" })
  lu.assertEquals(r.value.points, 20)
  lu.assertEquals(r.payments, { E = 0, S = 20, W = -20, N = 0 })
end

function TestTeahouse.test_bonus_is_an_option()
  local r = score { hand = "1133m5577p99s1155z", win_tile = "5z", options = { seven_pairs_bonus = 4 } }
  lu.assertEquals(r.value.points, 14)
  r = score { hand = "1133m5577p99s1155z", win_tile = "5z", options = { ["teahouse.seven_pairs_bonus"] = 0 } }
  lu.assertEquals(r.value.points, 10)
end

function TestTeahouse.test_last_tile_bonus()
  local r = score { flags = { "last_tile" } }
  lu.assertEquals(item_names(r), { "Complete hand", "Last tile bonus" })
  lu.assertEquals(r.value.points, 15)
end

function TestTeahouse.test_self_draw_is_paid_double()
  local r = score { win_by = "self", from = false }
  lu.assertEquals(r.value.points, 10)
  lu.assertEquals(r.payments, { E = -20, S = 60, W = -20, N = -20 })
  r = score { win_by = "self", from = false, options = { self_draw_double = false } }
  lu.assertEquals(r.payments, { E = -10, S = 30, W = -10, N = -10 })
end

function TestTeahouse.test_thirteen_orphans_do_not_win()
  local hand = "19m19p19s12345677z"
  local r = score { hand = hand, win_tile = "7z" }
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, "thirteen orphans")
  lu.assertTrue(score({ hand = hand, win_tile = "7z", options = { thirteen_orphans = true } }).wins)
  -- and base itself still lets them win
  lu.assertTrue(jong.score(situation { rules = "base", hand = hand, win_tile = "7z" }).wins)
end

function TestTeahouse.test_incomplete_hand_and_bad_input()
  lu.assertFalse(score({ hand = "123m456p789s12355z", win_tile = "5z" }).wins)
  local r = jong.score(situation { options = { no_such_option = 1 } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "unknown option 'no_such_option'")
end

-- In a game: the engine uses the same hooks. E wins on S's discard of 4p (the wall is
-- stacked: E holds 123456789m1123p and draws 7z, S draws 4p).
local WALL = "1234m1234s3334z2233m5678m5678s4455z4455m9m112p9s112z5666z6677m3p2z1m8m7z4p"

function TestTeahouse.test_a_game_under_the_house_rules()
  if not jong.game then lu.skip("games are not in this build") end
  local g = assert(jong.game { rules = RULES, seed = 1, wall = { front = WALL } })
  lu.assertEquals(g.rules.name, "teahouse")
  assert(g:play("E", "discard 7z"))
  assert(g:play("S", "discard 4p"))
  assert(g:play("E", "win"))
  local st = g:state()
  lu.assertEquals(st.phase, "deal_end")
  lu.assertEquals(st.seats.E.points - st.seats.S.points, 20)
end

os.exit(lu.LuaUnit.run())
