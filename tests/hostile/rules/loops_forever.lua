-- A score hook that never ends.
return { name = "loops_forever", extends = "base", score = function() while true do end end }
