-- examples/rules/hongkong_unrelated.lua: Hong Kong with one special hand, Thirteen unrelated
-- (Shisanlan): fourteen different tiles, no two of one suit less than three ranks apart
-- (147m 258p 369s and five honours, say), concealed. Hong Kong's `forms` do not find it
-- complete, so special_complete tells the engine it is (wins, waits), and score values it:
-- `unrelated_faan` faan, and Self-drawn; any other hand is Hong Kong's. Payments are Hong
-- Kong's settle on that faan.
local hongkong = require "hongkong"
local unrelated = require("lib.patterns").unrelated
local counts_of = require("lib.tiles").counts_of

local R = {
  name = "hongkong_unrelated",
  extends = "hongkong",
  options = {
    unrelated_faan = { default = 3, doc = "faan of Thirteen unrelated (0: the hand does not win)" },
  },
}

function R.special_complete(g, seat, concealed, nmelds)
  return nmelds == 0 and g.options.unrelated_faan > 0 and unrelated(counts_of(concealed))
end

function R.score(f)
  if #f.melds == 0 and f.options.unrelated_faan > 0 and unrelated(f.counts) then
    local faan = f.options.unrelated_faan
    local items = { { name = "Thirteen unrelated", value = faan, unit = "faan" } }
    if f.win_by == "self" then
      items[2] = { name = "Self-drawn", value = 1, unit = "faan" }
      faan = faan + 1
    end
    return { wins = true, value = { faan = faan }, items = items }
  end
  return hongkong.score(f)
end

return R
