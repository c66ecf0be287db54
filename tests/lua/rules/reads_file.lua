-- A rule script that reaches for the loader's file reader.
return { name = "reads_file", score = function() return jong.read_file("/etc/passwd") end }
