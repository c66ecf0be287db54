-- extends cycle_b, which extends this file.
return { name = "cycle_a", extends = "cycle_b" }
