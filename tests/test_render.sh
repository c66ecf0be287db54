#!/bin/sh
# The table as a picture: `jong render` and the REPL's `show --svg` write SVG that is
# well formed, shows the position (tiles, melds, discards, dora, points) and that a real
# renderer (rsvg-convert, Debian librsvg2-bin, installed by `make deps`) turns into a
# PNG of the expected size. Ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
ROOT=$(pwd)
JONG="$ROOT/$BUILD/jong"
passed=0 failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL $1"
  if [ -n "$2" ] && [ -f "$2" ]; then sed 's/^/    /' "$2" | head -n 30; fi
}
check() {  # check NAME COMMAND...: passes when the command succeeds
  name=$1; shift
  if "$@" >"$scratch/check" 2>&1; then pass "$name"; else fail "$name" "$scratch/check"; fi
}

# A position: S claims E's 6m for 567m, discards 9m; W declares riichi with 1z, E wins on it.
cat >"$scratch/session.in" <<'IN'
new japanese seed=2 E=3456m456p789s1122z S=45789m456p678s88p W=1199m1199p1199s1z N=1357m1357p1357s2z draws=3z
E d 6m
S chi 567m
S d 9m
save game.log
show --svg table.svg
show --svg /nonexistent/dir/table.svg
IN
(cd "$scratch" && JONG_RULES_PATH="$ROOT/rules" "$JONG" <session.in >session.out 2>&1)
check "REPL show --svg writes the file" grep -q "^wrote table.svg" "$scratch/session.out"
check "REPL show --svg to a bad path says why" grep -q "^cannot write /nonexistent/dir/table.svg" "$scratch/session.out"
check "jong render writes SVG" "$JONG" render -o "$scratch/render.svg" "$scratch/game.log"
"$JONG" render --at 2 "$scratch/game.log" >"$scratch/at2.svg" 2>"$scratch/at2.err"
check "jong render --at 2 to standard output" grep -q "</svg>" "$scratch/at2.svg"
if "$JONG" render "$scratch/session.in" >/dev/null 2>"$scratch/bad.err"; then
  fail "jong render refuses a file that is not a saved game"
else
  check "jong render refuses a file that is not a saved game" grep -q "is not a saved game" "$scratch/bad.err"
fi
# A record (mjai, exported from the game), a saved record (the REPL's `save` of a loaded
# record: every deal's walls) and a record on standard input are drawn too.
"$JONG" export --to mjai -o "$scratch/game.mjai" "$scratch/game.log" >/dev/null 2>&1
check "jong render draws an mjai record" sh -c "'$JONG' render --at 2 '$scratch/game.mjai' | grep -q '<title>'"
printf 'load game.mjai\nsave record.log\n' | (cd "$scratch" && JONG_RULES_PATH="$ROOT/rules" "$JONG" >/dev/null 2>&1)
check "the REPL saves a loaded record" grep -q "\"rules\":\"tenhou\"" "$scratch/record.log"
check "jong render draws a saved record" sh -c "'$JONG' render '$scratch/record.log' | grep -q '<title>tenhou: round E, deal 1</title>'"
printf 'new japanese seed=5\nbots all\ngo\nnext\ngo\nsave two.log\n' | (cd "$scratch" && JONG_RULES_PATH="$ROOT/rules" "$JONG" >/dev/null 2>&1)
"$JONG" export --to mjai -o "$scratch/two.mjai" "$scratch/two.log" >/dev/null 2>&1
printf 'load two.mjai\nsave record2.log\n' | (cd "$scratch" && JONG_RULES_PATH="$ROOT/rules" "$JONG" >/dev/null 2>&1)
check "the REPL's save of a record of two deals holds their walls" grep -q '"walls"' "$scratch/record2.log"
check "jong render draws it (the second deal on its own wall)" \
  sh -c "'$JONG' render '$scratch/record2.log' | grep -q '<title>tenhou: round E, deal 2</title>'"
check "jong render - reads standard input" sh -c "'$JONG' render - <'$scratch/game.log' | grep -q '<title>japanese: round E, deal 1</title>'"
# Bad arguments: one line that names the problem, exit status 1 (the file) or 2 (usage).
refuses() {  # refuses NAME STATUS PATTERN ARGS...
  name=$1 want=$2 pattern=$3; shift 3
  "$JONG" render "$@" >/dev/null 2>"$scratch/refused.err"
  got=$?
  if [ "$got" -eq "$want" ] && grep -q -- "$pattern" "$scratch/refused.err"; then pass "$name"
  else echo "exit $got" >>"$scratch/refused.err"; fail "$name" "$scratch/refused.err"; fi
}
refuses "jong render: a missing file" 1 "^jong render: .*nosuch.log: No such file" "$scratch/nosuch.log"
refuses "jong render: a directory" 1 "^jong render: cannot read $scratch: it is a directory" "$scratch"
refuses "jong render: an unknown option" 2 "^jong render: unknown option --bogus" --bogus "$scratch/game.log"
refuses "jong render: -o without a file" 2 "^jong render: -o takes a value" "$scratch/game.log" -o
refuses "jong render: --at past the last action" 2 "^jong render: --at 99: .*game.log has 3 actions" --at 99 "$scratch/game.log"
refuses "jong render: --bottom a seat that is not there" 2 "^jong render: no seat Q" --bottom Q "$scratch/game.log"
refuses "jong render: a file it cannot write, named once" 1 "^jong render: cannot write /nonexistent/dir/t.svg: No such" \
  -o /nonexistent/dir/t.svg "$scratch/game.log"
