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

// TestPredictiveFormMatchesMarginals: the predictive form's means and
// variances equal Marginals', with and without a prior mean, for one and
// two outputs and the SE and Matérn kernels; an unwhitened layer has no
// form. They are not the same operations: the form sums kᵀQk with
// Q = L⁻ᵀ(R Rᵀ - I)L⁻¹ formed once, Marginals Aᵀ(R Rᵀ - I)A with A = L⁻¹k
// per point, so they agree to rounding amplified by K_ZZ's condition
// number (here about 10⁴; the tolerance is 1e-10 of the kernel variance).
// At M = 500 in 9 dimensions with a condition number of 2·10⁷ and R moved
// by N(0, 0.1²) per entry the variances differ by at most 2.3e-9 (measured
// once, not asserted).
func TestPredictiveFormMatchesMarginals(t *testing.T) {
	for _, tc := range []struct {
		mu0    bool
		P      int
		kernel string
	}{{false, 1, KernelSE}, {false, 2, KernelSE}, {true, 1, KernelSE}, {true, 2, KernelMatern52}, {false, 1, KernelMatern32}} {
		t.Run(fmt.Sprintf("mu0=%v,P=%d,%s", tc.mu0, tc.P, tc.kernel), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(9, uint64(tc.P)))
			const n, M, D = 700, 40, 3
			kern, err := New(tc.kernel, "f_", D, true)
			if err != nil {
				t.Fatal(err)
			}
			l := NewInducing("f_", kern, adtest.Rand(rng, M, D), tc.P, true)
			if tc.mu0 {
				l.Mu0 = ad.NewScalar("f_mu0", ad.Identity, 0.3)
			}
			ps := ad.NewParamSet(l.Params()...)
			x0 := ps.Flatten(nil)
			for k := range x0 {
				x0[k] += 0.2 * rng.NormFloat64()
			}
			ps.Unflatten(x0)
			X := adtest.Rand(rng, n, D)
			tp := ad.NewTape()
			tp.NoGrad = true
			mu, nu := l.Marginals(tp, l.Prior(tp), tp.Const(X))
			wantMu, wantNu := mat.DenseCopyOf(mu.Val), mat.DenseCopyOf(nu.Val)
			tp.Reset()
			f, ok := l.PredictiveForm(l.Prior(tp))
			if !ok {
				t.Fatal("a whitened layer has no predictive form")
			}
			if _, ok := NewInducing("g_", kern, adtest.Rand(rng, M, D), 1, false).PredictiveForm(l.Prior(tp)); ok {
				t.Error("an unwhitened layer has a predictive form")
			}
			gotMu, gotNu := mat.NewDense(n, tc.P, nil), mat.NewDense(n, tc.P, nil)
			f.Marginals(tp, tp.Const(X), gotMu, gotNu)
			s2 := kern.Hyperparams().Variance.Value().At(0, 0)
			for _, c := range []struct {
				what      string
				got, want *mat.Dense
			}{{"means", gotMu, wantMu}, {"variances", gotNu, wantNu}} {
				worst := 0.0
				for i := 0; i < n; i++ {
					for r := 0; r < tc.P; r++ {
						worst = math.Max(worst, math.Abs(c.got.At(i, r)-c.want.At(i, r)))
					}
				}
				if !(worst <= 1e-10*s2) {
					t.Errorf("%s differ from Marginals' by %.3g (kernel variance %.3g)", c.what, worst, s2)
				}
			}
		})
	}
}
