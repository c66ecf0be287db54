-- An error message of 8 MB.
return { name = "long_error", extends = "base", score = function() error(("x"):rep(8 << 20)) end }
