-- Scoring through the Lua API from facts (no JSON): the score and settle hooks of each
-- variant over a fixed set of winning situations. Prints "score_<variant> N us/hand", the facts
-- alone ("facts_<variant>") and jong.score end to end in process ("jong_score_<variant>").
local SITUATIONS = {
  japanese = {
    { seat = "S", round = "E", hand = "345678m34599p678s", win_tile = "5m", win_by = "discard", from = "W", flags = { "riichi" }, dora = "9s" },
    { seat = "E", round = "E", hand = "234567m234p34588s", win_tile = "5s", win_by = "self", flags = { "riichi" }, honba = 1 },
    { seat = "W", round = "S", hand = "11223344556677z", win_tile = "7z", win_by = "self" },
    { seat = "N", round = "E", hand = "22334455m666p [678s]", win_tile = "2m", win_by = "discard", from = "E" },
    { seat = "S", round = "E", hand = "11123455678999m", win_tile = "5m", win_by = "discard", from = "N" },
  },
  classical = {
    { seat = "S", round = "E", hand = "123m456p789s111z22z", win_tile = "2z", win_by = "discard", from = "E" },
    { seat = "E", round = "E", hand = "111m999p55s [555z] [7777z]", win_tile = "5s", win_by = "self" },
    { seat = "W", round = "S", hand = "234m234m678s55p [333s] f1", win_tile = "5p", win_by = "discard", from = "N" },
  },
  hongkong = {
    { seat = "S", round = "E", hand = "123m456p789s111z22z", win_tile = "2z", win_by = "discard", from = "E" },
    { seat = "E", round = "E", hand = "123m123m456m789m55z", win_tile = "5z", win_by = "self" },
    { seat = "W", round = "S", hand = "234m678s55p [333s] [555z]", win_tile = "5p", win_by = "discard", from = "N" },
  },
  ims = {
    { seat = "S", round = "E", hand = "123m456p789s111z22z", win_tile = "2z", win_by = "discard", from = "E" },
    { seat = "E", round = "E", hand = "123m123m456m789m55z", win_tile = "5z", win_by = "self" },
    { seat = "W", round = "S", hand = "234m678s55p [333s] [555z]", win_tile = "5p", win_by = "discard", from = "N" },
  },
  mcr = {   -- a chicken hand, four chows, Seven Pairs read both ways, pungs, knitted forms, Nine Gates
    { seat = "S", round = "E", hand = "345m789p55z [567m]@E [888s]@W", win_tile = "9p", win_by = "discard", from = "N" },
    { seat = "N", round = "W", hand = "234567s234567p99m", win_tile = "7p", win_by = "self" },
    { seat = "E", round = "S", hand = "223344m556677p88s", win_tile = "8s", win_by = "discard", from = "W" },
    { seat = "W", round = "E", hand = "111222333m456s99p", win_tile = "6s", win_by = "self" },
    { seat = "S", round = "E", hand = "147m258p369s22555z", win_tile = "2z", win_by = "discard", from = "N" },
    { seat = "W", round = "S", hand = "11123455678999p", win_tile = "5p", win_by = "discard", from = "E" },
    { seat = "E", round = "S", hand = "567m11s [2222p]@N [7777s]c [345p]@N f1 f2", win_tile = "6m", win_by = "discard", from = "W" },
  },
}

local clock = os.clock
for _, variant in ipairs { "japanese", "classical", "hongkong", "ims", "mcr" } do
  local r = jong.load_rules(variant)
  if r then
    local facts = {}
    for _, s in ipairs(SITUATIONS[variant]) do
      s.rules = variant
      local f = jong.facts(s)
      if f then facts[#facts + 1] = f end
    end
    if #facts > 0 then
      local score, settle = r.score, r.settle
      collectgarbage()   -- start from a clean heap, not the garbage of what ran before
      local n, t0 = 0, clock()
      while wanted("score_" .. variant) and clock() - t0 < 0.5 do
        for i = 1, #facts do
          local f = facts[i]
          local result = score(f)
          if result and result.wins and settle then settle(f, result) end
        end
        n = n + #facts
      end
      if n > 0 then print(string.format("score_%s %.2f us/hand", variant, (clock() - t0) * 1e6 / n)) end
      n, t0 = 0, clock()
      while wanted("facts_" .. variant) and clock() - t0 < 0.3 do
        for _, s in ipairs(SITUATIONS[variant]) do jong.facts(s) end
        n = n + #SITUATIONS[variant]
      end
      if n > 0 then print(string.format("facts_%s %.2f us/hand", variant, (clock() - t0) * 1e6 / n)) end
      -- in process end to end: jong.score(situation), the checks, facts, score and
      -- settle under the budget, and the plain copies of what rule code returned
      n, t0 = 0, clock()
      while wanted("jong_score_" .. variant) and clock() - t0 < 0.3 do
        for _, s in ipairs(SITUATIONS[variant]) do jong.score(s) end
        n = n + #SITUATIONS[variant]
      end
      if n > 0 then print(string.format("jong_score_%s %.2f us/hand", variant, (clock() - t0) * 1e6 / n)) end
    end
  end
end
