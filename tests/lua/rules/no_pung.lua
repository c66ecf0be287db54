-- base where no pung is claimed (tests/lua/test_claim_messages.lua), and South's
-- 147m258p369s1234z wins on any honour it lacks (a special hand).
return {
  name = "no_pung",
  extends = "base",
  may_claim = function(g, action)
    if action.type == "pung" then return false, "no pungs here" end
    return true
  end,
  special_complete = function(g, seat, concealed) return concealed:match("^147m258p369s") ~= nil end,
  score = function(f) return { wins = true, value = { points = 1 }, items = { { name = "Any", value = 1, unit = "points" } } } end,
}
