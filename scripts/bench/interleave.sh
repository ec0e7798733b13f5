#!/bin/sh
# Go and PyTorch step benchmarks alternated in one window (issues 29, 30):
# ROUNDS rounds, each running, for every thread count in THREADS, the Go
# benchmark and the PyTorch script once (Go first in odd rounds, PyTorch
# first in even ones), with `uptime` before each round. Raw output only;
# scripts/bench/medians.py takes the medians.
#
#   scripts/bench/interleave.sh nytaxi|mnist GO_TEST_BINARIES [ROUNDS] [THREADS] > raw.txt
#
# GO_TEST_BINARIES is one `go test -c -tags openblas -o X ./pkg/models`
# binary or a comma-separated list (e.g. before,after: all of them run at
# one thread, alternating, and only the last at more). PYTHON
# (default /usr/bin/python3, where Debian's python3-torch lives) runs the
# scripts. The thread count goes to OpenBLAS (OPENBLAS_NUM_THREADS, read by
# both) and to torch.set_num_threads.
set -eu
suite=$1 bins=$(echo "$2" | tr , ' ') rounds=${3:-5} threads=${4:-"1 2"}
py=${PYTHON:-/usr/bin/python3}
for last in $bins; do :; done
here=$(cd "$(dirname "$0")" && pwd)
case $suite in
nytaxi)
	gobench='NYTaxiStep/(sgp|shgp|smgp|dagp|slgp)$' gotime=4x
	torch="$here/torch_nytaxi.py --steps 4 --repeat 1" ;;
mnist)
	gobench='MNISTStep' gotime=4x
	torch="$here/torch_mnist.py --steps 4 --repeat 1" ;;
*) echo "usage: $0 nytaxi|mnist GO_TEST_BINARY [ROUNDS] [THREADS]" >&2; exit 2 ;;
esac
rungo() {
	for bin in $bins; do
		if [ "$1" -gt 1 ]; then bin=$last; fi
		OPENBLAS_NUM_THREADS=$1 OMP_NUM_THREADS=$1 "$bin" -test.run '^$' -test.bench "$gobench" \
			-test.benchmem -test.benchtime "$gotime" | grep '^Benchmark' | sed "s|^|go:$(basename "$bin") threads=$1 |"
		if [ "$1" -gt 1 ]; then break; fi
	done
}
runtorch() {
	OPENBLAS_NUM_THREADS=$1 OMP_NUM_THREADS=$1 $py $torch --threads "$1" | sed "s/^/torch threads=$1 /"
}
r=1
while [ "$r" -le "$rounds" ]; do
	echo "== round $r $(date -u +%H:%M:%S) $(uptime)"
	for t in $threads; do
		if [ $((r % 2)) -eq 1 ]; then rungo "$t"; runtorch "$t"; else runtorch "$t"; rungo "$t"; fi
	done
	r=$((r + 1))
done
echo "== end $(date -u +%H:%M:%S) $(uptime)"
