-- configure is rule code too.
return { name = "configure_loops", extends = "base", configure = function() while true do end end }
