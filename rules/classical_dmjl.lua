-- rules/classical_dmjl.lua: the DMJL preset of Chinese Classical (classical.md §21,
-- Kajongg ClassicalChineseDMJL). Classical with:
--   * Little Three Dragons 1 double, Big Three Dragons 2, Little Four Joys 1, Big Four
--     Joys 2, for every player; the limit hand Squirming Snake (ruleset_preset = dmjl:
--     classical.presets.dmjl values these items of classical.items);
--   * a false Mah Jong costs a fixed penalty (false_mahjong = penalty300).
local classical = require "classical"
local o = classical.options

return {
  name = "classical_dmjl",
  extends = "classical",
  options = {
    ruleset_preset = { default = "dmjl", values = o.ruleset_preset.values, doc = o.ruleset_preset.doc },
    false_mahjong = { default = "penalty300", values = o.false_mahjong.values, doc = o.false_mahjong.doc },
  },
}
