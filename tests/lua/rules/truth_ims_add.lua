-- An IMS child with one more item (tests/lua/test_one_truth.lua): "Fives Pair", 1 fan when
-- the pair is a five; Minimum Fan (s13) applies to the sum.
local truth = require "one_truth"

return { name = "truth_ims_add", extends = "ims", score = truth.ims(truth.fives_pair("Fives Pair", "fan")) }
