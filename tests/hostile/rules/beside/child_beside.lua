-- Extends and requires a file in its own folder by name.
local helper = require "helper_beside"
return { name = "child_beside", extends = "parent_beside", helpers = { says = helper.says } }
