-- A rule script that tries to escape the sandbox.
return { name = "calls_os", score = function() os.execute("echo escaped") return { wins = true } end }
