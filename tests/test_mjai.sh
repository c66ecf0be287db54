#!/bin/sh
# jong mjai: matches with the small mjai bot of tests/mjai/bot.lua (lua5.4 + lua-cjson)
# in one and two seats finish with points summing to the start; a bot that sends an
# illegal action, answers too late, answers garbage or cannot start is a clear error.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
BOT="lua5.4 tests/mjai/bot.lua"
passed=0 failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

expect() {   # name, pattern, jong mjai arguments...
  name=$1 pattern=$2; shift 2
  "$JONG" mjai "$@" >"$out" 2>&1
  if grep -q -- "$pattern" "$out"; then
    passed=$((passed + 1)); echo "ok   $name"
  else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$out" | tail -10
  fi
}

expect "one bot seat" '"ok":true' --seed 3 --bot "$BOT"
expect "two bot seats, two matches" '"match":2,"seed":6' --seed 5 --games 2 --bot "$BOT" --bot "$BOT"
if grep -q '"ok":false' "$out"; then failed=$((failed + 1)); echo "FAIL a match failed"; cat "$out"; fi
expect "an illegal action" 'sent an illegal action .*cannot discard 7z.*legal: discard' --bot "$BOT illegal"
expect "a late answer" 'did not answer tsumo in 300 ms' --timeout 300 --bot "$BOT slow"
expect "garbage" 'sent \\"hello\\", not an mjai action' --bot "$BOT garbage"
expect "a bot that cannot start" 'exited' --bot /nonexistent/bot
expect "--help" 'usage: jong mjai' --help
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
