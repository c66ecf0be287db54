-- Hong Kong Old Style: Calling 9 pieces and Calling 12 pieces (§9, §14.3), on a discard
-- and on a self-draw. Who fed each exposed set is read from the `@S` source of its meld.
local lu = require "luaunit"
local hk = dofile((arg[0]:match("^(.*)/") or ".") .. "/helpers.lua")

-- West has exposed three dot sets, all claimed (chows from South, the player on his left).
local NINE = "[123p]@S [456p]@S [789p]@S"
-- South has exposed four bamboo sets; the fourth (222s) is fed by the seat named.
local function twelve(fourth) return "88s [111s]@W [456s]@E [789s]@E " .. fourth end

TestCalling9 = {}   -- §9.1

function TestCalling9.test_discarder_of_the_winning_tile_pays_for_all()
  hk.wins({ seat = "W", round = "E", hand = "22255p " .. NINE, win_tile = "5p", win_by = "discard", from = "E" },
          { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, E = -128, S = 0, N = 0 } })
end

function TestCalling9.test_self_draw_pays_as_usual()
  hk.wins({ seat = "W", round = "E", hand = "22255p " .. NINE, win_tile = "5p", win_by = "self" },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { W = 192, E = -64, S = -64, N = -64 } })
end

function TestCalling9.test_no_liability_when_the_hand_is_not_pure()
  local s = { seat = "W", round = "E", hand = "222p11z " .. NINE, win_tile = "1z", win_by = "discard", from = "N" }
  hk.wins(s, { faan = 3, items = { { "Mixed one suit", 3 } }, payments = { W = 32, N = -16, E = -8, S = -8 } })
  s.options = { liability_hands = "pure_or_mixed" }      -- §9.3: also for mixed one suit
  hk.wins(s, { faan = 3, items = { { "Mixed one suit", 3 } }, payments = { W = 32, N = -32, E = 0, S = 0 } })
end

-- §13.1: a declared concealed kong is not an exposed (claimed) set.
function TestCalling9.test_a_concealed_kong_is_not_one_of_the_nine()
  hk.wins({ seat = "W", round = "E", hand = "789p11p [234p]@S [6666p]c [345p]@S", win_tile = "1p",
            win_by = "discard", from = "N" },
          { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, N = -64, E = -32, S = -32 } })
  hk.wins({ seat = "W", round = "E", hand = "11p [234p]@S [6666p]c [345p]@S [789p]@S", win_tile = "1p",
            win_by = "discard", from = "N" },
          { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, N = -128, E = 0, S = 0 } })
end

function TestCalling9.test_manual_announcement()
  local s = { seat = "W", round = "E", hand = "22255p " .. NINE, win_tile = "5p", win_by = "discard", from = "N",
              options = { liability_announce = "manual" } }
  hk.wins(s, { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, N = -64, E = -32, S = -32 } })
  s.flags = { "liability_announced" }
  hk.wins(s, { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, N = -128, E = 0, S = 0 } })
end

-- §7.5: the kong declarer counts as the discarder.
function TestCalling9.test_robbing_a_kong_makes_the_declarer_pay_for_all()
  hk.wins({ seat = "W", round = "E", hand = "22255p " .. NINE, win_tile = "5p", win_by = "discard", from = "N",
            flags = { "robbing_kong" } },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Robbing a kong", 1 } },
            payments = { W = 128, N = -128, E = 0, S = 0 } })
end

function TestCalling9.test_full_gun_changes_nothing()
  hk.wins({ seat = "W", round = "E", hand = "22255p " .. NINE, win_tile = "5p", win_by = "discard", from = "N",
            options = { discard_payment = "full_gun" } },
          { faan = 7, items = { { "Pure one suit", 7 } }, payments = { W = 128, N = -128, E = 0, S = 0 } })
end

TestCalling12 = {}   -- §9.2

function TestCalling12.test_self_draw_paid_by_the_feeder_of_the_fourth_set()
  for _, feeder in ipairs { "E", "W", "N" } do
    local payments = { E = 0, S = 192, W = 0, N = 0 }
    payments[feeder] = -192
    hk.wins({ seat = "S", round = "W", hand = twelve("[222s]@" .. feeder), win_tile = "8s", win_by = "self" },
            { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } }, payments = payments })
  end
end

