-- MCR house tables: a value changed through data (examples/rules/mcr_flowers.lua: a
-- flower is worth 2) and an option preset (examples/rules/mcr_casual.lua: table =
-- "casual" wins at 6 points without flowers); in `jong score` and in play.
local lu = require "luaunit"

local FLOWERS, CASUAL = "examples/rules/mcr_flowers.lua", "examples/rules/mcr_casual.lua"

local function flower_tiles(result)
  for _, item in ipairs(result.items) do
    if item.name == "Flower Tiles" then return item end
  end
end

function test_flower_value_scored()
  local s = { seat = "S", hand = "123m456m789m234p55s f1 f2", win_tile = "5s", win_by = "discard", from = "E" }
  s.rules = "mcr"
  lu.assertEquals(jong.score(s).value, { fan = 21, flowers = 2, total = 23 })
  s.rules = FLOWERS
  local r = jong.score(s)
  lu.assertEquals(r.value, { fan = 21, flowers = 2, total = 25 })
  lu.assertEquals(flower_tiles(r), { name = "Flower Tiles", value = 2, count = 2 })
  lu.assertEquals(r.payments, { E = -33, S = 49, W = -8, N = -8 })
end

function test_elements_with_refuses_mistakes()
  local mcr = jong.load_rules("mcr")
  lu.assertErrorMsgContains("element 81 (Flower Tiles): only points may change, not 'value'",
    mcr.helpers.elements_with, { [81] = { value = 2 } })
  lu.assertErrorMsgContains("there is no element 90", mcr.helpers.elements_with, { [90] = { points = 2 } })
  lu.assertErrorMsgContains("points must be a whole number, not 1.5", mcr.helpers.elements_with, { [81] = { points = 1.5 } })
end

-- North draws a flower, sets it aside and wins on its replacement (a Pure Straight).
function test_flower_value_in_play()
  local function play(rules)
    local g = assert(jong.scenario { rules = rules,
      hands = { E = "5p159m29p19s123456z", S = "5p234s678s258m345z", W = "5p33m77m22s88s99s2p4z", N = "123456789m11z23p" },
      draws = "7z7zf1", back = "1p" })
    assert(g:run { { "E", "d 5p" }, { "S", "d 7z" }, { "W", "d 7z" }, { "N", "win" } })
    return g.last_results[1].result
  end
  local plain, house = play("mcr"), play(FLOWERS)
  lu.assertEquals(house.value.fan, plain.value.fan)
  lu.assertEquals(house.value.total, plain.value.total + 1)
  lu.assertEquals(flower_tiles(house), { name = "Flower Tiles", value = 2, count = 1 })
end

-- 234m 456p 678s 234s 55m: 7 points, below MCR's 8; the casual table wins with it.
function test_preset_scored()
  local function score(options)
    return jong.score { rules = CASUAL, options = options, seat = "S", hand = "234m456p678s234s55m",
                        win_tile = "5m", win_by = "discard", from = "E" }
  end
  lu.assertEquals(score().reason, "below the minimum of 8 points")
  lu.assertTrue(score({ table = "casual" }).wins)
  lu.assertEquals(score({ table = "casual", min_points = 8 }).reason, "below the minimum of 8 points")  -- given wins
  local r = jong.score { rules = CASUAL, options = { table = "casual" }, seat = "S", hand = "234m456p678s234s55m f1",
                         win_tile = "5m", win_by = "discard", from = "E" }
  lu.assertEquals(r.error, "flowers are not in play (mcr.flowers is off)")
end

-- S waits on 3s or 6s with a hand worth 6 on East's 3s: offered at the casual table only,
-- and that table plays 136 tiles.
local BELOW = { E = "159m29p139s123456z", S = "234m678p678s99m45s", W = "111p333p555p777p8p", N = "222m888m666s777s7z" }

function test_preset_in_play()
  local function offered(options)
    local g = assert(jong.scenario { rules = CASUAL, options = options, hands = BELOW })
    assert(g:play("E", "d 3s"))
    for _, a in ipairs(g:legal("S")) do if a.type == "win" then return true, g end end
    return false, g
  end
  lu.assertFalse((offered()))
  local yes, g = offered { table = "casual" }
  lu.assertTrue(yes)
  lu.assertEquals(g.options.min_points, 6)
  lu.assertFalse(g.options.flowers)
  assert(g:play("S", "win"))
  lu.assertEquals(g.last_results[1].result.value.total, 6)
  -- a whole match at the casual table: no bonus tile is ever dealt or drawn
  g = assert(jong.game { rules = CASUAL, seed = 1, options = { table = "casual" } })
  g:run_bots({}, "default")
  lu.assertEquals(g:state().phase, "match_end")
  for _, e in ipairs(g:events()) do lu.assertNotEquals(e.type, "bonus") end
end

os.exit(lu.LuaUnit.run())
