return { name = "broken", score = function( }
