-- The mistakes a rule author makes (docs/authoring.md, "When something is wrong"): each
-- message names the file, the line or the item, the hook and, in play, the seat and move.
local lu = require "luaunit"

local DIR = "tests/lua/rules/"

function test_misspelt_hook()
  local r, err = jong.load_rules(DIR .. "mistake_typo.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_typo.lua:4: unknown hook 'scroe'; did you mean 'score'?")
end

-- A hook written without its first argument (may_claim(action)): refused at load.
function test_hook_missing_its_first_argument()
  local r, err = jong.load_rules(DIR .. "mistake_arity.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_arity.lua:4: hook 'may_claim' takes (g, action): its first parameter is "
    .. "named 'action', the second argument")
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

-- A name or id an item edit does not find, a misspelt or missing field: refused at load,
-- naming the rule file's line and the nearest right name (rules/lib/items.lua).
function test_item_edits()
  local cases = {
    { "mistake_yaku_name.lua", "mistake_yaku_name.lua:4: unknown item 'Tanyoa'; did you mean 'Tanyao'?" },
    { "mistake_item_field.lua", "mistake_item_field.lua:5: item 'House bonus' (id X1): unknown field 'vaule'; did you mean 'value'?" },
    { "mistake_item_group.lua", "mistake_item_group.lua:5: item 'House bonus' (id X1): no 'group' (every item of this list has one)" },
    { "mistake_item_id.lua", "mistake_item_id.lua:5: unknown item id 'H55'; did you mean 'H15'?" },
  }
  for _, c in ipairs(cases) do
    local r, err = jong.load_rules(DIR .. c[1])
    lu.assertNil(r, c[1])
    lu.assertStrContains(err, c[2])
    lu.assertFalse(win(DIR .. c[1]).ok)
  end
end

-- settle answering a list: jong score and play refuse it, naming the key (else every seat
-- was paid 0 in play and jong score answered payments "1", "2", ...).
function test_settle_keys_that_are_no_seats()
  lu.assertEquals(win(DIR .. "mistake_settle_list.lua").error, "hook settle of mistake_settle_list gave a payment "
    .. "to 1, which is no seat (payments are {E = n, S = n, W = n, N = n})")
  local g = assert(jong.scenario { rules = DIR .. "mistake_settle_list.lua", seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "123m456p789s1115z", W = "22m33m44p55p66s77s7z",
              N = "11p22p33s44s55m66m7z" } })
  assert(g:play("E", "d 5z"))
  local ok, why = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(why, "hook settle of rules mistake_settle_list (tests/lua/rules/mistake_settle_list.lua:3) "
    .. "failed, refusing S win 5z: rules mistake_settle_list: hook settle gave a payment to 1, which is no seat")
  lu.assertEquals(g:state().phase, "claim")           -- the game unchanged
end

-- An option without a default is refused at load (hooks would read nil).
function test_option_without_default()
  local r, err = jong.load_rules(DIR .. "mistake_no_default.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_no_default.lua: option 'bonus' has no default")
end

function test_option_default_not_among_its_values()
  local r, err = jong.load_rules(DIR .. "mistake_default.lua")
  lu.assertNil(r)
  lu.assertStrContains(err, "mistake_default.lua: option 'shooter': its default dubble is not one of its values or types")
end

-- An option the ruleset does not have: refused wherever it is given, with the nearest name.
function test_unknown_option()
  local want = "unknown option 'min_fan' for rules hongkong; did you mean 'min_faan'?"
  lu.assertEquals(select(2, jong.game { rules = "hongkong", options = { min_fan = 1 } }), want)
  local r = jong.score { rules = "hongkong", options = { min_fan = 1 }, seat = "S", hand = "123m456p789s123s55z",
    win_tile = "5z", win_by = "discard", from = "W" }
  lu.assertEquals(r.error, want)
  lu.assertEquals(select(2, jong.resolve_options(jong.load_rules("hongkong"), { ["hk.min_fan"] = 1 })),
    "unknown option 'hk.min_fan' for rules hongkong; did you mean 'min_faan'?")
end

