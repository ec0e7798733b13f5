#!/bin/bash
# kill -9 loop over a 12-run sweep (issue 27): run the sweep uninterrupted
# once as the reference, then again from scratch killing every sweep process
# with SIGKILL at random moments (0.3-3 s apart at first, widening as the
# rounds go on) and restarting it until
# every run is done; then compare each result.json with the reference,
# ignoring only the fields that record wall time and date. Two variants:
# one process with --jobs 2, and two processes each owning one of 2 shards.
#
#   scripts/faults/kill9-loop.sh [MGP_BINARY]   (default bin/mgp; from the repo root)
#
# It works in $MGP_KILL9_DIR (default $TMPDIR/mgp-kill9, or /tmp/mgp-kill9
# without TMPDIR), which it empties first.
#
# Prints the number of kills, restarts, runs trained more than once (from
# the train.log headers) and result mismatches; exits 1 on any mismatch.
set -u
B=${1:-bin/mgp}
SWEEP=scripts/faults/kill9-sweep.yaml
ROOT=${MGP_KILL9_DIR:-${TMPDIR:-/tmp}/mgp-kill9}  # scratch; every sweep below gets its own --out there
export OPENBLAS_NUM_THREADS=1
rm -rf "$ROOT"; mkdir -p "$ROOT"

strip() { python3 -c '
import json,sys
d=json.load(open(sys.argv[1]))
for k in ("date","train_seconds","eval_seconds","iters_per_second","command"):
    d.pop(k,None)
print(json.dumps(d,sort_keys=True))' "$1"; }

echo "reference: uninterrupted sweep"
"$B" sweep -c $SWEEP --out $ROOT/ref --jobs 2 >$ROOT/ref.log 2>&1 || { echo "reference sweep failed"; tail $ROOT/ref.log; exit 1; }

done_count() { find "$1" -name result.json | wc -l; }

loop() { # name, then the commands to start (each a string)
	local name=$1; shift
	local out=$ROOT/$name kills=0 starts=0
	while [ "$(done_count $out 2>/dev/null || echo 0)" -lt 12 ]; do
		local pids=()
		for c in "$@"; do
			eval "$c --out $out" >>$ROOT/$name.log 2>&1 &
			pids+=($!)
			starts=$((starts + 1))
		done
		# Random moments, 0.3-3 s at first, the window widening by 5 % a
		# round so that a slow run (a loaded machine, a long first
		# checkpoint) still gets past its next checkpoint eventually.
		sleep "$(python3 -c "import random; print(round(random.uniform(0.3, 3.0) * (1 + $starts / 40), 2))")"
		local alive=0
		for p in "${pids[@]}"; do kill -0 $p 2>/dev/null && alive=1; done
		if [ $alive = 1 ]; then
			for p in "${pids[@]}"; do pkill -9 -P $p 2>/dev/null; kill -9 $p 2>/dev/null; done
			kills=$((kills + 1))
		fi
		wait 2>/dev/null
		if [ $starts -gt 2000 ]; then echo "$name: giving up after $starts starts"; break; fi
	done
	# A run trained more than once from scratch shows two "(resume false)" headers.
	local again=0
	for log in $(find $out -name train.log); do
		n=$(grep -c "(resume false)" "$log")
		[ "$n" -gt 1 ] && again=$((again + 1))
	done
	# A run reported done by two sweep processes would have been trained
	# to the end twice.
	local twice
	twice=$(grep -oE '[^ ]+/s[0-9]+: done' $ROOT/$name.log | sort | uniq -d | wc -l)
	local bad=0
	for r in $(cd $ROOT/ref && find . -name result.json); do
		if [ ! -f "$out/$r" ] || [ "$(strip $ROOT/ref/$r)" != "$(strip $out/$r)" ]; then
			bad=$((bad + 1)); echo "$name: mismatch $r"
		fi
	done
	echo "$name: $kills kill rounds, $starts process starts, $(done_count $out) of 12 results, $again runs started from scratch more than once (killed before their first checkpoint), $twice runs finished twice, $bad mismatches with the reference"
	[ $bad = 0 ] && [ $twice = 0 ]
}

rc=0
loop jobs2 "\"$B\" sweep -c $SWEEP --jobs 2 --stale 30s" || rc=1
loop shards2 "\"$B\" sweep -c $SWEEP --jobs 1 --shard 0/2 --stale 30s" "\"$B\" sweep -c $SWEEP --jobs 1 --shard 1/2 --stale 30s" || rc=1
exit $rc
