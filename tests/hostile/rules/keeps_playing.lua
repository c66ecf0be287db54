-- Keeps the games it plays to their end: a played match holds about 400 KiB of the
-- engine's C memory (its events and actions), outside the state, where a new game was
-- counted 48 KiB: a call kept a hundred matches, 40 MB, and each call added as many
-- (the process grew past the state's cap). A game's growth counts in the state now.
local R = { name = "keeps_playing", extends = "base" }
R.helpers = { games = {} }
function R.score(f)
  local games = R.helpers.games
  while true do
    local g = assert(jong.game { rules = "base", seed = #games + 1 })
    games[#games + 1] = g
    while g:state().phase ~= "match_end" do g:run_bots(nil, "random", 1000) end
  end
end
return R
