#!/bin/sh
# jong score on a batch: an array is answered situation by situation as it is read, so
# the memory of 50,000 situations is that of 5,000; the answers are those of one
# situation at a time; a broken array still gives valid JSON.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ok() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ -f "$dir/err" ] && sed 's/^/    /' "$dir/err" | tail -20; }

# A batch of n Japanese situations (five shapes in turn) as a JSON array.
batch() {
  "$JONG" run /dev/stdin "$1" >"$2" <<'LUA'
local S = {
  '{"rules":"japanese","seat":"S","round":"E","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W","flags":["riichi"],"dora":"9s"}',
  '{"rules":"japanese","seat":"E","round":"E","hand":"234567m234p34588s","win_tile":"5s","win_by":"self","flags":["riichi"],"honba":1}',
  '{"rules":"japanese","seat":"W","round":"S","hand":"11223344556677z","win_tile":"7z","win_by":"self"}',
  '{"rules":"japanese","seat":"N","round":"E","hand":"22334455m666p [678s]","win_tile":"2m","win_by":"discard","from":"E"}',
  '{"rules":"japanese","seat":"S","round":"E","hand":"11123455678999m","win_tile":"5m","win_by":"discard","from":"N"}',
}
local n = tonumber(arg[1])
io.write("[")
for i = 1, n do io.write(i > 1 and ",\n" or "", S[(i - 1) % #S + 1]) end
io.write("]\n")
LUA
}

batch 5000 "$dir/5k.json"
rss() { /usr/bin/time -f %M -o "$dir/rss" "$JONG" score "$1" >"$2" 2>"$dir/err"; cat "$dir/rss"; }
small=$(rss "$dir/5k.json" "$dir/5k.out")
case "$BUILD" in
*check*) ;;   # under the sanitizers the memory is theirs (quarantine): not measured
*)
  batch 50000 "$dir/50k.json"
  large=$(rss "$dir/50k.json" "$dir/50k.out")
  # flat: ten times the situations in at most 2 MB more (not ten times the memory)
  if [ -n "$small" ] && [ -n "$large" ] && [ "$large" -le $((small + 2048)) ]; then
    ok "memory stays flat: 5,000 situations ${small} KB, 50,000 ${large} KB"
  else
    fail "memory stays flat: 5,000 situations ${small} KB, 50,000 ${large} KB"
  fi ;;
esac

# Each answer is the answer to that situation alone, in order.
if "$JONG" run /dev/stdin "$dir/5k.json" "$dir/5k.out" >"$dir/err" 2>&1 <<'LUA'
local input = assert(jong.json_decode(assert(io.open(arg[1])):read("a")))
local output = assert(jong.json_decode(assert(io.open(arg[2])):read("a")))
assert(#output == #input, #output .. " answers to " .. #input .. " situations")
for i = 1, 5 do
  local one = assert(jong.json_decode(jong.score_json(jong.json_encode(input[i]))))
  assert(one.ok and one.wins, "situation " .. i)
  assert(jong.json_encode(one) == jong.json_encode(output[i]), "answer " .. i)
  assert(jong.json_encode(output[i]) == jong.json_encode(output[i + 4995]), "answer " .. i + 4995)
end
LUA
then ok "a batch answers each situation as alone, in order"; else fail "a batch answers each situation as alone, in order"; fi

# Broken arrays still give one valid JSON array, the good situations answered.
G='{"rules":"base","seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W"}'
for input in "[$G, {bad}, 42, [1], $G]" "[$G," "[$G] more" "[1,,2]" '["a]b", {"x":"[{"}]' "[]"; do
  printf '%s\n' "$input" >"$dir/in.json"
  "$JONG" score "$dir/in.json" >"$dir/out.json" 2>"$dir/err"
  status=$?
  if "$JONG" run /dev/stdin "$dir/out.json" "$status" "$input" >>"$dir/err" 2>&1 <<'LUA'
local text = assert(io.open(arg[1])):read("a")
local v = assert(jong.json_decode(text), "not JSON: " .. text)
assert(type(v) == "table", "not an array")
local bad = 0
for _, a in ipairs(v) do if not a.ok then bad = bad + 1 end end
assert((bad > 0) == (arg[2] == "1"), "exit status " .. arg[2] .. " with " .. bad .. " bad answers")
if arg[3]:find("^%[{\"rules\":\"base\"") then assert(v[1].ok and v[1].wins, "the first situation answered") end
LUA
  then ok "broken array $input: valid JSON"; else fail "broken array $input: valid JSON"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
