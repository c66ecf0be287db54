-- The default bot in MCR aims for the 8 points a win needs: the ruleset names its
-- targets (three sets that make one of its chows3 or pungs3 elements), every target is
-- what the score says, and the bot keeps the discard that leaves its hand ready for one.
local lu = require "luaunit"

local R = assert(jong.load_rules("mcr"))

local KIND = {}
for i, name in ipairs(jong.TILES) do KIND[name] = i end

-- A hand of the target's three sets (melded, so that the scorer reads them as sets), a
-- concealed fourth set and a pair, won by self-draw: the hand text and the winning tile.
local function hand_of(t)
  local count, melds, concealed = {}, {}, {}
  for _, low in ipairs(t.tiles) do
    local k = KIND[low]
    local set = t.chow and { k, k + 1, k + 2 } or { k, k, k }
    local ranks = {}
    for _, x in ipairs(set) do
      count[x] = (count[x] or 0) + 1
      ranks[#ranks + 1] = jong.TILES[x]:sub(1, 1)
    end
    melds[#melds + 1] = "[" .. table.concat(ranks) .. low:sub(2) .. "]"
  end
  -- a fourth set that makes no greater element with the target's (a pung of a wind the
  -- target leaves free with chows, a chow of 7-9 with pungs) and a pair of a dragon (else a
  -- wind) the target leaves free
  local function put(k, c)
    count[k] = (count[k] or 0) + c
    for _ = 1, c do concealed[#concealed + 1] = jong.TILES[k] end
  end
  if t.chow then
    for _, k in ipairs { 28, 29, 30, 31 } do
      if (count[k] or 0) == 0 then put(k, 3) break end
    end
  else
    for _, k in ipairs { 16, 25, 7 } do   -- 7p, 7s, 7m
      if (count[k] or 0) < 4 and (count[k + 1] or 0) < 4 and (count[k + 2] or 0) < 4 then
        put(k, 1) put(k + 1, 1) put(k + 2, 1)
        break
      end
    end
  end
  for _, k in ipairs { 34, 33, 32, 31, 30, 29, 28 } do
    if (count[k] or 0) == 0 then put(k, 2) break end
  end
  assert(#concealed == 5, "no room for the fourth set and the pair")
  return table.concat(concealed) .. " " .. table.concat(melds, " "), concealed[#concealed]
end

function test_every_target_scores_its_element()
  local list = R.bot_targets()
  lu.assertTrue(#list >= 100)
  local items = {}
  for _, t in ipairs(list) do
    local hand, last = hand_of(t)
    local r = jong.score { rules = "mcr", seat = "E", round = "E", hand = hand, win_tile = last, win_by = "self" }
    lu.assertTrue(r.ok, hand)
    local found = false
    for _, it in ipairs(r.items or {}) do
      if it.name == t.item then
        found = true
        lu.assertEquals(it.value, t.points, hand)
      end
    end
    lu.assertTrue(found, t.item .. " in " .. hand)
    lu.assertTrue(t.points >= 6)
    items[t.item] = true
  end
  for _, name in ipairs { "Mixed Straight", "Mixed Triple Chow", "Pure Straight", "Mixed Shifted Chows",
                          "Mixed Shifted Pungs", "Triple Pung" } do
    lu.assertTrue(items[name], name)
  end
end

function test_keeps_the_discard_ready_for_value()
  -- E: 123m 456p 79s 4556s 22z. Discarding a 5s leaves 123m 456p 79s 456s 22z, ready on 8s
  -- for a Mixed Straight (8 points); discarding 9s would wait on more tiles (3s 6s), for
  -- a hand below 8 points
  local g = assert(jong.scenario { rules = "mcr",
    hands = { E = "123m456p79s4556s22z", S = "1199m1188p2233s6z", W = "4477m3399p1188s6z", N = "5566m777p1z2z3z4z5z7z" },
    draws = "6z1z3z5z7z8m8m8m" })
  local a = g:bot("E")
  lu.assertEquals(a.type, "discard")
  lu.assertEquals(a.tile, "5s")
end

os.exit(lu.LuaUnit.run())
