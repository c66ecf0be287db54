-- Module, toolkit, game and library functions called wrongly, and an error value that is
-- not a string (the situation's "attack" names which): the error names this file and the
-- line of the call, not the engine's code. (Not tail calls: a tail call leaves no line.)
local tiles = require "lib.tiles"
local ATTACKS = {
  kind_of = function() local x = jong.kind_of(5); return x end,                    -- line 6
  seat_after = function() local x = jong.seat_after("X", 1); return x end,         -- line 7
  counts_of = function() local x = tiles.counts_of(5); return x end,               -- line 8
  json_encode = function() local x = jong.json_encode(print or error); return x end, -- line 9
  resolve_options = function() local x = jong.resolve_options(5); return x end,    -- line 10
  game = function() local x = jong.game(5); return x end,                          -- line 11
  seat = function()
    local g = jong.game { rules = "base" }
    local x = g:seat(99); return x                                                -- line 14
  end,
  score_win = function()
    local g = jong.game { rules = "base" }
    local x = g:score_win(7); return x                                            -- line 18
  end,
  own = function() local x = ("x"):rep(-1) .. nil; return x end,                   -- line 20
  gsub_depth = function() local function g(s) local x = s:gsub(".", g); return x end; local x = g("ab"); return x end,
  sort = function() local t = { {}, {}, {} }; table.sort(t); return t end,         -- line 22
  error_table = function() error({}) end,                                          -- line 23
  error_own = function() error("no position", 0) end,                              -- line 24
}
return { name = "bad_arguments", extends = "base", situation_fields = { "attack" },
  score = function(f)
    local x = ATTACKS[f.situation.attack]()
    return x
  end }
