-- f.waits (docs/hooks.md, "Facts"): the core's waits before the win, in the ruleset's
-- forms and special_complete, counted structurally.
local lu = require "luaunit"

local function waits(rules, hand, win_tile, extra)
  local s = { rules = rules, seat = "S", hand = hand, win_tile = win_tile, win_by = "self" }
  for k, v in pairs(extra or {}) do s[k] = v end
  local f = assert(jong.facts(s))
  return f.waits
end

TestFactsWaits = {}

function TestFactsWaits.test_single_and_two_sided()
  lu.assertEquals(waits("classical", "123m456p789s111z22z", "2z"), { "2z" })
  lu.assertEquals(waits("classical", "123m456p789s111z22z", "3m"), { "3m" })      -- 12m: edge
  lu.assertEquals(waits("classical", "123m456p789s111z22z", "1m"), { "1m", "4m" })
  lu.assertEquals(waits("japanese", "123m456p789s22z555z", "5z"), { "2z", "5z" })
end

function TestFactsWaits.test_melds_stay_as_they_are()
  lu.assertEquals(waits("classical", "456m55p [789s] [111z] [333z]", "6m"), { "3m", "6m" })
end

function TestFactsWaits.test_the_rulesets_forms()
  -- seven pairs: a form of Japanese, not of Classical (whose standard form finds no wait)
  lu.assertEquals(waits("japanese", "1122m3344p5566s77z", "7z"), { "7z" })
  lu.assertEquals(waits("classical", "1122m3344p5566s77z", "7z", { losers = nil }), {})
  -- thirteen orphans, thirteen-sided
  lu.assertEquals(#waits("japanese", "19m19p19s12345677z", "7z"), 13)
  lu.assertEquals(#waits("classical", "19m19p19s12345677z", "1m"), 1)
end

function TestFactsWaits.test_a_fifth_copy_counts()
  -- §17.4 of Classical: tile availability is ignored, so 8889999m waits on 9m as well
  lu.assertEquals(waits("classical", "8889999m7m456p123s", "7m"), { "7m", "9m" })
  local r = jong.score { rules = "classical", seat = "S", hand = "8889999m7m456p123s", win_tile = "7m",
    win_by = "discard", from = "E" }
  for _, item in ipairs(r.items) do lu.assertNotEquals(item.name, "winning tile is the only possible tile") end
end

function TestFactsWaits.test_special_complete()
  -- IMS 13 Individuals come from special_complete
  lu.assertEquals(waits("ims", "147m258p369s12355z", "5z"), { "1z", "2z", "3z", "5z" })
  lu.assertEquals(waits("ims", "147m258p369s12355z", "1z"), { "1z", "4z", "6z", "7z" })
  -- MCR Knitted Straight with a set and a pair
  lu.assertEquals(waits("mcr", "147m258p369s22555z", "2z"), { "2z" })
end

function TestFactsWaits.test_kinds_the_tile_set_lacks()
  lu.assertEquals(waits("sanma", "11999m123p456s777z", "1m"), { "1m" })
  lu.assertEquals(waits("sanma", "11m999m123p456s777z", "9m"), { "1m", "9m" })
end

function TestFactsWaits.test_kept_and_other_fields_nil()
  local f = assert(jong.facts { rules = "classical", seat = "S", hand = "123m456p789s111z22z", win_tile = "2z",
    win_by = "discard", from = "E" })
  lu.assertNil(rawget(f, "waits"))
  local w = f.waits
  lu.assertIs(rawget(f, "waits"), w)
  lu.assertNil(f.no_such_field)
  lu.assertFalse(getmetatable(f))
end

os.exit(lu.LuaUnit.run())
