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
# A hook that fails while the engine lists a seat's actions is the error, named with the
# deal, the seat and what the log does there (not a refusal of the log's discard); one
# that failed while the engine played an earlier action (listing the claims on a
# discard) is named with where it failed when the log's claim is then refused.
REC=tests/conformance/japanese/records/ron3-2025010116gm-00a9-0000-12f4eaf6.xml
cat >"$dir/fails_listing.lua" <<'LUA'
local R = { name = "fails_listing", extends = "tenhou" }
local asked = 0
function R.allowed_discards(g, seat)
  asked = asked + 1
  if asked > 30 then error("planned failure listing " .. seat .. "'s discards") end
end
return R
LUA
cat >"$dir/fails_judging.lua" <<'LUA'
local R = { name = "fails_judging", extends = "tenhou" }
function R.may_win(g, action) error("planned failure judging " .. action.seat .. "'s win") end
return R
LUA
"$JONG" replay --check --rules "$dir/fails_listing.lua" "$REC" >"$dir/hook.out"
check "a hook failing as the engine lists: where and what" grep -q '"error":"event 67 (deal 1, East 1, 0 honba): a hook failed while the engine listed what E may do (the log has E (player 0) discards 3s next): hook allowed_discards of rules fails_listing ([^)]*fails_listing.lua:3) failed, refusing E: [^"]*fails_listing.lua:5: planned failure listing E.s discards"}' "$dir/hook.out"
"$JONG" replay --check --rules "$dir/fails_judging.lua" "$REC" >"$dir/hook.out"
check "a hook that failed on an earlier action is named" grep -q '"error":"event 104 (deal 1, East 1, 0 honba): the log has W (player 2) wins on 5z from player 0; the engine allows W: nothing ([^)]*); a hook failed before, at event 103 (deal 1, East 1, 0 honba), as the engine played E (player 0) discards 5z: hook may_win of rules fails_judging ([^)]*) failed, refusing W win 5z: [^"]*planned failure judging W.s win"}' "$dir/hook.out"
# A game played with a rules file given by a relative path (sim --rules ./house.lua, the
# REPL's rules ../x/house.lua) is saved with the file's absolute path: it loads from any
# folder; a rules file that is not there is named, with the folder a relative path is
# read from.
mkdir -p "$dir/x/y"
abs=$(cd "$dir" && pwd -P)       # the folder as realpath gives it
printf 'return { name = "house", extends = "tenhou" }\n' >"$dir/x/house.lua"
here=$(pwd)
(cd "$dir/x" && "$here/$JONG" sim --rules ./house.lua --games 1 --seed 3 --log "$dir/house.jlog" >/dev/null)
(cd "$dir/x/y" && printf 'rules ../house.lua\nnew seed=5\nsave %s\n' "$dir/house2.jlog" | "$here/$JONG" >/dev/null 2>&1)
check "sim --log stores the rules file's absolute path" grep -q "^{\"type\":\"game\",\"rules\":\"$abs/x/house.lua\"" "$dir/house.jlog"
check "the REPL's save too" grep -q "\"rules\":\"$abs/x/house.lua\"" "$dir/house2.jlog"
check "both replay from another folder" "$JONG" replay --check "$dir/house.jlog" "$dir/house2.jlog"
sed 's|"rules":"[^"]*"|"rules":"./house.lua"|' "$dir/house.jlog" >"$dir/old.jlog"
"$JONG" replay --check "$dir/old.jlog" >"$dir/missing.out"
check "a missing rules file is named" grep -q "\"error\":\"game 1 (line 1): the rules file ./house.lua is missing (a relative path, read from the folder jong runs in: $(pwd -P))\"" "$dir/missing.out"
printf 'load %s\n' "$dir/old.jlog" | "$JONG" >"$dir/missing.out" 2>&1
check "the REPL's load names it too" grep -q "old.jlog: line 1: the rules file ./house.lua is missing" "$dir/missing.out"
check "replay --help" "$JONG" replay --help
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
