-- examples/rules/no_chow.lua: Hong Kong with one house rule and nothing else (docs/authoring.md,
-- chapter 4): a chow may not be claimed, only drawn; a discard that completes a hand with
-- a chow is still claimed to win. One hook, may_claim; every other field and hook is the
-- parent's.
local R = { name = "no_chow", extends = "hongkong" }

-- Asked before a chow, pung or kong is listed as legal or played (docs/hooks.md): true,
-- or false and the reason the player sees. A win is never asked here (may_win).
function R.may_claim(g, action)
  if action.type == "chow" then return false, "no chows at this table" end
  return true
end

return R
