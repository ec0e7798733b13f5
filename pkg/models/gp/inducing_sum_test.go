package gp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// sumTestLayer is a layer with P outputs and q moved off its prior, for the
// summed and predictive marginals' tests; unwhitened it has a prior mean.
func sumTestLayer(rng *rand.Rand, M, D, P int, whiten bool) (*Inducing, *ad.ParamSet) {
	l := NewInducing("f_", NewKernel("f_", D, true), adtest.Rand(rng, M, D), P, whiten)
	if !whiten {
		l.Mu0 = ad.NewScalar("f_mu0", ad.Identity, 0.3)
	}
	ps := ad.NewParamSet(l.Params()...)
	x0 := ps.Flatten(nil)
	for k := range x0 {
		x0[k] += 0.3 * rng.NormFloat64()
	}
	ps.Unflatten(x0)
	return l, ps
}

// TestMarginalsSumMatchesRowSums: MarginalsSum's means equal Marginals'
// and its sums equal the row sums of Marginals' variances, for P = 1 and 5,
// whitened and not (with a prior mean), in one block and in blocks of 64
// and 299 rows of 300; so do the gradients of a loss Σ G∘μ + Σ g∘Σ_r ν_r
// with respect to every parameter and to X. Tolerance 1e-12 relative (1e-10
// for gradients, as TestMarginalsByRowBlocks): the two compute the same
// sums of M-term products in another order (aᵀ(Σ R Rᵀ)a against Σ aᵀR Rᵀa),
// so they differ by a few M·ε times the terms' size, about 1e-14 here.
func TestMarginalsSumMatchesRowSums(t *testing.T) {
	for _, tc := range []struct {
		whiten bool
		P      int
	}{{true, 1}, {true, 5}, {false, 1}, {false, 5}} {
		t.Run(fmt.Sprintf("whiten=%v,P=%d", tc.whiten, tc.P), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(17, uint64(tc.P)))
			const n, M, D = 300, 12, 3
			l, ps := sumTestLayer(rng, M, D, tc.P, tc.whiten)
			X := adtest.Rand(rng, n, D)
			G, g := adtest.Rand(rng, n, tc.P), adtest.Rand(rng, n, 1)
			perOutput := func() (mu, vs, gx *mat.Dense, gp []float64) {
				l.RowBlock = 0
				tp := ad.NewTape()
				x := tp.Leaf(X, true)
				m, nu := l.Marginals(tp, l.Prior(tp), x)
				s := tp.RowSum(nu)
				tp.Backward(tp.Add(tp.Sum(tp.Mul(m, tp.Const(G))), tp.Sum(tp.Mul(s, tp.Const(g)))))
				return mat.DenseCopyOf(m.Val), mat.DenseCopyOf(s.Val), mat.DenseCopyOf(x.Grad), ps.FlattenGrad(nil)
			}
			wantMu, wantS, wantX, wantP := perOutput()
			for _, block := range []int{0, 64, n - 1} {
				l.RowBlock = block
				tp := ad.NewTape()
				x := tp.Leaf(X, true)
				m, s := l.MarginalsSum(tp, l.Prior(tp), x)
				tp.Backward(tp.Add(tp.Sum(tp.Mul(m, tp.Const(G))), tp.Sum(tp.Mul(s, tp.Const(g)))))
				if r, c := s.Val.Dims(); r != n || c != 1 {
					t.Fatalf("block %d: sums are %dx%d, want %dx1", block, r, c, n)
				}
				closeRel(t, fmt.Sprintf("block %d means", block), m.Val, wantMu, 1e-12)
				closeRel(t, fmt.Sprintf("block %d sums", block), s.Val, wantS, 1e-12)
				closeRel(t, fmt.Sprintf("block %d dX", block), x.Grad, wantX, 1e-10)
				gotP := ps.FlattenGrad(nil)
				for k := range wantP {
					if math.Abs(gotP[k]-wantP[k]) > 1e-10*max(1, math.Abs(wantP[k])) {
						t.Fatalf("block %d: parameter gradient %d is %v, per-output %v", block, k, gotP[k], wantP[k])
					}
				}
			}
		})
	}
}

// TestPredictMarginalsMatches: PredictMarginals gives Marginals' means and
// variances (to 1e-12 relative, the same rounding argument as above) for
// P = 1 and 5, whitened and not.
func TestPredictMarginalsMatches(t *testing.T) {
	for _, whiten := range []bool{true, false} {
		for _, P := range []int{1, 5} {
			rng := rand.New(rand.NewPCG(19, uint64(P)))
			l, _ := sumTestLayer(rng, 10, 2, P, whiten)
			X := adtest.Rand(rng, 70, 2)
			tp := ad.NewTape()
			tp.NoGrad = true
			pr := l.Prior(tp)
			mu, nu := l.Marginals(tp, pr, tp.Const(X))
			mu2, nu2 := l.PredictMarginals(tp, pr, tp.Const(X))
			name := fmt.Sprintf("whiten=%v,P=%d", whiten, P)
			closeRel(t, name+" means", mu2.Val, mu.Val, 1e-12)
			closeRel(t, name+" variances", nu2, nu.Val, 1e-12)
		}
	}
}

// closeRel fails unless got and want have the same shape and agree entry by
// entry to tol relative (absolute below 1).
func closeRel(t *testing.T, name string, got, want mat.Matrix, tol float64) {
	t.Helper()
	r, c := want.Dims()
	if r2, c2 := got.Dims(); r2 != r || c2 != c {
		t.Fatalf("%s: %dx%d, want %dx%d", name, r2, c2, r, c)
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			a, b := got.At(i, j), want.At(i, j)
			if math.Abs(a-b) > tol*max(1, math.Abs(b)) {
				t.Fatalf("%s[%d,%d] = %v, want %v", name, i, j, a, b)
			}
		}
	}
}
