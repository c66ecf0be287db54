-- A Japanese child that changes only data fields (tests/lua/test_child_fields.lua): a
-- riichi stake of 2,000 and noten payments of 6,000 in all. The parent's hooks
-- (configure, situation, settle, settle_draw) must read them through the ruleset in play.
return {
  name = "japanese_fields",
  extends = "japanese",
  riichi_deposit = 2000,
  noten_total = 6000,
}
