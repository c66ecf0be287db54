-- An IMS child without "No Terminals" (tests/lua/test_one_truth.lua); Minimum Fan (s13)
-- applies to what is left.
local truth = require "one_truth"

return { name = "truth_ims_remove", extends = "ims", score = truth.ims(truth.without("No Terminals", "fan")) }
