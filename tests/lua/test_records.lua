-- Game records (repl/records.lua, repl/replay.lua): Tenhou mjlog XML read and replayed
-- through the engine, errors with their position on broken files, and the round trip
-- of games jong played through tenhou.net/6 JSON, mjai JSON lines and jong's own log.
local lu = require "luaunit"
local records = require "records"
local replay = require "replay"

-- A hand-written Tenhou log of one deal: the dealer (player 0) holds nine kinds of
-- terminals and honours, draws a tenth (North) and declares kyuushu kyuuhai.
local HEAD = '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/>'
  .. '<TAIKYOKU oya="0"/>'
local INIT = '<INIT seed="0,0,0,2,3,124" ten="250,250,250,250" oya="0" '
  .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17" '
  .. 'hai1="40,44,48,52,56,60,64,76,80,84,88,92,96" '
  .. 'hai2="1,5,9,13,18,21,25,29,33,37,41,45,49" '
  .. 'hai3="2,6,10,14,19,22,26,30,34,38,42,46,50"/>'
local KYUUSHU = HEAD .. INIT .. '<T120/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
  .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17,120"/></mjloggm>'

local function check_text(text, o)
  local rec, err = records.read(text)
  if not rec then return { ok = false, error = err } end
  return replay.check(rec, o)
end

TestMjlog = {}

function TestMjlog.test_reads_the_deal()
  local rec = assert(records.read(KYUUSHU))
  lu.assertEquals(rec.format, "mjlog")
  lu.assertEquals(rec.players, 4)
  lu.assertEquals(rec.rules, "tenhou")
  lu.assertEquals(rec.options.red_fives, 3)
  lu.assertEquals(#rec.deals, 1)
  local d = rec.deals[1]
  lu.assertEquals(d.hands[0][1], "1m")
  lu.assertEquals(d.hands[1][4], "0p")          -- tile id 52: the red five of dots
  lu.assertEquals(d.dora, "5z")
  lu.assertEquals(d.events[1], { t = "draw", p = 0, tile = "4z", at = 6 })
  lu.assertEquals(d.events[2].reason, "kyuushu")
end

function TestMjlog.test_kyuushu_replays_clean()
  local r = check_text(KYUUSHU)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.deals, 1)
  lu.assertEquals(r.final, { 25000, 25000, 25000, 25000 })
end

-- Tenhou's first records (2009) put the wall's seed on each INIT, before the SHUFFLE
-- element, and show no tenpai-yame (a first dealer tenpai at South 4 played on); the
-- records of 2022 end there (rules/tenhou.lua).
function TestMjlog.test_first_records_have_no_tenpai_yame()
  local rec = assert(records.read(KYUUSHU))
  lu.assertNil(rec.options.tenpai_yame)
  local old = KYUUSHU:gsub('oya="0" hai0', 'oya="0" shuffle="mt19937ar,5493B470,DC8448F1" hai0')
  rec = assert(records.read(old))
  lu.assertFalse(rec.options.tenpai_yame)
  lu.assertTrue(check_text(old).ok)
end

function TestMjlog.test_an_illegal_action_is_named()
  -- The dealer discards North instead of declaring: then player 1 "draws" out of turn
  -- and the claim window is ignored: the first disagreement is reported.
  local text = HEAD .. INIT .. '<T120/><D120/><T53/></mjloggm>'
  local r = check_text(text)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "event 8")
  lu.assertStrContains(r.error, "draw")
  -- a discard of a tile the dealer does not hold
  r = check_text(HEAD .. INIT .. '<T120/><D131/></mjloggm>')
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "event 7")
  lu.assertStrContains(r.error, "discards 6z")
  lu.assertStrContains(r.error, "the engine allows E: ")
end

function TestMjlog.test_a_wrong_result_is_found()
  local text = KYUUSHU:gsub('sc="250,0,250,0,250,0,250,0"', 'sc="250,10,250,-10,250,0,250,0"')
  local r = check_text(text)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "payments differ")
  -- an exhaustive draw where the log has kyuushu
  r = check_text((KYUUSHU:gsub('type="yao9" ', '')))
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "the log ends the deal")
end

