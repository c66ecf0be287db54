-- MCR self-consistency over a few thousand random complete hands (standard hands with and
-- without melds and kongs, Seven Pairs, the knitted forms, Thirteen Orphans, Nine Gates)
-- and random situations: every result adds up, lists its items in Green Book order,
-- respects the "not also" table and the multiple-occurrence rule, wins exactly at the
-- minimum, pays what s15 says; the reference profile never scores more than the default;
-- meld order and the discarder do not change the value. Input errors are refused.
local lu = require "luaunit"

local R = assert(jong.load_rules("mcr"))
local BY_NAME, NOT_ALSO = {}, {}
for _, e in ipairs(R.elements) do
  BY_NAME[e.name] = e
  for _, x in ipairs(e.not_also or {}) do NOT_ALSO[e.no .. ":" .. x] = true end
end
local MULTIPLE = { [59] = true, [73] = true, [64] = true, [65] = true, [69] = true, [70] = true,
                   [71] = true, [72] = true, [81] = true }
local REF = { two_concealed_kongs = 6, concealed_and_melded_kong = 5, special_self_drawn = "self_drawn" }
local SEATS = { "E", "S", "W", "N" }
local PRED = { E = "N", S = "E", W = "S", N = "W" }
local NEXT = { E = "S", S = "W", W = "N", N = "E" }

-- A deterministic generator (an LCG) of complete hands: returns a situation or nil.
local state = 12345
local function rnd(n) state = (state * 1103515245 + 12345) % 2147483648; return state % n + 1 end
local T = jong.TILES
local function name(k) return T[k] end
local function compact(kinds)   -- "3m4m5m" -> "345m" for a meld
  local s = ""
  for _, k in ipairs(kinds) do s = s .. name(k):sub(1, 1) end
  return s .. name(kinds[1]):sub(2, 2)
end

