-- Engine settings beyond the fields they go into (they used to wrap silently).
return { name = "engine_out_of_range", extends = "base",
  options = { field = { default = "dead_size", values = { "dead_size", "dice", "start_points" } } },
  configure = function(o)
    local values = { dead_size = 270, dice = 258, start_points = 2 ^ 40 // 1 }
    return { [o.field] = values[o.field] }
  end }