function TestMjlog.test_broken_files_name_the_position()
  local rec, err = records.read(KYUUSHU:sub(1, 300))
  lu.assertNil(rec)
  lu.assertStrContains(err, "line 1")
  rec, err = records.read(HEAD .. INIT .. '<T999/></mjloggm>')
  lu.assertNil(rec)
  lu.assertStrContains(err, "<T999>")
  lu.assertStrContains(err, "tile id 999")
  rec, err = records.read(HEAD .. '<T12/>' .. INIT .. '</mjloggm>')
  lu.assertNil(rec)
  lu.assertStrContains(err, "<T12> before the first deal")
  rec, err = records.read(HEAD .. INIT .. '<FOO/></mjloggm>')
  lu.assertNil(rec)
  lu.assertStrContains(err, "unknown tag <FOO>")
  rec, err = records.read(HEAD .. INIT .. '<N who="1" m="65280"/></mjloggm>')   -- kind 63
  lu.assertNil(rec)
  lu.assertStrContains(err, "unknown meld code 65280")
  rec, err = records.read(HEAD .. '<INIT seed="0,0" ten="250"/></mjloggm>')
  lu.assertNil(rec)
  lu.assertStrContains(err, "INIT seed")
  rec, err = records.read("")
  lu.assertNil(rec)
  lu.assertStrContains(err, "empty")
  rec, err = records.read("hello")
  lu.assertNil(rec)
  lu.assertStrContains(err, "not a game record")
end

-- Records found in other projects' test data: an XML declaration naming Shift_JIS (the
-- file all ASCII: read), an empty owari (an error naming it, not an internal one), the
-- final points of an mjai log whose start_kyoku has no scores (mjai-manue's logs).
function TestMjlog.test_shift_jis_declaration_and_empty_owari()
  local decl = '<?xml version="1.0" encoding="Shift_JIS"?>\n'
  local r = check_text(decl .. KYUUSHU)
  lu.assertTrue(r.ok, r.error)
  local rec, err = records.read(decl .. KYUUSHU:gsub('n0="A"', 'n0="\130\160"'))
  lu.assertNil(rec)
  lu.assertStrContains(err, "the declared encoding Shift_JIS is not one jong reads")
  rec, err = records.read((KYUUSHU:gsub('hai0="0,32,36,68,72,104,108,112,116,4,8,12,17,120"', 'owari=""')))
  lu.assertNil(rec)
  lu.assertStrContains(err, "<RYUUKYOKU>: owari has 0 numbers, not 2 for each of the 4 players (deal 1)")
end

function TestMjlog.test_mjai_without_scores_and_a_players_view()
  local text = records.write_mjai(assert(records.read(KYUUSHU)))
    :gsub('"scores":%[[%d,]*%],"tehais"', '"tehais"')
    :gsub('"type":"end_game"', '"scores":[25000,25000,25000,25000],"type":"end_game"')
  lu.assertNotStrContains(text, '"scores":[25000,25000,25000,25000],"tehais"')
  lu.assertEquals(assert(records.read(text)).final, { 25000, 25000, 25000, 25000 })
  local r = check_text(text, { options = { one_deal = true } })
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, { 25000, 25000, 25000, 25000 })
  local rec, err = records.read((text:gsub('"tehais":%[%["1m"', '"tehais":[["?"')))
  lu.assertNil(rec)
  lu.assertStrContains(err, "tehais: a hidden tile (?): the log is one player's view of the game")
end

