-- The Japanese ruleset's shortcuts give the answers of the long way round:
-- the engine's discards (its riichi lock and kuikae settings) agree with the spec's rules
-- written out here per discard, has_yaku (may_win's
-- one-han test) with score(f).wins, and scoring keeps no state between calls.
-- Spec: /work/shared/rules/japanese.md (6.5 kuikae, 7.3 riichi lock, 8.2, 12, 13, 18).
local lu = require "luaunit"

local R = jong.load_rules("japanese")

-- 7.3, 6.5 written out: may the seat in turn discard tile t? After riichi only the drawn
-- tile; right after a chi or pon (kuikae forbidden) not the called kind nor, after a chi,
-- the kind at the other end of the sequence.
local SEQ_SUIT = { m = true, p = true, s = true }
local function spec_allows(g, st, seat, t, options)
  local k = jong.kind_of(t)
  if st.seats[seat].flags & 1 ~= 0 and st.drawn then return k == jong.kind_of(st.drawn) and t == st.drawn end
  if options.kuikae == "allowed" or st.drawn or not st.after_claim then return true end
  local ev = g:deal_events()
  local call
  for i = #ev, 1, -1 do
    local e = ev[i]
    if e.type ~= "dora" then call = e break end
  end
  if not call or call.seat ~= seat or (call.type ~= "chow" and call.type ~= "pung") then return true end
  local claimed = jong.kind_of(call.tile)
  if k == claimed then return false end
  if call.type == "chow" and k:sub(2) == claimed:sub(2) and SEQ_SUIT[k:sub(2)] then
    local low, c, d = tonumber(jong.kind_of(call.chow):sub(1, 1)), tonumber(claimed:sub(1, 1)), tonumber(k:sub(1, 1))
    if (c == low and d == low + 3) or (c == low + 2 and d == low - 1) then return false end
  end
  return true
end

-- Plays bot games step by step; in every turn, checks the legal discards against the
-- spec's rules for each tile in the hand. "riichi": declares riichi whenever it can.
local function check_discards(seed, options, riichi)
  local g = assert(jong.game { rules = "japanese", seed = seed, options = options })
  local turns, locked, restricted = 0, 0, 0   -- restricted: turns with a list (not nil)
  for _ = 1, 4000 do
    local st = g:state()
    if st.phase == "match_end" then break end
    if st.phase == "turn" then
      local seat = st.turn
      local set, allowed, kinds = {}, 0, 0
      for _, a in ipairs(g:legal(seat)) do
        if a.type == "discard" and not set[a.tile] then set[a.tile], allowed = true, allowed + 1 end
      end
      local distinct = {}
      for _, t in ipairs(jong.tiles(st.seats[seat].concealed)) do
        if not distinct[t] then distinct[t], kinds = true, kinds + 1 end
      end
      if allowed < kinds then restricted = restricted + 1 end
      if st.seats[seat].flags & 1 ~= 0 then locked = locked + 1 end
      local seen = {}
      for _, t in ipairs(jong.tiles(st.seats[seat].concealed)) do
        if not seen[t] then
          seen[t] = true
          local ok = spec_allows(g, st, seat, t, g.options)
          lu.assertEquals(set[t] == true, ok == true,
            "seed " .. seed .. ": discard " .. t .. " of " .. st.seats[seat].concealed)
        end
      end
      turns = turns + 1
    end
    local played = false
    if riichi and st.phase == "turn" then
      for _, a in ipairs(g:legal(st.turn)) do
        if a.type == "riichi" then played = assert(g:play(st.turn, a)); break end
      end
    end
    if not played and g:run_bots(nil, "greedy", 1) == 0 then break end
  end
  return turns, locked, restricted
end

function test_allowed_discards_agree_with_may_claim()
  local turns, locked, restricted = 0, 0, 0
  for seed = 1, 3 do
    local t, l, r = check_discards(seed, {}, true)
    turns, locked, restricted = turns + t, locked + l, restricted + r
  end
  lu.assertTrue(turns > 500)
  lu.assertTrue(locked > 20)                  -- riichi locks were seen
  lu.assertTrue(restricted > locked)          -- and kuikae bans
