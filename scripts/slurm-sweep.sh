#!/usr/bin/env bash
# Run one mgp sweep as a Slurm job array: every array task is given the whole
# sweep with --share and takes the next run that no other task holds, and all
# tasks write into one results tree on a shared file system. The tasks balance
# themselves: 16 tasks of 2 cores finish in about the wall time that
# `bin/mgp sweep -c SWEEP.yaml --dry-run --jobs 32` estimates. Submit from the
# repository's root, after `make build`:
#
#   sbatch --array=0-15 scripts/slurm-sweep.sh configs/sweeps/table3.yaml
#
# For fixed shards instead (every n-th run; mgp reads SLURM_ARRAY_TASK_ID,
# SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN, and --array must be a
# contiguous range), set SHARE= in the environment. Each task runs JOBS runs at
# once with one BLAS thread each, so ask for JOBS cores per task. A task that is preempted or hits its time
# limit is not lost: resubmit the same array (or only the failed indices) and
# every run continues from its last checkpoint; finished runs are skipped.
# Locks with a heartbeat keep two tasks off one run. When all tasks are done:
#
#   bin/mgp table results/table3/runs --markdown-out results/table3.md --csv-out results/table3.csv
#
#SBATCH --job-name=mgp-sweep
#SBATCH --cpus-per-task=2
#SBATCH --mem=8G
#SBATCH --time=24:00:00
#SBATCH --output=logs/mgp-sweep-%A_%a.out
#SBATCH --signal=B:TERM@300
set -euo pipefail

SWEEP=${1:?usage: sbatch --array=0-N scripts/slurm-sweep.sh SWEEP.yaml [extra mgp sweep flags]}
shift
JOBS=${SLURM_CPUS_PER_TASK:-1}
DATA_DIR=${MGP_DATA_DIR:-data}
SHARE=${SHARE---share}
export OPENBLAS_NUM_THREADS=1
mkdir -p logs

# --signal=B:TERM@300 sends SIGTERM to this script five minutes before the
# time limit; pass it on so that mgp checkpoints its running runs.
bin/mgp sweep -c "$SWEEP" --data-dir "$DATA_DIR" --jobs "$JOBS" ${SHARE:+"$SHARE"} "$@" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null' TERM INT
set +e
wait "$pid"
status=$?
if [ "$status" -gt 128 ]; then wait "$pid"; status=$?; fi
exit "$status"
