-- Names with bytes that are not UTF-8, quotes, control characters and a slash.
return { name = "bad_utf8\255", extends = "base", score = function()
  return { wins = true, value = { points = 1 },
    items = { { name = "bad \255\254 \"quoted\" \1 a/b \xe4\xb8\xad", value = 1, unit = "points" } } }
end }
