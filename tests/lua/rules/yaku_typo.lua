-- A house yaku written with `han` for `value` (tests/lua/test_module.lua): refused at load,
-- naming this file, the line and the field, rather than a yaku that never counts.
local japanese = require "japanese"
return {
  name = "yaku_typo", extends = "japanese",
  yaku = japanese.helpers.yaku_with(japanese.yaku, {     -- line 6
    { id = "house 1", name = "Gogo", han = 1, unit = "han",
      test = function(f, reading) return reading ~= nil and reading.pair:sub(1, 1) == "5" end },
  }),
}
