-- Terminal control codes in everything a ruleset names: its name, item names, reasons
-- and error messages carry ESC sequences (clear the screen, set the window title, an
-- 8-bit CSI), a carriage return (rewrites the line), DEL, a text direction override and
-- bytes that are not UTF-8. No program may send them raw to a terminal: each is shown
-- escaped (\x1b ...), JSON stays valid JSON. The situation's "fail" makes score fail.
local japanese = require "japanese"
local EVIL = "\27[2J\27]0;owned\7\r\127\194\155\226\128\174\255"
local R = { name = "terminal" .. EVIL .. "codes", extends = "japanese", situation_fields = { "fail" } }
R.helpers = { evil = EVIL }
function R.score(f)
  if f.situation.fail then error("failed" .. EVIL) end
  local r = japanese.score(f)
  local out = { wins = r.wins, value = r.value, limit = r.limit, reason = r.reason and (r.reason .. EVIL) }
  if r.items then
    out.items = {}
    for i, item in ipairs(r.items) do
      out.items[i] = { name = EVIL .. item.name, value = item.value, unit = item.unit }
    end
  end
  return out
end
return R
