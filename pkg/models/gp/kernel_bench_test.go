package gp

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
)

var benchSink float64

// BenchmarkKernel512x100D8 times one K(X, Z) with its backward (gradients
// for both inputs, the lengthscales and the variance) of every kernel on
// the shapes of BenchmarkSparseGPStep: a 512-point batch
// against 100 inducing points in 8 dimensions. Run with -benchmem.
func BenchmarkKernel512x100D8(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	X, Z := adtest.Rand(rng, 512, 8), adtest.Rand(rng, 100, 8)
	for _, name := range KernelNames() {
		b.Run(name, func(b *testing.B) {
			k, err := New(name, "", 8, true)
			if err != nil {
				b.Fatal(err)
			}
			tp := ad.NewTape()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tp.Reset()
				x, z := tp.Leaf(X, true), tp.Leaf(Z, true)
				tp.Backward(tp.Sum(k.K(tp, x, z)))
				benchSink += z.Grad.At(0, 0)
			}
		})
	}
}
