-- examples/rules/sichuan_ting.lua: Sichuan with one new declaration, a house "ting" (报听):
-- a seat whose discard leaves its hand ready may declare ready with it. From then on its
-- hand is locked (it discards only the tile it draws) and its win earns 1 fan more
-- ("Declared ready"), within the fan cap. The declaration is the engine's own (the engine
-- setting `declarations`, given by configure after the parent's settings); the situation
-- of a win carries the flag `declared_ready`, so jong score values it the same.
local sichuan = require "sichuan"

local TING = 1                                   -- the seat flag the declaration sets

local R = {
  name = "sichuan_ting",
  extends = "sichuan",
  flags = { "declared_ready" },                  -- merged with Sichuan's flags
}

function R.configure(o, r)
  local e = sichuan.configure(o, r)              -- Sichuan's settings, then the declaration
  e.declarations = { { name = "ting", flags = TING, unless_flags = TING } }
  e.lock_flags = TING                            -- a declared hand discards its drawn tile
  return e
end

function R.situation(g, win, s)
  sichuan.situation(g, win, s)
  if g:seat_summary(win.seat, "flags") & TING ~= 0 then
    s.flags[#s.flags + 1] = "declared_ready"
  end
end

function R.score(f)
  local result, err = sichuan.score(f)
  if not result or not result.wins or not f.flags.declared_ready then return result, err end
  result.items[#result.items + 1] = { name = "Declared ready", value = 1, unit = "fan" }
  local fan, cap = result.value.fan + 1, f.options.fan_cap
  local capped = cap ~= "none" and fan > cap
  result.value.fan = fan
  result.value.points = f.options.base * 2 ^ (capped and cap or fan) // 1
  result.limit = capped and "Cap" or nil
  return result
end

return R
