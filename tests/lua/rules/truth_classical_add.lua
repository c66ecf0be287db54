-- A child of Babcock's One-Double game with one more double (tests/lua/test_one_truth.lua):
-- "fives pair", 1 double when the pair is a five; the One-Double qualification (§20) then
-- counts it.
local classical = require "classical"
local R = { name = "truth_classical_add", extends = "babcock_one_double" }

local function mixed(f)
  local options = setmetatable({ game_type = "mixed_hand" }, { __index = f.options })
  return setmetatable({ options = options }, { __index = f })
end

function R.score(f)
  local result, err = classical.score(mixed(f))
  if not result or not result.wins or result.limit then return result, err end
  local r = f.readings[1]
  local fives = r and r.pair:sub(1, 1) == "5"
  if fives then
    result.items[#result.items + 1] = { name = "fives pair", value = 1, unit = "doubles" }
    local v = result.value
    v.doubles = v.doubles + 1
    v.score = math.min(v.points << v.doubles, 500)
  end
  if result.value.doubles == 0 then                   -- (no flowers or seasons here)
    return { wins = false, reason = "One-Double game: the hand scores no double" }
  end
  return result
end

return R
