#!/bin/sh
# Self-play over thousands of seeded deals per ruleset with `jong sim`, which checks
# after every action that every tile is accounted for, hand sizes are right and the
# points sum to the start; and the same seed gives the same log.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
# Fewer matches under the sanitizers (make check), which run many times slower.
if [ -n "$JONG_CHECK" ]; then scale=1; else scale=4; fi
passed=0 failed=0
out=$(mktemp)
log1=$(mktemp)
log2=$(mktemp)
trap 'rm -f "$out" "$log1" "$log2"' EXIT

sim() {   # name, then jong sim arguments
  name=$1; shift
  if timeout 600 "$JONG" sim "$@" >"$out" 2>&1 && grep -q 'invariants held' "$out"; then
    passed=$((passed + 1)); echo "ok   $name: $(grep deals/s "$out" | head -1) $(head -1 "$out" | sed 's/.*: //')"
  else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$out" | tail -20
  fi
}

sim "base random" --rules base --games $((50 * scale)) --seed 1 --bots random
sim "base greedy" --rules base --games $((50 * scale)) --seed 2 --bots greedy
for r in japanese classical hongkong ims mcr sanma; do
  sim "$r greedy" --rules $r --games 1000 --deals $((50 * scale)) --seed 3 --bots greedy
  sim "$r random" --rules $r --games 1000 --deals $((50 * scale)) --seed 4 --bots random
done
# Taiwanese: hands of 16 tiles (five sets and a pair), the 16-tile reserve, the dealer's streak.
sim "taiwanese greedy" --rules taiwanese --games 1000 --deals $((50 * scale)) --seed 3 --bots greedy
sim "taiwanese random" --rules taiwanese --games 1000 --deals $((50 * scale)) --seed 4 --bots random
# Sichuan: 108 tiles, several winners on a discard, play after a win (winners leave).
sim "sichuan greedy" --rules sichuan --games 1000 --deals $((50 * scale)) --seed 3 --bots greedy
sim "sichuan random" --rules sichuan --games 1000 --deals $((50 * scale)) --seed 4 --bots random
# Seed 5 once reached a chow that left only kuikae-banned tiles (now refused): 80 matches.
sim "japanese random, seed 5" --rules japanese --games 80 --seed 5 --bots random
# Three players: whole seeded matches with the default bots (kita, tsumo-son, the West round).
sim "sanma default" --rules sanma --games 40 --seed 6

# A match that cannot end: random players under Babcock's Cleared Hand almost never make
# a winning hand, and drawn deals do not move that match on. Exit status 3, saying so.
timeout 600 "$JONG" sim --rules babcock_cleared_hand --bots random --games 1 --seed 102 --check none >"$out" 2>&1
status=$?
if [ "$status" -eq 3 ] && grep -q 'match 0 (seed 102) did not end within 2000000 actions: [0-9]* deals, [0-9]* of them drawn; random players almost never' "$out"; then
  passed=$((passed + 1)); echo "ok   a match that cannot end: status 3, $(grep -o '[0-9]* deals, [0-9]* of them drawn' "$out")"
else
  failed=$((failed + 1)); echo "FAIL a match that cannot end (status $status)"; sed 's/^/    /' "$out" | tail -5
fi

# A hook that fails is a fault of the rules, even where play goes on without what it could
# not judge (a self-drawn win left out): the run stops, status 1, naming the hook, its file
# and line and the win refused.
timeout 600 "$JONG" sim --rules tests/lua/rules/broken_score.lua --games 2 --seed 1 >"$out" 2>&1
status=$?
if [ "$status" -eq 1 ] && grep -q '^sim: match 0 (seed 1), deal [0-9]*, event [0-9]*: hook score of rules broken_score (tests/lua/rules/broken_score.lua:6) failed, refusing [ESWN] win [0-9][mpsz]: tests/lua/rules/broken_score.lua:8: house rule not written yet' "$out"; then
  passed=$((passed + 1)); echo "ok   a failing score hook stops the run, naming it"
else
  failed=$((failed + 1)); echo "FAIL a failing score hook stops the run (status $status)"; sed 's/^/    /' "$out" | tail -5
fi

# The same seed gives the same log.
"$JONG" sim --rules base --games 3 --seed 7 --log "$log1" >/dev/null 2>&1
"$JONG" sim --rules base --games 3 --seed 7 --log "$log2" >/dev/null 2>&1
if [ -s "$log1" ] && cmp -s "$log1" "$log2"; then
  passed=$((passed + 1)); echo "ok   same seed, same log ($(wc -l <"$log1") events)"
else
  failed=$((failed + 1)); echo "FAIL same seed, same log"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
