-- A flag that is a table: the error showed the table's address (table: 0x55c9...), a
-- different message in each run.
return { name = "bad_flag_entry", extends = "base", flags = { "fine", {} } }
