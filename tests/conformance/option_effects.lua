-- Every option of a ruleset's registry changes play or scoring (shared by the conformance
-- scripts: `local option_effects = require "option_effects"`). For each option and each
-- value other than its default, a fingerprint is taken and compared with the defaults':
-- the `jong score` answers of a list of situations, stacked plays the script gives, and a
-- few seeded self-play matches (the number of legal actions at every decision, every
-- event of the match).
local lu = require "luaunit"

local M = {}

-- The values an option is tried with besides its default: {value =, with = {other
-- options set in both fingerprints}}.
local function alternatives(spec, extra)
  local out = {}
  for _, v in ipairs(extra or {}) do
    out[#out + 1] = type(v) == "table" and v or { value = v }
  end
  if extra then return out end
  for _, v in ipairs(spec.values or {}) do
    if v ~= spec.default then out[#out + 1] = { value = v } end
  end
  if #out == 0 and type(spec.default) == "boolean" then out[1] = { value = not spec.default } end
  return out
end

local function fingerprint(rules, options, situations, plays, matches)
  local parts = {}
  for _, s in ipairs(situations) do
    local t = {}
    for k, v in pairs(s) do t[k] = v end
    t.rules, t.options = rules, options
    parts[#parts + 1] = jong.json_encode(jong.score(t))
  end
  for _, play in ipairs(plays) do parts[#parts + 1] = play(options) end
  for seed = 1, matches do
    local g = assert(jong.game { rules = rules, seed = seed, options = options })
    for _ = 1, 20000 do
      local waiting = g:waiting()
      if #waiting == 0 then break end
      for _, seat in ipairs(waiting) do parts[#parts + 1] = #g:legal(seat) end
      g:run_bots(nil, "default", 1)
    end
    for _, e in ipairs(g:events()) do parts[#parts + 1] = jong.json_encode(e) end
  end
  return table.concat(parts, "\n")
end

-- rules: the ruleset's name; situations: jong score situations (without rules and
-- options); values: {option = {values to try}} for options whose alternatives are not in
-- their registry entry (numbers) or that act only with another option ({value =, with =
-- {option = value}}); plays: functions(options) -> a string (a stacked play's outcome);
-- matches: self-play matches per fingerprint.
function M.check(rules, situations, values, plays, matches)
  local r = assert(jong.load_rules(rules))
  local base = {}
  local function fp(with)
    local key = jong.json_encode(with or {})
    base[key] = base[key] or fingerprint(rules, with, situations, plays, matches)
    return base[key]
  end
  local names = {}
  for name in pairs(r.options) do names[#names + 1] = name end
  table.sort(names)
  local idle = {}
  for _, name in ipairs(names) do
    local alts = alternatives(r.options[name], values[name])
    lu.assertTrue(#alts > 0, "option " .. name .. " has no other value to try")
    for _, alt in ipairs(alts) do
      local options = { [name] = alt.value }
      for k, v in pairs(alt.with or {}) do options[k] = v end
      if fingerprint(rules, options, situations, plays, matches) == fp(alt.with) then
        idle[#idle + 1] = name .. " = " .. tostring(alt.value)
      end
    end
  end
  lu.assertEquals(idle, {}, "options that change neither play nor scoring")
end

return M
