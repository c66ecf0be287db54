-- LuaUnit scenarios of the shared turn flow on stacked walls (base ruleset), through
-- the Lua game API: chow only from the left, precedence and ties, a pung skipping
-- turns, kongs with loose tiles, robbing a promoted kong, exhaustive draw with a
-- claimable last discard, illegal actions refused with the state unchanged, undo,
-- replay, and self-play keeping every invariant.
local lu = require "luaunit"

local function has(list, pred)
  for _, a in ipairs(list) do if pred(a) then return true end end
  return false
end
local function legal_types(g, seat)
  local t = {}
  for _, a in ipairs(g:legal(seat)) do t[a.type] = true end
  return t
end

-- Hands: E discards 5z first; each other seat's interest is set up per test.
local PLAIN = {
  E = "159m19p19s1234567z",   -- 14: the dealer
  S = "188m2288p3388s12z",
  W = "2299m3399p4499s3z",
  N = "3377m4477p5577s4z",
}

local function scenario(hands, draws, back)
  local h = {}
  for k, v in pairs(PLAIN) do h[k] = v end
  for k, v in pairs(hands or {}) do h[k] = v end
  return assert(jong.scenario { rules = "base", hands = h, draws = draws, back = back })
end

TestClaims = {}
function TestClaims.test_chow_only_from_the_left()
  -- E discards 3m; S (left of... next after E) may chow 12m3m; W holds 24m but may not chow.
  local g = scenario({ E = "359m19p19s1234567z", S = "12m8m2288p3388s12z", W = "24m99m3399p4499s3z" })
  assert(g:play("E", "d 3m"))
  lu.assertTrue(legal_types(g, "S").chow)
  lu.assertNil(legal_types(g, "W").chow)
  local ok, err = g:play("W", { type = "chow", chow = "2m", tile = "3m" })
  lu.assertNil(ok)
  lu.assertStrContains(err, "seat W")
  lu.assertStrContains(err, "chow")
end

