-- Every hook the engine asks during play fails now and then (a fixed schedule, so runs
-- repeat), including may_claim asked about passes: each failure must refuse
-- the one action it was asked about and leave the game exactly as it was.
local R = { name = "fails_sometimes", extends = "base" }
R.helpers = { calls = 0, every = 7, failing = true }
local function maybe_fail(hook)
  local h = R.helpers
  h.calls = h.calls + 1
  if h.failing and h.calls % h.every == 0 then error("planned failure in " .. hook) end
end
R.engine = { ask = { "chow", "pung", "kong", "pass", "win" } }
function R.may_claim(g, action) maybe_fail("may_claim"); return true end
function R.may_win(g, action) maybe_fail("may_win"); return true end
return R
