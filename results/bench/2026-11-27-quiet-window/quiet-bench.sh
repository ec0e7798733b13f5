#!/bin/sh
# Quiet-window benchmarks for issue 47 (lanes stopped with SIGSTOP).
#   quiet-bench.sh OUTDIR
set -u
out=$1
S=/work/sweepbin
before=$S/models-8357908.test after=$S/models-after.test
cd /work/main
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
echo "start $(date -u +%T) $(uptime)" > $out/window.txt
# 1. floor tables
(cd pkg/models && $S/floor-before.test -test.run '^TestFloorTable$' -test.timeout 0 -floor=$out/floor-before-openblas.md -floor.time 2s -floor.note "9e8be24 (main 8357908 + the harness), quiet window, lanes stopped" > $out/floor-before.log 2>&1)
(cd pkg/models && $after -test.run '^TestFloorTable$' -test.timeout 0 -floor=$out/floor-after-openblas.md -floor.time 2s -floor.note "$(git -C /work/main rev-parse --short HEAD), quiet window, lanes stopped" > $out/floor-after.log 2>&1)
echo "floor done $(date -u +%T)" >> $out/window.txt
# 2. steps against PyTorch, interleaved
scripts/bench/interleave.sh nytaxi $before,$after 3 1 > $out/nytaxi-raw.txt 2>&1
echo "nytaxi done $(date -u +%T)" >> $out/window.txt
scripts/bench/interleave.sh mnist $before,$after 3 1 > $out/mnist-raw.txt 2>&1
echo "mnist done $(date -u +%T)" >> $out/window.txt
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S) $(uptime)"
  for b in $before $after; do
    $b -test.run '^$' -test.bench '^Benchmark(SGP|SHGP|SVHGP|GPCDE|HNN|MDN|CVAE)Step$|^BenchmarkSLGPStep/full$|^BenchmarkSMGPStep/T=4$' -test.benchmem -test.benchtime 20x | grep '^Benchmark' | sed "s|^|go:$(basename $b) |"
  done
  /usr/bin/python3 scripts/bench/torch_steps.py --steps 20 --repeat 1 | sed 's/^/torch /'
  /usr/bin/python3 scripts/bench/torch_nn.py --steps 50 --repeat 1 | sed 's/^/torch /'
done > $out/base-raw.txt 2>&1
echo "base done $(date -u +%T)" >> $out/window.txt
# 3. evaluation: the nytaxi predictive benchmark and mgp eval end to end
for r in 1 2; do for b in $S/models-base-pred.test $after; do
  $b -test.run '^$' -test.bench NYTaxiPredict -test.benchtime 2x -test.benchmem | grep '^Benchmark' | sed "s|^|$(basename $b) |"
done; done > $out/predict-raw.txt 2>&1
for r in 1 2; do for b in mgp-base-bin mgp-after; do
  /usr/bin/time -f "$b %U user %S sys %e wall" $S/$b eval --run /tmp/evalruns/slgp --data-dir ../shared/data -q
done; done > $out/eval-raw.txt 2>&1
echo "eval done $(date -u +%T)" >> $out/window.txt
# 4. the cost model
/usr/bin/time -f "measure-all %e s" $S/mgp-after sweep -c configs/sweeps/table3.yaml --data-dir ../shared/data --dry-run --measure-all --save-costs $out/costs.json --out /tmp/empty-t3 --jobs 2 > $out/costs-dryrun.txt 2>&1
echo "end $(date -u +%T) $(uptime)" >> $out/window.txt