function TestClaims.test_pung_beats_chow_and_skips_turns()
  -- E discards 3m: S can chow, N can pung; the pung wins and W loses its turn.
  local g = scenario({ E = "359m19p19s1234567z", S = "12m8m2288p3388s12z", N = "33m77m4477p5577s4z" })
  assert(g:play("E", "d 3m"))
  assert(g:play("S", "chow 1m"))
  assert(g:play("N", "pung"))
  local st = g:state()
  lu.assertEquals(st.turn, "N")
  lu.assertEquals(st.seats.N.melds, { "[333m]@E" })
  lu.assertEquals(#st.seats.S.melds, 0)
end

function TestClaims.test_illegal_action_changes_nothing()
  local g = scenario()
  local before = g:state().seats.E.hand
  local n = #g:events()
  local ok, err = g:play("E", "d 2m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "seat E")
  lu.assertEquals(g:state().seats.E.hand, before)
  lu.assertEquals(#g:events(), n)
  ok, err = g:play("S", "d 1m")
  lu.assertNil(ok)
  lu.assertStrContains(err, "seat S")
end

TestKongs = {}
function TestKongs.test_concealed_kong_takes_a_loose_tile()
  local g = scenario({ E = "1111m19p19s123456z", S = "288m2288p3388s12z" }, nil, "7p")
  local a = g:parse_action("E", "kong 1m")
  lu.assertEquals(a.type, "kong_concealed")
  assert(g:play("E", "kong 1m"))
  local st = g:state()
  lu.assertEquals(st.seats.E.melds, { "[1111m]c" })
  lu.assertEquals(st.drawn, "7p")
end

-- S pungs E's 1m and draws the fourth 1m after one go-round; W waits on 1m-4m.
local function promoted_kong_deal()
  return assert(jong.scenario { rules = "base", hands = {
    E = "1m567m1p9p1s1234567z",
    S = "118m2288p3388s12z",
    W = "23m999m333p999p44s",
    N = "4477m4477p5577s4z",
  }, draws = "6z6s6p1m", back = "5p" })
end

function TestKongs.test_promoted_kong_can_be_robbed()
  -- S pungs E's 1m, later draws the fourth 1m and promotes it; W waits on 1m-4m and robs.
  local g = promoted_kong_deal()
  assert(g:play("E", "d 1m"))
  lu.assertNil(legal_types(g, "W").chow)   -- W holds 23m, but only S may chow
  assert(g:play("S", "pung"))
  assert(g:play("W", "pass"))   -- W could win on E's 1m and lets it go
  assert(g:run { { "S", "d 1z" }, { "W", "d 6z" }, { "N", "d 6s" }, { "E", "d 6p" } })
  lu.assertEquals(g:state().drawn, "1m")
  assert(g:play("S", "kong 1m"))
  lu.assertEquals(g:state().phase, "rob")
  lu.assertTrue(legal_types(g, "W").win)
  assert(g:play("W", "win"))
  lu.assertEquals(g:last_payments(), { E = 0, S = -10, W = 10, N = 0 })
end

function TestKongs.test_promoted_kong_not_robbed_takes_a_loose_tile()
  local g = promoted_kong_deal()
  assert(g:run { { "E", "d 1m" }, { "S", "pung" }, { "W", "pass" }, { "S", "d 1z" }, { "W", "d 6z" },
    { "N", "d 6s" }, { "E", "d 6p" }, { "S", "kong 1m" }, { "W", "pass" } })
  local st = g:state()
  lu.assertEquals(st.seats.S.melds, { "[1111m]+@E" })
  lu.assertEquals(st.turn, "S")
  lu.assertEquals(st.drawn, "5p")   -- the loose tile
end

TestDraw = {}
function TestDraw.test_self_play_keeps_every_invariant()
  for seed = 1, 30 do
    local g = assert(jong.game { rules = "base", seed = seed })
    local n = assert(g:run_bots(nil, seed % 2 == 0 and "greedy" or "random"))
    lu.assertTrue(n > 0)
    lu.assertTrue(g:check())
    lu.assertEquals(g:state().phase, "match_end")
  end
end

function TestDraw.test_same_seed_same_log()
  local a = assert(jong.game { rules = "base", seed = 9 })
  local b = assert(jong.game { rules = "base", seed = 9 })
  a:run_bots(nil, "random")
  b:run_bots(nil, "random")
  lu.assertEquals(a:log_json(), b:log_json())
  local c = assert(jong.replay(a:log_json(), { rules = "base", seed = 9 }))
  lu.assertEquals(c:state().seats.E.points, a:state().seats.E.points)
  lu.assertEquals(#c:events(), #a:events())
end

function TestDraw.test_replay_names_the_refused_line()
  local a = assert(jong.game { rules = "base", seed = 9 })
  a:run_bots(nil, "random")
  local lines = {}
  for line in a:log_json():gmatch("[^\n]+") do lines[#lines + 1] = line end
  -- the second action played again in place of the third: refused, named by its line
  local text = table.concat({ lines[1], lines[2], lines[2] }, "\n")
  local c, err = jong.replay(text, { rules = "base", seed = 9 })
  lu.assertNil(c)
  lu.assertStrContains(err, "line 3: ")
  c, err = jong.replay(lines[1] .. "\n5", { rules = "base", seed = 9 })
  lu.assertNil(c)
  lu.assertEquals(err, "line 2: bad JSON")
  local g = assert(jong.game { rules = "base", seed = 9 })
  lu.assertTrue(g:play_log(table.concat({ lines[1], lines[2] }, "\n")))
  lu.assertEquals(g:log_json(), lines[1] .. "\n" .. lines[2] .. "\n")
end

TestUndo = {}
function TestUndo.test_undo_and_redo()
  local g = scenario()
  local before = g:state().seats.E.hand
  assert(g:play("E", "d 1z"))
  lu.assertNotEquals(g:state().seats.E.hand, before)
  assert(g:undo())
  lu.assertEquals(g:state().seats.E.hand, before)
  assert(g:redo())
  lu.assertNotEquals(g:state().seats.E.hand, before)
  lu.assertNil((g:redo()))
end

-- g:deal_events() keeps the events it decoded while they only grow: after plays, undos,
-- refused actions and new deals it is always the deal's events decoded afresh.
function TestUndo.test_deal_events_follow_plays_and_undos()
  local g = assert(jong.game { rules = "base", seed = 7 })
  for step = 1, 400 do
    local seat = g:waiting()[1]
    if not seat then break end
    if step % 9 == 0 then   -- take two back and play another action, unread between
      assert(g:undo(2))
      seat = g:waiting()[1]
      local legal = g:legal(seat)
      assert(g:play(seat, legal[#legal]))
      seat = g:waiting()[1]
      if seat then assert(g:play(seat, g:bot(seat, "greedy"))) end
    elseif step % 13 == 0 then
      lu.assertNil((g:play(seat, { type = "kong", seat = seat, tile = "9z" })))
    else
      assert(g:play(seat, g:bot(seat, "greedy")))
    end
    lu.assertEquals(g:deal_events(), g:events(g:state().deal_event), "step " .. step)
  end
  lu.assertTrue(g.core:nactions() > 100)
end

-- The events as tables the engine makes are exactly what decoding its JSON lines gives
-- (numbers as floats, the same fields), in every family's play.
local function same_value(a, b, where)
  lu.assertEquals(type(a), type(b), where)
  if type(a) == "number" then lu.assertEquals(math.type(a), math.type(b), where) end
  if type(a) ~= "table" then lu.assertEquals(a, b, where); return end
  lu.assertEquals(getmetatable(a), getmetatable(b), where)
  for k, v in pairs(a) do same_value(v, b[k], where .. "." .. tostring(k)) end
  for k in pairs(b) do lu.assertNotNil(a[k], where .. "." .. tostring(k)) end
end

function TestUndo.test_event_tables_are_the_decoded_lines()
  for _, rules in ipairs { "base", "japanese", "sichuan", "hongkong", "sanma", "taiwanese", "classical" } do
    local g = assert(jong.game { rules = rules, seed = 3 })
    assert(g:run_bots(nil, "default", 600))
    local lines, tables = g.core:events(), g.core:event_tables()
    lu.assertEquals(#tables, #lines)
    for i, line in ipairs(lines) do
      same_value(type(tables[i]) == "string" and jong.json_decode(tables[i]) or tables[i], jong.json_decode(line),
                 rules .. " event " .. i)
    end
    same_value(g:events(5), { table.unpack(g:events(), 5) }, rules)
  end
end

function TestUndo.test_scenario_errors()
  local g, err = jong.scenario { rules = "base", hands = { E = "123m" } }
  lu.assertNil(g)
  lu.assertStrContains(err, "hand of E has 3 tiles")
end

-- g:brief(t) refills t: a field the state no longer has (the deal's first winner, after
-- the win is undone) is cleared, not left from the last fill.
function test_brief_refilled_clears_first_winner()
  local g = assert(jong.scenario { rules = "japanese", draws = "6z2z8p6s3s9p", hands = {
    E = "123m456p789s11555z", S = "9m147p258s12346z3m", W = "2356m2367p3467s7z", N = "4568m1489p1579s7z" } })
  local t = {}
  lu.assertNil(g:brief(t).first_winner)
  assert(g:play("E", "win"))
  lu.assertEquals(g:brief(t).first_winner, "E")
  g:undo(1)
  lu.assertNil(g:brief(t).first_winner)
  lu.assertNil(g:brief(t).first_shared)
end

-- g:brief(name, ...) and g:seat_summary(seat, name, ...) give the fields named, the
-- same values as the tables; a name that is no field is an error. g.core:dora(true) and
-- ura(true): the lists as one string.
function test_brief_and_summary_fields_by_name()
  local g = assert(jong.game { rules = "japanese", seed = 4 })
  assert(g:run_bots(nil, "default", 40))
  local b = g:brief()
  for name, v in pairs(b) do lu.assertEquals(g:brief(name), v) end
  local round, honba, deal, first = g:brief("round", "honba", "deal", "first_winner")
  lu.assertEquals({ round, honba, deal, first }, { b.round, b.honba, b.deal, b.first_winner })
  for _, seat in ipairs { "E", "S", "W", "N" } do
    local sum = g:seat_summary(seat)
    for name, v in pairs(sum) do lu.assertEquals(g:seat_summary(seat, name), v) end
    local flags, with, points = g.core:seat_summary(seat, "flags", "last_with", "points")
    lu.assertEquals({ flags, with, points }, { sum.flags, sum.last_with, sum.points })
  end
  lu.assertEquals(g.core:dora(true), table.concat(g.core:dora()))
  lu.assertEquals(g.core:ura(true), table.concat(g.core:ura()))
  -- any_call is the state's, before and after the deal's first call
  local h = assert(jong.game { rules = "japanese", seed = 4 })
  local seen = {}
  for _ = 1, 200 do
    local any = h:brief("any_call")
    lu.assertEquals(any, h:state().any_call)
    seen[any] = true
    if h:run_bots(nil, "default", 1) == 0 then break end
  end
  lu.assertEquals(seen, { [false] = true, [true] = true })
  lu.assertErrorMsgContains("no field 'flags'", g.core.brief, g.core, "flags")
  lu.assertErrorMsgContains("no field 'round'", g.core.seat_summary, g.core, "E", "round")
  lu.assertErrorMsgContains("field name expected, got number", g.core.brief, g.core, "round", 3)
end

os.exit(lu.LuaUnit.run())
