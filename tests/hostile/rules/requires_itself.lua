-- Requires its own name.
local me = require "requires_itself"
return { name = "requires_itself", extends = "base" }
