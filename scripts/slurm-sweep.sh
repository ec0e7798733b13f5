#!/usr/bin/env bash
# Run one mgp sweep as a Slurm job array: every array task is given the whole
# sweep with --share and takes the next run that no other task holds, and all
# tasks write into one results tree on a shared file system. The tasks balance
# themselves: 16 tasks of 2 cores finish in about the wall time that
# `bin/mgp sweep -c SWEEP.yaml --dry-run --jobs 32` estimates. Submit from the
# repository's root, after `make build` (docs/cluster.md has the whole recipe):
#
#   sbatch --array=0-15 scripts/slurm-sweep.sh configs/sweeps/table3.yaml
#
# Each task runs JOBS runs at once with one BLAS thread each; JOBS is the
# task's --cpus-per-task (1 unless you ask for more: sbatch --cpus-per-task=2
# ...). Every task's output goes to mgp-sweep-<job>_<task>.out in the directory
# sbatch was run from: Slurm opens it before this script starts, so a directory
# in --output must exist at submission (mkdir -p logs, then sbatch
# --output=logs/%x-%A_%a.out ...). The data directory is mgp's: --data-dir
# among the extra flags, else $MGP_DATA_DIR (sbatch passes the environment
# on), else the configs' data.dir, else ./data.
#
# A task that ends with runs still under way in other tasks waits for them
# and takes over any whose task is gone (cancelled, or its node lost: after
# --stale, 10 minutes by default), so a task exits 0 only when the whole
# sweep is done and `sbatch --dependency=afterok:<job>` of `mgp table` runs
# on a complete tree. A cancelled or preempted task is not lost either way:
# resubmit the same array (or only the cancelled indices) and every run
# continues from its last checkpoint; finished runs are skipped, and locks
# with a heartbeat keep two tasks off one run. mgp checkpoints about every
# five minutes of training (train.checkpoint_every: 0), and on SIGTERM; a
# kill -9 or a lost node loses what came after the last checkpoint, the
# whole run in its first minutes: set train.checkpoint_every (steps) in the
# sweep file's set: to checkpoint more often (it never changes the numbers).
#
# Near the time limit Slurm sends this script SIGUSR1 (--signal, at least 3
# minutes before); mgp then checkpoints its running runs and stops, and the
# script waits for the limit, so that sacct shows the task as TIMEOUT (not
# FAILED) and its runs resume when the array is resubmitted. scancel sends
# SIGTERM: mgp checkpoints, the task ends CANCELLED.
#
# For fixed shards instead (every n-th run; mgp reads SLURM_ARRAY_TASK_ID,
# SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN, and --array must be a
# contiguous range), set SHARE= in the environment. When all tasks are done:
#
#   bin/mgp table results/table3/runs --markdown-out results/table3.md --csv-out results/table3.csv
#
#SBATCH --job-name=mgp-sweep
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=24:00:00
#SBATCH --output=mgp-sweep-%A_%a.out
#SBATCH --signal=B:USR1@180
set -euo pipefail

SWEEP=${1:?usage: sbatch --array=0-N scripts/slurm-sweep.sh SWEEP.yaml [extra mgp sweep flags]}
shift
JOBS=${SLURM_CPUS_PER_TASK:-1}
SHARE=${SHARE---share}
export OPENBLAS_NUM_THREADS=1

bin/mgp sweep -c "$SWEEP" --jobs "$JOBS" ${SHARE:+"$SHARE"} "$@" &
pid=$!
limit=
trap 'limit=1; kill -TERM "$pid" 2>/dev/null' USR1
trap 'kill -TERM "$pid" 2>/dev/null' TERM INT
set +e
# wait returns early (above 128) when a signal is trapped: wait again while
# mgp checkpoints.
while :; do
	wait "$pid"
	status=$?
	if [ "$status" -le 128 ] || ! kill -0 "$pid" 2>/dev/null; then
		break
	fi
done
if [ -n "$limit" ] && [ "$status" -ne 0 ]; then
	echo "slurm-sweep: time limit near: the running runs are checkpointed; waiting for Slurm to end the task at its limit (TIMEOUT)" >&2
	sleep infinity &
	wait $!
fi
exit "$status"
