package autodiff_test

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
)

// BenchmarkGramM500 times R Rᵀ of one 500 x 500 lower-triangular factor,
// forward and backward, as the whitened layer forms it at the nytaxi
// shapes (M = 500): GramSum of one factor, and the MatMul it replaced.
func BenchmarkGramM500(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	R := adtest.Rand(rng, 500, 500)
	for i := 0; i < 500; i++ {
		for j := i + 1; j < 500; j++ {
			R.Set(i, j, 0)
		}
	}
	for _, c := range []struct {
		name string
		f    func(t *ad.Tape, r *ad.Var) *ad.Var
	}{
		{"gramsum", func(t *ad.Tape, r *ad.Var) *ad.Var { return t.GramSum(true, r) }},
		{"matmul", func(t *ad.Tape, r *ad.Var) *ad.Var { return t.MatMul(r, r, false, true) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			tp := ad.NewTape()
			run := func() {
				tp.Reset()
				tp.Backward(tp.Sum(c.f(tp, tp.Leaf(R, true))))
			}
			run()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run()
			}
		})
	}
}
