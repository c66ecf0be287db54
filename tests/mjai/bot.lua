-- A small mjai bot for the tests of `jong mjai`: it discards every tile it draws
-- (tsumogiri), declares nothing and claims nothing. Run with lua5.4 (lua-cjson).
-- Argument "illegal": it discards a tile it does not hold; "slow": it does not answer
-- its first tsumo in time; "garbage": it answers its first tsumo with a line that is not
-- JSON.
local cjson = require "cjson"
local mode = arg[1] or "tsumogiri"
local id
io.stdout:setvbuf("line")
for line in io.lines() do
  local ev = cjson.decode(line)
  local out = { type = "none" }
  if ev.type == "start_game" then
    id = ev.id
  elseif ev.type == "tsumo" and ev.actor == id then
    if mode == "slow" then os.execute("sleep 2") end
    if mode == "garbage" then io.write("hello\n") goto continue end
    out = { type = "dahai", actor = id, pai = mode == "illegal" and "C" or ev.pai, tsumogiri = true }
    if mode == "illegal" then mode = "illegal-done" end
  end
  io.write(cjson.encode(out), "\n")
  ::continue::
end
