-- examples/rules/sanrenkou.lua: Japanese with the house yaku Sanrenkou (three pungs or
-- kongs of one suit in consecutive ranks: 222m 333m 444m), 2 han closed or open, switched
-- off by the option `sanrenkou`.
local japanese = require "japanese"

local function consecutive_pungs(reading)
  local have = {}
  for _, set in ipairs(reading.sets) do
    if set.type == "pung" or set.type == "kong" then have[set.tile] = true end
  end
  for suit in ("mps"):gmatch(".") do
    for rank = 1, 7 do
      if have[rank .. suit] and have[(rank + 1) .. suit] and have[(rank + 2) .. suit] then return true end
    end
  end
  return false
end

return {
  name = "sanrenkou",
  extends = "japanese",
  options = {
    sanrenkou = { default = true, doc = "the house yaku Sanrenkou (three consecutive pungs, 2 han)" },
  },
  yaku = japanese.helpers.yaku_with(japanese.yaku, {
    { id = "house 1", name = "Sanrenkou", value = 2, open = 2, unit = "han",
      test = function(f, reading)
        return f.options.sanrenkou and reading ~= nil and consecutive_pungs(reading)
      end },
  }),
}
