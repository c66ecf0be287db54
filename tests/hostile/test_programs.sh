#!/bin/sh
# Hostile input against the programs: write failures, rules paths that are not files,
# a batch with bad situations. Ends with "N passed, N failed".
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
check() {   # name, then a command that must succeed
  name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name"; fi
}
out=$(mktemp); err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

"$JONG" sim --games 1 --log /dev/full >"$out" 2>"$err"; rc=$?
check "sim --log /dev/full exits 1" [ "$rc" -eq 1 ]
check "sim --log /dev/full says why" grep -q "cannot write /dev/full" "$err"

# a rules path names a .lua file: any other file is not read (its parse errors would quote it)
for path in /dev/zero /dev/stdin /tmp /etc/passwd /proc/self/environ; do
  echo "{\"rules\":\"$path\",\"seat\":\"E\",\"hand\":\"123m456p789s11122z\",\"win_tile\":\"2z\",\"win_by\":\"self\"}" |
    timeout 10 "$JONG" score - >"$out" 2>"$err"; rc=$?
  check "score refuses rules $path (exit 1)" [ "$rc" -eq 1 ]
  check "score says $path is not a .lua file" grep -q "'$path': a rules path must name a .lua file\"}" "$out"
done
# a .lua name that is a device or a folder is refused without reading
links=$(mktemp -d)
for path in /dev/zero /dev/stdin /tmp; do
  ln -s "$path" "$links/x.lua"
  echo "{\"rules\":\"$links/x.lua\",\"seat\":\"E\",\"hand\":\"123m456p789s11122z\",\"win_tile\":\"2z\",\"win_by\":\"self\"}" |
    timeout 10 "$JONG" score - >"$out" 2>"$err"; rc=$?
  check "score refuses rules x.lua -> $path (exit 1)" [ "$rc" -eq 1 ]
  check "score says x.lua -> $path is not a regular file" grep -q "not a regular file" "$out"
  rm "$links/x.lua"
done
rmdir "$links"

echo "[{\"rules\":{}},{\"rules\":\"base\",\"seat\":\"E\",\"hand\":\"123m456p789s11122z\",\"win_tile\":\"2z\",\"win_by\":\"self\"}]" |
  "$JONG" score - >"$out" 2>"$err"; rc=$?
check "a batch with one bad situation exits 1" [ "$rc" -eq 1 ]
check "the other situations answer" grep -q '"ok":true' "$out"

# a result whose tables are shared many times over (too many paths to walk) is stopped
# by the memory cap with a clear error, not walked for ever
echo '{"rules":"tests/hostile/rules/shared_result.lua","seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W"}' |
  timeout 20 "$JONG" score - >"$out" 2>"$err"; rc=$?
check "score of a result of shared tables ends (exit 1)" [ "$rc" -eq 1 ]
check "score of a result of shared tables says the memory cap" grep -q "hook score of shared_result: .*memory cap exceeded" "$out"

# a result that is huge once written (one 30 MB name in 2,000 items: 60 GB of JSON) is
# refused, not written until memory runs out
for how in items names keys numbers; do
  echo "{\"rules\":\"tests/hostile/rules/shares_long_text.lua\",\"how\":\"$how\",\"seat\":\"S\",\"hand\":\"345678m34599p678s\",\"win_tile\":\"5m\",\"win_by\":\"discard\",\"from\":\"W\"}" |
    timeout 60 "$JONG" score - >"$out" 2>"$err"; rc=$?
  check "score of a result of shared text ($how) ends (exit 1)" [ "$rc" -eq 1 ]
  check "score of a result of shared text ($how) says why" grep -q "hook score of shares_long_text: .*\(of text\|memory cap\)" "$out"
  check "score of a result of shared text ($how) writes little" [ "$(wc -c <"$out")" -lt 2000 ]
done

# a hook that replaces its own ruleset's options with a table whose metamethods never
# end, or a list whose loop never ends: the next situation of that ruleset answers (the
# engine's read raises: no rule code runs outside a budget), it does not hang
s='{"rules":"tests/hostile/rules/replaces_own_data.lua","seat":"E","round":"E","hand":"123m456m789m123p55p","win_tile":"5p","win_by":"self"'
echo "[$s,\"attack\":\"options\"},$s,\"options\":{\"x\":2}}]" | timeout 20 "$JONG" score - >"$out" 2>"$err"; rc=$?
check "score after a hook replaced its options ends (exit 1)" [ "$rc" -eq 1 ]
check "score after a hook replaced its options says why" grep -q "metamethod of rule code.*cannot run outside rule code" "$out"
echo "[$s,\"attack\":\"options.x.values!\"},$s,\"options\":{\"x\":2}}]" | timeout 20 "$JONG" score - >"$out" 2>"$err"; rc=$?
check "score after a hook put an endless list in its options ends (exit 1)" [ "$rc" -eq 1 ]
check "score after a hook put an endless list in its options says why" grep -q "metamethod of rule code.*cannot run outside rule code" "$out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
