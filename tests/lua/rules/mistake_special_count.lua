-- special_complete answering a count: 0 is true in Lua, so every tile would be a wait.
local R = { name = "mistake_special_count", extends = "base", forms = { "standard" } }
function R.special_complete(g, seat, concealed, nmelds)
  local _, n = concealed:gsub("z", "")
  return n                                    -- meant as "none: false", but 0 is true
end
return R
