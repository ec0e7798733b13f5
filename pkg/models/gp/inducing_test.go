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

// TestWhitenedLayerMatchesDirect checks the whitened layer (A = L⁻¹K_ZX
// solved with L's gradient stopped, L̄ carried by SolveLink) against
// models.md §1.2's form composed from plain ops (TriSolve with L̄, ‖a‖²,
// ‖Rᵀa‖²): values and every parameter gradient, from short lengthscales to
// the long ones of nearly noiseless data (ℓ = 50 on unit inputs, where K_ZZ
// is singular but for its jitter) and with a contracted q (R = 0.01 I). A
// rearrangement that multiplies out L⁻¹ (an explicit K_ZZ⁻¹) differs by
// 5e-5 relative in ν there; this one, which forms L⁻¹ explicitly
// (TriInverse) but never K_ZZ⁻¹, agrees to about 2e-11 (the solve to about
// 1e-12): the tolerance, 1e-10, catches the former by five orders.
func TestWhitenedLayerMatchesDirect(t *testing.T) {
	for _, ls := range []float64{1, 50} {
		for _, rs := range []float64{1, 0.01} {
			rng := rand.New(rand.NewPCG(11, 3))
			const n, M, D, P = 300, 100, 8, 1
			l := NewInducing("f_", NewKernel("f_", D, true), adtest.Rand(rng, M, D), P, true)
			ps := ad.NewParamSet(l.Params()...)
			if err := l.Kern.Params()[1].SetValue(ad.Fill(1, D, ls)); err != nil {
				t.Fatal(err)
			}
			R := mat.NewDense(M, M, nil)
			for i := 0; i < M; i++ {
				for j := 0; j <= i; j++ {
					v := 0.0
					if i == j {
						v = rs
					}
					R.Set(i, j, v+rs*0.1*rng.NormFloat64())
				}
			}
			if err := l.Factors[0].SetValue(R); err != nil {
				t.Fatal(err)
			}
			if err := l.Mean.SetValue(adtest.Rand(rng, M, 1)); err != nil {
				t.Fatal(err)
			}
			X := adtest.Rand(rng, n, D)
			G := adtest.Rand(rng, n, 2)
			run := func(direct bool) ([]float64, []float64) {
				tp := ad.NewTape()
				x := tp.Leaf(X, false)
				pr := l.Prior(tp)
				var both *ad.Var
				if direct {
					A := tp.TriSolve(pr.L, l.Kern.K(tp, pr.Z, x), false)
					kd := tp.Transpose(l.Kern.Diag(tp, x))
					v := tp.Add(tp.Sub(kd, tp.ColSumSquares(A)), tp.ColSumSquares(tp.TriMatMul(l.Factors[0].On(tp), A, true)))
					both = tp.ConcatCols(tp.MatMul(A, l.Mean.On(tp), true, false), tp.Transpose(v))
				} else {
					mu, nu := l.Marginals(tp, pr, x)
					both = tp.ConcatCols(mu, nu)
				}
				tp.Backward(tp.Sum(tp.Mul(both, tp.Const(G))))
				return append([]float64(nil), both.Val.RawMatrix().Data...), ps.FlattenGrad(nil)
			}
			va, a := run(true)
			vb, b := run(false)
			for i := range va {
				if math.Abs(va[i]-vb[i]) > 1e-10*max(1, math.Abs(va[i])) {
					t.Fatalf("ℓ = %g, R = %g I: marginal %d is %v, direct form %v", ls, rs, i, vb[i], va[i])
				}
			}
			worst, scale := 0.0, 0.0
			for i := range a {
				worst = max(worst, math.Abs(a[i]-b[i]))
				scale = max(scale, math.Abs(a[i]))
			}
			if !(worst <= 1e-9*scale) {
				t.Errorf("ℓ = %g, R = %g I: gradients differ from the direct form by %.3g (scale %.3g)", ls, rs, worst, scale)
			}
		}
	}
}
