-- An error value whose __tostring never ends.
return { name = "error_tostring", extends = "base", score = function()
  error(setmetatable({}, { __tostring = function() while true do end end }))
end }
