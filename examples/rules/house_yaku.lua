-- examples/rules/house_yaku.lua: Japanese with one house yaku (docs/authoring.md, chapter
-- 2). "Gogo": a closed hand whose pair is of fives is worth 1 han.
local japanese = require "japanese"
local helpers = japanese.helpers

return {
  name = "house_yaku",
  extends = "japanese",
  -- The parent's yaku list and one entry more: score, and the engine's offer of a win in
  -- play, read this list (docs/hooks.md, "Wins in play").
  yaku = helpers.yaku_with(japanese.yaku, {
    { id = "house 1", name = "Gogo", value = 1, unit = "han",  -- closed only (no `open` value)
      test = function(f, reading)                -- reading: nil for seven pairs
        return reading ~= nil and reading.pair:sub(1, 1) == "5"
      end },
  }),
}
