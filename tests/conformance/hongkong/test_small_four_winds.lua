-- Hong Kong H13 Small four winds (hongkong.md §12.4): "unless the fourth set is a dragon pung
-- (then it is All honours, L1) the hand always also has H5 or H3 (or both), which are added,
-- and H9/H10 when they apply". South seat, East round; computed by hand from the spec.
local lu = require "luaunit"
local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")

TestSmallFourWinds = {}

-- Three wind pungs, a White pung and a North pair: All honours (L1, the limit), which
-- replaces H1-H13 (§11.5): no H13, no H3, no H8, no H9/H10.
function TestSmallFourWinds.test_fourth_set_a_dragon_pung_is_all_honours()
  hk.wins({ seat = "S", round = "E", hand = "555z44z [111z] [222z] [333z]", win_tile = "4z",
            win_by = "discard", from = "W" },
          { faan = 10, limit = "All honours", items = { { "All honours", 10 } },
            payments = { S = 256, W = -128, E = -64, N = -64 } })
end

-- The fourth set a pung of 9m: H3 3 + H5 3 + H7 1 (only terminals and honours) + H10 1 (the
-- East pung) + H13 3 = 11, capped at the limit of 10 (u = 64). The South pair scores nothing.
function TestSmallFourWinds.test_with_all_pungs_mixed_one_suit_and_mixed_orphans()
  hk.wins({ seat = "S", round = "E", hand = "999m22z [111z] [333z] [444z]", win_tile = "2z",
            win_by = "discard", from = "W" },
          { faan = 10, limit = "Limit",
            items = { { "All pungs", 3 }, { "Mixed one suit", 3 }, { "Mixed orphans", 1 },
                      { "Prevailing-wind pung/kong", 1 }, { "Small four winds", 3 } },
            payments = { S = 256, W = -128, E = -64, N = -64 } })
end

os.exit(lu.LuaUnit.run())
