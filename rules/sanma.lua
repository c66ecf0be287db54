-- rules/sanma.lua: three-player Japanese mahjong as played in Tenhou's ranked rooms.
-- Rule authority: /work/shared/rules/sanma.md ("spec"), a delta on japanese.md: yaku, fu,
-- limits and the reading are Japanese's (the parent's score); this file holds what three
-- seats change: the tile set, kita (North set aside), dora wrap, payments with tsumo-son,
-- honba, noten payments, the end of the match and the final score.
local japanese = require "japanese"
local payments = require "lib.payments"
local jo = japanese.options
-- The parent's functions this file calls on every win, looked up once (`japanese` is a
-- read-only view: each field read through it is a call).
local parent_score, parent_has_yaku, held = japanese.score, japanese.has_yaku, japanese.held
local basic_points, liable_seat, note_game_win = japanese.basic_points, japanese.liable_seat,
  japanese.note_game_win

local SEATS = { "E", "S", "W" }                       -- 2: no North seat
local SEAT_INDEX = { E = 1, S = 2, W = 3 }
local NEXT = { E = "S", S = "W", W = "E" }
local NORTH = "4z"

-- An option of japanese.md with another default (16).
local function set(name, value, values)
  local spec = {}
  for k, v in pairs(jo[name]) do spec[k] = v end
  spec.default = value
  if values then spec.values = values end
  return spec
end

local R = {
  name = "sanma",
  extends = "japanese",
  flags = { "kita_replacement", "robbing_kita" },     -- 17
  situation_fields = { "kita", "winners", "riichi_void" },   -- 17; japanese.md 17.5, 7.2
  players = 3,                                        -- 2
  absent_tiles = "2345678m",                          -- 3: 108 tiles
  claims = { "pung", "kong", "win" },                 -- 6.1: no chi
  starting_points = 35000,                            -- 4.1
  riichi_deposit = 1000,                              -- 8.3
}

-- 16. Option registry: japanese.md's with sanma's defaults, and sanma's own.
R.options = {
  red_fives = { default = 2, values = { 0, 2 }, doc = "red fives: 0 none; 2 one 0p and one 0s (3)" },
  nagashi_mangan = set("nagashi_mangan", true),
  nagashi_honba = set("nagashi_honba", false),          -- 10.4
  kan_dora_timing = set("kan_dora_timing", "after_discard"),
  riichi_min_wall = set("riichi_min_wall", 3),
  kan_on_last_tile = set("kan_on_last_tile", "forbidden"),
  call_on_last_discard = set("call_on_last_discard", "ron_only"),
  rob_ankan_kokushi = set("rob_ankan_kokushi", true),
  abort_kyuushu = set("abort_kyuushu", true),
  abort_suukaikan = set("abort_suukaikan", true),
  tobi = set("tobi", true),
  agari_yame = set("agari_yame", true),
  tenpai_yame = set("tenpai_yame", true),               -- 4.6.3: the dealer keeps the deal tenpai
  tenpai_melded_fourth = set("tenpai_melded_fourth", true),   -- 10.3 (japanese.md 9.2): Tenhou's record 2026012221gm-00b9-0000-3a18083e
  west_extension = set("west_extension", true),
  uma = { default = { 20, 0, -20 }, doc = "end-of-match bonus by rank, 3 integers (4.7)" },
  pao_tsumo = { default = "tsumo_total", values = { "tsumo_total", "ron_value" },
    doc = "pao on a tsumo: the liable player pays what both payers would, or the ron value (12.5)" },
  pao_honba = { default = "liable", values = { "liable", "discarder" },
    doc = "pao on a third player's ron: who pays the honba (12.5)" },
  pao_stacked = { default = "whole", values = { "whole", "liable_share" },
    doc = "with stacked yakuman the liable player's part covers the whole hand, or his share (12.5)" },
  kong_after_call = { default = false, doc = "a concealed kong between a pon and its discard (6.6)" },
  start_points = { default = 35000, doc = "points each player starts with (4.1)" },
  return_points = { default = 40000, doc = "the return of the final score, and the target of 4.6 (4.7)" },
  tsumo_loss = { default = true, doc = "tsumo-son: the absent fourth seat's share is not paid (12.2)" },
  honba_ron = { default = 200, doc = "points per honba paid by a ron's discarder (12.3)" },
  honba_tsumo = { default = 100, doc = "points per honba paid by each payer of a tsumo (12.3)" },
  noten_total = { default = 2000, doc = "noten payments in all at an exhaustive draw (10.3)" },
  kita = { default = true, doc = "North may be set aside as kita; false: an ordinary tile (7)" },
  kita_rinshan = { default = true, doc = "a tsumo on the kita replacement tile is rinshan kaihou (7.6)" },
  kita_chankan = { default = false, doc = "a ron on a kita is chankan (7.4)" },
  kita_interrupts = { default = true,
    doc = "a kita counts as a call for ippatsu, double riichi, kyuushu kyuuhai, tenhou and chiihou (7.5)" },
  north_calls = { default = false, doc = "North may be ponned or konged (6.2)" },
}

