#!/bin/sh
# jong replay --check and jong export from the command line: a game jong plays is saved
# as a jong log, exported as tenhou.net/6 JSON and mjai JSON lines, and every file
# replays clean (one JSON line per game, exit 0); a broken file is an error line with
# its position and exit 1; a missing file is named.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

check() {   # name, command... : the command must succeed
  name=$1; shift
  if "$@" >"$dir/out" 2>&1; then
    passed=$((passed + 1)); echo "ok   $name"
  else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$dir/out" | tail -20
  fi
}

cat >"$dir/save.lua" <<'LUA'
local replay = require "replay"
local out = {}
for seed = 11, 13 do
  local how = { rules = "tenhou", seed = seed }
  local g = assert(jong.game(how))
  g:run_bots({}, nil, 100000)
  out[#out + 1] = replay.jong_log(how, g)
end
local f = assert(io.open(arg[1], "w"))
f:write(table.concat(out))
f:close()
LUA
check "three games saved as a jong log" "$JONG" run "$dir/save.lua" "$dir/games.jlog"
check "export tenhou6" "$JONG" export --to tenhou6 -o "$dir/game.json" "$dir/games.jlog"
check "export mjai" "$JONG" export --to mjai -o "$dir/game.mjai" "$dir/games.jlog"
check "replay --check of all three formats" "$JONG" replay --check "$dir/games.jlog" "$dir/game.json" "$dir/game.mjai"
cp "$dir/out" "$dir/results"
lines=$(grep -c '"ok":true' "$dir/results")
check "one ok line per game (5)" test "$lines" -eq 5
check "the line names the file first" grep -q "^{\"file\":\"$dir/game.json\",\"ok\":true,\"deals\":[0-9]*,\"final\":\[" "$dir/results"
gzip -c "$dir/game.json" >"$dir/game.json.gz"
check "gzip-compressed" "$JONG" replay --check "$dir/game.json.gz"

head -c 2000 "$dir/game.mjai" >"$dir/cut.mjai"
# cut inside a line's JSON object (when the 2000 bytes end with one, inside it)
case "$(tail -c 1 "$dir/cut.mjai" | od -An -c | tr -d ' ')" in '}'|'\n') truncate -s -2 "$dir/cut.mjai" ;; esac
if "$JONG" replay --check "$dir/cut.mjai" "$dir/missing.xml" >"$dir/results" 2>&1; then
  failed=$((failed + 1)); echo "FAIL broken files exit 1"
else
  passed=$((passed + 1)); echo "ok   broken files exit 1"
fi
check "a cut file: the line of the error" grep -q '"ok":false.*"error":"line [0-9]*: JSON' "$dir/results"
check "a missing file is named" grep -q 'missing.xml: No such file' "$dir/results"
check "jong sim --log writes jong logs" "$JONG" sim --rules tenhou --games 2 --seed 9 --log "$dir/sim.jlog"
check "jong replay --check reads them" "$JONG" replay --check "$dir/sim.jlog"
check "the same of another variant" "$JONG" sim --rules classical --games 1 --seed 9 --log "$dir/sim2.jlog"
check "its actions replay" "$JONG" replay --check "$dir/sim2.jlog"
# The REPL loads a record (the tenhou.net/6 export: walls jong never shuffled), steps
# into it and saves it: every deal's wall and every action, those ahead of the position
# too; the save loads again and replays clean with the same final points.
printf 'load %s\nnext 25\nsave %s\nload %s\ngoto deal 2\nsave %s\n' "$dir/game.json" "$dir/rec1.jlog" \
  "$dir/rec1.jlog" "$dir/rec2.jlog" | "$JONG" >"$dir/repl.out" 2>&1
check "the REPL saves a loaded record" grep -q "saved .*rec1.jlog (.* ahead of this position)" "$dir/repl.out"
check "the save holds the later deals' walls" grep -q '"walls":\[' "$dir/rec1.jlog"
"$JONG" replay --check "$dir/game.json" "$dir/rec1.jlog" "$dir/rec2.jlog" | sed 's/^{"file":"[^"]*",//' >"$dir/three"
check "the saves replay clean, as the record" test "$(grep -c '"ok":true' "$dir/three")" -eq 3
check "with the record's final points" test "$(sort -u "$dir/three" | wc -l)" -eq 1
check "replay --help" "$JONG" replay --help
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