end

function test_allowed_discards_with_kuikae_allowed()
  local _, locked, restricted = check_discards(4, { kuikae = "allowed" }, true)
  lu.assertEquals(restricted, locked)         -- only riichi locks, no kuikae ban
end

local SITUATIONS = {
  { seat = "S", hand = "345678m34599p678s", win_tile = "5m", win_by = "discard", from = "W", flags = { "riichi" }, dora = "9s" },
  { seat = "E", hand = "234567m234p34588s", win_tile = "5s", win_by = "self", flags = { "riichi" }, honba = 1 },
  { seat = "W", round = "S", hand = "11223344556677z", win_tile = "7z", win_by = "self" },
  { seat = "N", hand = "22334455m666p [678s]", win_tile = "2m", win_by = "discard", from = "E" },
  { seat = "S", hand = "11123455678999m", win_tile = "5m", win_by = "discard", from = "N" },
  { seat = "S", hand = "111222333m55p789s", win_tile = "3m", win_by = "self" },
  { seat = "W", hand = "234m55p [678s] [777z] [345p]", win_tile = "5p", win_by = "discard", from = "N" },
  { seat = "S", hand = "1199m3344p5566s77z", win_tile = "7z", win_by = "discard", from = "E", flags = { "riichi" } },
  { seat = "E", hand = "223344m223344p55s", win_tile = "4p", win_by = "self", flags = { "riichi" }, dora = "1p" },
  { seat = "S", hand = "234m567p [678s] 22s [999m]", win_tile = "2s", win_by = "discard", from = "E" },   -- no yaku
  { seat = "S", hand = "123m456p789s [444z] 99p", win_tile = "9p", win_by = "discard", from = "E" },      -- no yaku
  { seat = "S", hand = "123m456p789s [222z] 99p", win_tile = "9p", win_by = "discard", from = "E" },      -- seat wind
  { seat = "S", hand = "19m19p19s1234567z1m", win_tile = "1m", win_by = "self" },                          -- kokushi
  { seat = "S", hand = "1234m567p678s22s99m", win_tile = "1m", win_by = "discard", from = "E" },          -- not complete
  { seat = "S", hand = "123456789m11p [555z]", win_tile = "1p", win_by = "discard", from = "E",
    flags = { "riichi" } },                                                                                -- invalid
}

function test_has_yaku_agrees_with_score()
  local wins, losses = 0, 0
  for _, s in ipairs(SITUATIONS) do
    s.rules, s.round = "japanese", s.round or "E"
    local f = assert(jong.facts(s))
    local result, reason = R.score(f)
    local has, why = R.has_yaku(f)
    if result == nil then
      lu.assertNil(has, s.hand)
      lu.assertEquals(why, reason)
    else
      lu.assertEquals(has, result.wins, s.hand)
      if not result.wins then lu.assertEquals(why, result.reason); losses = losses + 1 else wins = wins + 1 end
    end
  end
  lu.assertTrue(wins >= 10 and losses >= 3)
end

-- score reuses tables between calls: the same facts scored again, and other hands in
-- between, give the same result every time.
function test_scoring_keeps_no_state_between_calls()
  local facts, first = {}, {}
  for i, s in ipairs(SITUATIONS) do
    s.rules, s.round = "japanese", s.round or "E"
    facts[i] = assert(jong.facts(s))
    first[i] = { R.score(facts[i]) }
  end
  for _ = 1, 3 do
    for i = #facts, 1, -1 do
      lu.assertEquals({ R.score(facts[i]) }, first[i], SITUATIONS[i].hand)
      lu.assertEquals({ R.score(facts[i]) }, first[i], SITUATIONS[i].hand)
    end
  end
end

os.exit(lu.LuaUnit.run())
