-- Reaches for the loader's file finder and reader to read /etc/passwd.
return { name = "reads_rules_finder", extends = "base", score = function()
  local p = (jong.find_rules or jong.read_file or jong.rules_path)("/etc/passwd")
  return { wins = false, reason = tostring(p) }
end }
