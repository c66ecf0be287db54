-- rules/lib/presets.lua: a preset is its parent ruleset with other option defaults
-- (values are data; a preset only overrides them).
local M = {}

-- A function set(name, value) giving the parent's option `name` (its documentation and
-- allowed values) with `value` as its default; an option the parent lacks is an error.
function M.setter(parent)
  return function(name, value)
    local spec = parent.options[name]
    if spec == nil then error("preset: " .. parent.name .. " has no option '" .. name .. "'", 2) end
    local copy = {}
    for k, v in pairs(spec) do copy[k] = v end
    copy.default = value
    return copy
  end
end

return M
