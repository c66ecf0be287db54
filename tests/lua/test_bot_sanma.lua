-- The default bot in three-player Japanese (sanma): a ready hand of value of its own (a
-- value honour pung, a flush, two red fives or kita) that already wins on a discard stays
-- undeclared (dama); a cheap one declares riichi.
local lu = require "luaunit"

local OTHERS = { S = "1199m1199p1199s6z", W = "11m22p33p11s22s6z7z7z" }

local function game(east)
  return assert(jong.scenario { rules = "sanma", hands = { E = east, S = OTHERS.S, W = OTHERS.W },
                                draws = "7z2z3z2z3z" })
end

function test_a_dragon_pung_stays_undeclared()
  -- 555z 123p 456p 78s 99s and 1z: discarding 1z leaves it ready on 6s 9s with White
  local a = game("555z123p456p7899s1z"):bot("E")
  lu.assertEquals(a.type, "discard")
  lu.assertEquals(a.tile, "1z")
end

function test_two_red_fives_stay_undeclared()
  -- 234p 067p 234s 78s 05s and 1z: ready on 6s 9s, all simples on a 6s, two red fives
  local a = game("234067p23405s78s1z"):bot("E")
  lu.assertEquals(a.type, "discard")
  lu.assertEquals(a.tile, "1z")
end

function test_a_cheap_hand_declares()
  -- 234p 567p 234s 78s 55s and 1z: ready on 6s 9s, all simples on a 6s only: riichi
  local a = game("234567p23455s78s1z"):bot("E")
  lu.assertEquals(a.type, "riichi")
  lu.assertEquals(a.tile, "1z")
end

os.exit(lu.LuaUnit.run())
