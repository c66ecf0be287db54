-- Makes 100 games at every call and drops them unclosed: each counts 48 KiB of the
-- engine's C memory against the state. A game no one holds must be collected (its
-- hooks hold it: they were kept where the collector never freed them), or after 55 calls
-- the state's cap is met by games long gone, and every later call fails.
return { name = "drops_games", extends = "base", score = function()
  for i = 1, 100 do
    local g = jong.game { rules = "base", seed = i }
    assert(g:state())
  end
  return { wins = false, reason = "dropped" }
end }
