#!/bin/sh
# Terminal control codes from rule code (tests/hostile/rules/terminal_codes*.lua: ESC
# sequences, a carriage return, DEL, an 8-bit CSI, a direction override, a byte that is
# not UTF-8 in the ruleset's name, item names, reasons and errors) never reach the
# terminal raw from any program: every output below is plain ASCII (tab and newline
# the only controls), the codes shown escaped. Ends with "N passed, N failed".
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
R=tests/hostile/rules
passed=0 failed=0
check() {   # name, then a command that must succeed
  name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name"; fi
}
out=$(mktemp); dir=$(mktemp -d)
trap 'rm -f "$out"; rm -rf "$dir"' EXIT
# the output holds nothing but printable ASCII, tabs and newlines
plain() { [ "$(LC_ALL=C tr -d '\t\n\040-\176' <"$out" | wc -c)" -eq 0 ]; }
# and shows the codes escaped
shown() { grep -q 'x1b\[2J.x1b\]0;owned.x07.x0d.x7f.xc2.x9b.u{202e}.xff' "$out"; }

situation='"seat":"E","hand":"123m456p789s11122z","win_tile":"2z","win_by":"self","round":"E"'
echo "[{\"rules\":\"$R/terminal_codes.lua\",$situation},{\"rules\":\"$R/terminal_codes.lua\",\"fail\":true,$situation}]" |
  "$JONG" score - >"$out" 2>&1
check "score: names, items and errors as JSON escapes" plain
check "score: the C1 control and the override escaped" grep -q 'u009b.u202e.u00ff' "$out"

"$JONG" sim --rules $R/terminal_codes_play.lua --games 1 >"$out" 2>&1
check "sim: a failing hook's message" plain
check "sim: a failing hook's message shown escaped" shown
"$JONG" sim --rules $R/terminal_codes_load.lua --games 1 >"$out" 2>&1
check "sim: a load error" plain
check "sim: a load error shown escaped" shown
"$JONG" sim --rules $R/terminal_codes.lua --games 1 --stats "$dir/stats.json" --log "$dir/game.log" >/dev/null 2>&1
"$JONG" stats "$dir/stats.json" >"$out" 2>&1
check "stats: item names" plain
check "stats: item names shown escaped" shown

"$JONG" analyze --rules $R/terminal_codes_load.lua 123m456p789s1122z >"$out" 2>&1
check "analyze: a load error" plain
check "analyze: a load error shown escaped" shown

"$JONG" replay --check --rules $R/terminal_codes_load.lua "$dir/game.log" >"$out" 2>&1
check "replay: a load error" plain
check "replay: a load error shown escaped" shown
"$JONG" replay --check --rules $R/terminal_codes_play.lua "$dir/game.log" >"$out" 2>&1
check "replay: a failing hook's message" plain

printf 'new\nrules\nquit\n' | "$JONG" --rules $R/terminal_codes.lua >"$out" 2>&1
check "REPL: the ruleset's name" plain
check "REPL: the ruleset's name shown escaped" shown
printf 'quit\n' | "$JONG" --rules $R/terminal_codes_load.lua >"$out" 2>&1
check "REPL: a load error" plain
check "REPL: a load error shown escaped" shown
"$JONG" mjai --rules $R/terminal_codes_load.lua --bot true >"$out" 2>&1
check "mjai: a load error" plain

# an SVG of a game of that ruleset (its name is the title) is well-formed XML: no control
# code, every byte UTF-8
"$JONG" sim --rules $R/terminal_codes.lua --games 1 --log "$dir/one.log" >/dev/null 2>&1
"$JONG" render "$dir/one.log" -o "$dir/table.svg" >/dev/null 2>&1
cp "$dir/table.svg" "$out"
check "render: the title" plain
check "render: the title shown escaped" shown

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
