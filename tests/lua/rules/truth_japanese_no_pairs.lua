-- A Japanese child without chiitoitsu as a shape (tests/lua/test_one_truth.lua): forms only.
return {
  name = "truth_japanese_no_pairs",
  extends = "japanese",
  forms = { "standard", "thirteen_orphans" },
}