---------------------------------------------------------------------------
-- 14.1: indicator -> dora, over the kinds of the set (1m -> 9m -> 1m).

R.dora_of = { ["1m"] = "9m", ["9m"] = "1m" }
for _, s in ipairs({ "p", "s" }) do
  for r = 1, 9 do R.dora_of[r .. s] = (r % 9 + 1) .. s end
end
for r = 1, 4 do R.dora_of[r .. "z"] = (r % 4 + 1) .. "z" end
for r = 5, 7 do R.dora_of[r .. "z"] = ((r - 4) % 3 + 5) .. "z" end

---------------------------------------------------------------------------
-- 17: the situation's sanma checks, then Japanese scoring with the kita as dora (7.7) and the
-- kita flags as the parent knows them (7.4, 7.6).

-- The first tile of the notation s the set lacks (2m-8m, 0m): its text and 1-based column
-- (the first digit other than 1 and 9 of a run of digits that ends in "m").
local function absent_tile(s)
  local col = s:find("[02-8]%d*m")
  if not col then return nil end
  local d = s:sub(col, col)
  return (d == "0" and "0m" or d .. "m"), col
end

local function tile_error(field, s)
  if type(s) ~= "string" then return nil end
  local t, col = absent_tile(s)
  if not t then return nil end
  local where = field == "hand" and "" or field .. ": "
  return where .. "bad tile '" .. t .. "' at column " .. col .. ": not in the sanma tile set"
end

