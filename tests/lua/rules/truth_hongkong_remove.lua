-- A Hong Kong child without "Pure one suit" (tests/lua/test_one_truth.lua); the minimum
-- (§11.2) applies to what is left.
local truth = require "one_truth"

return { name = "truth_hongkong_remove", extends = "hongkong",
         score = truth.hongkong(truth.without("Pure one suit", "faan")) }
