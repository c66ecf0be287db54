-- Assertions shared by the conformance scripts (found by `require "expect"`: `jong test`
-- looks one folder up from the script).
local lu = require "luaunit"

local expect = {}

-- A result's items as {name, value, unit} triples, in order.
function expect.items(r)
  local items = {}
  for i, it in ipairs(r.items) do items[i] = { it.name, it.value, it.unit } end
  return items
end

-- A winning `jong score` result against what a worked example says:
-- want = {value = {...}, items = {{name, value, unit}, ...}, limit = name or nil,
-- payments = {E =, S =, W =, N =}}; items are compared in order, all of them.
-- Without want.payments the payments are not compared. Returns the result.
function expect.win(r, want)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.value, want.value)
  lu.assertEquals(expect.items(r), want.items)
  local limit = r.limit
  if limit == jong.json_null then limit = nil end
  lu.assertEquals(limit, want.limit)
  if want.payments ~= nil then lu.assertEquals(r.payments, want.payments) end
  return r
end

-- `jong score` of situation s under `rules` (round East unless s says), which must be a
-- valid input (r.ok): the result.
function expect.score(rules, s)
  local t = { rules = rules, round = "E" }
  for k, v in pairs(s) do t[k] = v end
  local r = jong.score(t)
  lu.assertTrue(r.ok, r.error)
  return r
end

-- A result that does not win, with a reason containing reason_part.
function expect.no_win(r, reason_part)
  lu.assertTrue(r.ok, r.error)
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, reason_part)
  return r
end

return expect
