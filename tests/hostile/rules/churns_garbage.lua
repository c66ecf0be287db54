-- Keeps 80 MiB from its load, then makes 100 strings of 1 MiB, each kept for the next 40
-- (long enough to grow old in the collector's generations): 100 MiB made in a call capped
-- at 64 MiB beyond what the state holds, 60 MiB of it old garbage that only a full
-- collection frees, and the next one is due only once the state doubles, past the cap.
-- Refused an allocation, the state collects its garbage and the call goes on: it must not
-- fail. With "keep", every string is kept: that is over the cap, and fails. (100, not
-- more: the call has 3 s of CPU, and under AddressSanitizer it takes about 1.3 s.)
local kept = {}
for i = 1, 80 do kept[i] = ("k"):rep(1 << 20) .. i end
return { name = "churns_garbage", extends = "base", situation_fields = { "keep" },
  score = function(f)
    local window, held = {}, {}
    for i = 1, 100 do
      window[i % 40] = ("g"):rep(1 << 20) .. i
      if f.situation.keep then held[i] = window[i % 40] end
    end
    return { wins = false, reason = "churned " .. #window[0] .. " " .. #kept }
  end }