function TestCalling12.test_the_fourth_set_may_be_a_kong()
  hk.wins({ seat = "S", round = "W", hand = twelve("[2222s]@N"), win_tile = "8s", win_by = "self" },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { S = 192, N = -192, E = 0, W = 0 } })
  hk.wins({ seat = "S", round = "W", hand = twelve("[2222s]+@W"), win_tile = "8s", win_by = "self" },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { S = 192, W = -192, E = 0, N = 0 } })
end

-- A chee always comes from the player on the left (East for South), written or not.
function TestCalling12.test_a_chee_without_source_is_from_the_left()
  hk.wins({ seat = "S", round = "W", hand = "88s [111s]@W [456s] [789s] [123s]", win_tile = "8s", win_by = "self" },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { S = 192, E = -192, W = 0, N = 0 } })
end

-- Without a source for the fourth set nobody can be held liable: the usual self-draw payment.
function TestCalling12.test_unknown_feeder_pays_as_usual()
  hk.wins({ seat = "S", round = "W", hand = twelve("[222s]"), win_tile = "8s", win_by = "self" },
          { faan = 8, items = { { "Pure one suit", 7 }, { "Self-drawn", 1 } },
            payments = { S = 192, E = -64, W = -64, N = -64 } })
end

-- Won on a discard instead: 9.1 applies to whoever discarded the winning tile.
function TestCalling12.test_discard_win_makes_the_discarder_liable_not_the_feeder()
  hk.wins({ seat = "S", round = "W", hand = twelve("[222s]@E"), win_tile = "8s", win_by = "discard", from = "W" },
          { faan = 7, items = { { "Pure one suit", 7 } }, payments = { S = 128, W = -128, E = 0, N = 0 } })
end

TestExtended = {}   -- §9.3 hk.liability_hands = extended

function TestExtended.test_big_three_dragons_after_two_exposed_dragon_pungs()
  local s = { seat = "W", round = "S", hand = "777z234s99s [555z]@E [666z]@N", win_tile = "9s",
              win_by = "discard", from = "E" }
  local items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                  { "Dragon pung/kong", 1 }, { "Big three dragons", 5 } }
  hk.wins(s, { faan = 10, limit = "Limit", items = items, payments = { W = 256, E = -128, S = -64, N = -64 } })
  s.options = { liability_hands = "extended" }
  hk.wins(s, { faan = 10, limit = "Limit", items = items, payments = { W = 256, E = -256, S = 0, N = 0 } })
end

function TestExtended.test_third_dragon_pung_feeder_pays_a_self_draw()
  hk.wins({ seat = "W", round = "S", hand = "234s99s [555z]@E [666z]@N [777z]@S", win_tile = "9s",
            win_by = "self", options = { liability_hands = "extended" } },
          { faan = 10, limit = "Limit",
            items = { { "Mixed one suit", 3 }, { "Dragon pung/kong", 1 }, { "Dragon pung/kong", 1 },
                      { "Dragon pung/kong", 1 }, { "Big three dragons", 5 }, { "Self-drawn", 1 } },
            payments = { W = 384, S = -384, E = 0, N = 0 } })
end

function TestExtended.test_fourth_wind_pung_feeder_pays_a_self_draw()
  hk.wins({ seat = "S", round = "E", hand = "55m [111z]@N [222z]@W [333z]@E [444z]@E", win_tile = "5m",
            win_by = "self", options = { liability_hands = "extended" } },
          { faan = 10, limit = "Big four winds", items = { { "Big four winds", 13 }, { "Self-drawn", 1 } },
            payments = { S = 384, E = -384, W = 0, N = 0 } })
end

TestFifthTile = {}   -- §9.3 hk.fifth_tile_penalty

function TestFifthTile.test_unseen_late_discard_pays_for_all()
  local s = { seat = "N", round = "E", hand = "555678p11z [234p]@W [789p]@W", win_tile = "8p",
              win_by = "discard", from = "E", flags = { "fifth_tile" } }
  hk.wins(s, { faan = 3, items = { { "Mixed one suit", 3 } }, payments = { N = 32, E = -16, S = -8, W = -8 } })
  s.options = { fifth_tile_penalty = true }
  hk.wins(s, { faan = 3, items = { { "Mixed one suit", 3 } }, payments = { N = 32, E = -32, S = 0, W = 0 } })
end

os.exit(lu.LuaUnit.run())
