// Package flops counts the floating-point operations a computation runs
// through gonum's BLAS and times a DGEMM of a given shape, so that a
// training step's distance to its BLAS floor can be printed: the flops of
// the products and factorisations it actually executes (from their shapes,
// not estimated by hand), the rate it achieves, and the time those flops
// would take at the DGEMM rate of the same process.
//
// Count installs a counting wrapper around blas64's current implementation
// for the duration of one call and restores the previous one after it.
// blas64's implementation is process-wide state: Count is not safe while
// anything else in the process uses BLAS (concurrent tests, goroutines of
// the measured computation included), and nothing outside a measurement
// should call it. LAPACK is counted through the BLAS calls it makes:
// gonum's LAPACK (lapack64's default, the only one mgp uses) runs every
// flop of its blocked and unblocked routines (Dpotrf, Dtrtri, ...) through
// blas64, so a Cholesky counts its Dsyrk, Dgemm, Dtrsm and Dpotf2's
// Ddot/Dgemv/Dscal, n³/3 + O(n²) in all. Work in plain Go loops (fused
// kernels, elementwise passes) is not counted: that is what lies above the
// floor.
package flops

import (
	"slices"
	"time"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Shape is the GEMM-equivalent shape of a level-3 call: an M x N result
// with an inner dimension K (a DGEMM of this shape runs 2·M·N·K flops).
type Shape struct{ M, N, K int }

// Counts are the flops counted by Count: the total, the part per BLAS
// routine, the number of calls per routine, the flops per level-3 shape,
// and the wall time spent inside the counted routines.
type Counts struct {
	Total     int64
	ByRoutine map[string]int64
	Calls     map[string]int64
	ByShape   map[Shape]int64
	// InBLAS is the wall time spent inside the counted routines (two
	// clock reads per call, about 50 ns, are included); what the
	// computation spent outside them is the rest of its time.
	InBLAS time.Duration
	// TimeByShape is the part of InBLAS spent in level-3 calls, per
	// shape (ByShape's keys).
	TimeByShape map[Shape]time.Duration
	cur         Shape // the shape of the level-3 call under way, if any
}

// GFLOP is the total in units of 10⁹ flops.
func (c Counts) GFLOP() float64 { return float64(c.Total) / 1e9 }

// Level3 is the part of the total in level-3 routines (Dgemm, Dsymm,
// Dsyrk, Dsyr2k, Dtrmm, Dtrsm).
func (c Counts) Level3() int64 {
	var s int64
	for _, r := range []string{"Dgemm", "Dsymm", "Dsyrk", "Dsyr2k", "Dtrmm", "Dtrsm"} {
		s += c.ByRoutine[r]
	}
	return s
}

// Dominant returns the level-3 shape that carries the most flops (ties
// broken by the larger M, N, K) and false when no level-3 call was made.
func (c Counts) Dominant() (Shape, bool) {
	shapes := make([]Shape, 0, len(c.ByShape))
	for s := range c.ByShape {
		shapes = append(shapes, s)
	}
	if len(shapes) == 0 {
		return Shape{}, false
	}
	slices.SortFunc(shapes, func(a, b Shape) int {
		fa, fb := c.ByShape[a], c.ByShape[b]
		switch {
		case fa != fb:
			return cmpInt(fb, fa)
		case a.M != b.M:
			return cmpInt(int64(b.M), int64(a.M))
		case a.N != b.N:
			return cmpInt(int64(b.N), int64(a.N))
		}
		return cmpInt(int64(b.K), int64(a.K))
	})
	return shapes[0], true
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Count runs f with blas64's implementation wrapped by a counter and
// returns what f ran through BLAS. The previous implementation is restored
// when f returns (or panics). Not safe for concurrent use, nor while
// another goroutine calls BLAS: see the package comment.
func Count(f func()) Counts {
	c := Counts{ByRoutine: map[string]int64{}, Calls: map[string]int64{}, ByShape: map[Shape]int64{}, TimeByShape: map[Shape]time.Duration{}}
	prev := blas64.Implementation()
	blas64.Use(counter{Float64: prev, c: &c})
	defer blas64.Use(prev)
	f()
	return c
}

// counter embeds the implementation it wraps; its methods below add the
// flops of each call to c and pass the call on. Routines without a method
// here (copies, swaps, rotation setup, the banded forms) pass through
// uncounted.
type counter struct {
	blas.Float64
	c *Counts
}

// clock adds the time since t0 to InBLAS; the counter's methods defer it
// with their entry time.
func (c *Counts) clock(t0 time.Time) {
	d := time.Since(t0)
	c.InBLAS += d
	if c.cur != (Shape{}) {
		c.TimeByShape[c.cur] += d
	}
}

func (w counter) add(routine string, flops int64) {
	w.c.cur = Shape{}
	w.c.Total += flops
	w.c.ByRoutine[routine] += flops
	w.c.Calls[routine]++
}

func (w counter) add3(routine string, flops int64, s Shape) {
	w.add(routine, flops)
	w.c.ByShape[s] += flops
	w.c.cur = s
}