-- A real record of a Tenhou lobby with GO type bit 0x400 (dnovikoff/tenhou,
-- log/test_data/ratio1.xml_, type 0x621): its deal 4 pays a ron of 8,000 at 1 honba, 2
-- chips won, 9,500 (jong's tenhou: 8,300). Rules jong does not have: refused, saying
-- so, unless the ruleset is given.
function TestMjlog.test_a_lobby_jong_does_not_have()
  local f = assert(io.open("tests/conformance/japanese/records/ratio1-dnovikoff.xml", "rb"))
  local rec = assert(records.read(f:read("a")))
  f:close()
  local r = replay.check(rec)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "GO type 1569 (0x621) has bit 0x400, a Tenhou chip lobby whose payments jong's tenhou does not have")
  r = replay.check(rec, { rules = "tenhou" })
  lu.assertFalse(r.ok)
  lu.assertEquals(r.deals, 3)
  lu.assertStrContains(r.error, "event 463 (deal 4, East 3, 1 honba): the deal's payments differ: E (player 2) -9500 in the log, -8300 in the engine")
end

function TestMjlog.test_gzip()
  local zlib = require "zlib"
  local gz = zlib.deflate(9, 31)(KYUUSHU, "finish")
  local rec = assert(records.read(gz))
  lu.assertEquals(#rec.deals, 1)
  local _, err = records.read(gz:sub(1, #gz // 2))
  lu.assertStrContains(err, "truncated")
  _, err = records.read("\31\139" .. string.rep("x", 40))
  lu.assertStrContains(err, "gzip")
end

function TestMjlog.test_meld_codes()
  -- chow 3m-4m-0m called from the left (the codes of a real log)
  local e = records.decode_meld(6239, 2, 4, true)
  lu.assertEquals(e, { t = "chow", p = 2, from = 1, tile = "3m", tiles = { "4m", "0m" } })
  e = records.decode_meld(6239, 2, 4, false)
  lu.assertEquals(e.tiles, { "4m", "5m" })
end

-- Games jong plays under the tenhou preset, written and read back in every format.
TestRoundTrip = {}

local function played(seed)
  local how = { rules = "tenhou", seed = seed }
  local g = assert(jong.game(how))
  g:run_bots({}, nil, 100000)
  local final = {}
  for p = 1, 4 do
    for _, seat in ipairs(jong.SEATS) do
      local s = g:seat_summary(seat)
      if s.player == p - 1 then final[p] = s.points end
    end
  end
  return how, g, final
end

-- mjai logs that do not say the payments (akochan's: hora and ryukyoku without deltas,
-- the scores after them only) are checked by the next deal's scores and the final ones;
-- akochan's key uradora_marker is read as uradora_markers.
function TestRoundTrip.test_mjai_without_deltas()
  for seed = 1, 2 do
    local how, g, final = played(seed)
    local rec = assert(replay.read_jong(replay.jong_log(how, g)))[1]
    local text = records.write_mjai(rec)
    local bare = text:gsub(',?"deltas":%[[-%d,]*%]', ""):gsub('"uradora_markers"', '"uradora_marker"')
    lu.assertNotStrContains(bare, '"deltas"')
    lu.assertStrContains(bare, '"uradora_marker"')
    local r = check_text(bare)
    lu.assertTrue(r.ok, r.error)
    lu.assertEquals(r.final, final)
    -- the scores still tell: a deal's wrong scores are found at the next deal's start
    local lines, deals = {}, 0
    for line in bare:gmatch("[^\n]+") do
      local e = records.cjson.decode(line)
      if e.type == "start_kyoku" then
        deals = deals + 1
        if deals == 2 then e.scores[1] = e.scores[1] + 1000; line = records.cjson.encode(e) end
      end
      lines[#lines + 1] = line
    end
    r = check_text(table.concat(lines, "\n") .. "\n")
    lu.assertFalse(r.ok)
    lu.assertStrContains(r.error, "deal 2, ")
    lu.assertStrContains(r.error, "player 0 starts the deal with")
  end
end

-- An mjai log without the ura indicators (some converters leave them out): a riichi
-- win's payments then differ by the tiles the engine filled in; the error says so.
function TestRoundTrip.test_ura_not_shown()
  local how, g = played(1)
  local rec = assert(replay.read_jong(replay.jong_log(how, g)))[1]
  local text = records.write_mjai(rec):gsub(',?"uradora_markers":%[[^%]]*%]', "")
  local r = check_text(text)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "event 299 (deal 3, East 1, 2 honba): the deal's payments differ: ")
  lu.assertStrContains(r.error, "; the log does not show the ura indicators of player 0's riichi win: the engine's are tiles it filled in")
end

function TestRoundTrip.test_every_format()
  for seed = 1, 4 do
    local how, g, final = played(seed)
    local log = replay.jong_log(how, g)
    local recs = assert(replay.read_jong(log))
    lu.assertEquals(#recs, 1)
    lu.assertEquals(recs[1].final, final)
    local r = replay.check(recs[1])
    lu.assertTrue(r.ok, r.error)
    lu.assertEquals(r.final, final)
    for _, write in ipairs { records.write_tenhou6, records.write_mjai } do
      local text = write(recs[1])
      local back = assert(records.read(text))
      r = replay.check(back)
      lu.assertTrue(r.ok, r.error)
      lu.assertEquals(r.deals, #recs[1].deals)
      lu.assertEquals(r.final, final)
    end
  end
end

function TestRoundTrip.test_a_cut_mjai_log_is_an_error()
  local how, g = played(9)
  local text = records.write_mjai(assert(replay.read_jong(replay.jong_log(how, g)))[1])
  local cut = text:sub(1, text:find("\n", #text // 2))      -- at a line's end
  local rec, err = records.read(cut)
  lu.assertNil(rec)
  lu.assertStrContains(err, "ends before end_game")
  rec, err = records.read(text:sub(1, #text // 2))           -- in a line
  lu.assertNil(rec)
  lu.assertStrContains(err, "JSON")
end

function TestRoundTrip.test_three_players()
  for seed = 1, 3 do
    local how = { rules = "tenhou3", seed = seed }
    local g = assert(jong.game(how))
    g:run_bots({}, nil, 100000)
    local rec = assert(replay.read_jong(replay.jong_log(how, g)))[1]
    lu.assertEquals(rec.players, 3)
    local r = replay.check(rec)
    lu.assertTrue(r.ok, r.error)
    lu.assertEquals(#r.final, 3)
    for _, write in ipairs { records.write_tenhou6, records.write_mjai } do
      local back = assert(records.read(write(rec)))
      lu.assertEquals(back.players, 3)
      lu.assertEquals(back.rules, "tenhou3")
      local r2 = replay.check(back)
      lu.assertTrue(r2.ok, r2.error)
      lu.assertEquals(r2.final, r.final)
    end
  end
end

function TestRoundTrip.test_declarations_keep_their_names_in_the_log()
  -- {"type":"extra","name":"kita"} replays as kita, not as the ruleset's first declaration
  local g = assert(jong.game { rules = "tenhou3", seed = 1 })
  g:run_bots({}, nil, 40)
  local log = g:log_json()
  lu.assertStrContains(log, '"name":"kita"')
  local again = assert(jong.replay(log, { rules = "tenhou3", seed = 1 }))
  lu.assertEquals(again:log_json(), log)
end

function TestRoundTrip.test_several_games_in_one_log()
  local how1, g1 = played(5)
  local how2, g2 = played(6)
  local recs = assert(replay.read_jong(replay.jong_log(how1, g1) .. replay.jong_log(how2, g2)))
  lu.assertEquals(#recs, 2)
  local _, err = replay.read_jong('{"type":"discard","seat":"E","tile":"1m"}\n')
  lu.assertStrContains(err, "header")
  _, err = replay.read_jong('{"type":"game","rules":"tenhou","seed":1}\n{"type":"discard","seat":"S","tile":"1m"}\n')
  lu.assertStrContains(err, "action 1")
end

function TestRoundTrip.test_deal_walls_are_stacked_for_later_deals()
  -- A record's second deal is dealt from its own wall: the hands the log shows.
  local how, g = played(7)
  local rec = assert(replay.read_jong(replay.jong_log(how, g)))[1]
  local text = records.write_tenhou6(rec)
  local back = assert(records.read(text))
  lu.assertEquals(back.deals[2].hands, rec.deals[2].hands)
end

function TestRoundTrip.test_a_record_loads_as_a_game_to_step_through()
  local how, g0, final = played(8)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(records.write_mjai(assert(replay.read_jong(replay.jong_log(how, g0)))[1]))
  f:close()
  local g, info = assert(replay.load_game(path))
  os.remove(path)
  lu.assertEquals(info.format, "mjai")
  lu.assertNil(info.error)
  local starts = replay.deal_starts(g)
  lu.assertEquals(#starts, info.deals)
  local n = #g.core:actions()
  lu.assertEquals(g:undo(n), n)           -- every deal's wall is kept: back to the start ...
  for _ = 1, n do assert(g:redo()) end    -- ... and forward to the end again
  lu.assertEquals(g:seat_summary("E").points + g:seat_summary("S").points + g:seat_summary("W").points
    + g:seat_summary("N").points, final[1] + final[2] + final[3] + final[4])
  local _, err = replay.load_game("/nonexistent/file.xml")
  lu.assertStrContains(err, "No such file")
end


TestTenhou6Three = {}

-- Three-player tenhou.net/6 calls name where the tile came from as on a four-seat
-- table: player 2's pon of player 0's discard has its marker in the middle ("toimen").
local T6_THREE = [==[{"rule":{"disp":"三鳳南喰赤","aka":1},"name":["A","B","C"],"log":[[[0,0,0],[35000,35000,35000],[21],[],
[11,19,21,22,23,24,26,27,28,31,32,33,47],[11],[47],
[12,13,14,15,16,17,18,29,29,34,35,36,37],[],[],
[19,21,22,23,24,26,27,28,38,38,39,47,47],["47p4747"],[19],
[],[],[],["流局",[0,0,0]]]]}]==]

function TestTenhou6Three.test_a_pon_from_across()
  local rec = assert(records.read(T6_THREE))
  lu.assertEquals(rec.players, 3)
  local pung
  for _, e in ipairs(rec.deals[1].events) do if e.t == "pung" then pung = e end end
  lu.assertNotNil(pung)
  lu.assertEquals({ pung.p, pung.from, pung.tile }, { 2, 0, "7z" })
  -- written back the same way
  lu.assertStrContains(records.write_tenhou6(rec), '"47p4747"')
  -- mjlog meld codes count the same way: a pon of 7z with source bits 3 (the left) by
  -- player 2 of three is from player 1
  local ev = records.decode_meld((33 * 3) << 9 | 8 | 3, 2, 3, true)
  lu.assertEquals({ ev.t, ev.p, ev.from, ev.tile }, { "pung", 2, 1, "7z" })
end

TestTenhou6Order = {}

-- A real Tenhou deal (mjai-reviewer convlog/tests/testdata/confusing_nakis_0.json, an
-- East 4 of a Phoenix game; here its players turned so the dealer is player 0, at East 1
-- with 25,000 each): player 2 discards 7m twice, first the 7m he has just drawn; player 1
-- pons only the second, which player 2 discards after his pon of player 3's South. Read
-- with player 1's pon on the first 7m, player 2's pon comes out of turn.
local T6_LATER_CALL = [==[{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"四鳳南喰赤","aka":1},"log":[[[0,0,0],
[25000,25000,25000,25000],[41,12],[],[14,22,28,29,31,31,32,37,41,45,46,46,47],[36,"p464646",37,16,29,22,35,43,35,36,39,28,38,44,24,45,14,18,25],[22,41,47,45,28,60,16,14,43,32,60,60,60,60,60,60,60,60,60],[12,13,13,17,19,19,27,33,35,36,38,44,44],[17,25,43,33,21,39,29,38,32,12,28,42,29,37,"1717p17",27,16,32],[38,33,27,60,60,60,43,19,12,19,60,38,44,12,42,44,32,16],[11,12,17,22,23,24,25,26,31,39,42,42,47],[23,18,36,15,14,21,11,27,14,34,26,44,21,17,"4242p42",26,19,16,31],[39,31,47,60,11,36,60,12,60,14,34,18,44,60,17,21,60,60,27],[13,13,15,15,18,28,32,53,37,39,43,47,47],[46,41,"4747p47",38,"p151515",11,"c365337",51,43,26,24,46,19,24,33,42,21,23,11,52],[60,60,43,32,18,60,28,"k51151515",60,60,60,60,60,60,60,60,60,60,60,60],["流局",[1000,-3000,1000,1000]]]]}]==]

function TestTenhou6Order.test_a_call_on_the_second_of_two_discards()
  local rec, err = records.read(T6_LATER_CALL)
  lu.assertNotNil(rec, err)
  local calls = {}
  for _, e in ipairs(rec.deals[1].events) do
    if e.t == "pung" then calls[#calls + 1] = { e.p, e.from, e.tile } end
  end
  lu.assertEquals(calls[#calls - 1], { 2, 3, "2z" })
  lu.assertEquals(calls[#calls], { 1, 2, "7m" })
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, { 26000, 22000, 26000, 26000 })
end

TestNagashi = {}

-- Tenhou pays nagashi mangan without honba (option nagashi_honba = false in the tenhou
-- preset). A real deal at East 1 with 2 honba (game 2025010410gm-00a9-0000-b84156ef,
-- from LiuZJ2019/mjlog-parser-and-statistics tests/data; its points set to 25,000 each),
-- reached here by two kyuushu: North's nagashi mangan is paid 4,000 / 2,000 / 2,000.
local NAGASHI_DEAL = ''
  .. ''
  .. '<INIT seed="0,2,0,1,4,67" ten="250,250,250,250" oya="0" hai0="108,26,35,98,126,125,17,4,132,106,3,19,1" hai1="117,29,94,21,54,86,83,111,104,107,15,101,100" hai2="38,50,62,31,12,129,90,9,24,32,2,46,0" hai3="115,116,102,81,87,93,64,41,73,8,114,14,16"/>'
  .. '<T128/><D106/><U52/><E111/><V48/><F129/><W131/><G116/><T105/><D105/><U7/><E117/><V11/><F38/>'
  .. '<W80/><G131/><T5/><D128/><U65/><E107/><V92/><F62/><W66/><G73/><T91/><D98/><U22/><E104/><V85/>'
  .. '<F50/><W34/><G34/><T75/><D75/><U59/><E65/><V57/><F57/><W123/><G123/><T42/><D91/><U121/><E54/>'
  .. '<V130/><F11/><W74/><G74/><T53/><D53/><U76/><E121/><V20/><F32/><W33/><G33/><T122/><D42/><U135/>'
  .. '<E135/><V44/><F44/><W133/><G133/><T28/><D122/><U88/><E21/><V127/><F127/><N who="0" m="48650" />'
  .. '<D132/><U36/><E36/><V37/><F37/><W120/><G120/><T55/><D55/><U79/><E101/><V71/><F71/><W69/><G115/>'
  .. '<T84/><D84/><U110/><E110/><V60/><F60/><W68/><G114/><T6/><D108/><U18/><E29/><V97/><F97/><W49/>'
  .. '<G68/><T124/><N who="0" m="48658" /><T43/><DORA hai="95" /><D43/><U63/><E7/>'
  .. '<N who="0" m="1793" /><T27/><DORA hai="10" /><D27/><U112/><E112/><V99/><F130/><W118/><G118/>'
  .. '<T45/><D45/><U82/><E100/><V40/><F85/><W30/><G69/><T103/><D103/><U70/><E70/><V113/><F113/><W72/>'
  .. '<G72/><T134/><D134/><U96/><E86/><V61/><F61/><W39/><G39/><T119/><D119/>'
  .. '<RYUUKYOKU type="nm" ba="2,0" sc="250,-40,250,-20,250,-20,250,80" hai0="1,3,17,19,26,28,35" hai1="15,18,22,52,59,63,76,79,82,83,88,94,96" hai2="0,2,9,12,20,24,31,40,46,48,90,92,99" />'

function TestNagashi.test_nagashi_mangan_without_honba()
  local second = INIT:gsub('seed="0,0,0,', 'seed="0,1,0,')
  local kyuushu = '<T120/><RYUUKYOKU type="yao9" ba="%d,0" sc="250,0,250,0,250,0,250,0" '
    .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17,120"/>'
  local text = HEAD .. INIT .. kyuushu:format(0) .. second .. kyuushu:format(1) .. NAGASHI_DEAL .. '</mjloggm>'
  local r = check_text(text)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.deals, 3)
  lu.assertEquals(r.final, { 21000, 23000, 23000, 33000 })
  r = check_text(text, { options = { nagashi_honba = true } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "N (player 3) +8000 in the log, +8600 in the engine")
end

TestMjaiRules = {}

-- mjai logs made from Tenhou records by mjai-reviewer's convlog state the match length
-- (start_game kyoku_first: 0 a hanchan, 4 East only) and the red fives (aka_flag).
function TestMjaiRules.test_kyoku_first_and_aka_flag()
  -- the deal without red fives (GO type bit 2), so that no red five shows them
  local text = records.write_mjai(assert(records.read((KYUUSHU:gsub('type="169"', 'type="171"')))))
  local function read(fields)
    local t = text:gsub('"type":"start_game"', '"type":"start_game",' .. fields, 1)
    return assert(records.read(t))
  end
  local rec = read('"kyoku_first":4,"aka_flag":false')
  lu.assertEquals(rec.options.match_length, "tonpuusen")
  lu.assertEquals(rec.options.red_fives, 0)
  rec = read('"kyoku_first":0,"aka_flag":true')
  lu.assertEquals(rec.options.match_length, "hanchan")
  lu.assertEquals(rec.options.red_fives, 3)
  local r = replay.check(read('"kyoku_first":4,"aka_flag":true'))
  lu.assertTrue(r.ok, r.error)
  -- and written back
  rec.options.match_length = "tonpuusen"
  local back = assert(records.read(records.write_mjai(rec)))
  lu.assertEquals({ back.options.match_length, back.options.red_fives }, { "tonpuusen", 3 })
  rec.options.red_fives = 0
  back = assert(records.read(records.write_mjai(rec)))
  lu.assertEquals(back.options.red_fives, 0)
end

TestLobby = {}

-- A lobby game (GO type bit 0x800: one deal) starting at 30,000 (INIT ten): the start
-- points come from the first deal, the match ends after it.
function TestLobby.test_start_points_and_one_deal()
  local head = HEAD:gsub('type="169"', 'type="2217"')
  local init = INIT:gsub('ten="250,250,250,250"', 'ten="300,300,300,300"')
  local text = head .. init .. '<T120/><RYUUKYOKU type="yao9" ba="0,0" sc="300,0,300,0,300,0,300,0" '
    .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17,120" owari="300,0.0,300,0.0,300,0.0,300,0.0"/></mjloggm>'
  local rec = assert(records.read(text))
  lu.assertTrue(rec.options.one_deal)
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, { 30000, 30000, 30000, 30000 })
  -- the ranked rules play on after an abortive draw: the log's end is then a disagreement
  rec.options.one_deal = nil
  r = replay.check(rec)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "plays on")
end

TestBroken = {}

-- Garbled values are errors that name them, never a failure of the replay itself.
function TestBroken.test_values_of_the_wrong_kind()
  local bad = T6_THREE:gsub("%[35000,35000,35000%]", "[35000,35000.5,35000]", 1)
  local r = check_text(bad)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "points of player 1 35000.5 is not a whole number")
  local mjai = '{"type":"start_game","names":["a","b","c","d"]}\n'
    .. '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m",'
    .. '"scores":[25000,25000,25000,25000],"tehais":[' .. ('["1m","1m","1m","2m","2m","2m","3m","3m","3m","4m","4m","4m","5m"],'):rep(3)
    .. '["6m","6m","6m","7m","7m","7m","8m","8m","8m","9m","9m","9m","1p"]]}\n'
    .. '{"type":"tsumo","pai":"5p"}\n'
  local _, err = records.read(mjai)
  lu.assertStrContains(err, "line 3: 'tsumo' without a player")
end

os.exit(lu.LuaUnit.run())
