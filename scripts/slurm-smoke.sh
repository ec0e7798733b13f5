#!/usr/bin/env bash
# Smoke test of the cluster path through a real Slurm: the toy sweep
# testdata/slurm-smoke/sweep.yaml (four runs of a few seconds) is submitted
# as an array of two tasks of scripts/slurm-sweep.sh (--share); once a task
# is mid-run (its run has a checkpoint) that task is cancelled with scancel
# and the array is submitted again. It then checks that every run finished
# exactly once (one "done" line among all task outputs, one fresh start in
# its train.log, one result.json), that the cancelled run was checkpointed
# and resumed past iteration 0, that the cancelled task shows CANCELLED and
# every other task COMPLETED (sacct -c), and prints the listing.
#
#   scripts/slurm-smoke.sh [WORKDIR]     # from anywhere; exit 0 pass, 1 fail, 77 skip
#
# It uses the cluster that sinfo answers; when none does and it runs as root,
# it starts scripts/slurm-local.sh and stops it again at the end. Without
# sbatch, or without a cluster and root, it skips (exit 77). It builds
# bin/mgp from the working tree first. About a minute on 2 loaded cores.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "slurm-smoke: SKIP: $*"; exit 77; }
fail() { echo "slurm-smoke: FAIL: $*" >&2; exit 1; }
say() { echo "slurm-smoke: $*"; }

command -v sbatch >/dev/null || skip "sbatch is not installed (Slurm: scripts/slurm-local.sh start installs Debian's slurm-wlm)"
started=
jobs=
cleanup() {
	if [ -n "$jobs" ]; then scancel $jobs 2>/dev/null || true; fi
	if [ -n "$started" ]; then scripts/slurm-local.sh stop || true; fi
}
trap cleanup EXIT
if ! sinfo -h >/dev/null 2>&1; then
	[ "$(id -u)" = 0 ] || skip "no Slurm cluster answers sinfo, and starting one (scripts/slurm-local.sh) needs root"
	scripts/slurm-local.sh start
	started=1
fi
WORK=${1:-$(mktemp -d -t mgp-slurm-smoke.XXXXXX)}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
go build -o bin/mgp ./cmd/mgp
SWEEP=testdata/slurm-smoke/sweep.yaml
RUNS=$WORK/runs
say "work directory $WORK"
t0=$(date +%s)

submit() {
	sbatch --parsable --array=0-1 --cpus-per-task=1 --mem=1G --time=10 \
		--output="$WORK/task-%A_%a.out" scripts/slurm-sweep.sh "$SWEEP" --out "$RUNS"
}

job1=$(submit)
jobs=$job1
say "submitted array $job1"

