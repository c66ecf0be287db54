-- f.tiles and f.all_counts (docs/hooks.md, "Facts"): made when a hook first reads them,
-- equal to what jong.hand_facts gives for the same hand.
local lu = require "luaunit"

local CASES = {
  { "japanese", "345678m34599p678s", "5m" },
  { "japanese", "11223344556677z", "7z" },
  { "japanese", "22334455m666p [678s]", "2m" },
  { "japanese", "11123455678999m", "5m" },
  { "japanese", "19m19p19s12345677z", "7z" },
  { "japanese", "05p [1111z]c [777z]@W [6666p]@N [234m]", "5p" },
  { "japanese", "123m406p789s11z [0555m]@E", "1z" },
  { "classical", "111m999p55s [555z] [7777z] f1 g3", "5s" },
  { "classical", "234m234m678s55p [333s] f1", "5p" },
  { "mcr", "567m11s [2222p]@N [7777s]c [345p]@N f1 f2", "6m" },
  { "taiwanese", "123456789m123p456s55z", "6s" },
  { "taiwanese", "456m55z [123p] [789s] [111z] [666p]", "6m" },
}

local function situation(c)
  return { rules = c[1], seat = "S", hand = c[2], win_tile = c[3], win_by = "self" }
end

TestFactsLazy = {}

function TestFactsLazy.test_equal_to_the_hands_facts()
  for _, c in ipairs(CASES) do
    local r = assert(jong.load_rules(c[1]))
    local eager = assert(jong.hand_facts(c[2], c[3], false, r.hand_size == 16 and 5 or 4))
    local f = assert(jong.facts(situation(c)))
    lu.assertEquals(f.tiles, eager.tiles, c[2])
    lu.assertEquals(f.all_counts, eager.all_counts, c[2])
    lu.assertEquals(f.counts, eager.counts, c[2])
    local g = assert(jong.facts(situation(c)))   -- in the other order
    lu.assertEquals(g.all_counts, eager.all_counts, c[2])
    lu.assertEquals(g.tiles, eager.tiles, c[2])
  end
end

function TestFactsLazy.test_made_once_then_kept()
  local f = assert(jong.facts(situation(CASES[6])))
  lu.assertNil(rawget(f, "tiles"))
  lu.assertNil(rawget(f, "all_counts"))
  local t, a = f.tiles, f.all_counts
  lu.assertIs(rawget(f, "tiles"), t)
  lu.assertIs(rawget(f, "all_counts"), a)
  lu.assertIs(f.tiles, t)
  lu.assertEquals(a["1z"], 4)
  lu.assertEquals(a["6p"], 4)
  lu.assertEquals(a["3m"], 1)
  lu.assertEquals(a["5p"], 2)
  lu.assertEquals(t, { "5p", "5p" })
  lu.assertNil(f.nothing_of_that_name)
  lu.assertFalse(getmetatable(f))
end

-- Made with raw reads from what f holds then: a hook that replaced counts or melds by
-- something else gets no error and runs no metamethod of its own.
function TestFactsLazy.test_raw_reads_of_replaced_fields()
  local f = assert(jong.facts(situation(CASES[6])))
  f.counts = setmetatable({ ["2m"] = 2, x = 1, [3] = 4 }, { __index = function() error("ran") end, __pairs = function() error("ran") end })
  f.melds = { 5, { tiles = { "1z", "1z", "1z" } }, { tiles = "7z" } }
  lu.assertEquals(f.tiles, { "2m", "2m" })
  lu.assertEquals(f.all_counts, { ["2m"] = 2, ["1z"] = 3 })
  local g = assert(jong.facts(situation(CASES[6])))
  g.counts, g.melds = "none", false
  lu.assertEquals(g.tiles, {})
  lu.assertEquals(g.all_counts, {})
end

function TestFactsLazy.test_flower_win()
  local f = assert(jong.facts({ rules = "taiwanese", seat = "E", hand = "123456789m123p4567s f1 f2 f3 f4 g1 g2 g3 g4",
    win_tile = "g4", win_by = "flowers" }))
  local eager = assert(jong.hand_facts("123456789m123p4567s f1 f2 f3 f4 g1 g2 g3 g4", nil, false, 5))
  lu.assertEquals(f.tiles, eager.tiles)
  lu.assertEquals(f.all_counts, eager.all_counts)
end


-- A hook's facts are its own tables, empty lists and reading sets included: a child may
-- change them before its parent scores them (tests/lua/rules/edits_facts.lua adds riichi
-- to a closed hand with no yaku and marks every set).
function TestFactsLazy.test_a_hook_may_change_its_facts()
  local s = { seat = "S", round = "E", hand = "123m456p78999s234s", win_tile = "3s", win_by = "discard", from = "W" }
  s.rules = "japanese"
  local plain = jong.score(s)
  lu.assertTrue(plain.ok)
  lu.assertFalse(plain.wins)
  s.rules = "tests/lua/rules/edits_facts.lua"
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins)
  lu.assertEquals(r.value.han, 1)
  lu.assertEquals(r.items[1].name, "Riichi")
end

os.exit(lu.LuaUnit.run())
