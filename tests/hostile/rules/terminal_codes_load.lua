-- A rule file that fails to load, its message full of control codes.
error("no load\27[2J\27]0;owned\7\r\127\194\155\226\128\174\255")