-- may_claim without its `return true`: nothing is no answer. The claim it was asked about
-- is refused, and the game says why (before, every chow and kong was refused silently).
function test_claim_hook_answering_nothing()
  local g = assert(jong.scenario { rules = DIR .. "mistake_claim_nil.lua", seed = 1,
    hands = { E = "5z1m3m3m5m6m7m8m9m2p3p4p6s7s", S = "124m258p369s1255z",
              W = "11m22m33p44p55s66s7z", N = "11p22p33s44s55m66m7z" } })
  assert(g:play("E", "d 3m"))                       -- South could chow 2m3m4m
  lu.assertEquals(g:state().phase, "turn")
  lu.assertEquals(g.hook_error, "hook may_claim of rules mistake_claim_nil (tests/lua/rules/mistake_claim_nil.lua:3) "
    .. "failed, refusing S chow 2m: returned nothing, not true, or false and the reason")
end

-- Shapes of answers that would pass silently: each is refused, naming the hook and why.
local function claim_game(rules)
  return assert(jong.scenario { rules = DIR .. rules, seed = 1,
    hands = { E = "5z1m2m3m5m6m7m8m9m2p3p4p6s7s", S = "123m456p789s1115z", W = "22m33m44p55p66s77s7z",
              N = "11p22p33s44s55m66m7z" } })
end

function test_score_without_value()
  lu.assertEquals(win(DIR .. "mistake_no_value.lua").error, "hook score of mistake_no_value returned wins = true "
    .. "without value (the table of figures, e.g. {points = 10})")
  local g = claim_game("mistake_no_value.lua")
  assert(g:play("E", "d 5z"))
  local ok, why = g:play("S", "win")
  lu.assertNil(ok)
  lu.assertStrContains(why, "hook score of rules mistake_no_value (tests/lua/rules/mistake_no_value.lua:3) failed, "
    .. "refusing S win 5z: hook score of mistake_no_value returned wins = true without value")
end

function test_special_complete_answering_a_count()
  local g = claim_game("mistake_special_count.lua")
  local ok, err = pcall(g.waits, g, "S")
  lu.assertFalse(ok)
  lu.assertStrContains(err, "hook special_complete of rules mistake_special_count "
    .. "(tests/lua/rules/mistake_special_count.lua:3) failed: returned a number (1), not true, false or nil")
end

-- The win is not offered, and the game says why (before: not offered, without a word).
function test_situation_flag_not_declared()
  local g = claim_game("mistake_flag.lua")
  assert(g:play("E", "d 5z"))                       -- South waits on 5z
  lu.assertEquals(g:state().phase, "turn")
  lu.assertStrContains(g.hook_error, "refusing S win 5z: the situation of the win is invalid: unknown flag "
    .. "'house_flag' for rules mistake_flag (a situation hook adds only what the ruleset lists: flags, situation_fields)")
end

function test_next_deal_misspelt_key()
  local g = claim_game("mistake_next_deal.lua")
  assert(g:run { { "E", "d 5z" }, { "S", "win" } })
  local ok, why = g:play("S", "next")
  lu.assertNil(ok)
  lu.assertStrContains(why, "hook next_deal returned unknown key 'dealer_keep'; did you mean 'dealer_keeps'? "
    .. "(dealer_keeps, round, honba, match_over, players)")
  lu.assertEquals(g:state().phase, "deal_end")      -- the game unchanged
end

-- `engine` is replaced whole, not merged (docs/hooks.md, authoring.md): a child that gives
-- it loses the parent's settings; adding one in configure after the parent's keeps them.
function test_engine_is_replaced_whole()
  local function honours_dealt(rules)
    local g = assert(jong.game { rules = rules, seed = 1, options = { exchange = "off" } })
    for _, seat in ipairs(g:seats()) do
      if g:seat(seat).hand:find("z") then return true end
    end
    return false
  end
  lu.assertFalse(honours_dealt("sichuan"))
  lu.assertTrue(honours_dealt(DIR .. "mistake_engine.lua"))
  lu.assertFalse(honours_dealt("examples/rules/sichuan_ting.lua"))
end

os.exit(lu.LuaUnit.run())
