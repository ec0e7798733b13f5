package models

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// TestMixtureMarginalsMatchLayer checks mixtureMarginals (GPflow's
// ‖R_rᵀa‖² − ‖a‖², L's gradient through the solve) against the layer's
// own Marginals (aᵀ(R_r R_rᵀ − I)a, L's gradient through SolveLink) for a
// T = 4 output layer: values and the gradients of every layer parameter,
// through L⁻¹ (n ≥ M, in row blocks) and through the solve (n < M), at
// ordinary and long lengthscales (ℓ = 50 on unit inputs: K_ZZ singular
// but for its jitter) and with a contracted q (R = 0.01 I), the regimes
// of gp's TestWhitenedLayerMatchesDirect. The two formulations sum in
// different orders, so they agree to rounding, not bit for bit: values to
// 1e-10 relative and gradients to 1e-9 of their largest entry, gp's
// tolerances for the same comparison (an explicit K_ZZ⁻¹ would miss them
// by orders of magnitude in the long-lengthscale regime).
func TestMixtureMarginalsMatchLayer(t *testing.T) {
	for _, n := range []int{300, 60} {
		for _, ls := range []float64{1, 50} {
			for _, rs := range []float64{1, 0.01} {
				t.Run(fmt.Sprintf("n=%d,ℓ=%g,R=%gI", n, ls, rs), func(t *testing.T) {
					checkMixtureMarginals(t, n, ls, rs)
				})
			}
		}
	}
}

func checkMixtureMarginals(t *testing.T, n int, ls, rs float64) {
	rng := rand.New(rand.NewPCG(11, 4))
	const M, D, P = 100, 8, 4
	l := gp.NewInducing("f_", gp.NewKernel("f_", D, true), adtest.Rand(rng, M, D), P, true)
	l.RowBlock = 128
	ps := ad.NewParamSet(l.Params()...)
	if err := l.Kern.Params()[1].SetValue(ad.Fill(1, D, ls)); err != nil {
		t.Fatal(err)
	}
	for _, f := range l.Factors {
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
		if err := f.SetValue(R); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Mean.SetValue(adtest.Rand(rng, M, P)); err != nil {
		t.Fatal(err)
	}
	X := adtest.Rand(rng, n, D)
	G := adtest.Rand(rng, n, 2*P)
	run := func(mixture bool) ([]float64, []float64) {
		tp := ad.NewTape()
		x := tp.Leaf(X, false)
		pr := l.Prior(tp)
		var mu, nu *ad.Var
		if mixture {
			mu, nu = mixtureMarginals(tp, l, pr, x)
		} else {
			mu, nu = l.Marginals(tp, pr, x)
		}
		both := tp.ConcatCols(mu, nu)
		tp.Backward(tp.Sum(tp.Mul(both, tp.Const(G))))
		return append([]float64(nil), both.Val.RawMatrix().Data...), ps.FlattenGrad(nil)
	}
	va, a := run(true)
	vb, b := run(false)
	vworst := 0.0
	for i := range va {
		d := math.Abs(va[i]-vb[i]) / max(1, math.Abs(vb[i]))
		if d > 1e-10 {
			t.Fatalf("marginal %d is %v, the layer's %v", i, va[i], vb[i])
		}
		vworst = max(vworst, d)
	}
	worst, scale := 0.0, 0.0
	for i := range a {
		worst = max(worst, math.Abs(a[i]-b[i]))
		scale = max(scale, math.Abs(b[i]))
	}
	t.Logf("values agree to %.2g relative, gradients to %.2g of %.3g", vworst, worst/scale, scale)
	if !(worst <= 1e-9*scale) {
		t.Errorf("gradients differ from the layer's by %.3g (scale %.3g)", worst, scale)
	}
}
