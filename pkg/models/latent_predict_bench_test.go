package models

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
)

// taxiPredictPoints is the number of test points one benchmark op samples:
// with 200 samples each, ten draw chunks of predictChunk rows, so that what
// a Sample call computes once is spread as over an evaluation block's
// 20,000 points. The nytaxi test set of the full file (142,007 points) is
// 142 such ops.
const taxiPredictPoints = 1000

// BenchmarkNYTaxiPredict times SLGP's and GPCDE's predictive (Sample) at
// the nytaxi shapes (M = 500, 8 inputs, d_w = 1, MLPs [256, 128, 64, 32])
// for 1,000 test points x 200 samples, each sample drawing its own w (and
// h), with parameters moved off their initial values. Beside the wall time
// it reports cpu-ns/op, the process CPU time per op; the full test set's
// CPU time is 142 times it.
func BenchmarkNYTaxiPredict(b *testing.B) {
	_, _, spec := taxiData()
	rng := rand.New(rand.NewPCG(3, 3))
	Xt := adtest.Rand(rng, taxiPredictPoints, taxiD)
	for _, name := range []string{"slgp", "gpcde"} {
		b.Run(name, func(b *testing.B) {
			var m Model
			var err error
			if name == "slgp" {
				c := DefaultSLGPConfig()
				c.M, c.Hidden = taxiM, taxiHidden()
				m, err = NewSLGP(c, spec)
			} else {
				c := DefaultGPCDEConfig()
				c.M, c.Hidden = taxiM, taxiHidden()
				m, err = NewGPCDE(c, spec)
			}
			if err != nil {
				b.Fatal(err)
			}
			randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.05)
			b.Logf("BLAS backend: %s", ad.Backend())
			m.Sample(Xt, 200, rand.New(rand.NewPCG(7, 7)))
			b.ReportAllocs()
			cpu0 := processCPU()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.Sample(Xt, 200, rand.New(rand.NewPCG(7, uint64(i))))
			}
			b.StopTimer()
			if cpu1 := processCPU(); cpu0 >= 0 && cpu1 >= 0 {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
