-- terminal_codes whose score always fails in play, its message full of control codes.
local EVIL = "\27[2J\27]0;owned\7\r\127\194\155\226\128\174\255"
return { name = "terminal_play" .. EVIL, extends = "terminal_codes",
  score = function() error("failed" .. EVIL) end }
