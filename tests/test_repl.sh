#!/bin/sh
# Tests of the REPL (build/jong with no arguments) and of the example scripts:
# - piped transcripts: tests/repl/NAME.in is fed to the REPL and its output (stdout and
#   stderr, then "[exit N]") compared with tests/repl/NAME.out; JONG_UPDATE=1 rewrites
#   the .out files instead (check the diff before committing them);
# - examples/explore.lua and examples/simulate.lua run to the end;
# - a session in a real terminal under tmux: typing, Tab completion, Ctrl-C, history.
# Ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
ROOT=$(pwd)
JONG="$ROOT/$BUILD/jong"
passed=0 failed=0
scratch=$(mktemp -d)
sock="jong-test-$$"
cleanup() {
  command -v tmux >/dev/null 2>&1 && tmux -L "$sock" kill-server 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  if [ -n "$2" ] && [ -f "$2" ]; then sed 's/^/    /' "$2" | head -n 60; fi
}

# A scratch directory that sees the source tree's rules, examples and tests.
sandbox() {
  mkdir -p "$1" && ln -s "$ROOT/rules" "$ROOT/examples" "$ROOT/tests" "$1/"
}

# Piped transcripts.
for input in tests/repl/*.in; do
  [ -f "$input" ] || continue
  name=$(basename "$input" .in)
  dir="$scratch/$name"
  sandbox "$dir"
  (cd "$dir" && JONG_RULES_PATH=rules JONG_HISTORY="$dir/history" "$JONG" <"$ROOT/$input" >out 2>&1
   echo "[exit $?]" >>out)
  if [ -n "$JONG_UPDATE" ]; then
    cp "$dir/out" "tests/repl/$name.out"
    pass "transcript $name (updated)"
  elif diff -u "tests/repl/$name.out" "$dir/out" >"$dir/diff" 2>&1; then
    pass "transcript $name"
  else
    fail "transcript $name" "$dir/diff"
  fi
done

# jong --rules R opens the REPL on R (a name or a rule file); a ruleset that is none, or
# another argument, is a usage mistake (status 2) before any prompt.
dir="$scratch/rules_flag"
sandbox "$dir"
(cd "$dir" && printf 'rules\n' | JONG_RULES_PATH=rules JONG_HISTORY="$dir/history" "$JONG" --rules examples/rules/orchard.lua >out 2>&1)
if [ $? -eq 0 ] && grep -q '^rules orchard extends base (examples/rules/orchard.lua)$' "$dir/out"; then
  pass "jong --rules FILE opens the REPL on that file"
else
  fail "jong --rules FILE opens the REPL on that file" "$dir/out"
fi
(cd "$dir" && printf 'rules\n' | JONG_RULES_PATH=rules JONG_HISTORY="$dir/history" "$JONG" --rules japanese >out 2>&1)
if [ $? -eq 0 ] && grep -q '^rules japanese (rules/japanese.lua)$' "$dir/out"; then
  pass "jong --rules NAME opens the REPL on that ruleset"
else
  fail "jong --rules NAME opens the REPL on that ruleset" "$dir/out"
fi
for args in "--rules nosuch" "--rules" "--rules japanese --bogus"; do
  (cd "$dir" && printf 'rules\n' | JONG_RULES_PATH=rules JONG_HISTORY="$dir/history" "$JONG" $args >out 2>&1)
  if [ $? -eq 2 ] && ! grep -q '^rules ' "$dir/out" && [ -s "$dir/out" ]; then
    pass "jong $args: a usage mistake, said, no REPL"
  else
    fail "jong $args: a usage mistake, said, no REPL" "$dir/out"
  fi
done

# A save that fails (here: past the file size limit) leaves the file it would replace as
# it was, and no temporary file beside it.
dir="$scratch/full"
sandbox "$dir"
printf 'an earlier save\n' >"$dir/game.jong"
(cd "$dir" && ulimit -f 1 && trap '' XFSZ &&
 printf 'new japanese seed=5\nbots all\ngo\nsave game.jong\n' |
   JONG_RULES_PATH=rules JONG_HISTORY="$dir/history" "$JONG" 2>&1 | grep '^cannot save' >out)
if grep -q '^cannot save game.jong: File too large$' "$dir/out" && [ "$(cat "$dir/game.jong")" = "an earlier save" ] &&
   [ "$(ls "$dir" | grep -c '^game\.jong')" -eq 1 ]; then
  pass "a failed save leaves the file as it was"
else
  ls "$dir" >>"$dir/out"; fail "a failed save leaves the file as it was" "$dir/out"
fi

# The example scripts.
for script in examples/explore.lua examples/simulate.lua; do
  [ -f "$script" ] || { fail "$script is missing"; continue; }
  if "$JONG" run "$script" >"$scratch/example" 2>&1; then
    pass "$script"
  else
    fail "$script" "$scratch/example"
  fi
done

# A session in a real terminal.
if ! command -v tmux >/dev/null 2>&1; then
  echo "skip: tmux is not installed, so the terminal session is not tested"
else
  T="tmux -L $sock"
  screen="$scratch/screen"
  # wait_for PATTERN: until the screen shows it (an extended regular expression)
  wait_for() {
    i=0
    while [ $i -lt 200 ]; do
      $T capture-pane -p -t jong >"$screen" 2>/dev/null
      grep -Eq -- "$1" "$screen" && return 0
      sleep 0.1; i=$((i + 1))
    done
    return 1
  }
  check() {  # check NAME PATTERN
    if wait_for "$2"; then pass "terminal: $1"; else fail "terminal: $1 (no /$2/ on the screen)" "$screen"; fi
  }
  dir="$scratch/terminal"
  sandbox "$dir"
  $T new-session -d -s jong -x 100 -y 40 \
    "cd '$dir' && JONG_RULES_PATH=rules JONG_HISTORY='$dir/history' '$JONG'; echo \"[exit \$?]\"; sleep 30"
  check "banner and prompt" '^jong> ?$'
  $T send-keys -t jong 'jong.analy' Tab
  check "completes a module function" '^jong> jong\.analysis\($'
  $T send-keys -t jong '"1112345678999m").waits' Enter
  check "evaluates the expression" '^\{"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"\}$'
  $T send-keys -t jong 'hel' Tab 'sco' Tab Enter
  check "completes commands" '^usage: score HAND'
  $T send-keys -t jong 'rules bas' Tab Enter
  check "completes ruleset names" '^rules base \(rules/base\.lua\)$'
  $T send-keys -t jong 'new seed=1' Enter
  check "starts a game" '^new game: base, seed 1'
  $T send-keys -t jong 'd 4' Tab Tab
  check "lists the tiles it may discard" '^4p +4s +4z *$'
  $T send-keys -t jong 'z' Enter
  check "plays the completed discard" '^  E discards 4z$'
  # a player's table: a position, a named chi chosen by Tab, a ron by its Japanese name
  $T send-keys -t jong 'new japanese seed=2 E=3456m456p789s1122z S=45789m456p678s88p W=1199m1199p1199s1z N=1357m1357p1357s2z' Enter
  check "sets up a position" '^new game: japanese, seed 2'
  $T send-keys -t jong 'E d 6m' Enter 'S chi ' Tab Tab
  check "lists the chows by their runs" '^456m +567m +678m *$'
  $T send-keys -t jong '56' Tab Enter
  check "plays the named chi" '^  S chows 6m from E: 567m$'
  $T send-keys -t jong 'new japanese seed=1 E=1234m456p789s1122z S=23456m456p678s88p W=1199m1199p1199s1z N=1357m1357p1357s2z' Enter
  $T send-keys -t jong 'E d 4m' Enter 'S ron' Enter
  check "a ron prints the items and payments" '^payments: E -2000  S \+2000  W 0  N 0$'
  check "the items" '^  Tanyao +1 han$'
  $T send-keys -t jong 'rules base' Enter
  $T send-keys -t jong 'new seed=1' Enter 'd 4z' Enter
  $T send-keys -t jong 'for i = 1, 2 do' Enter
  check "continues an unfinished statement" '^>> ?$'
  $T send-keys -t jong 'print(i)'
  sleep 0.3
  $T send-keys -t jong C-c
  sleep 0.3
  $T send-keys -t jong '=6*7' Enter
  check "Ctrl-C drops the unfinished statement" '^42$'
  $T send-keys -t jong 'if true then' Enter
  check "a second unfinished statement" '^>> ?$'
  $T send-keys -t jong C-d
  check "Ctrl-D in an unfinished statement ends it, with its error" "^stdin:1: 'end' expected near <eof>$"
  $T send-keys -t jong '=6*8' Enter
  check "and the session goes on" '^48$'
  $T send-keys -t jong 'while true do end' Enter
  sleep 0.3
  $T send-keys -t jong C-c
  check "Ctrl-C stops a running loop" '^.*interrupted$'
  $T send-keys -t jong 'quit' Enter
  check "quit names the game not saved, and stays" '^the game \(base, seed 1, [0-9]+ actions?\) is not saved: `save FILE` keeps it'
  $T send-keys -t jong C-d
  check "then Ctrl-D leaves, with status 0" '^\[exit 0\]$'
  if grep -qx 'new seed=1' "$dir/history" 2>/dev/null && grep -qx 'd 4z' "$dir/history"; then
    pass "terminal: history file written"
  else
    fail "terminal: history file written" "$dir/history"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
