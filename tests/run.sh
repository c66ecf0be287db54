#!/bin/sh
# Runs every test: C test programs, LuaUnit tests of the module, conformance scripts,
# examples. Prints each file's outcome and one summary line "N passed, N failed".
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
out=$(mktemp)
cdir=$(mktemp -d)
trap 'rm -f "$out"; rm -rf "$cdir"' EXIT

# count FILE: adds the last "N passed, N failed" or LuaUnit "Ran N tests ... N successes, N failures[, N errors]"
tally() {
  name=$1 status=$2
  p=$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p' "$out" | tail -n 1)
  f=$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p' "$out" | tail -n 1)
  if [ -z "$p" ]; then
    line=$(grep '^Ran [0-9]* tests' "$out" | tail -n 1)
    if [ -n "$line" ]; then
      p=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) success.*/\1/p')   # 1 success, 2 successes
      f1=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) failure.*/\1/p')
      f2=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) error.*/\1/p')
      f=$(( ${f1:-0} + ${f2:-0} ))
    fi
  fi
  if [ -z "$p" ]; then p=0; f=1; fi
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$f" -ne 0 ]; then
    echo "FAIL $name ($p passed, $f failed)"; sed 's/^/    /' "$out" | tail -n 40
  else
    echo "ok   $name ($p)"
  fi
}

# The C test programs (the slowest part, one core) run one after another beside the
# scripts; their outputs are kept and counted at the end, in order.
(
  for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    n=$(basename "$t")
    "$t" >"$cdir/$n.out" 2>&1; echo $? >"$cdir/$n.status"
  done
) &
cpid=$!
for f in tests/lua/test_*.lua tests/hostile/test_*.lua tests/conformance/*/test_*.lua examples/test_*.lua; do
  [ -f "$f" ] || continue
  "$JONG" test "$f" >"$out" 2>&1; tally "$f" $?
done
for f in tests/*.sh tests/hostile/*.sh; do
  [ "$f" = tests/run.sh ] && continue
  [ -f "$f" ] || continue
  BUILD=$BUILD sh "$f" >"$out" 2>&1; tally "$f" $?
done
wait "$cpid"
for t in "$BUILD"/tests/test_*; do
  [ -x "$t" ] || continue
  n=$(basename "$t")
  cp "$cdir/$n.out" "$out" 2>/dev/null || : >"$out"
  tally "$t" "$(cat "$cdir/$n.status" 2>/dev/null || echo 1)"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
