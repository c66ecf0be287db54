-- rules/lib/waits.lua: the structural wait count of a concealed part.
local lu = require "luaunit"

local waits = assert(jong.load_rules("lib.waits"))

local function counts(notation)
  local c = {}
  for k = 1, 34 do c[k] = 0 end
  local index = {}
  for k, t in ipairs(jong.TILES) do index[t] = k end
  for _, t in ipairs(jong.tiles(notation)) do c[index[t]] = c[index[t]] + 1 end
  return c
end

function test_one_kind()
  lu.assertEquals(waits.count(counts("123m456p789s111z5z"), 13), 1)    -- single wait on 5z
  lu.assertEquals(waits.count(counts("123m456p789s11z79s"), 13), 1)    -- closed wait on 8s
  lu.assertEquals(waits.count(counts("5m"), 1), 1)
  lu.assertEquals(waits.count(counts("1255m"), 4), 1)                  -- edge: 3m only
end

function test_two_or_more()
  lu.assertEquals(waits.count(counts("1112345678999m"), 13), 2)       -- nine gates: stops at 2
  lu.assertEquals(waits.count(counts("123m456p789s11z23s"), 13), 2)    -- 1s or 4s
  lu.assertEquals(waits.count(counts("123m456p789s11z22z"), 13), 2)    -- two pairs
end

function test_seven_pairs_and_fifth_copies()
  lu.assertEquals(waits.count(counts("1122m3344p5566s7z"), 13), 1)     -- seven pairs: 7z
  lu.assertEquals(waits.count(counts("1111m2233p4455s6z"), 13), 1)     -- four of a kind = two pairs
  -- 1111m + 234p567p789s: 1m completes it as a fifth copy (111m + 1m 1m pair)
  lu.assertEquals(waits.count(counts("1111m234p567p789s"), 13), 1)
end

os.exit(lu.LuaUnit.run())
