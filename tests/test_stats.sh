#!/bin/sh
# jong sim --stats, --shard and jong stats: shards of a seeded run played with GNU
# parallel (examples/sim_parallel.sh) merge into exactly the unsharded run's file;
# a bad set of shards is refused; comparison, histogram and SVG.
BUILD=${BUILD:-build}
JONG="$BUILD/jong"
passed=0 failed=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ok() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ -f "$dir/err" ] && sed 's/^/    /' "$dir/err" | tail -20; }

for bots in default greedy; do
  "$JONG" sim --rules japanese --games 6 --seed 11 --bots $bots --stats "$dir/one-$bots.json" >/dev/null 2>"$dir/err"
  for k in 1 2 3; do
    "$JONG" sim --rules japanese --games 6 --seed 11 --bots $bots --shard $k/3 \
      --stats "$dir/shard-$bots-$k.json" >/dev/null 2>>"$dir/err"
  done
  if "$JONG" stats --merge "$dir"/shard-$bots-3.json "$dir"/shard-$bots-1.json "$dir"/shard-$bots-2.json \
       -o "$dir/merged-$bots.json" 2>>"$dir/err" && cmp -s "$dir/merged-$bots.json" "$dir/one-$bots.json"; then
    ok "japanese $bots: 3 shards merge into the unsharded statistics"
  else
    fail "japanese $bots: 3 shards merge into the unsharded statistics"
  fi
done

# The file has the fields the format names, with consistent counts.
if "$JONG" run /dev/stdin "$dir/one-default.json" >"$dir/err" 2>&1 <<'LUA'
local f = assert(io.open(arg[1])):read("a")
local s = assert(jong.json_decode(f))
for _, k in ipairs { "rules", "bots", "games", "deals", "outcomes", "wins", "items", "seats" } do
  assert(s[k] ~= nil, "missing " .. k)
end
local o = s.outcomes
assert(o.self + o.discard + o.rob + o.exhaustive + o.abortive == s.deals, "outcomes add up to the deals")
assert(s.games == 6 and s.rules == "japanese" and s.bots == "default")
assert(s.wins.count >= o.self + o.discard + o.rob and s.wins.open <= s.wins.count)
local p = s.wins.points
assert(p.median <= p.p90 and p.mean > 0, "points")
local wins, deal_ins = 0, 0
for _, seat in pairs(s.seats) do wins, deal_ins = wins + seat.wins, deal_ins + seat.deal_ins end
assert(wins == s.wins.count, "seat wins add up")
assert(deal_ins == o.discard + o.rob or deal_ins >= o.discard + o.rob, "deal-ins")
print("1 passed, 0 failed")
LUA
then ok "the stats file has every field, consistent"; else fail "the stats file has every field, consistent"; fi

# Refused: a missing shard, a shard twice, a file that is not a shard.
"$JONG" stats --merge "$dir"/shard-greedy-1.json "$dir"/shard-greedy-2.json >/dev/null 2>"$dir/err"
if [ $? -eq 1 ] && grep -q 'missing shards: 3/3' "$dir/err"; then ok "a missing shard is named"; else fail "a missing shard is named"; fi
"$JONG" stats --merge "$dir"/shard-greedy-1.json "$dir"/shard-greedy-1.json >/dev/null 2>"$dir/err"
if [ $? -eq 1 ] && grep -q 'given twice' "$dir/err"; then ok "a shard given twice is refused"; else fail "a shard given twice is refused"; fi
"$JONG" stats --merge "$dir"/one-greedy.json >/dev/null 2>"$dir/err"
if [ $? -eq 1 ] && grep -q 'not a shard file' "$dir/err"; then ok "an unsharded file is not merged"; else fail "an unsharded file is not merged"; fi
"$JONG" sim --games 2 --shard 4/3 >/dev/null 2>"$dir/err"
if [ $? -eq 2 ] && grep -q 'K/N' "$dir/err"; then ok "a bad --shard is refused"; else fail "a bad --shard is refused"; fi

# Show, compare, SVG.
if "$JONG" stats "$dir/one-default.json" >"$dir/out" 2>"$dir/err" && grep -q 'exhaustive draws' "$dir/out" &&
   grep -q '#' "$dir/out"; then ok "one run: table and histogram"; else fail "one run: table and histogram"; fi
if "$JONG" stats "$dir/one-greedy.json" "$dir/one-default.json" --svg "$dir/c.svg" >"$dir/out" 2>"$dir/err" &&
   grep -q 'B - A' "$dir/out" && grep -q 'mean points per win' "$dir/out" && grep -q '</svg>' "$dir/c.svg"; then
  ok "two runs compared, with an SVG chart"
else
  fail "two runs compared, with an SVG chart"
fi

# GNU parallel plays the shards (examples/sim_parallel.sh).
if command -v parallel >/dev/null 2>&1; then
  "$JONG" sim --rules classical --games 8 --seed 3 --stats "$dir/classical.json" >/dev/null 2>"$dir/err"
  if JONG="$PWD/$JONG" SEED=3 sh examples/sim_parallel.sh classical 8 4 "$dir/classical-par.json" -j2 \
       >/dev/null 2>>"$dir/err" && cmp -s "$dir/classical.json" "$dir/classical-par.json"; then
    ok "classical: 4 shards under GNU parallel give the unsharded statistics"
  else
    fail "classical: 4 shards under GNU parallel give the unsharded statistics"
  fi
else
  fail "GNU parallel is not installed (make deps)"
fi

# --check end and none play the same games as every.
for c in end none; do
  "$JONG" sim --rules japanese --games 3 --seed 11 --bots greedy --check $c --stats "$dir/check-$c.json" >"$dir/out" 2>"$dir/err"
  "$JONG" sim --rules japanese --games 3 --seed 11 --bots greedy --stats "$dir/check-every.json" >/dev/null 2>>"$dir/err"
  if cmp -s "$dir/check-$c.json" "$dir/check-every.json"; then ok "--check $c: the same games"; else fail "--check $c: the same games"; fi
done
# Play after a win (Sichuan): a deal with several wins is one deal; every win counts. The
# outcomes add up to the deals, the wins to the printed total, and more wins than won deals.
"$JONG" sim --rules sichuan --games 6 --seed 5 --stats "$dir/sichuan.json" >"$dir/out" 2>"$dir/err"
if "$JONG" run /dev/stdin "$dir/sichuan.json" "$dir/out" >>"$dir/err" 2>&1 <<'LUA'
local s = assert(jong.json_decode(assert(io.open(arg[1])):read("a")))
local out = assert(io.open(arg[2])):read("a")
local o = s.outcomes
local self, discard, rob, drawn, deals = out:match("wins: (%d+) self%-drawn, (%d+) on a discard, (%d+) robbing a kong; draws: (%d+) exhaustive")
assert(o.self + o.discard + o.rob + o.exhaustive + o.abortive == s.deals, "outcomes do not add up to the deals")
assert(s.deals == 24 and tonumber(out:match("(%d+) deals,")) == 24, "6 matches of 4 deals")
assert(tonumber(self) + tonumber(discard) + tonumber(rob) == s.wins.count, "printed wins differ")
assert(tonumber(drawn) == o.exhaustive, "printed draws differ")
assert(s.wins.count > s.deals - o.exhaustive, "no deal with several wins")
LUA
then ok "sichuan: a deal with several wins is one deal, each win counted"; else fail "sichuan: a deal with several wins is one deal, each win counted"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