local TILE_FIELDS = { "hand", "win_tile", "dora", "ura" }   -- (the situation's, in notation)
local SEAT_FIELDS = { "seat", "from", "round" }
local NO_SITUATION = {}
local JSON_NULL, math_type, floor, tointeger = jong.json_null, math.type, math.floor, math.tointeger

local function check_sanma(f)
  local s = f.situation or NO_SITUATION
  for i = 1, #TILE_FIELDS do
    local field = TILE_FIELDS[i]
    local bad = tile_error(field, s[field])
    if bad then return bad end
  end
  for i = 1, #SEAT_FIELDS do
    local field = SEAT_FIELDS[i]
    if s[field] == "N" then return field .. ": there is no North seat in sanma (E, S or W)" end
  end
  if type(s.winners) == "table" then
    for _, w in ipairs(s.winners) do
      if not SEAT_INDEX[w] then return "winners: seats are E, S or W, not " .. tostring(w) end
    end
  end
  local melds = f.melds
  for i = 1, #melds do
    if melds[i].type == "chow" then return "no chi in sanma (6.1)" end
  end
  local kita = s.kita
  if kita == nil or kita == JSON_NULL then kita = 0 end
  if math_type(kita) ~= "integer" and not (type(kita) == "number" and kita == floor(kita)) then
    return "kita: must be a whole number 0-4"
  end
  kita = tointeger(kita)
  if kita < 0 or kita > 4 then return "kita: must be 0-4, not " .. kita end
  if kita > 0 and not f.options.kita then return "kita: option kita is off" end
  local norths = held(f, NORTH)                   -- (f.all_counts[NORTH] or 0)
  if kita + norths > 4 then
    return "more than four Norths: " .. kita .. " kita and " .. norths .. " in the hand"
  end
  if f.flags.robbing_kita then
    if f.win_by ~= "discard" then return "robbing_kita needs win_by 'discard'" end
    if f.win_tile ~= NORTH then return "robbing_kita: the winning tile is North" end
  end
  if f.flags.kita_replacement then
    if f.win_by ~= "self" then return "kita_replacement needs win_by 'self'" end
    if kita == 0 then return "kita_replacement without a kita" end
    if f.flags.ippatsu and f.options.kita_interrupts then return "ippatsu after a kita" end  -- 7.5
    if f.flags.last_tile then return "a replacement tile is never the last tile" end
  end
  if f.flags.first_turn and kita > 0 and f.options.kita_interrupts then              -- 7.5
    return "first_turn after a kita"
  end
  if f.flags.kong_replacement and f.flags.kita_replacement then
    return "kong_replacement and kita_replacement: one replacement tile"
  end
  f.kita = kita
  return nil
end

-- The facts as the parent scores them: kita as dora (f.aside), the kita flags as the
-- parent's (rinshan kaihou with kita_rinshan; chankan only with kita_chankan).
local function parent_facts(f)
  local fl, o = f.flags, f.options
  f.aside = f.kita > 0 and { [NORTH] = f.kita } or nil
  if fl.kita_replacement or fl.robbing_kita then
    local t = {}
    for k, v in pairs(fl) do t[k] = v end
    t.kita_replacement, t.robbing_kita = nil, nil
    if fl.kita_replacement and o.kita_rinshan then t.kong_replacement, f.aside_replacement = true, true end
    if fl.robbing_kita and o.kita_chankan then t.robbing_kong = true end
    f.flags = t
  end
end

function R.score(f)
  local bad = check_sanma(f)
  if bad then return nil, bad end
  parent_facts(f)
  return parent_score(f)
end

function R.has_yaku(f)
  local bad = check_sanma(f)
  if bad then return nil, bad end
  parent_facts(f)
  return parent_has_yaku(f)
end

---------------------------------------------------------------------------
-- 12: payments. Keys E, S, W only.

local ceil100 = japanese.ceil100

-- 6.3, 12.4: with two ron winners, honba and sticks go to the one nearest the discarder.
local function takes_honba(f)
  local winners = f.situation and f.situation.winners
  if f.win_by ~= "discard" or type(winners) ~= "table" or f.options.honba_multiple_ron == "each" then
    return true
  end
  local is_winner = {}
  for _, s in ipairs(winners) do is_winner[s] = true end
  local seat = f.from
  for _ = 1, 2 do
    seat = NEXT[seat]
    if is_winner[seat] then return seat == f.seat end
  end
  return true
end

local function move(pay, seat, winner, amount)
  pay[seat] = pay[seat] - amount
  pay[winner] = pay[winner] + amount
end

-- What each other seat pays of a tsumo worth `basic` (12.2), before honba: {seat = amount}.
local function tsumo_shares(basic, winner, opts)
  local dealer, shares = winner == "E", {}
  for _, seat in ipairs(SEATS) do
    if seat ~= winner then shares[seat] = ceil100(((dealer or seat == "E") and 2 or 1) * basic) end
  end
  if not opts.tsumo_loss then                         -- the absent North's share, split in two
    local absent = ceil100((dealer and 2 or 1) * basic)
    for seat, v in pairs(shares) do shares[seat] = v + ceil100(absent // 2) end   -- (absent: a multiple of 100)
  end
  return shares
end

function R.settle(f, result)
  local situation = f.situation
  local game = situation and situation.game
  if game then note_game_win(game, f) end
  local opts = f.options
  local pay = { E = 0, S = 0, W = 0 }
  local winner, dealer, value = f.seat, f.seat == "E", result.value
  local basic = basic_points(value.han, value.fu, value.yakuman, opts)
  local honba, deposits = f.honba or 0, f.deposits or 0
  if situation and situation.winners and not takes_honba(f) then honba, deposits = 0, 0 end
  local liable, share
  if value.yakuman and not value.han and #f.melds >= 3 then liable, share = liable_seat(f, result) end
  if liable == winner then liable = nil end
  if liable and opts.pao_stacked == "whole" then share = value.yakuman end
  if f.win_by == "discard" then
    local total = ceil100((dealer and 6 or 4) * basic)                 -- 12.1
    local honba_pay = opts.honba_ron * honba                           -- 12.3
    if liable and liable ~= f.from then                                -- 12.5: ron by a third player
      local half = ceil100((dealer and 6 or 4) * 8000 * share) // 2
      local liable_honba = opts.pao_honba == "liable" and honba_pay or 0
      move(pay, liable, winner, half + liable_honba)
      move(pay, f.from, winner, total - half + honba_pay - liable_honba)
    else
      move(pay, f.from, winner, total + honba_pay)
    end
  else
    local shares = tsumo_shares(basic, winner, opts)                   -- 12.2
    if liable then                                                     -- 12.5
      local part = 8000 * share
      local liable_part = opts.pao_tsumo == "ron_value" and ceil100((dealer and 6 or 4) * part) or 0
      if liable_part == 0 then
        for _, v in pairs(tsumo_shares(part, winner, opts)) do liable_part = liable_part + v end
      end
      local rest = tsumo_shares(basic - part, winner, opts)
      move(pay, liable, winner, liable_part)
      for seat, v in pairs(rest) do if basic > part then move(pay, seat, winner, v) end end
      move(pay, liable, winner, 2 * opts.honba_tsumo * honba)         -- the liable player pays the honba
    else
      for seat, v in pairs(shares) do move(pay, seat, winner, v + opts.honba_tsumo * honba) end
    end
  end
  local stick = (f.rules or R).riichi_deposit                         -- (a child's stake: its own field)
  pay[winner] = pay[winner] + stick * deposits                        -- 12.4
  local void = situation and situation.riichi_void                     -- (japanese.md 7.2)
  if void then pay[void] = pay[void] + stick end
  return pay
end

---------------------------------------------------------------------------
-- 10, 4: exhaustive draws, rotation, the end of the match and the final score, as plain
-- functions of plain tables (tested in tests/conformance/sanma).

local DEFAULTS = {}
for name, o in pairs(japanese.options) do DEFAULTS[name] = o.default end
for name, o in pairs(R.options) do DEFAULTS[name] = o.default end

-- 10.3, 10.4: d = {tenpai = {S = true}, nagashi = {E = true} or nil, honba = n, options}.
-- Returns {payments = {E=, S=, W=}, dealer_keeps = bool, honba = next honba}.
function R.exhaustive_draw(d)
  local opts = d.options or DEFAULTS
  local pay = { E = 0, S = 0, W = 0 }
  local tenpai, honba = d.tenpai or {}, d.honba or 0
  local nagashi = opts.nagashi_mangan and d.nagashi and next(d.nagashi) and d.nagashi
  if nagashi then                                  -- 10.4: a mangan tsumo under tsumo-son
    for winner in pairs(nagashi) do
      for seat, v in pairs(tsumo_shares(2000, winner, opts)) do
        move(pay, seat, winner, v + (opts.nagashi_honba and opts.honba_tsumo * honba or 0))
      end
    end
  else                                             -- 10.3: noten payments
    japanese.helpers.noten_payments(pay, SEATS, tenpai, opts.noten_total)
  end
  return { payments = pay, dealer_keeps = japanese.helpers.dealer_keeps(tenpai, opts), honba = honba + 1 }
end

-- 4.4, 4.6: after a hand. s = {round = "E"/"S"/"W", dealer = 1-3 (which hand of the round),
-- honba = n, outcome = "win"/"draw"/"abort", dealer_won = bool, dealer_keeps = bool (a draw),
-- points = {p1, p2, p3} by the seats of the first deal (optional), dealer_player = 1-3 (the
-- dealer's place in that order), options}. Returns {round, dealer, honba, ended, keep}.
function R.rotation(s)
  local opts = s.options or DEFAULTS
  local keep, honba, round, dealer = japanese.helpers.next_hand(s, 3, NEXT)   -- 11: an aborted hand keeps
  local last_round = opts.match_length == "tonpuusen" and "E" or "S"
  local extra_round = NEXT[last_round]
  local last_hand = s.round == last_round and s.dealer == 3
  local in_extra = s.round == extra_round
  local points = s.points
  -- 4.6.2: before the last scheduled hand nothing else ends the match; without points
  -- (or the options) the match ends when the last scheduled hand passes.
  local ended = not keep and (last_hand or (in_extra and s.dealer == 3))
  if points and (last_hand or in_extra) and s.outcome ~= "abort" then    -- 4.6.3
    local top, top_player = -math.huge, nil
    for i, p in ipairs(points) do if p > top then top, top_player = p, i end end   -- ties: earlier seat
    if keep then
      local yame = s.outcome == "win" and opts.agari_yame or s.outcome == "draw" and opts.tenpai_yame
      ended = yame and top_player == s.dealer_player and top >= opts.return_points or false
    elseif opts.west_extension then
      ended = top >= opts.return_points or (in_extra and s.dealer == 3)
    end
  end
  if opts.tobi and points then                     -- 4.6.1: below 0 ends at once
    for _, p in ipairs(points) do if p < 0 then ended = true end end
  end
  return { round = round, dealer = dealer, honba = honba, ended = ended, keep = keep }
end

-- 4.7: the final score. points = the players' points in the order of the first deal's seats.
-- {{player =, points =, rank =, uma =, total = score in thousands}, ...} first to last; the
-- 1st player's score is minus the others' (oka and rounding included).
local function round1000(p)
  local sign = p < 0 and -1 or 1
  return sign * ((math.abs(p) + 500) // 1000) * 1000
end

function R.final_ranking(points, opts)
  opts = opts or DEFAULTS
  local out = payments.ranked(points)
  local others = 0
  for rank, r in ipairs(out) do
    r.rank, r.uma = rank, (opts.uma or {})[rank] or 0
    if rank > 1 then
      r.total = (round1000(r.points) - opts.return_points) // 1000 + r.uma
      others = others + r.total
    end
  end
  out[1].total = -others
  return out
end

---------------------------------------------------------------------------
-- Engine settings and play hooks (docs/hooks.md).

function R.configure(o, r)
  r = r or R                                                     -- the ruleset in play (a child's fields)
  local e = japanese.configure(o, r)
  e.reds = { 0, o.red_fives == 2 and 1 or 0, o.red_fives == 2 and 1 or 0 }
  e.claims = r.claims                                            -- 6.1
  e.no_meld = not o.north_calls and NORTH or nil                 -- 6.2
  e.kong_after_claim = o.kong_after_call                         -- 6.6
  e.start_points = o.start_points                                -- 4.1
  e.dora_first = 8                     -- 5.3: R0..R7 (four kongs, four kita), then D0 U0 D1 U1 ...
  if o.kita then                                                 -- 7
    e.set_aside = { tile = NORTH, name = "kita", robbable = true, call = o.kita_interrupts }
  end
  return e
end

-- 11: the only abort asked after a window: four kongs by two or more players.
function R.check_abort(g)
  if not g.options.abort_suukaikan or g.core:brief("kongs") < 4 then return nil end
  local st = g.core:state()
  local seats = 0
  for _, seat in ipairs(SEATS) do
    for _, m in ipairs(st.seats[seat].melds) do
      if #(m:match("%[(%d+)") or "") == 4 then seats = seats + 1; break end
    end
  end
  return seats >= 2 and "suukaikan" or nil
end

-- The situation of a win in a game: the parent's (riichi, ippatsu, ura, sticks), the
-- winner's kita and the kita flags (17).
function R.situation(g, win, s)
  japanese.situation(g, win, s)
  local aside = g.core:seat(win.seat).aside
  s.kita = aside and #aside or 0
  if win.aside_replacement then s.flags[#s.flags + 1] = "kita_replacement" end
  if win.robbed_aside then s.flags[#s.flags + 1] = "robbing_kita" end
end

-- 10: noten payments and nagashi mangan; an aborted hand pays nothing (11).
function R.settle_draw(g, kind, reason)
  if kind ~= "exhaustive" then
    japanese.record_outcome(g, { draw = "abort" })
    return { E = 0, S = 0, W = 0 }
  end
  local b = g.core:brief()
  local tenpai, nagashi = {}, {}
  for _, seat in ipairs(SEATS) do
    tenpai[seat] = japanese.is_tenpai(g, seat)
    if g.options.nagashi_mangan then
      local d = g.core:seat(seat).discards
      local all_th = #d > 0
      for _, x in ipairs(d) do
        local t = jong.kind_of(x.tile)
        if x.claimed_by or not (t:sub(2) == "z" or t:sub(1, 1) == "1" or t:sub(1, 1) == "9") then all_th = false end
      end
      nagashi[seat] = all_th or nil
    end
  end
  local d = R.exhaustive_draw({ tenpai = tenpai, nagashi = nagashi, honba = b.honba, options = g.options })
  japanese.record_outcome(g, { draw = "exhaustive", dealer_keeps = d.dealer_keeps })
  local pay = d.payments
  -- 4.5: when this draw ends the match, the sticks left go to the first-placed player.
  if b.deposits > 0 and g.options.leftover_deposits == "to_first" then
    local r, points = R.game_rotation(g, { outcome = "draw", dealer_keeps = d.dealer_keeps }, pay)
    if r.ended then
      local first, top = nil, -math.huge
      for i, p in ipairs(points) do if p > top then first, top = i, p end end
      for _, seat in ipairs(SEATS) do
        if g.core:seat_summary(seat).player + 1 == first then pay[seat] = pay[seat] + b.deposits end
      end
      pay.taken = b.deposits
    end
  end
  return pay
end

-- The rotation after the deal of game g with outcome o (and payments not yet settled).
-- Returns the rotation and the players' points in first-deal order.
function R.game_rotation(g, o, pending)
  local core = g.core
  local round, deal_in_round, honba = core:brief("round", "deal_in_round", "honba")   -- (no tables)
  local points, dealer_player = {}, nil
  for i = 1, #SEATS do
    local seat = SEATS[i]
    local player, seat_points = core:seat_summary(seat, "player", "points")
    points[player + 1] = seat_points + (pending and pending[seat] or 0)
    if seat == "E" then dealer_player = player + 1 end
  end
  return R.rotation({ round = round, dealer = deal_in_round + 1, honba = honba,
                      outcome = o.win and "win" or o.draw == "abort" and "abort" or o.outcome or "draw",
                      dealer_won = o.dealer_won, dealer_keeps = o.dealer_keeps, points = points,
                      dealer_player = dealer_player, options = g.options }), points
end

-- next_deal(g): dealer rotation, honba and the end of the match (4.4, 4.6).
function R.next_deal(g)
  local deal = g.core:brief("deal")
  local o = g.japanese_outcome
  if not o or o.deal ~= deal then o = {} end
  local r = R.game_rotation(g, o)
  return { dealer_keeps = r.keep, round = r.round, honba = r.honba, match_over = r.ended }
end

return R
