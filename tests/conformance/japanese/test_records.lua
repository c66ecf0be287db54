-- Reading records users hand over (repl/records.lua, repl/replay.lua): what jong cannot
-- replay says why, with the file's deal and event.
local lu = require "luaunit"
local records = require "records"
local replay = require "replay"

-- One Tenhou deal (mjlog): the dealer declares kyuushu kyuuhai on his first draw.
local function mjlog(seed)
  return '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>'
    .. '<INIT seed="' .. seed .. '" ten="250,250,250,250" oya="0" '
    .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17" hai1="40,44,48,52,56,60,64,76,80,84,88,92,96" '
    .. 'hai2="1,5,9,13,18,21,25,29,33,37,41,45,49" hai3="2,6,10,14,19,22,26,30,34,38,42,46,50"/>'
    .. '<T120/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    .. 'hai0="0,32,36,68,72,104,108,112,116,4,8,12,17,120"/></mjloggm>'
end

-- A record that starts in the middle of a match (an excerpt, e.g. one round copied from a
-- viewer) is refused at its first deal, saying so.
function test_an_excerpt_is_named_as_such()
  local r = replay.check(assert(records.read(mjlog("0,0,0,2,3,124"))))
  lu.assertTrue(r.ok, r.error)
  r = replay.check(assert(records.read(mjlog("0,1,0,2,3,124"))))
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "(deal 1, East 1, 1 honba)")
  lu.assertStrContains(r.error, "starts in the middle of a match")
end

-- kobalab's 電脳麻将 paifu JSON (has "log" too) is named, not misread as tenhou.net/6.
function test_a_majiang_paifu_is_named()
  local text = '{"title":"四鳳南喰赤","player":["a","b","c","d"],"log":[[{"qipai":{"zhuangfeng":0,'
    .. '"jushu":0,"changbang":0,"lizhibang":0,"defen":[25000,25000,25000,25000],"baopai":"z1",'
    .. '"shoupai":["m123","p456","s789","z111"]}},{"zimo":{"l":0,"p":"m1"}}]]}'
  local rec, err = records.read(text)
  lu.assertNil(rec)
  lu.assertStrContains(err, "電脳麻将")
  lu.assertStrContains(err, "not a format jong reads")
end

-- An mjai log says nothing of the match's length unless its start_game has kyoku_first:
-- one that ends the match after East 4 (nobody below 0) is an East-only match.
function test_an_unstated_east_only_match()
  local how = { rules = "tenhou", seed = 2, options = { match_length = "tonpuusen" } }
  local g = assert(jong.game(how))
  g:run_bots({}, nil, 100000)
  local rec = assert(replay.read_jong(replay.jong_log(how, g)))[1]
  lu.assertEquals(rec.deals[#rec.deals].kyoku, 3)          -- it ends at East 4
  local text = records.write_mjai(rec):gsub('"kyoku_first":4,?', "")
  rec = assert(records.read(text))
  lu.assertNil(rec.options.match_length)
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.options.match_length, "tonpuusen")
  lu.assertEquals(r.final, rec.final)
  -- a length the log or the user states is kept: a hanchan plays on
  r = replay.check(rec, { options = { match_length = "hanchan" } })
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "the log ends the match; the engine plays on")
end

-- A record that cannot be read says where: the deal and the element, line or entry.
function test_reading_errors_name_the_deal()
  local text = mjlog("0,0,0,2,3,124"):gsub("<T120/>", "<T120/><D120/></mjloggm>", 1)
  text = text:gsub("</mjloggm>.*", "") .. "<INIT seed=\"0,0,0,2,3,124\" ten=\"250,250,250,250\" oya=\"0\" "
    .. 'hai0="0" hai1="1" hai2="2" hai3="3"/></mjloggm>'
  local rec, err = records.read(text)
  lu.assertNil(rec)
  lu.assertStrContains(err, "<INIT>: INIT hai0 has 1 tiles (deal 2)")
  -- mjai: the line and the deal
  local how = { rules = "tenhou", seed = 3 }
  local g = assert(jong.game(how))
  g:run_bots({}, nil, 100000)
  local mjai = records.write_mjai(assert(replay.read_jong(replay.jong_log(how, g)))[1])
  local lines, deals, at = {}, 0, nil
  for line in mjai:gmatch("[^\n]+") do
    lines[#lines + 1] = line
    if line:find('"type":"start_kyoku"', 1, true) then deals = deals + 1 end
    if deals == 2 and not at and line:find('"type":"dahai"', 1, true) then at = #lines end
  end
  lines[at] = lines[at]:gsub('"pai":"[^"]*"', '"pai":"9x"')
  rec, err = records.read(table.concat(lines, "\n"))
  lu.assertNil(rec)
  lu.assertEquals(err, "line " .. at .. ": dahai: bad tile 9x (deal 2)")
  -- tenhou.net/6: the deal and its entry
  local t6 = records.write_tenhou6(assert(replay.read_jong(replay.jong_log(how, g)))[1])
  local d = records.cjson.decode(t6)
  d.log[2][7][1] = 99                  -- player 0's first discard of deal 2
  rec, err = records.read(records.cjson.encode(d))
  lu.assertNil(rec)
  lu.assertStrContains(err, "deal 2 (log[2]): ")
  lu.assertStrContains(err, "bad tile code 99")
end

-- Real Tenhou games (tests/conformance/japanese/records/) replayed whole: every action,
-- every deal's payments and the final points as the record has them.
--   pao-dnovikoff.xml (dnovikoff/tenhou, log/test_data/pao.xml): a yakuman with liability (17.6)
--   ron3-2025010116gm-00a9-0000-12f4eaf6.xml: three ron on one discard, an abortive draw (10)
--   kan4-2025012500gm-00a9-0000-c294f3d0.xml: four kongs by several players, abortive (10)
--   2009100718gm-00e1-0000-470654d3.xml: an East-only Phoenix game of October 2009
local REAL = "tests/conformance/japanese/records/"

local function real(name)
  local f = assert(io.open(REAL .. name, "rb"))
  local rec = assert(records.read(f:read("a")))
  f:close()
  local r = replay.check(rec)
  lu.assertTrue(r.ok, name .. ": " .. tostring(r.error))
  lu.assertEquals(r.final, rec.final)
  return rec
end

local function has_event(rec, test)
  for _, d in ipairs(rec.deals) do
    for _, e in ipairs(d.events) do if test(e) then return true end end
  end
  return false
end

function test_real_games()
  local rec = real("pao-dnovikoff.xml")
  lu.assertTrue(has_event(rec, function(e) return e.t == "win" and e.pao ~= nil end))
  rec = real("ron3-2025010116gm-00a9-0000-12f4eaf6.xml")
  lu.assertTrue(has_event(rec, function(e) return e.t == "draw_end" and e.reason == "sanchahou" end))
  rec = real("kan4-2025012500gm-00a9-0000-c294f3d0.xml")
  lu.assertTrue(has_event(rec, function(e) return e.t == "draw_end" and e.reason == "suukaikan" end))
  rec = real("2009100718gm-00e1-0000-470654d3.xml")
  lu.assertEquals(rec.options.match_length, "tonpuusen")
end

os.exit(lu.LuaUnit.run())
