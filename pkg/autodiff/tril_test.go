package autodiff_test

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
)

// TestTrilValues checks Tril's values entry by entry against its
// definition: a_ij below the diagonal, 0 above, and on the diagonal a_ii or
// softplus(a_ii) + floor; on a tape whose buffers were used before, so a
// stale value above the diagonal would show.
func TestTrilValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	tp := ad.NewTape()
	for _, n := range []int{1, 2, 7, 33} {
		for _, pos := range []bool{false, true} {
			for round := 0; round < 2; round++ {
				tp.Reset()
				tp.Exp(tp.Const(adtest.Rand(rng, n, n))) // dirties a buffer of the same size
				tp.Reset()
				A := adtest.Rand(rng, n, n)
				got := tp.Tril(tp.Const(A), pos, 0.25).Val
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						want := A.At(i, j)
						switch {
						case j > i:
							want = 0
						case j == i && pos:
							want = ad.Softplus(A.At(i, i)) + 0.25
						}
						if g := got.At(i, j); g != want {
							t.Fatalf("n=%d softplus=%v: [%d,%d] = %v, want %v", n, pos, i, j, g, want)
						}
					}
				}
			}
		}
	}
}

// BenchmarkTril times the lower-triangle op forward and backward on the
// per-pixel factors of an mnist SLGP step: 784 parameters of 100 x 100.
func BenchmarkTril(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 2))
	const P, M = 784, 100
	ps := make([]*ad.Param, P)
	for p := range ps {
		ps[p] = ad.NewParam("R", ad.LowerTri, adtest.Rand(rng, M, M))
	}
	tp := ad.NewTape()
	run := func() {
		tp.Reset()
		var s *ad.Var
		for _, p := range ps {
			v := tp.SumSquares(p.On(tp))
			if s == nil {
				s = v
			} else {
				s = tp.Add(s, v)
			}
		}
		tp.Backward(s)
	}
	run()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run()
	}
}
