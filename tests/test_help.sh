#!/bin/sh
# `jong help` and every command's --help: each command listed has its own help (exit 0,
# "usage: jong COMMAND"), and every option the list shows for a command is in that
# command's help. Ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }

if "$JONG" help >"$out" 2>&1 && grep -q "^usage: jong \[COMMAND\]" "$out"; then pass "jong help"; else fail "jong help"; fi
# The commands: the lines "  word ..." after "commands:"; an entry runs on to the next one.
entries=$(awk '/^commands:/ { on = 1; next }
  on && /^  [a-z]/ { if (cmd) print cmd "|" text; cmd = $1; text = $0; next }
  on && /^      / { text = text " " $0 }
  END { if (cmd) print cmd "|" text }' "$out")
[ -n "$entries" ] || fail "jong help lists commands"
echo "$entries" | while IFS='|' read -r cmd text; do
  [ "$cmd" = help ] && continue
  "$JONG" "$cmd" --help >"$out.cmd" 2>&1
  status=$?
  if [ "$status" -ne 0 ] || ! grep -q "^usage: jong $cmd" "$out.cmd"; then
    echo "FAIL jong $cmd --help (exit $status)"; sed 's/^/    /' "$out.cmd" | head -5; echo x >>"$out.failed"
    continue
  fi
  missing=""
  for opt in $(echo "$text" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -q -- "$opt" "$out.cmd" || missing="$missing $opt"
  done
  if [ -n "$missing" ]; then echo "FAIL jong $cmd --help lacks$missing"; echo x >>"$out.failed"
  else echo "ok   jong $cmd --help"; echo x >>"$out.passed"; fi
done
passed=$((passed + $(cat "$out.passed" 2>/dev/null | wc -l)))
failed=$((failed + $(cat "$out.failed" 2>/dev/null | wc -l)))
rm -f "$out.cmd" "$out.passed" "$out.failed"

# The REPL: every command its `help` lists has `help COMMAND`, and its usage, as `help`
# gives it, is documented word for word in docs/repl.md (a heading's `usage`).
printf 'help\n' | "$JONG" >"$out" 2>&1
usages=$(awk 'NR > 1 && /^  [a-z]/ { sub(/^  /, ""); sub(/  +[a-z].*$/, ""); print }' "$out")
[ -n "$usages" ] || fail "the REPL's help lists commands"
docs=$(dirname "$0")/../docs/repl.md
while IFS= read -r usage; do
  name=${usage%% *}
  [ "$name" = help ] && continue
  if printf 'help %s\n' "$name" | "$JONG" 2>&1 | grep -qxF "usage: $usage"; then pass "REPL help $name"
  else fail "REPL help $name does not give the usage '$usage'"; fi
  if grep -qF "\`$usage\`" "$docs"; then pass "docs/repl.md documents '$usage'"
  else fail "docs/repl.md does not document '$usage'"; fi
done <<EOF2
$usages
EOF2
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
