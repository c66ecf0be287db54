-- A Hong Kong child with one more item (tests/lua/test_one_truth.lua): "Fives pair", 1
-- faan when the pair is a five. The parent values the hand without its minimum, the item
-- is added, then the minimum (§11.2) is applied.
local truth = require "one_truth"

return { name = "truth_hongkong_add", extends = "hongkong",
         score = truth.hongkong(truth.fives_pair("Fives pair", "faan")) }
