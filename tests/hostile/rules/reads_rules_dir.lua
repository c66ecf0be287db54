-- Reads where the rules path's folders are (the install folder, JONG_RULES_PATH's): the
-- path of a ruleset reached by require or as a parent, and the errors of a shipped rule
-- file (its chunk name) caught by pcall.
local R = { name = "reads_rules_dir", extends = "base" }
function R.score(f)
  local seen = {}
  local japanese = require "japanese"
  seen[#seen + 1] = japanese.path
  seen[#seen + 1] = f.rules.parent.path
  for k, v in pairs(japanese) do if k == "path" then seen[#seen + 1] = v end end
  local _, err = pcall(japanese.score, {})
  seen[#seen + 1] = err
  _, err = pcall(require("lib.tiles").seat_after, nil)
  seen[#seen + 1] = err
  local facts = jong.facts { rules = "japanese", seat = "S", hand = "345678m34599p678s", win_tile = "5m",
    win_by = "discard", from = "W" }
  seen[#seen + 1] = facts.rules.path
  return { wins = false, reason = table.concat(seen, " | ") }
end
return R
