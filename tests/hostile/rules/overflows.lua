-- Payments beyond int32 and 2^32 (which used to wrap to 0).
return { name = "overflows", extends = "base",
  options = { how = { default = "huge", values = { "huge", "wrap", "float", "string" } } },
  settle = function(f)
    local o = f.options.how
    local v = o == "huge" and 2^40 // 1 or o == "wrap" and 4294967296 or o == "float" and 1.5 or "10"
    return { E = 0, S = v, W = 0, N = 0 }
  end }
