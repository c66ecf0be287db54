-- An error value that is a plain table (no metatable), from score and from a game hook:
-- reported by its type, naming the hook, like any other value that is not a string.
return { name = "error_plain_table", extends = "base",
  score = function() error({ reason = "mine" }) end,
  allowed_discards = function() error({ reason = "mine" }) end }
