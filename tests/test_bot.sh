#!/bin/sh
# The default bot's aggregate play looks like people's (issue figures): Japanese
# exhaustive draws 8-25% of deals, a win worth 3,500-9,000 points on average, riichi in
# 20-65% of wins, open hands in 20-70%, self-draws in 25-55%; every other family at most
# 35% of deals drawn (a deal with several wins, Sichuan, is one deal); every match ends
# (jong sim fails on a match that does not).
# The Japanese figures hold for every Japanese preset, three-player sanma too: real
# Tenhou three-player play lies inside the same ranges in every figure. The records
# shared/rules/sanma.md is checked against (533 Phoenix games of January 2022, 4,695
# deals) give exhaustive draws 12.8% of deals, wins worth 8,122 on average (dearer than
# four-player: kita and more dora, fewer tiles), riichi in 46% of wins, open hands 36%,
# self-draws 50%.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
# Under the sanitizers (make check) fewer matches, too few for the figures: only that
# every match ends with the invariants held.
if [ -n "$JONG_CHECK" ]; then games=6; figures=false; else games=40; figures=true; fi
passed=0 failed=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

check() {   # rules, then the Lua condition over s (the stats), o (outcomes), w (wins)
  rules=$1 cond=$2
  if ! "$JONG" sim --rules "$rules" --games $games --seed 101 --stats "$dir/$rules.json" >"$dir/out" 2>&1; then
    failed=$((failed + 1)); echo "FAIL $rules: the run failed"; tail -5 "$dir/out" | sed 's/^/    /'; return
  fi
  if "$JONG" run /dev/stdin "$dir/$rules.json" >"$dir/msg" 2>&1 <<LUA
local s = assert(jong.json_decode(assert(io.open(arg[1])):read("a")))
local o, w = s.outcomes, s.wins
local function pct(a, b) return 100 * a / b end
local drawn = pct(o.exhaustive, s.deals)
local ok = not $figures or ($cond)
print(string.format("exhaustive %.1f%%, abortive %.1f%%, open %.1f%%, self-drawn %.1f%% of wins, riichi %.1f%% of wins, mean %.0f",
  drawn, pct(o.abortive, s.deals), pct(w.open, w.count), pct(o.self, o.self + o.discard + o.rob),
  pct((s.items["Riichi"] or 0) + (s.items["Double riichi"] or 0), w.count), w.points.mean))
os.exit(ok and 0 or 1)
LUA
  then
    passed=$((passed + 1)); echo "ok   $rules: $(cat "$dir/msg")"
  else
    failed=$((failed + 1)); echo "FAIL $rules: $(cat "$dir/msg")"
  fi
}

japanese='drawn >= 8 and drawn <= 25 and w.points.mean >= 3500 and w.points.mean <= 9000
  and pct((s.items["Riichi"] or 0) + (s.items["Double riichi"] or 0), w.count) >= 20
  and pct((s.items["Riichi"] or 0) + (s.items["Double riichi"] or 0), w.count) <= 65
  and pct(w.open, w.count) >= 20 and pct(w.open, w.count) <= 70
  and pct(o.self, o.self + o.discard + o.rob) >= 25 and pct(o.self, o.self + o.discard + o.rob) <= 55'
for r in japanese tenhou mahjongsoul ema wrc sanma tenhou3; do
  check $r "$japanese"
done
for r in classical classical_bmja classical_dmjl babcock_one_double babcock_cleared_hand hongkong ims mcr \
         taiwanese sichuan; do
  check $r 'pct(o.exhaustive + o.abortive, s.deals) <= 35'
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
