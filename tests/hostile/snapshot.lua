-- The full state, action log and event log of a game as one string, to compare before
-- and after a refused action (an atomic refusal leaves it byte-identical).
local function dump(v, out)
  if type(v) ~= "table" then out[#out + 1] = tostring(v); return end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  out[#out + 1] = "{"
  for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "="; dump(v[k], out); out[#out + 1] = "," end
  out[#out + 1] = "}"
end

return function(g)
  local out = {}
  dump(g.core:state(), out)
  return table.concat(out) .. "\n" .. g:log_json() .. "\n" .. table.concat(g.core:events(), "\n")
end
