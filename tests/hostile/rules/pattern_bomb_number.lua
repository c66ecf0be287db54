-- A number is a subject too: the matcher sees its string, and a costly pattern over it
-- must be refused as over a string (with more items it runs for hours).
return { name = "pattern_bomb_number", extends = "base", score = function()
  local r = string.find(-9223372036854775807, ".-.-.-.-.-.-x")
  return { wins = false, reason = tostring(r) }
end }
