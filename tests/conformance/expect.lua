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

-- MCR (mcr.md s14): items as {name, value, count}, a count of 1 left out in what a test
-- wants; the reference profile (s16) of options; a situation (rules mcr, no flags unless
-- given, options as given or `options`).
expect.MCR_REFERENCE = { ["mcr.two_concealed_kongs"] = 6, ["mcr.concealed_and_melded_kong"] = 5,
                         ["mcr.special_self_drawn"] = "self_drawn" }

function expect.mcr_situation(t, options)
  t.rules = "mcr"
  t.flags = t.flags or {}
  t.options = t.options or options
  return t
end

local function counted(r)
  local out = {}
  for i, it in ipairs(r.items or {}) do out[i] = { it.name, it.value, it.count } end
  return out
end

local function wanted(items)
  local out = {}
  for i, it in ipairs(items) do out[i] = { it[1], it[2], it[3] or 1 } end
  return out
end

-- jong.score(s) wins with fan and flowers, the items in order and (when given) the payments.
function expect.mcr_win(s, fan, flowers, items, payments)
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertTrue(r.wins, r.reason)
  lu.assertEquals(r.value, { fan = fan, flowers = flowers, total = fan + flowers })
  lu.assertEquals(counted(r), wanted(items))
  if payments ~= nil then lu.assertEquals(r.payments, payments) end
  return r
end

-- jong.score(s) is a complete hand below the minimum, with its value and items.
function expect.mcr_below(s, fan, flowers, items)
  local r = jong.score(s)
  lu.assertTrue(r.ok, r.error)
  lu.assertFalse(r.wins)
  lu.assertStrContains(r.reason, "below the minimum of 8 points")
  lu.assertEquals(r.value, { fan = fan, flowers = flowers, total = fan + flowers })
  lu.assertEquals(counted(r), wanted(items))
  lu.assertNil(r.payments)
end

-- The payments of ruleset R's settle hook for a win of `value` (han/fu, or {yakuman = n})
-- by `seat`: by discard from the next seat (E's from S), or self-drawn; no honba, no
-- deposits, options resolved from `options`. Returns the payments and the discarder.
function expect.settle(R, value, seat, win_by, options)
  local from = win_by == "discard" and (seat == "E" and "S" or "E") or nil
  local f = { seat = seat, win_by = win_by, from = from, honba = 0, deposits = 0, melds = {},
              situation = {}, options = assert(jong.resolve_options(R, options or {})) }
  return R.settle(f, { value = value, items = {} }), from
end

return expect
