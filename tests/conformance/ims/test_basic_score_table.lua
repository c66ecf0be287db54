-- ims.md §14-§17 arithmetic on every cell of the §15 Basic Score table: one hand for each
-- adjusted fan 0, 0.5, ..., 12 (found by a search over random hands, then fixed here), each
-- checked against the spec's tables typed in below: adjusted = min(12, fan + §14's
-- adjustment of aux), basic = §15's cell, total = basic x §16's multiplier (South, a
-- non-dealer: 1.5 self-fed, 1.0 on grab), payments §17 P4 (Total / 3 each) or P5 (the
-- feeder pays the Total). The fan itself is the scorer's (the F rules have their own tests).
local lu = require "luaunit"

local BASIC = { [0] = 4, [0.5] = 4, [1] = 8, [1.5] = 12, [2] = 16, [2.5] = 24, [3] = 32, [3.5] = 40,
                [4] = 52, [4.5] = 64, [5] = 76, [5.5] = 84, [6] = 92, [6.5] = 96, [7] = 100, [7.5] = 104,
                [8] = 108, [8.5] = 112, [9] = 116, [9.5] = 120, [10] = 124, [10.5] = 124, [11] = 128,
                [11.5] = 128, [12] = 132 }

local function adjustment(aux)
  if aux >= 4 then return 1 elseif aux >= 2 then return 0.5 else return 0 end
end

-- {hand, win_by}: South seat, East round, the pair's tile wins; a discard comes from West.
local HANDS = {
  { "123p888m345m789m44s", "discard" },
  { "999p123s123p567p11z f1 f2 g3", "discard" },
  { "345m111p444p88p [123m]@E f1 f2 g3 g4", "discard" },
  { "444m222s345s88m [777s]@N f1 f2", "discard" },
  { "234s666z456p666m11z f1", "self" },
  { "345s678s345s44z [777s]@N f1 f2 g3", "self" },
  { "777p567p777z22z [234p]@E", "self" },
  { "678m555z66m [444z]@W [333m]@N f1 f2 g3", "discard" },
  { "555p111s777z345s55m f1 f2 g3 g4", "discard" },
  { "567s234s456s999s44z f1 f2 g3", "self" },
  { "234m777z66m [666z]@E [777m]@E f1 f2 g3 g4", "discard" },
  { "567s777s333s88s [111s]@W f1 f2 g3", "self" },
  { "888s111z555s234s99s f1", "discard" },
  { "444z111z789p444p55z f1 f2", "discard" },
  { "789m333m456m555m22m f1", "self" },
  { "333z555s666z11s [888s]@E f1 f2", "discard" },
  { "789m555z555m666z33z", "self" },
  { "333s444s777s66s [345s]@E f1 f2", "discard" },
  { "789m123m456m888m33m f1 f2 g3 g4", "discard" },
  { "111m555m789m444m99m f1 f2 g3", "self" },
  { "888s222s555s99s [777s]@E f1 f2 g3 g4", "discard" },
  { "567s567s456s678s33s f1 f2 g3", "self" },
  { "333m567m777m888m22m f1 f2 g3 g4", "self" },
  { "222s678s567s678s55s f1 f2", "discard" },
  { "777z333z777p888s77s f1 f2", "discard" },
}

function test_every_cell_of_the_basic_score_table()
  local seen = {}
  for _, h in ipairs(HANDS) do
    local pair = h[1]:match("^(%S+)")
    local win = pair:sub(-2, -2) .. pair:sub(-1)            -- the pair's tile: "44s" -> "4s"
    local self = h[2] == "self"
    local s = { rules = "ims", seat = "S", round = "E", hand = h[1], win_tile = win, win_by = h[2],
                from = (not self) and "W" or nil, flags = {} }
    local r = jong.score(s)
    lu.assertTrue(r.ok, r.error)
    lu.assertTrue(r.wins, h[1] .. ": " .. tostring(r.reason))
    local v = r.value
    lu.assertEquals(v.adjusted, math.min(12, v.fan + adjustment(v.aux)), h[1])
    lu.assertEquals(v.basic, BASIC[v.adjusted], h[1])
    lu.assertEquals(v.total, self and v.basic * 3 // 2 or v.basic, h[1])
    if self then
      lu.assertEquals(r.payments, { E = -v.total // 3, S = v.total, W = -v.total // 3, N = -v.total // 3 }, h[1])
    else
      lu.assertEquals(r.payments, { E = 0, S = v.total, W = -v.total, N = 0 }, h[1])
    end
    seen[v.adjusted] = true
  end
  for a in pairs(BASIC) do lu.assertTrue(seen[a], "no hand reaches adjusted fan " .. a) end
end

os.exit(lu.LuaUnit.run())