refuses "jong render: no saved game" 2 "^usage: jong render"

svg="$scratch/table.svg"
# Well formed: one root, every element closed (rsvg-convert below refuses bad XML too).
check "SVG root element" sh -c "head -c 200 '$svg' | grep -q '<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"960\"'"
check "SVG ends with </svg>" sh -c "tail -n 1 '$svg' | grep -qx '</svg>'"
opened=$(grep -o '<g ' "$svg" | wc -l); closed=$(grep -o '</g>' "$svg" | wc -l)
if [ "$opened" -gt 50 ] && [ "$opened" -eq "$closed" ]; then pass "SVG groups balanced ($opened tiles)"; else fail "SVG groups: $opened opened, $closed closed"; fi
# The position: the points, the dora (7z for the indicator 6z), the turned claimed discard.
check "SVG shows the points" grep -q ">E 25000" "$svg"
check "SVG shows the dora indicator and the dora" grep -q ">7z</text>" "$svg"
check "SVG shows the claimed discard turned and greyed" grep -q 'rotate(90)"><rect [^>]*fill="#d9d6cc"' "$svg"
check "SVG title names the rules and the deal" grep -q "<title>japanese: round E, deal 1</title>" "$svg"

# A real renderer: rsvg-convert turns it into a 960x960 PNG.

# A log of several games (jong sim --log): the first is drawn, --game K draws another,
# and the error of a game names its line in the file.
(cd "$ROOT" && "$JONG" sim --rules japanese --games 3 --seed 1 --log "$scratch/three.log" >/dev/null 2>&1)
"$JONG" render -o "$scratch/first.svg" "$scratch/three.log" 2>"$scratch/first.err"
check "jong render draws the first game of a log of three" grep -q "</svg>" "$scratch/first.svg"
check "jong render says the log holds 3 games" grep -q "holds 3 games: this is the first" "$scratch/first.err"
"$JONG" render --game 3 -o "$scratch/third.svg" "$scratch/three.log" 2>/dev/null
check "jong render --game 3 draws the third game" sh -c "grep -q '</svg>' '$scratch/third.svg' && ! cmp -s '$scratch/first.svg' '$scratch/third.svg'"
"$JONG" render --game 4 "$scratch/three.log" >/dev/null 2>"$scratch/fourth.err"
check "jong render --game 4 of three games says so" grep -q "the log holds 3 games: there is no game 4" "$scratch/fourth.err"
second=$(grep -n '"type":"game"' "$scratch/three.log" | sed -n 2p | cut -d: -f1)
bad=$((second + 5))
sed "${bad}s/.*/{\"type\":\"discard\",\"seat\":\"E\",\"tile\":\"9z\"}/" "$scratch/three.log" >"$scratch/bad3.log"
"$JONG" render --game 2 "$scratch/bad3.log" >/dev/null 2>"$scratch/bad3.err"
check "jong render names the file's line of a bad action in game 2" grep -q "line $bad: bad tile '9z'" "$scratch/bad3.err"
printf 'load %s\nquit\n' "$scratch/three.log" | JONG_RULES_PATH="$ROOT/rules" "$JONG" >"$scratch/load3.out" 2>&1
check "the REPL loads the first game of a log of three and says so" grep -q "holds 3 games: this is the first" "$scratch/load3.out"

if ! command -v rsvg-convert >/dev/null 2>&1; then
  fail "rsvg-convert is not installed (Debian librsvg2-bin; \`make deps\` installs it)"
else
  for f in table.svg render.svg at2.svg; do
    if rsvg-convert -o "$scratch/$f.png" "$scratch/$f" 2>"$scratch/rsvg.err"; then
      size=$(od -An -tu1 -j16 -N8 "$scratch/$f.png" | awk '{ print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8) }')
      magic=$(od -An -c -j1 -N3 "$scratch/$f.png" | tr -d ' ')
      if [ "$magic" = "PNG" ] && [ "$size" = "960x960" ]; then pass "rsvg-convert renders $f as a 960x960 PNG"
      else fail "rsvg-convert renders $f: $magic $size"; fi
    else
      fail "rsvg-convert refuses $f" "$scratch/rsvg.err"
    fi
  done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
