#!/usr/bin/env bash
# make bench-compare: times `mgp compare` with its default models (sgp,
# shgp, smgp, slgp) and 5 splits on the small CSVs of results/compare and
# writes, per data set, the wall and CPU time, each candidate's mean test
# NLL ± sd (own predictive density and KDE), its 50/90 % coverage and the
# choice, to results/bench/<date>-<commit>-compare.md.
#
# configs/csv/hetero-example.csv is committed; the four public sets are not
# (results/compare/<name>/README.md gives each one's source): put mcycle.csv,
# faithful.csv (commas), gagurine.csv and cpus.csv in OWNDATA (default
# ../owndata beside the repository) and they are timed too; missing ones
# are listed as skipped. JOBS (default 2) runs that many at a time; each
# run uses one BLAS thread. Runs go to a scratch directory, never into
# results/; an existing scratch run is resumed, so time only fresh ones.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-bin/mgp}
OWNDATA=${OWNDATA:-../owndata}
JOBS=${JOBS:-2}
SCRATCH=${SCRATCH:-$(mktemp -d)}
commit=$(git describe --always --dirty 2>/dev/null || echo unknown)
out=${OUT:-results/bench/$(date -u +%Y-%m-%d)-$commit-compare.md}
export OPENBLAS_NUM_THREADS=1
sets=(
  "hetero-example|configs/csv/hetero-example.csv|y|"
  "mcycle|$OWNDATA/mcycle.csv|accel|times"
  "faithful|$OWNDATA/faithful.csv|eruptions|waiting"
  "gagurine|$OWNDATA/gagurine.csv|GAG|Age"
  "cpus|$OWNDATA/cpus.csv|perf|syct,mmin,mmax,cach,chmin,chmax"
)
{
  echo "# mgp compare timings ($commit, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, --jobs $JOBS)"
  echo
  echo "Command per set: \`$BIN compare --data FILE --target Y [--inputs X] --splits 5 --jobs $JOBS --out SCRATCH/NAME\`"
  echo "(default models; \`make bench-compare\`, scripts/bench/compare.sh). Wall and CPU (user + system) time of the whole command."
  echo
} > "$out.tmp"
for s in "${sets[@]}"; do
  IFS='|' read -r name file target inputs <<< "$s"
  if [ ! -f "$file" ]; then
    echo "- $name: skipped, $file not found" >> "$out.tmp"
    continue
  fi
  args=(compare --data "$file" --target "$target" --splits 5 --jobs "$JOBS" --out "$SCRATCH/$name")
  [ -n "$inputs" ] && args+=(--inputs "$inputs")
  /usr/bin/time -f "%e %U %S" -o "$SCRATCH/$name.time" "$BIN" "${args[@]}" > "$SCRATCH/$name.log" 2>&1 || {
    echo "- $name: mgp compare failed, see $SCRATCH/$name.log" >> "$out.tmp"; continue; }
  read -r wall user sys < "$SCRATCH/$name.time"
  python3 - "$name" "$SCRATCH/$name/report.json" "$wall" "$user" "$sys" >> "$out.tmp" <<'PY'
import json, sys
name, rep, wall, user, sys_ = sys.argv[1], json.load(open(sys.argv[2])), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
print(f"## {name}: {rep['rows']} rows, chose {rep['decision']['chosen']}; wall {wall/60:.1f} min, CPU {(user+sys_)/60:.1f} min\n")
print(f"Ranked by: {rep.get('score', 'kde')}.\n")
print("| model | test NLL (own density) | test NLL (KDE) | 50 % cov. | 90 % cov. | train s per run |")
print("|---|---|---|---|---|---|")
for m in rep["models"]:
    d = m.get("density_nll")
    ds = f"{d['mean']:.3f} ± {d['sd']:.3f}" if d else "–"
    secs = sum(s["train_seconds"] for s in m["splits"]) / len(m["splits"])
    print(f"| {m['model']} | {ds} | {m['nll']['mean']:.3f} ± {m['nll']['sd']:.3f} | {m['coverage_50']['mean']:.2f} | {m['coverage_90']['mean']:.2f} | {secs:.0f} |")
print()
PY
done
mv "$out.tmp" "$out"
echo "wrote $out (runs in $SCRATCH)"
