-- An IMS child with one more item (tests/lua/test_one_truth.lua): "Fives Pair", 1 fan when
-- the pair is a five; Minimum Fan (s13) applies to the sum.
local truth = require "one_truth"

local function below(fan, minimum) return "Minimum Fan: fan " .. fan .. " is below " .. minimum end

return {
  name = "truth_ims_add",
  extends = "ims",
  score = truth.score(require "ims", "minimum_fan", "fan", below, truth.fives_pair("Fives Pair", "fan")),
}
