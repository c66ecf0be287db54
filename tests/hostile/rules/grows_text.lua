-- Text grown past the memory cap in one library call or a few (the situation's "how"):
-- a string doubled by concatenation, table.concat of 200 MB, string.rep of a terabyte,
-- and that refusal swallowed by pcall before filling a table. Each ends the call saying
-- the memory cap (string.rep's size is refused by Lua itself first); the next call is fine.
local WAYS = {
  concat = function() local s = "xx"; for _ = 1, 40 do s = s .. s end; return #s end,
  table_concat = function()
    local t = {}
    for i = 1, 200000 do t[i] = ("x"):rep(1000) .. i end
    return #table.concat(t, table.concat(t))
  end,
  rep = function() local s = ("x"):rep(1 << 40); return #s end,
  rep_pcall = function()
    local ok = pcall(string.rep, "x", 1 << 36)
    local t = {}
    for i = 1, 1e8 do t[i] = i end
    return tostring(ok) .. #t
  end,
}
return { name = "grows_text", extends = "base", situation_fields = { "how" }, score = function(f)
  local x = WAYS[f.situation.how]()
  return { wins = false, reason = tostring(x) }
end }
