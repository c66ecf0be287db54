#!/bin/sh
# A Slurm array job: each task plays one shard of a seeded self-play run; a last
# job, started when all tasks are done, merges the shard files.
#
#   sbatch --array=1-64 examples/sim_slurm.sh japanese 1000000 runs/japanese
#   sbatch --dependency=afterok:JOBID --wrap \
#     'jong stats --merge runs/japanese/shard-*.json -o runs/japanese.json'
#
# The number of shards is the size of the array (SLURM_ARRAY_TASK_COUNT, with
# --array=1-N); the stats directory must be on a file system every node sees.
#SBATCH --job-name=jong-sim
#SBATCH --cpus-per-task=1
#SBATCH --time=02:00:00
#SBATCH --output=jong-sim-%A_%a.log
set -e
rules=${1:?rules} games=${2:?games} dir=${3:?stats directory}
JONG=${JONG:-jong}
SEED=${SEED:-1}
k=${SLURM_ARRAY_TASK_ID:?run this with sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run this with sbatch --array=1-N}
mkdir -p "$dir"
exec "$JONG" sim --rules "$rules" --games "$games" --seed "$SEED" --shard "$k/$n" \
  --stats "$dir/shard-$k.json"
