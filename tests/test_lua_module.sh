#!/bin/sh
# build/jong.so loads into a stock lua5.4 with `require "jong"`, plays and scores, and
# the interpreter exits cleanly (the module must outlive the state's close).
BUILD=${BUILD:-build}
passed=0 failed=0
if [ -n "$JONG_CHECK" ]; then
  # A sanitizer-built module cannot load into an uninstrumented interpreter.
  echo "skipped under the sanitizers"; echo "0 passed, 0 failed"; exit 0
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
check() {   # name, expected output, Lua code
  if lua5.4 -e "package.cpath = '$BUILD/?.so;' .. package.cpath" -e "$3" >"$out" 2>&1 && [ "$(cat "$out")" = "$2" ]; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1)); echo "FAIL $1: got"; sed 's/^/    /' "$out"
  fi
}
check "require and score" "true	10" 'local jong = require "jong"
local r = jong.score{rules = "base", seat = "S", hand = "345678m34599p678s", win_tile = "5m", win_by = "self"}
print(r.wins, r.payments.S // 3)'
check "a whole match, then a clean exit" "match_end	true" 'local jong = require "jong"
local g = assert(jong.game{rules = "base", seed = 4})
g:run_bots(nil, "random")
print(g:state().phase, g:check())'
check "default bots play a Japanese match (the bot's per-thread memory in the module)" "match_end	true" 'local jong = require "jong"
local g = assert(jong.game{rules = "japanese", seed = 4})
g:run_bots(nil, "default")
print(g:state().phase, g:check())'
check "analysis" "0	9" 'local a = require("jong").analysis("1112345678999m")
print(a.shanten.all, #a.waits)'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
