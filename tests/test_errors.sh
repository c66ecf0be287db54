#!/bin/sh
# Bad input to the subcommands of `jong`: each gives one clear line that names the
# option, value or file at fault, a non-zero exit status (2 for a usage mistake, 1 for
# bad data), and never a Lua traceback. Ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
ROOT=$(pwd)
JONG="$ROOT/$BUILD/jong"
passed=0 failed=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# refuses NAME STATUS PATTERN ARGS...: `jong ARGS` exits with STATUS, its standard error
# matches PATTERN (grep) and holds no traceback.
refuses() {
  name=$1 want=$2 pattern=$3; shift 3
  "$JONG" "$@" >"$dir/out" 2>"$dir/err" </dev/null
  got=$?
  if [ "$got" -eq "$want" ] && grep -q -- "$pattern" "$dir/err" && ! grep -q "traceback" "$dir/err"; then
    passed=$((passed + 1)); echo "ok   $name"
  else
    failed=$((failed + 1)); echo "FAIL $name (exit $got, want $want; stderr below)"
    sed 's/^/    /' "$dir/err" | head -10
  fi
}

printf '' >"$dir/empty"
printf 'garbage\n' >"$dir/garbage"

# analyze
refuses "analyze: an unknown option" 2 "^jong analyze: unknown option '--bogus'" analyze --bogus
refuses "analyze: an unknown ruleset" 2 "^jong analyze: no ruleset 'nosuch'" analyze --rules nosuch 123m
# the rules folder is named as it is (not build/../rules)
refuses "analyze: the rules path named cleanly" 2 "rules path ($(cd "$ROOT/rules" && pwd -P):" analyze --rules nosuch 123m
refuses "analyze: a hand size" 2 "^jong analyze: --tiles is 13 or 16, not '15'" analyze --tiles 15 123m
refuses "analyze: a hand size after the hand" 2 "^jong analyze: --tiles is 13 or 16, not '14'" analyze 123m --tiles 14
refuses "analyze: an option without its value" 2 "^jong analyze: --rules takes a value" analyze --rules
refuses "analyze: two hands" 2 "^jong analyze: one HAND at a time" analyze 123m 456p
refuses "analyze: --rules and --tiles" 2 "^jong analyze: --rules or --tiles, not both" analyze --rules base --tiles 16 1m
refuses "analyze: no hand" 2 "^usage: jong analyze" analyze

# score: the answer is JSON on standard output, the error naming the file
scores_error() {  # scores_error NAME PATTERN ARGS...
  name=$1 pattern=$2; shift 2
  "$JONG" score "$@" >"$dir/out" 2>"$dir/err" </dev/null
  got=$?
  if [ "$got" -eq 1 ] && grep -q -- "$pattern" "$dir/out" && "$JONG" run /dev/stdin "$dir/out" >/dev/null 2>&1 <<'LUA'
assert(jong.json_decode(assert(io.open(arg[1])):read("a")))
LUA
  then passed=$((passed + 1)); echo "ok   $name"
  else failed=$((failed + 1)); echo "FAIL $name (exit $got)"; sed 's/^/    /' "$dir/out" "$dir/err" | head -10; fi
}
scores_error "score: a missing file" '"error":"cannot read .*nosuch.json: No such file' "$dir/nosuch.json"
scores_error "score: a directory" '"error":"cannot read .*: it is a directory' "$dir"
scores_error "score: a file name with a quote stays JSON" '"error":"cannot read .*a\\"b.json: No such file' "$dir/a\"b.json"
scores_error "score: not JSON" '"error":"bad JSON' "$dir/garbage"
scores_error "score: an empty file" '"error":"bad JSON: the input is empty"' "$dir/empty"
refuses "score: an unknown option" 2 "^jong score: unknown option '--bogus'" score --bogus
refuses "score: two files" 2 "^usage: jong score" score a b

