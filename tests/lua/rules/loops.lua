-- A rule script whose score hook never ends.
return { name = "loops", score = function() local n = 0 while true do n = n + 1 end end }
