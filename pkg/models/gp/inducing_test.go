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

// TestMarginalsByRowBlocks: Marginals over 1100 rows in blocks of 256 (and
// of 1100 - 1, leaving a one-row block) equals one block to rounding, in
// the means, the variances and the gradients of every parameter and of X,
// whitened with P = 1 and 2 outputs and unwhitened with a prior mean.
func TestMarginalsByRowBlocks(t *testing.T) {
	for _, tc := range []struct {
		whiten bool
		P      int
	}{{true, 1}, {true, 2}, {false, 1}} {
		t.Run(fmt.Sprintf("whiten=%v,P=%d", tc.whiten, tc.P), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.P)))
			const n, M, D = 1100, 30, 3
			l := NewInducing("f_", NewKernel("f_", D, true), adtest.Rand(rng, M, D), tc.P, tc.whiten)
			if !tc.whiten {
				l.Mu0 = ad.NewScalar("f_mu0", ad.Identity, 0.3)
			}
			ps := ad.NewParamSet(l.Params()...)
			x0 := ps.Flatten(nil)
			for k := range x0 {
				x0[k] += 0.2 * rng.NormFloat64() // move q off its prior
			}
			ps.Unflatten(x0)
			X := adtest.Rand(rng, n, D)
			G := adtest.Rand(rng, n, 2*tc.P)
			run := func(block int) (out, gx *mat.Dense, gp []float64) {
				l.RowBlock = block
				tp := ad.NewTape()
				x := tp.Leaf(X, true)
				mu, nu := l.Marginals(tp, l.Prior(tp), x)
				both := tp.ConcatCols(mu, nu)
				tp.Backward(tp.Sum(tp.Mul(both, tp.Const(G))))
				return mat.DenseCopyOf(both.Val), mat.DenseCopyOf(x.Grad), ps.FlattenGrad(nil)
			}
			want, wantX, wantP := run(1 << 30)
			for _, block := range []int{256, n - 1} {
				got, gotX, gotP := run(block)
				if !mat.EqualApprox(got, want, 1e-12) {
					t.Errorf("block %d: marginals differ from one block's", block)
				}
				if !mat.EqualApprox(gotX, wantX, 1e-11) {
					t.Errorf("block %d: gradient of X differs from one block's", block)
				}
				for k := range wantP {
					if math.Abs(gotP[k]-wantP[k]) > 1e-10*max(1, math.Abs(wantP[k])) {
						t.Fatalf("block %d: parameter gradient %d is %v, one block's %v", block, k, gotP[k], wantP[k])
					}
				}
			}
		})
	}
}
