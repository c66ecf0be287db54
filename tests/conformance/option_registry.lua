-- The option registry of a spec as it writes it (tests/conformance/*/test_option_registry.lua):
-- `registry` maps each option's name to {default, alternatives...}. The tests: every option
-- exists under its name with the spec's default, and takes every alternative the spec
-- lists, given with `prefix` (the ruleset's, e.g. "mcr."; "" for none).
local lu = require "luaunit"

local M = {}

function M.tests(R, registry, prefix)
  local t = {}
  function t.test_every_option_with_the_spec_default()
    local resolved = assert(jong.resolve_options(R, {}))
    for name, row in pairs(registry) do
      lu.assertEquals(resolved[name], row[1], name)
    end
  end
  function t.test_every_listed_alternative_is_taken()
    for name, row in pairs(registry) do
      for i = 2, #row do
        local o, err = jong.resolve_options(R, { [prefix .. name] = row[i] })
        lu.assertNotNil(o, name .. " = " .. tostring(row[i]) .. ": " .. tostring(err))
        lu.assertEquals(o[name], row[i], name)
      end
    end
  end
  return t
end

return M
