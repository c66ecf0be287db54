-- Pao with stacked yakuman (japanese.md §17.6: "with stacked yakuman only the liable
-- yakuman's share is moved"; option pao_stacked, default liable_share, whole_hand = Tenhou),
-- on a ron by a third player and on a tsumo. South wins daisangen + tsuuiisou; North fed the
-- third dragon pung; 1 honba. By hand from the spec.
local lu = require "luaunit"
local expect = require "expect"

local function s(win_by, from, options)
  return { rules = "japanese", seat = "S", round = "E", hand = "111z22z [555z]@E [666z]@W [777z]@N", win_tile = "2z",
           win_by = win_by, from = from, honba = 1, options = options }
end

local function two_yakuman(t, payments)
  expect.win(jong.score(t), { value = { yakuman = 2 }, items = { { "Daisangen", 1, "yakuman" }, { "Tsuuiisou", 1, "yakuman" } },
                              limit = "Yakuman", payments = payments })
end

-- Ron from East: the daisangen's 32,000 is split between North and East (16,000 each), the
-- tsuuiisou's 32,000 and the 300 honba are East's alone.
function test_ron_by_a_third_player_moves_only_the_liable_share()
  two_yakuman(s("discard", "E"), { E = -48300, S = 64300, W = 0, N = -16000 })
end

-- whole_hand: the liable player's half covers the whole 64,000.
function test_ron_by_a_third_player_whole_hand()
  two_yakuman(s("discard", "E", { pao_stacked = "whole_hand" }), { E = -32300, S = 64300, W = 0, N = -32000 })
end

-- Tsumo with whole_hand: North pays the whole hand as if he had dealt in, with the honba.
-- (liable_share on a tsumo: test_yaku.lua's test_pao_moves_only_its_share.)
function test_tsumo_whole_hand()
  two_yakuman(s("self", nil, { pao_stacked = "whole_hand" }), { E = 0, S = 64300, W = 0, N = -64300 })
end

os.exit(lu.LuaUnit.run())
