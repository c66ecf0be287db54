-- Payments each within 32 bits that take a seat's points beyond them: the winner's
-- 25000 + 2147483647 (signed overflow in the engine; it used to wrap silently).
return { name = "points_overflow", extends = "base",
  configure = function() return { start_points = 25000 } end,
  settle = function(f)
  local pay = { E = 0, S = 0, W = 0, N = 0 }
  pay[f.seat] = 2147483647
  pay[f.seat == "E" and "S" or "E"] = -2147483647
  return pay
end }
