-- A sanma child that changes one data field (tests/lua/test_child_fields.lua): no kong
-- may be claimed on a discard. Sanma's configure must read the child's claims.
return {
  name = "sanma_no_kong",
  extends = "sanma",
  claims = { "pung", "win" },
}
