-- allowed_discards names a tile that does not exist.
return { name = "bad_discards", extends = "base", allowed_discards = function() return { "9z" } end }
