-- jong.json_encode writes into a buffer of C memory, outside the state's cap: a list
-- naming one 20 MB string 2,000 times is 40 GB of text (the process grew without end),
-- and 12 MB of control bytes become 72 MB of \u00XX.
local R = { name = "encodes_long_text", extends = "base" }
function R.score(f)
  local big = ("x"):rep(20000000)
  local list = {}
  for i = 1, 2000 do list[i] = big end
  local ok, err = pcall(jong.json_encode, list)
  local escaped_ok, escaped_err = pcall(jong.json_encode, { ("\1"):rep(12000000) })
  return { wins = false, reason = tostring(ok) .. " " .. tostring(err) .. "; " .. tostring(escaped_ok) .. " "
    .. tostring(escaped_err) .. "; " .. jong.json_encode { small = "text" } }
end
return R
