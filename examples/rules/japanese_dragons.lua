-- examples/rules/japanese_dragons.lua: Japanese riichi with one house abortive draw
-- (check_abort): when the four seats' first discards are all dragons, with no call before
-- them, the deal is drawn, as with four winds (suufon renda, spec 10). The parent's own
-- abortive draws stay: its check_abort is asked first.
local japanese = require "japanese"

local R = {
  name = "japanese_dragons",
  extends = "japanese",
  options = {
    abort_dragons = { default = true, doc = "house: four dragons discarded in the first go-around abort the deal" },
  },
}

local DRAGON = { ["5z"] = true, ["6z"] = true, ["7z"] = true }

function R.check_abort(g)
  local parent = japanese.check_abort(g)
  if parent or not g.options.abort_dragons then return parent end
  if g:brief("any_call") then return nil end
  for _, seat in ipairs(g:seats()) do
    local d = g:seat(seat).discards
    if #d ~= 1 or not DRAGON[jong.kind_of(d[1].tile)] then return nil end
  end
  return "four dragons"
end

return R