local function random_hand()
  local cnt = {}
  for k = 1, 34 do cnt[k] = 0 end
  local ok = true
  local function take(k, n) cnt[k] = cnt[k] + n; if cnt[k] > 4 then ok = false end end
  local suits = ({ { 1, 2, 3 }, { 1 }, { 1, 2 }, { 2, 3 }, { 3 } })[rnd(5)]
  local honors = rnd(3) > 1
  local function kind()
    if honors and rnd(4) == 1 then return 27 + rnd(7) end
    return (suits[rnd(#suits)] - 1) * 9 + rnd(9)
  end
  local concealed, melds = {}, {}
  local function hold(k, n) for _ = 1, n do concealed[#concealed + 1] = k end end
  local form = rnd(16)
  if form == 1 then                                    -- Seven Pairs
    for _ = 1, 7 do local k = kind(); take(k, 2); hold(k, 2) end
  elseif form == 2 then                                -- knitted forms
    local perm = ({ { 1, 2, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 1, 3, 2 }, { 2, 1, 3 }, { 3, 2, 1 } })[rnd(6)]
    local body = {}
    for i = 1, 3 do for _, r in ipairs { i, i + 3, i + 6 } do body[#body + 1] = (perm[i] - 1) * 9 + r end end
    if rnd(2) == 1 then
      local pool = {}
      for _, k in ipairs(body) do pool[#pool + 1] = k end
      for k = 28, 34 do pool[#pool + 1] = k end
      for i = #pool, 2, -1 do local j = rnd(i); pool[i], pool[j] = pool[j], pool[i] end
      for i = 1, 14 do take(pool[i], 1); hold(pool[i], 1) end
    else
      for _, k in ipairs(body) do take(k, 1); hold(k, 1) end
      local p = kind(); take(p, 2); hold(p, 2)
      local k = kind()
      if rnd(3) == 1 then take(k, 3); melds[1] = { type = "pung", kinds = { k, k, k } }
      else take(k, 3); hold(k, 3) end
    end
  elseif form == 3 then                                -- Thirteen Orphans
    local ends = { 1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34 }
    for _, k in ipairs(ends) do take(k, 1); hold(k, 1) end
    local e = ends[rnd(13)]; take(e, 1); hold(e, 1)
  elseif form == 4 then                                -- Nine Gates
    local b = (suits[1] - 1) * 9
    for r, c in ipairs { 3, 1, 1, 1, 1, 1, 1, 1, 3 } do take(b + r, c); hold(b + r, c) end
    local e = b + rnd(9); take(e, 1); hold(e, 1)
  else                                                 -- four sets and a pair
    local nmelds = rnd(3) == 1 and 0 or rnd(5) - 1
    for i = 1, 4 do
      local k = kind()
      if k <= 27 and (k - 1) % 9 < 7 and rnd(2) == 1 then
        take(k, 1); take(k + 1, 1); take(k + 2, 1)
        if i <= nmelds then melds[#melds + 1] = { type = "chow", kinds = { k, k + 1, k + 2 } }
        else hold(k, 1); hold(k + 1, 1); hold(k + 2, 1) end
      elseif rnd(6) == 1 then
        take(k, 4)
        melds[#melds + 1] = { type = "kong", kinds = { k, k, k, k }, how = ({ "", "+", "c" })[rnd(3)] }
      else
        take(k, 3)
        if i <= nmelds then melds[#melds + 1] = { type = "pung", kinds = { k, k, k } } else hold(k, 3) end
      end
    end
    local p = kind(); take(p, 2); hold(p, 2)
  end
  if not ok then return nil end
  table.sort(concealed)
  local seat, round = SEATS[rnd(4)], SEATS[rnd(4)]
  local self = rnd(2) == 1
  local parts = {}
  for i, k in ipairs(concealed) do parts[i] = name(k) end
  local hand = table.concat(parts)
  for _, m in ipairs(melds) do
    hand = hand .. " [" .. compact(m.kinds) .. "]" .. (m.how or "")
    if m.how ~= "c" then hand = hand .. "@" .. (m.type == "chow" and PRED[seat] or NEXT[seat]) end
  end
  local nflowers = rnd(4) == 1 and rnd(4) or 0
  for i = 1, nflowers do hand = hand .. " " .. (i <= 2 and "f" .. i or "g" .. i) end
  local flags = {}
  if rnd(8) == 1 then flags[#flags + 1] = "last_tile" end
  if rnd(6) == 1 then flags[#flags + 1] = "last_of_kind" end
  if self and rnd(4) == 1 then flags[#flags + 1] = "kong_replacement" end
  if not self and rnd(6) == 1 then flags[#flags + 1] = "robbing_kong" end
  local from
  if not self then repeat from = SEATS[rnd(4)] until from ~= seat end
  return { rules = "mcr", seat = seat, round = round, hand = hand, win_tile = name(concealed[rnd(#concealed)]),
           win_by = self and "self" or "discard", from = from, flags = flags }, melds
end

local function copy(s, changes)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  for k, v in pairs(changes or {}) do t[k] = v end
  return t
end

local function check_result(s, r)
  lu.assertTrue(r.ok, r.error)
  lu.assertNotNil(r.value, s.hand .. " is complete: " .. tostring(r.reason))
  local v, opts = r.value, s.options or {}
  local sum, last, seen, flowers = 0, 0, {}, 0
  for _, it in ipairs(r.items) do
    local e = BY_NAME[it.name]
    lu.assertNotNil(e, "unknown item " .. it.name)
    lu.assertTrue(it.count >= 1)
    if it.count > 1 then lu.assertTrue(MULTIPLE[e.no], it.name .. " more than once in " .. s.hand) end
    local want = e.no == 48 and (opts.two_concealed_kongs or 8) or e.points
    lu.assertEquals(it.value, want, it.name)
    lu.assertTrue(e.order > last, "items out of order in " .. s.hand)
    last = e.order
    seen[e.no] = true
    sum = sum + it.value * it.count
    if e.no == 81 then flowers = it.count end
  end
  lu.assertEquals(sum, v.total)
  lu.assertEquals(v.total, v.fan + v.flowers)
  lu.assertEquals(v.flowers, flowers)
  for a in pairs(seen) do
    for b in pairs(seen) do
      local allowed = (a == 3 and b == 50 and opts.all_green_half_flush)
        or (a == 8 and b == 65 and opts.all_terminals_double_pung)
      if NOT_ALSO[a .. ":" .. b] and not allowed then
        lu.fail("No. " .. a .. " scored with No. " .. b .. ", which it excludes, in " .. s.hand)
      end
    end
  end
  if seen[43] then lu.assertEquals(#r.items - (flowers > 0 and 1 or 0), 1, "Chicken Hand alone") end
  if not seen[43] then lu.assertTrue(v.fan > 0) end
  local min = opts.min_points or 8
  lu.assertEquals(r.wins, v.fan >= min)
  if r.wins then
    local total, pay, T, B = 0, r.payments, v.total, 8
    for _, seat in ipairs(SEATS) do total = total + pay[seat] end
    lu.assertEquals(total, 0)
    if s.win_by == "self" then
      lu.assertEquals(pay[s.seat], 3 * (T + B))
    else
      lu.assertEquals(pay[s.from], -(T + B))
      lu.assertEquals(pay[s.seat], T + 3 * B)
    end
  end
end

function test_random_hands_are_consistent()
  local n, wins = 0, 0
  while n < 3000 do
    local s, melds = random_hand()
    if s then
      n = n + 1
      local r = jong.score(s)
      check_result(s, r)
      if r.wins then wins = wins + 1 end
      -- the reference profile never scores more (its values are lower, s13 D1-D3)
      local ref = jong.score(copy(s, { options = REF }))
      check_result(copy(s, { options = REF }), ref)
      lu.assertTrue(ref.value.fan <= r.value.fan, s.hand)
      -- melds in another order, another discarder: the same value and items
      if #melds > 1 then
        local head, rest = s.hand:match("^(%S+)(.*)$")
        local list = {}
        for m in rest:gmatch("%[[^%]]+%][c+]?[@%a]*") do list[#list + 1] = m end
        if #list == #melds then
          local flowers = rest:match("(%s[fg]%d.*)$") or ""
          local reversed = {}
          for i = #list, 1, -1 do reversed[#reversed + 1] = list[i] end
          local again = jong.score(copy(s, { hand = head .. " " .. table.concat(reversed, " ") .. flowers }))
          lu.assertEquals(again.value, r.value)
          lu.assertEquals(again.items, r.items)
        end
      end
      if s.from then
        local other = s.from
        repeat other = SEATS[rnd(4)] until other ~= s.seat and other ~= s.from
        local again = jong.score(copy(s, { from = other }))
        lu.assertEquals(again.value, r.value)
        lu.assertEquals(again.items, r.items)
      end
    end
  end
  lu.assertTrue(wins > 300)
end

local function refused(s, part)
  local r = jong.score(s)
  lu.assertFalse(r.ok)
  lu.assertStrContains(r.error, part)
end

function test_input_errors_are_refused()
  local base = { rules = "mcr", seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W",
                 win_tile = "9p", win_by = "discard", from = "N" }
  refused(copy(base, { flags = { "kong_replacement" } }), "kong_replacement")
  refused(copy(base, { win_by = "self", from = jong.json_null, flags = { "robbing_kong" } }), "robbing_kong")
  refused(copy(base, { flags = { "riichi" } }), "unknown flag")
  refused(copy(base, { hand = "345m789p55z [567m]@N [888s]@W" }), "chow")
  refused(copy(base, { hand = "345m789p55z [567m]@E [888s]@S" }), "winner himself")
  refused(copy(base, { hand = "345m789p55z [567m]@E [888s]@W f1 f1" }), "second f1")
  refused(copy(base, { hand = "345m789p55z [567m]@E [888s]@W f1", options = { flowers = false } }), "flowers")
  refused(copy(base, { hand = "345m789p55z [5555z] [888s]@W", win_tile = "5z" }), "fifth copy")
  refused(copy(base, { hand = "340m789p55z [567m]@E [888s]@W" }), "red fives")
  refused(copy(base, { dora = "1m" }), "dora")
  refused(copy(base, { honba = 1 }), "honba")
  refused(copy(base, { win_tile = "1m" }), "winning tile")
end

-- The flags that cannot take effect are dropped, as the reference scorer does (s3).
function test_flag_consistency()
  local r = jong.score { rules = "mcr", seat = "S", round = "E", hand = "123m567p55789s [555z]@E",
    win_tile = "5s", win_by = "discard", from = "N", flags = { "robbing_kong" } }   -- holds another 5s
  for _, it in ipairs(r.items) do lu.assertNotEquals(it.name, "Robbing the Kong") end
  r = jong.score { rules = "mcr", seat = "S", round = "E", hand = "234m456p66s789s [555z]@E",
    win_tile = "6s", win_by = "self", flags = { "kong_replacement" } }                -- no kong
  for _, it in ipairs(r.items) do lu.assertNotEquals(it.name, "Out with Replacement Tile") end
end

-- s13 D4: with kong_items, Three Kongs adds the concealment of its concealed kongs.
function test_kong_concealment_option()
  local s = { rules = "mcr", seat = "S", round = "E", hand = "234m55p [1111m]@W [9999p]c [7777s]c",
              win_tile = "5p", win_by = "discard", from = "N" }
  local function names(r)
    local out = {}
    for _, it in ipairs(r.items) do out[#out + 1] = it.name end
    return table.concat(out, ", ")
  end
  lu.assertEquals(names(jong.score(s)),
    "Three Kongs, Two Concealed Pungs, Pung of Terminals or Honors, No Honors, Single Wait")
  s.options = { kong_concealment = "kong_items" }
  lu.assertEquals(names(jong.score(s)),
    "Three Kongs, Two Concealed Kongs, Pung of Terminals or Honors, No Honors, Single Wait")
end

os.exit(lu.LuaUnit.run())