# sim
refuses "sim: --games not a number" 2 "^jong sim: --games takes a whole number of at least 1, not 'x'" sim --games x
refuses "sim: --games 0" 2 "^jong sim: --games takes a whole number of at least 1, not '0'" sim --games 0
refuses "sim: --seed not a number" 2 "^jong sim: --seed takes a whole number of at least 0, not 'x'" sim --seed x
refuses "sim: --deals not a number" 2 "^jong sim: --deals takes a whole number of at least 1, not '1x'" sim --deals 1x
refuses "sim: an unknown bot" 2 "^jong sim: --bots is default, greedy or random, not 'nosuch'" sim --bots nosuch
refuses "sim: an unknown check" 2 "^jong sim: --check is every, end or none, not 'x'" sim --check x
refuses "sim: an option without its value" 2 "^jong sim: --games takes a value" sim --games
refuses "sim: an unknown argument" 2 "^jong sim: unknown argument 'extra'" sim extra
refuses "sim: an unknown option, last" 2 "^jong sim: unknown argument '--bogus' (jong sim --help)" sim --bogus
if grep -q "^usage" "$dir/err"; then
  failed=$((failed + 1)); echo "FAIL sim: an unknown argument is one line, not the usage"
else
  passed=$((passed + 1)); echo "ok   sim: an unknown argument is one line, not the usage"
fi
refuses "sim: a bad shard" 2 "^jong sim: --shard is K/N" sim --shard 4/3
printf 'an earlier log\n' >"$dir/kept.log"
refuses "sim: an unknown ruleset, nothing played" 2 "^jong sim: no ruleset 'nosuch'" sim --rules nosuch --log "$dir/kept.log"
if [ "$(cat "$dir/kept.log")" = "an earlier log" ]; then
  passed=$((passed + 1)); echo "ok   sim: an unknown ruleset leaves the log file as it was"
else
  failed=$((failed + 1)); echo "FAIL sim: an unknown ruleset leaves the log file as it was"
fi
if [ -s "$dir/out" ]; then
  failed=$((failed + 1)); echo "FAIL sim: an unknown ruleset prints no summary"; sed 's/^/    /' "$dir/out"
else
  passed=$((passed + 1)); echo "ok   sim: an unknown ruleset prints no summary"
fi
refuses "sim: a log it cannot write" 1 "^jong sim: cannot write $dir/no/log: No such file" sim --games 1 --log "$dir/no/log"

# stats
"$JONG" sim --games 1 --stats "$dir/run.json" >/dev/null 2>&1
sed 's/"games": *[0-9]*/"games": "a"/' "$dir/run.json" >"$dir/bad-games.json"
refuses "stats: a missing file" 1 "^jong stats: $dir/nosuch.json: No such file" stats "$dir/nosuch.json"
refuses "stats: a directory" 1 "^jong stats: $dir: Is a directory" stats "$dir"
refuses "stats: an empty file" 1 "^jong stats: $dir/empty: bad JSON: the input is empty" stats "$dir/empty"
refuses "stats: a file that is not JSON" 1 "^jong stats: $dir/garbage: bad JSON" stats "$dir/garbage"
refuses "stats: a field of the wrong type" 1 "^jong stats: $dir/bad-games.json: not a stats file (games is not a whole number)" \
  stats "$dir/bad-games.json"
refuses "stats: three files without --merge" 2 "^jong stats: one file to show or two to compare" \
  stats "$dir/run.json" "$dir/run.json" "$dir/run.json"
refuses "stats: -o without --merge" 2 "^jong stats: -o goes with --merge" stats -o "$dir/x.json" "$dir/run.json"
refuses "stats: --svg without a file" 2 "^jong stats: --svg takes a file name" stats "$dir/run.json" --svg
refuses "stats: an SVG it cannot write" 1 "^jong stats: $dir/no/c.svg: No such file" stats "$dir/run.json" --svg "$dir/no/c.svg"
refuses "stats: an unknown option" 2 "^jong stats: unknown argument '--bogus'" stats --bogus