# The victim: a run with a checkpoint, no result and a lock whose process
# is an array task of job1.
victim= task=
for _ in $(seq 600); do
	for d in "$RUNS"/hetero/sgp/smoke/s*; do
		[ -f "$d/checkpoint.json" ] && [ -f "$d/lock.json" ] && [ ! -f "$d/result.json" ] || continue
		pid=$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$d/lock.json")
		[ -n "$pid" ] && [ -r "/proc/$pid/environ" ] || continue
		env=$(tr '\0' '\n' <"/proc/$pid/environ")
		grep -qx "SLURM_ARRAY_JOB_ID=$job1" <<<"$env" || continue
		task=$(sed -n 's/^SLURM_ARRAY_TASK_ID=//p' <<<"$env")
		victim=${d#"$RUNS"/}
		break 2
	done
	sleep 0.2
done
[ -n "$victim" ] || fail "no task of $job1 was seen mid-run within 120 s (squeue: $(squeue -h -j "$job1" 2>&1))"
scancel "${job1}_${task}"
say "cancelled task ${job1}_${task} while it ran $victim"
job2=$(submit)
jobs="$job1 $job2"
say "resubmitted the array: $job2"

for _ in $(seq 1200); do
	[ -z "$(squeue -h -j "$job1,$job2" 2>/dev/null)" ] && break
	sleep 0.2
done
[ -z "$(squeue -h -j "$job1,$job2")" ] || fail "the arrays did not finish within 240 s"
jobs=
say "both arrays ended after $(($(date +%s) - t0)) s"

outs=("$WORK"/task-*.out)
problems=0
for d in "$RUNS"/hetero/sgp/smoke/s*; do
	id=${d#"$RUNS"/}
	dones=$(cat "${outs[@]}" | grep -c "\] $id: done |" || true)
	fresh=$(grep -c "(resume false)" "$d/train.log" || true)
	resumes=$(grep -c "(resume true)" "$d/train.log" || true)
	printf '  %-22s done lines %s, fresh starts %s, resumes %s, result.json %s\n' "$id" "$dones" "$fresh" "$resumes" "$([ -f "$d/result.json" ] && echo yes || echo NO)"
	if [ "$dones" != 1 ] || [ "$fresh" != 1 ] || [ ! -f "$d/result.json" ]; then problems=$((problems + 1)); fi
done
n=$(ls -d "$RUNS"/hetero/sgp/smoke/s* | wc -l)
[ "$n" = 4 ] || fail "$n run directories, want 4"
[ "$problems" = 0 ] || fail "$problems runs did not finish exactly once (task outputs in $WORK)"

grep -q "\] $victim: interrupted, checkpointed" "$WORK/task-${job1}_${task}.out" ||
	fail "the cancelled task did not checkpoint $victim: $(tail -5 "$WORK/task-${job1}_${task}.out")"
resumed=$(cat "${outs[@]}" | sed -n "s|.*\] $victim: resumed at iteration \([0-9]*\) .*|\1|p" | head -n 1)
[ -n "$resumed" ] && [ "$resumed" -gt 0 ] || fail "$victim did not resume from its checkpoint"
say "$victim resumed at iteration $resumed"

# The tasks' end states. Without slurmdbd (scripts/slurm-local.sh) they are
# in the job completion log, where an array task is its own job id with
# ArrayJobId and ArrayTaskId beside it (sacct -c of Slurm 22.05 cannot read
# those two, so it is given the tasks' own job ids).
conf=$(scontrol show config)
comp=$(sed -n 's/^JobCompType *= *//p' <<<"$conf")
loc=$(sed -n 's/^JobCompLoc *= *//p' <<<"$conf")
if [ "$comp" = jobcomp/filetxt ] && [ -r "$loc" ]; then
	for _ in $(seq 50); do
		states=$(awk -v a="$job1" -v b="$job2" '{
			delete f
			for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v); f[k] = v }
			if (f["ArrayJobId"] == a || f["ArrayJobId"] == b) print f["ArrayJobId"] "_" f["ArrayTaskId"] "|" f["JobState"] "|" f["JobId"]
		}' "$loc")
		[ "$(grep -c . <<<"$states")" -ge 4 ] && break
		sleep 0.2
	done
	echo "sacct -c (the job completion log $loc; JobID is each task's own id):"
	sacct -c -j "$(cut -d'|' -f3 <<<"$states" | paste -sd,)" -o JobID,JobName,State,ExitCode,Start,End 2>/dev/null
	echo "array task -> state, own job id:"
	tr '|' ' ' <<<"$states" | sed 's/^/  /'
else
	states=$(sacct -n -P -X -j "$job1,$job2" -o JobID,State)
	sacct -X -j "$job1,$job2" -o JobID,JobName,State,ExitCode,Start,End
fi
grep -q "^${job1}_${task}|CANCELLED" <<<"$states" || fail "task ${job1}_${task} is not CANCELLED: $states"
[ "$(grep -c . <<<"$states")" = 4 ] || fail "$(grep -c . <<<"$states") task records, want 4: $states"
others=$(grep -v "^${job1}_${task}|" <<<"$states" | grep -cv "^[0-9_]*|COMPLETED" || true)
[ "$others" = 0 ] || fail "tasks other than the cancelled one did not complete: $states"
say "PASS: 4 runs, each finished once; task ${job1}_${task} cancelled mid-run, $victim resumed at iteration $resumed; $(($(date +%s) - t0)) s"
