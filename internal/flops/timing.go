package flops

import (
	"math/rand/v2"
	"slices"
	"time"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Timing is the median wall time and the median process CPU time of one
// call of a timed function over Reps calls. CPU is negative where the
// process CPU time cannot be read.
type Timing struct {
	Wall, CPU time.Duration
	Reps      int
}

// Best is the CPU time when it was read, the wall time otherwise: on a
// loaded machine the CPU time is inflated far less than the wall time.
func (t Timing) Best() time.Duration {
	if t.CPU > 0 {
		return t.CPU
	}
	return t.Wall
}

// Time calls f once untimed (warm-up), then at least minReps times and
// until minDur has passed, and returns the medians per call.
func Time(f func(), minReps int, minDur time.Duration) Timing {
	f()
	var walls, cpus []time.Duration
	start := time.Now()
	for len(walls) < minReps || time.Since(start) < minDur {
		c0, w0 := processCPU(), time.Now()
		f()
		w, c1 := time.Since(w0), processCPU()
		walls = append(walls, w)
		if c0 >= 0 && c1 >= 0 {
			cpus = append(cpus, time.Duration(c1-c0))
		}
	}
	t := Timing{Wall: median(walls), CPU: -1, Reps: len(walls)}
	if len(cpus) == len(walls) {
		t.CPU = median(cpus)
	}
	return t
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// GemmRate times C = A·B (no transposes, beta 0) at shape s on blas64's
// current implementation, with operands of uniform random entries, and
// returns its timing and its rate in GFLOP/s (from Timing.Best).
func GemmRate(s Shape, minReps int, minDur time.Duration) (Timing, float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	fill := func(r, c int) blas64.General {
		g := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
		for i := range g.Data {
			g.Data[i] = rng.Float64()
		}
		return g
	}
	a, b, c := fill(s.M, s.K), fill(s.K, s.N), fill(s.M, s.N)
	t := Time(func() { blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c) }, minReps, minDur)
	return t, Rate(2*int64(s.M)*int64(s.N)*int64(s.K), t.Best())
}

// Rate is flops per d in GFLOP/s (0 for a non-positive d).
func Rate(flops int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(flops) / float64(d.Nanoseconds())
}