# export
refuses "export: an unknown format" 2 "^jong export: --to is tenhou6 or mjai, not 'nosuch'" export --to nosuch "$dir/garbage"
refuses "export: a missing file, named once" 1 "^jong export: $dir/nosuch.log: No such file" export --to mjai "$dir/nosuch.log"
refuses "export: a directory" 1 "^jong export: $dir: Is a directory" export --to mjai "$dir"
refuses "export: no file" 2 "^jong export: which record" export --to mjai
refuses "export: -o without a file" 2 "^jong export: -o takes a value" export --to mjai "$dir/garbage" -o
refuses "export: an unknown short option" 2 "^jong export: unknown option -x" export --to mjai -x "$dir/garbage"
refuses "export: an empty standard input" 1 "^jong export: -: the file is empty" export --to mjai -
refuses "export: not a game record" 1 "^jong export: $dir/garbage: not a game record" export --to mjai "$dir/garbage"

# mjai
refuses "mjai: --games not a number" 2 "^jong mjai: --games takes a whole number of at least 1, not 'x'" mjai --games x --bot true
refuses "mjai: --timeout 0" 2 "^jong mjai: --timeout takes a whole number of at least 1, not '0'" mjai --timeout 0 --bot true
refuses "mjai: --bot without a command" 2 "^jong mjai: --bot takes a value" mjai --bot
refuses "mjai: an unknown argument" 2 "^jong mjai: unknown argument --bogus" mjai --bogus
printf 'an earlier log\n' >"$dir/kept.log"
refuses "mjai: an unknown ruleset, no match played" 2 "^jong mjai: --rules: no ruleset 'nosuch'" \
  mjai --rules nosuch --log "$dir/kept.log" --bot true
if [ "$(cat "$dir/kept.log")" = "an earlier log" ] && [ ! -s "$dir/out" ]; then
  passed=$((passed + 1)); echo "ok   mjai: an unknown ruleset leaves the log file as it was"
else
  failed=$((failed + 1)); echo "FAIL mjai: an unknown ruleset leaves the log file as it was"
fi

# replay
refuses "replay: --option without NAME=VALUE" 2 "^jong replay: --option takes NAME=VALUE" replay --check --option x "$dir/garbage"
refuses "replay: an unknown option" 2 "^jong replay: unknown option --bogus" replay --bogus
"$JONG" sim --games 1 --log "$dir/game.log" >/dev/null 2>&1
refuses "replay: an unknown ruleset" 2 "^jong replay: --rules: no ruleset 'nosuch'" replay --check --rules nosuch "$dir/game.log"
refuses "replay: an option the ruleset does not have" 2 "^jong replay: --option: unknown option 'nosuch' for rules base" \
  replay --check --rules base --option nosuch=1 "$dir/game.log"
refuses "replay: --rules without a name" 2 "^jong replay: --rules takes a value" replay --check --rules
"$JONG" replay --check - <"$dir/game.log" >"$dir/out" 2>&1
if [ $? -eq 0 ] && grep -q '^{"file":"-","ok":true' "$dir/out"; then
  passed=$((passed + 1)); echo "ok   replay: - reads the standard input"
else
  failed=$((failed + 1)); echo "FAIL replay: - reads the standard input"; sed 's/^/    /' "$dir/out"
fi
sed '3s/.*/{"type":"discard","seat":"E","tile":"9x"}/' "$dir/game.log" >"$dir/bad.log"
"$JONG" replay --check "$dir/bad.log" >"$dir/out" 2>&1
if [ $? -eq 1 ] && grep -q "\"error\":\"game 1 (line 1): line 3, action 2: bad tile '9x'" "$dir/out"; then
  passed=$((passed + 1)); echo "ok   replay: a bad action in a jong log names its line"
else
  failed=$((failed + 1)); echo "FAIL replay: a bad action in a jong log names its line"; sed 's/^/    /' "$dir/out"
fi
refuses "render: a bad action names the file's line" 1 "^jong render: $dir/bad.log: line 3: bad tile '9x'" render "$dir/bad.log"
echo "load $dir/bad.log" | "$JONG" >"$dir/out" 2>&1
if grep -q "^$dir/bad.log: line 3: bad tile '9x'" "$dir/out"; then
  passed=$((passed + 1)); echo "ok   REPL load: a bad action names the file's line"
