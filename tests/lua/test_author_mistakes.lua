-- The mistakes a rule author makes (docs/authoring.md, "When something is wrong"): each
-- message names the file, the line or the item, the hook and, in play, the seat and move.
local lu = require "luaunit"

local DIR = "tests/lua/rules/"

function test_misspelt_hook()
  local r, err = jong.load_rules(DIR .. "mistake_typo.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_typo.lua:4: unknown hook 'scroe'; did you mean 'score'?")
end

function test_missing_parent()
  local r, err = jong.load_rules(DIR .. "mistake_parent.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_parent.lua: extends 'japanesee': no ruleset 'japanesee'")
end

local function win(rules)
  return jong.score { rules = rules, seat = "S", hand = "123m456p789s123s55z", win_tile = "5z",
                      win_by = "discard", from = "W" }
end

function test_undeclared_option()
  local r = win(DIR .. "mistake_option.lua")
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "hook score of mistake_option: ")
  lu.assertStrContains(r.error, "mistake_option.lua:7: attempt to perform arithmetic on a nil value (field 'house_bonus')")
end

-- A test answering a string: Japanese counted it as true, Hong Kong took "2" for 2 faan.
function test_item_answer_of_a_wrong_type()
  local r = jong.score { rules = DIR .. "mistake_item.lua", seat = "S", hand = "1235m456p234s789s5m", win_tile = "5m",
                         win_by = "discard", from = "E" }
  lu.assertEquals(r.error, "hook score of mistake_item: item 'Broken' (id h1): its test answered a string (yes), "
    .. "not true, false or nil")
  lu.assertEquals(win(DIR .. "mistake_hk_item.lua").error, "hook score of mistake_hk_item: item 'Broken' (id H1): "
    .. "its test answered a string (2), not true, false, nil or a number")
end

-- In play the win the item's error was asked about is left out, and the game keeps the
-- message, naming the hook, the ruleset, the seat and the win (jong sim stops on it).
function test_item_answer_in_play()
  local g = assert(jong.scenario { rules = DIR .. "mistake_item.lua", seed = 1, draws = "6z6z6z5m",
    hands = { E = "11m99p33s1122z3457z", S = "1235m456p234s789s", W = "247m1238p1569s45z", N = "689m677p4689s123z" } })
  assert(g:run { { "E", "d 7z" }, { "S", "d 6z" }, { "W", "d 6z" }, { "N", "d 6z" }, { "E", "d 5m" } })
  lu.assertStrContains(g.hook_error, "hook score of rules mistake_item (")
  lu.assertStrContains(g.hook_error, "failed, refusing S win 5m: item 'Broken' (id h1): its test answered a string")
end

-- A hook that fails late in a match: the message names the hook, its file and line, the
-- error's line and the win refused; g:brief() says where.
function test_hook_failing_late_in_a_match()
  local g = assert(jong.game { rules = DIR .. "mistake_late.lua", seed = 1 })
  for _ = 1, 2000 do
    if g.hook_error or g:brief().phase == "match_end" then break end
    g:run_bots({}, "default", 1)
  end
  lu.assertEquals(g:brief().deal, 10)
  lu.assertStrContains(g.hook_error, "hook settle of rules mistake_late (tests/lua/rules/mistake_late.lua:5) failed, refusing ")
  lu.assertStrContains(g.hook_error, "mistake_late.lua:9: attempt to index a nil value (local 'amounts')")
end

-- A hook that never returns is stopped by the budget; the refusal names the ruleset's hook
-- (not the engine's may_act), the move asked about and the line.
function test_endless_hook()
  local g = assert(jong.scenario { rules = DIR .. "mistake_loops.lua", seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "147m258p369s1255z",
              W = "11m22m33p44p55s66s7z", N = "11p22p33s44s55m66m7z" } })
  -- South's pung of 5z is asked about while the discard opens its window: a hook stopped by
  -- the budget refuses the discard too (an error it raises refuses only the claim)
  local ok, why = g:play("E", "d 5z")
  lu.assertNil(ok)
  lu.assertStrContains(why, "hook may_claim failed, asked about S pung 5z: tests/lua/rules/mistake_loops.lua:5: "
    .. "instruction budget of 20000000 exceeded (endless loop?)")
  lu.assertEquals(g:state().phase, "turn")                -- the game unchanged
  lu.assertEquals(g:state().turn, "E")
end

os.exit(lu.LuaUnit.run())
