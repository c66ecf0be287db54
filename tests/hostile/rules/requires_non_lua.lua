-- Requires a file that is not a .lua file by a name with a folder ("beside/secret", the
-- file as is): it was read as a rule file, and its parse error quoted it.
return { name = "requires_non_lua", extends = "base", score = function()
  local ok, err = pcall(require, "beside/secret")
  return { wins = false, reason = tostring(ok) .. " " .. tostring(err) }
end }
