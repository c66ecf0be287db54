#!/bin/sh
# The program under valgrind: no invalid access, no leak (scoring, analysis, a short
# self-play under a ruleset with hooks, a piped REPL session). Skipped under the
# sanitizers (make check) and when valgrind is not installed.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
if [ -n "$JONG_CHECK" ] || ! command -v valgrind >/dev/null 2>&1; then
  echo "skipped (sanitizer build or no valgrind)"; echo "0 passed, 0 failed"; exit 0
fi
passed=0 failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
vg() {   # name, then the command; stdin from $input
  name=$1; shift
  if printf '%s' "$input" | valgrind --trace-children=yes --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
      "$@" >"$out" 2>&1; then
    passed=$((passed + 1)); echo "ok   $name"
  else
    failed=$((failed + 1)); echo "FAIL $name"; grep -E '==[0-9]+== (Invalid|Conditional|.*definitely|ERROR)' "$out" | head -10
  fi
}
input='{"rules":"japanese","seat":"S","hand":"345678m34599p678s","win_tile":"5m","win_by":"discard","from":"W","flags":["riichi"],"dora":"9s","ura":"4p"}'
vg "score" "$JONG" score -
input='[{"rules":"classical","seat":"E","hand":"111m999p55s [555z] [7777z]","win_tile":"5s","win_by":"self"},{"bad":1}]'
vg "score, an array with a bad entry" sh -c "\"$JONG\" score - || true"
input='1112345678999m
123m [5555p] 99z 8
11122233344455m'
vg "analyze" sh -c "\"$JONG\" analyze - || true"
input=''
vg "sim japanese" "$JONG" sim --rules japanese --deals 3 --games 1 --bots greedy
input='new base seed=2
d 1z
go
undo
analyze 1112345678999m
1 + 1'
vg "repl piped" sh -c "\"$JONG\" >/dev/null 2>&1 || true"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
