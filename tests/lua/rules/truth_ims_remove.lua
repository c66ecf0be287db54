-- An IMS child without "No Terminals" (tests/lua/test_one_truth.lua); Minimum Fan (s13)
-- applies to what is left.
local truth = require "one_truth"

local function below(fan, minimum) return "Minimum Fan: fan " .. fan .. " is below " .. minimum end

return {
  name = "truth_ims_remove",
  extends = "ims",
  score = truth.score(require "ims", "minimum_fan", "fan", below, truth.without("No Terminals", "fan")),
}