else
  failed=$((failed + 1)); echo "FAIL REPL load: a bad action names the file's line"; sed 's/^/    /' "$dir/out"
fi
"$JONG" replay --check "$dir/nosuch.log" >"$dir/out" 2>&1
if [ $? -eq 1 ] && grep -q "^{\"file\":\"$dir/nosuch.log\",\"ok\":false.*No such file" "$dir/out"; then
  passed=$((passed + 1)); echo "ok   replay: a missing file is a failed game whose line says why"
else
  failed=$((failed + 1)); echo "FAIL replay: a missing file is a failed game whose line says why"; sed 's/^/    /' "$dir/out"
fi

# test / run
refuses "test: a missing script" 1 "^jong: cannot open $dir/nosuch.lua" test "$dir/nosuch.lua"
refuses "run: a directory" 1 "^jong: cannot read $dir" run "$dir"
refuses "run: a script that does not compile names its line" 1 "^jong: $dir/garbage:2:" run "$dir/garbage"

# A file written by a command is written whole or not at all: a write that fails part-way
# (here: past the file size limit) leaves the file it would replace as it was, and no
# temporary file beside it (repl/files.c, the one writer).
printf 'new japanese seed=5\nbots all\ngo\nsave %s\n' "$dir/whole.jong" | "$JONG" >/dev/null 2>&1
"$JONG" sim --games 2 --deals 1 --shard 1/2 --stats "$dir/whole1.json" >/dev/null 2>&1
"$JONG" sim --games 2 --deals 1 --shard 2/2 --stats "$dir/whole2.json" >/dev/null 2>&1
# keeps_file NAME PATTERN FILE ARGS...: jong ARGS, limited to 1 block a file, fails
# saying PATTERN on standard error, and FILE is as it was, alone
keeps_file() {
  name=$1 pattern=$2 file=$3; shift 3
  printf 'an earlier file\n' >"$file"
  (ulimit -f 1 && trap '' XFSZ && "$JONG" "$@" >/dev/null 2>"$dir/err" </dev/null)
  if [ $? -ne 0 ] && grep -q -- "$pattern" "$dir/err" && [ "$(cat "$file")" = "an earlier file" ] &&
     [ "$(ls "$(dirname "$file")" | grep -c "^$(basename "$file")")" -eq 1 ]; then
    passed=$((passed + 1)); echo "ok   $name: a failed write leaves the file as it was"
  else
    failed=$((failed + 1)); echo "FAIL $name: a failed write leaves the file as it was"
    sed 's/^/    /' "$dir/err" | head -5; ls "$(dirname "$file")" | sed 's/^/    /'
  fi
}
mkdir -p "$dir/w"
keeps_file "render -o" "^jong render: cannot write $dir/w/t.svg: File too large" "$dir/w/t.svg" render -o "$dir/w/t.svg" "$dir/whole.jong"
keeps_file "export -o" "^jong export: $dir/w/t.json: File too large" "$dir/w/t.json" \
  export --to tenhou6 -o "$dir/w/t.json" "$dir/whole.jong"
keeps_file "stats --merge -o" "^jong stats: $dir/w/m.json: File too large" "$dir/w/m.json" \
  stats --merge -o "$dir/w/m.json" "$dir/whole1.json" "$dir/whole2.json"
keeps_file "stats --svg" "^jong stats: $dir/w/s.svg: File too large" "$dir/w/s.svg" stats --svg "$dir/w/s.svg" "$dir/whole1.json"
if command -v lua5.4 >/dev/null 2>&1; then
  keeps_file "mjai --log" "^jong mjai: $dir/w/m.log: File too large" "$dir/w/m.log" \
    mjai --seed 3 --log "$dir/w/m.log" --bot "lua5.4 $ROOT/tests/mjai/bot.lua"
fi
refuses "mjai: a log it cannot write, no match played" 1 "^jong mjai: $dir/no/m.log: No such file" \
  mjai --log "$dir/no/m.log" --bot /nonexistent/bot

# the command itself
refuses "an unknown command" 2 "^jong: unknown command 'nosuch'" nosuch

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
