-- Requires a file outside the rules path with "..".
local x = require "../../../../../../etc/passwd"
return { name = "requires_dotdot", extends = "base" }
