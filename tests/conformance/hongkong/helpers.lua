-- Shared checks for the Hong Kong conformance scripts (not a test itself).
-- Load with: local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")
local lu = require "luaunit"

local hk = {}

-- The result of `jong score` for a situation of the hongkong rules.
function hk.score(s)
  s.rules = "hongkong"
  return jong.score(s)
end

-- The ruleset table itself (for the penalty and play hooks).
function hk.rules()
  return assert(jong.load_rules("hongkong"))
end

local function lines(items)
  local out = {}
  for i, it in ipairs(items) do
    out[i] = it.name .. " = " .. tostring(it.value) .. " " .. tostring(it.unit)
  end
  return out
end

-- Asserts a winning result: expect = { faan = n, items = {{name, value}, ...}, limit = name or nil,
-- payments = {E=, S=, W=, N=} }. Items are compared in order, with unit "faan".
function hk.wins(s, expect)
  local r = hk.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.rules, "hongkong")
  lu.assertEquals(r.value.faan, expect.faan)
  local want = {}
  for i, it in ipairs(expect.items) do want[i] = it[1] .. " = " .. tostring(it[2]) .. " faan" end
  lu.assertEquals(lines(r.items), want)
  if expect.limit then lu.assertEquals(r.limit, expect.limit)
  else lu.assertEquals(r.limit, jong.json_null) end
  if expect.payments then
    lu.assertEquals(r.payments, expect.payments)
  end
  local sum = 0
  for _, seat in ipairs { "E", "S", "W", "N" } do sum = sum + r.payments[seat] end
  lu.assertEquals(sum, 0)
  return r
end

-- Asserts a refused hand (wins = false) whose reason contains `reason`.
function hk.refused(s, reason)
  local r = hk.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, reason)
  return r
end

-- Asserts an invalid situation (ok = false) whose error contains `message`.
function hk.invalid(s, message)
  local r = hk.score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, message)
  return r
end

-- A stacked deal (§6.4): the four hands (the dealer's 14 tiles, 13 for the others), then
-- the tiles drawn after the deal; `back` the tiles drawn from the tail (the loose tiles).
function hk.game(hands, draws, options, back)
  local g, err = jong.scenario { rules = "hongkong", seed = 1, options = options, back = back, draws = draws,
                                 hands = { E = hands[1], S = hands[2], W = hands[3], N = hands[4] } }
  lu.assertNotNil(g, err)
  return g
end

return hk
