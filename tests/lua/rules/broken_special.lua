-- An IMS child whose special_complete fails (tests/lua/test_special_ready.lua).
return {
  name = "broken_special",
  extends = "ims",
  special_complete = function(g, seat, concealed, nmelds)
    return concealed.nothing.here
  end,
}
