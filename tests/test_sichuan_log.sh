#!/bin/sh
# Sichuan matches with the phases before play (exchange, missing suit) written as jong
# logs by `jong sim --log` replay with `jong replay --check`, for each bot and for the
# options that change the phases. Ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
JONG="$(pwd)/$BUILD/jong"
passed=0 failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# the sbr preset (exchange by the dice, any three tiles, missing suit not first) as a child
cat >"$scratch/sichuan_sbr.lua" <<'LUA'
return { name = "sichuan_sbr", extends = "sichuan",
         options = { preset = { default = "sbr", values = { "app", "sbr" }, doc = "sbr by default" } } }
LUA

for case in "default:sichuan" "greedy:sichuan" "random:sichuan" "default:$scratch/sichuan_sbr.lua" \
            "greedy:$scratch/sichuan_sbr.lua"; do
  bots=${case%%:*} rules=${case#*:} opts=$(basename "$rules" .lua)
  log="$scratch/log.jsonl"
  set -- --rules "$rules" --games 3 --seed 11 --bots "$bots" --check every --log "$log"
  if "$JONG" sim "$@" >"$scratch/sim" 2>&1 && grep -q '"type":"declare"' "$log" &&
     "$JONG" replay --check "$log" >"$scratch/replay" 2>&1 && ! grep -q '"ok":false' "$scratch/replay"; then
    passed=$((passed + 1)); echo "ok   sichuan log: $bots $opts"
  else
    failed=$((failed + 1)); echo "FAIL sichuan log: $bots $opts"
    sed 's/^/    /' "$scratch/sim" "$scratch/replay" 2>/dev/null | head -n 20
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
