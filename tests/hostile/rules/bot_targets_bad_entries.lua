-- bot_targets answers targets that name no tiles, tiles out of range, negative points.
local R = { name = "bot_targets_bad_entries", extends = "mcr" }
R.helpers = { which = 1 }   -- (the test picks the bad target; lua/schema.lua keeps data in helpers)
local BAD = {
  { item = "Not a table", points = 8, chow = true, tiles = "1m" },
  { item = "Out of range", points = 8, chow = true, tiles = { "1m", "4m", "7z" } },
  { item = "Negative points", points = -8, chow = false, tiles = { "1m", "2m", "3m" } },
  { item = "Points not a number", points = "eight", chow = false, tiles = { "1m", "2m", "3m" } },
  { item = "A tile not a string", points = 8, chow = false, tiles = { 1, 2, 3 } },
  42,
}
function R.bot_targets()
  return { { item = "Fine", points = 8, chow = true, tiles = { "1m", "4m", "7m" } }, BAD[R.helpers.which] }
end
return R
