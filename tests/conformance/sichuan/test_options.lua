-- Sichuan: every option of the registry (§16), the preset included, changes scoring or
-- play. The situations are spec examples (2, 3, 4, 6, 8, 9, 11, 13, 14, 18a, 19) and a
-- few more (an earthly win on the dealer's discard, a fed kong bloom, a kong shot with
-- other kong money, four alike held without a kong); the play is seeded self-play
-- (option_effects.lua).
local lu = require "luaunit"
local option_effects = require "option_effects"

local SITUATIONS = {
  { seat = "S", hand = "11123678m456789p", win_tile = "6p", win_by = "self", missing_suit = "s" },
  { seat = "N", hand = "222p77799s [555p] [8888s]", win_tile = "7s", win_by = "discard", from = "E", missing_suit = "m" },
  { seat = "S", hand = "11224455778899p", win_tile = "9p", win_by = "self", missing_suit = "m" },
  { seat = "W", hand = "11113355p224477s", win_tile = "7s", win_by = "discard", from = "S", missing_suit = "m" },
  { seat = "E", hand = "234567m45655p [8888m]c", win_tile = "5p", win_by = "self", flags = { "kong_replacement" },
    missing_suit = "s" },
  { seat = "W", hand = "234567888m45699s", win_tile = "6s", win_by = "discard", from = "S", flags = { "after_kong" },
    kong_kind = "promoted", missing_suit = "p", kong_money = { E = 2 } },
  { seat = "N", hand = "345678m22456789p", win_tile = "8p", win_by = "self", flags = { "last_tile" },
    missing_suit = "s", active = { "S", "N" }, win_order = 3 },
  { seat = "E", hand = "123456789m23455p", win_tile = "5p", win_by = "self", flags = { "first_turn" }, missing_suit = "s" },
  { seat = "S", hand = "123456789m23455p", win_tile = "5p", win_by = "discard", from = "E", flags = { "first_turn" },
    missing_suit = "s" },
  { seat = "N", hand = "123789p12399911s", win_tile = "3s", win_by = "discard", from = "S", missing_suit = "m" },
  { seat = "W", hand = "123456m23455p [7777p]", win_tile = "5p", win_by = "self", flags = { "kong_replacement" },
    missing_suit = "s", kong_from = "N" },
  { seat = "S", hand = "111123m456789p55p", win_tile = "5p", win_by = "discard", from = "W", missing_suit = "s" },
  { rules = "sichuan", event = "kong", seat = "W", kong = "concealed" },
  { event = "wall_end", active = { "S", "W", "N" },
    seats = { S = { hand = "1m234567p88p3456s", missing_suit = "m" },
              W = { hand = "1112223335566p", missing_suit = "m" },
              N = { hand = "135246m1479p [9999m]c", missing_suit = "s", kong_income = { E = 2, S = 2, W = 2 } } } },
  { event = "wall_end", active = { "S", "W" },
    seats = { S = { hand = "1m234567p88p3456s", missing_suit = "m" },
              W = { hand = "1112223334455p", missing_suit = "m" } } },
}

-- A stacked deal (no exchange; the missing suits declared) where E's 5s completes the hands
-- of S and W.
local function stacked(options, draws)
  local o = { exchange = "off" }
  for k, v in pairs(options or {}) do o[k] = v end
  local g = assert(jong.scenario { rules = "sichuan", seed = 1, options = o, draws = draws or "7s",
    hands = { E = "445566778899m1p5s", S = "23456677899p34s", W = "111222333789m5s", N = "123456789p44s56s" } })
  for _, seat in ipairs { "E", "S", "W", "N" } do
    if g:state().phase ~= "declare" then break end
    g:play(seat, "declare " .. ({ E = "s", S = "m", W = "p", N = "m" })[seat])
  end
  return g
end

-- The first win is shared (Example 12's shape): the next dealer is the discarder, or
-- with sc.multi_win_dealer = nearest the nearest winner.
local function shared_first_win(options)
  local g = stacked(options)
  g:play("E", "d 5s")
  g:play("S", "win")
  g:play("W", "win")
  g:run_bots(nil, "greedy", 200)
  local out = {}
  for _, e in ipairs(g:events()) do
    if e.type == "next_deal" or e.type == "deal_start" then out[#out + 1] = jong.json_encode(e) end
  end
  return table.concat(out, " ")
end

-- §9.6: S and W pass on a win on E's 5s; S draws another 5s and discards it: with
-- sc.pass_lock W, before its own next draw, may not win on it (the win is worth no more).
local function passed_win(options)
  local g = stacked(options, "5s")
  g:play("E", "d 5s")
  g:play("S", "pass")
  g:play("W", "pass")
  g:play("S", "d 5s")
  return tostring(#g:legal("W"))
end

function test_every_option_has_an_effect()
  option_effects.check("sichuan", SITUATIONS, {
    base = { 2 }, flower_pig_fan = { 2 }, deals = { 2 },
    -- the ready value exceeds the fixed flower-pig amount only below the cap
    flower_pig_amount = { { value = "max_ready", with = { flower_pig_fan = 2 } } },
  }, { shared_first_win, passed_win }, 2)
end

os.exit(lu.LuaUnit.run())
