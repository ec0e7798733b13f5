package gp

import (
	"math/rand/v2"
	"syscall"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkPredictMarginals times the marginals of q(f) at 1,024 new points
// at the nytaxi SLGP's shapes (M = 500 inducing points in 9 dimensions, one
// output, whitened) as prediction computes them: "marginals" by Marginals
// on a tape in NoGrad mode at a prior computed once (what sampling used
// before the predictive form), "form" by a PredictiveForm made once. It
// reports cpu-ns/op, the process CPU time per op, beside the wall time.
func BenchmarkPredictMarginals(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n, M, D = 1024, 500, 9
	l := NewInducing("", NewKernel("", D, true), adtest.Rand(rng, M, D), 1, true)
	ps := ad.NewParamSet(l.Params()...)
	x0 := ps.Flatten(nil)
	for k := range x0 {
		x0[k] += 0.05 * rng.NormFloat64()
	}
	ps.Unflatten(x0)
	X := adtest.Rand(rng, n, D)
	tp := ad.NewTape()
	tp.NoGrad = true
	pr := l.Prior(tp)
	L, Z := mat.DenseCopyOf(pr.L.Val), mat.DenseCopyOf(pr.Z.Val)
	f, _ := l.PredictiveForm(pr)
	mu, nu := mat.NewDense(n, 1, nil), mat.NewDense(n, 1, nil)
	run := map[string]func(){
		"marginals": func() {
			tp.Reset()
			m, v := l.Marginals(tp, Prior{L: tp.Const(L), Z: tp.Const(Z)}, tp.Const(X))
			mu.Copy(m.Val)
			nu.Copy(v.Val)
		},
		"form": func() {
			tp.Reset()
			f.Marginals(tp, tp.Const(X), mu, nu)
		},
	}
	for _, name := range []string{"marginals", "form"} {
		b.Run(name, func(b *testing.B) {
			run[name]()
			b.ReportAllocs()
			cpu0 := processCPU()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run[name]()
			}
			b.StopTimer()
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU returns the process's user + system CPU time in nanoseconds.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
