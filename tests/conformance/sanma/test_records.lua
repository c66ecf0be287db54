-- Real three-player records replayed whole with `jong replay --check`'s checks (every
-- action, every deal's payments, the final points): tests/conformance/sanma/records/.
--   2026011616gm-00b9-0000-6565db46.xml  Tenhou Phoenix room (type 185), mjlog: South 3
--     is a ron on a kita in the ippatsu turn (riichi, ippatsu, seven pairs: 6,400; 7.4).
--   2009060321gm-00b9-0000-75b25bcf.xml  a Tenhou Phoenix sanma game of June 2009.
--   mahjongsoul-kokushi-ankan.json  a Mahjong Soul game as tenhou.net/6 JSON (one deal,
--     35,000 points): red fives given per suit (aka51 0, aka52 1, aka53 1), a room name
--     that is not Tenhou's ("三金の間赤": no 東/南, so nothing about open tanyao).
--   2026012221gm-00b9-0000-3a18083e.xml  Tenhou Phoenix room (type 185), mjlog: South 3
--     is an exhaustive draw where S's only wait is 6p beside his own concealed kong of 6p;
--     Tenhou pays him as tenpai (option tenpai_melded_fourth, on in sanma and tenhou;
--     japanese.md 9.2 / B3 would call him noten).
local lu = require "luaunit"
local records = require "records"
local replay = require "replay"

local DIR = "tests/conformance/sanma/records/"

local function read(name)
  local f = assert(io.open(DIR .. name, "rb"))
  local text = f:read("a")
  f:close()
  return assert(records.read(text))
end

function test_tenhou_ron_on_a_kita_with_ippatsu()
  local rec = read("2026011616gm-00b9-0000-6565db46.xml")
  lu.assertEquals(rec.players, 3)
  lu.assertEquals(rec.rules, "tenhou3")
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.deals, #rec.deals)
  lu.assertEquals(r.final, rec.final)
end

function test_tenhou_2009()
  local rec = read("2009060321gm-00b9-0000-75b25bcf.xml")
  lu.assertEquals(rec.players, 3)
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, rec.final)
end

function test_red_fives_per_suit_and_a_foreign_room_name()
  local rec = read("mahjongsoul-kokushi-ankan.json")
  lu.assertEquals(rec.players, 3)
  lu.assertEquals(rec.options.red_fives, 2)
  lu.assertNil(rec.options.open_tanyao)
  lu.assertNil(rec.options.match_length)
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, { 83000, -13000, 35000 })
end

function test_tenhou_tenpai_beside_its_own_kong()
  local rec = read("2026012221gm-00b9-0000-3a18083e.xml")
  local r = replay.check(rec)
  lu.assertTrue(r.ok, r.error)
  lu.assertEquals(r.final, { -4900, 52800, 57100 })
  rec = read("2026012221gm-00b9-0000-3a18083e.xml")
  rec.options = rec.options or {}
  rec.options.tenpai_melded_fourth = false          -- japanese.md 9.2 as written
  r = replay.check(rec)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, "deal 9, South 3")
  lu.assertStrContains(r.error, "payments differ")
end

os.exit(lu.LuaUnit.run())
