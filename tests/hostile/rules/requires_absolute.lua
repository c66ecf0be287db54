-- Requires a file by absolute path.
local x = require "/etc/passwd"
return { name = "requires_absolute", extends = "base" }
