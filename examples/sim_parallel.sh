#!/bin/sh
# Plays one seeded self-play run as N shards with GNU parallel and merges their
# statistics into exactly the statistics of the unsharded run.
#
#   sh examples/sim_parallel.sh RULES GAMES SHARDS OUT.json [parallel options]
#
# e.g. `sh examples/sim_parallel.sh japanese 100000 32 japanese.json` on this machine,
# or over ssh hosts that have the same jong installed:
#   sh examples/sim_parallel.sh japanese 1000000 256 j.json -S 8/host1,8/host2 --workdir .
# (with --workdir ., the hosts share the current directory, or add --return/--cleanup
# to bring the shard files back: see `man parallel`).
set -e
rules=${1:?rules} games=${2:?games} shards=${3:?shards} out=${4:?out.json}
shift 4
JONG=${JONG:-jong}
SEED=${SEED:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
seq 1 "$shards" | parallel --halt now,fail=1 "$@" \
  "$JONG" sim --rules "$rules" --games "$games" --seed "$SEED" --shard {}/"$shards" \
  --stats "$dir"/shard{}.json ">" "$dir"/shard{}.log
"$JONG" stats --merge "$dir"/shard*.json -o "$out"
"$JONG" stats "$out"
