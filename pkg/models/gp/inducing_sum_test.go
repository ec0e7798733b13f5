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
func TestMarginalsSumMatchesRowSums(t *testing.T) { checkSummedMarginals(t, false) }

// TestMarginalsWeightedSum: as TestMarginalsSumMatchesRowSums for
// MarginalsWeightedSum against the weighted row sums Σ_r w_r ν_r of
// Marginals' variances, with weights in [0.2, 5] that get a gradient too.
func TestMarginalsWeightedSum(t *testing.T) { checkSummedMarginals(t, true) }

func checkSummedMarginals(t *testing.T, weighted bool) {
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
			Wt := adtest.RandPos(rng, 1, tc.P, 0.2, 5)
			// loss returns the means and sums and the gradients of the loss:
			// X's, the weights' (nil unweighted) and the parameters'.
			loss := func(tp *ad.Tape, x, w *ad.Var, sum func(*ad.Var) (*ad.Var, *ad.Var)) (mu, vs, gx, gw *mat.Dense, gp []float64) {
				m, s := sum(x)
				tp.Backward(tp.Add(tp.Sum(tp.Mul(m, tp.Const(G))), tp.Sum(tp.Mul(s, tp.Const(g)))))
				if w != nil {
					gw = mat.DenseCopyOf(w.Grad)
				}
				return mat.DenseCopyOf(m.Val), mat.DenseCopyOf(s.Val), mat.DenseCopyOf(x.Grad), gw, ps.FlattenGrad(nil)
			}
			leaves := func(tp *ad.Tape) (x, w *ad.Var) {
				x = tp.Leaf(X, true)
				if weighted {
					w = tp.Leaf(Wt, true)
				}
				return x, w
			}
			l.RowBlock = 0
			tp := ad.NewTape()
			x, w := leaves(tp)
			wantMu, wantS, wantX, wantW, wantP := loss(tp, x, w, func(x *ad.Var) (*ad.Var, *ad.Var) {
				m, nu := l.Marginals(tp, l.Prior(tp), x)
				if w != nil {
					nu = tp.Mul(nu, w)
				}
				return m, tp.RowSum(nu)
			})
			for _, block := range []int{0, 64, n - 1} {
				l.RowBlock = block
				tp := ad.NewTape()
				x, w := leaves(tp)
				m, s, gx, gw, gotP := loss(tp, x, w, func(x *ad.Var) (*ad.Var, *ad.Var) {
					if w != nil {
						return l.MarginalsWeightedSum(tp, l.Prior(tp), x, w)
					}
					return l.MarginalsSum(tp, l.Prior(tp), x)
				})
				if r, c := s.Dims(); r != n || c != 1 {
					t.Fatalf("block %d: sums are %dx%d, want %dx1", block, r, c, n)
				}
				closeRel(t, fmt.Sprintf("block %d means", block), m, wantMu, 1e-12)
				closeRel(t, fmt.Sprintf("block %d sums", block), s, wantS, 1e-12)
				closeRel(t, fmt.Sprintf("block %d dX", block), gx, wantX, 1e-10)
				if weighted {
					closeRel(t, fmt.Sprintf("block %d dw", block), gw, wantW, 1e-10)
				}
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
