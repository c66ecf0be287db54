-- One library call whose C work is not bounded by the memory it makes: the watchdog
-- cannot end a C call under way, so each would run for hours inside one instruction.
-- The situation's "how" picks the call.
local R = { name = "library_bombs", forms = { "standard" }, situation_fields = { "how" } }

local function sparse()   -- #t is 2^40 with 41 entries
  local t = {}
  for i = 40, 0, -1 do t[1 << i] = true end   -- (in this order: no array part)
  return t
end

local BOMBS = {
  -- a literal pattern of 500,000 characters over a million: 5e11 matcher steps
  match = function() local s = ("a"):rep(1000000); return s:match(("a"):rep(500000) .. "b") end,
  gsub = function() local s = ("a"):rep(1000000); return s:gsub(("a"):rep(500000) .. "b", "") end,
  -- a plain search of 8 MB in 16 MB: memcmp at every start
  plain = function() local s = ("a"):rep(16000000); return s:find(("a"):rep(8000000) .. "b", 1, true) end,
  nospecials = function() local s = ("a"):rep(16000000); return s:find(("a"):rep(8000000) .. "b") end,
  rep = function() return ("").rep("", 1 << 50) end,
  rep_sep = function() return string.rep("", 1 << 50, "") end,
  move = function() return table.move({}, 1, 1 << 50, 2) end,
  insert = function() return table.insert(sparse(), 1, true) end,
  remove = function() return table.remove(sparse(), 1) end,
  insert_len = function()
    return table.insert(setmetatable({}, { __len = function() return 1 << 50 end }), 1, true)
  end,
}

function R.score(f)
  local bomb = BOMBS[f.situation.how]
  return { wins = false, reason = tostring(bomb and bomb()) }
end

R.helpers = { hows = {} }
for how in pairs(BOMBS) do R.helpers.hows[#R.helpers.hows + 1] = how end
table.sort(R.helpers.hows)

return R
