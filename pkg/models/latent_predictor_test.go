package models

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestPredictorFormMatchesMarginals: SLGP's and GPCDE's GP means and
// variances at the sampled h (one output, whitened) are the same through
// the layer's predictive form as through Marginals, which prediction used
// before, to 1e-10 of the kernel variance. The two sum in different orders
// (kᵀQk with Q = L⁻ᵀ(R Rᵀ - I)L⁻¹ formed once, against Aᵀ(R Rᵀ - I)A with
// A = L⁻¹k per row; gp.TestPredictiveFormMatchesMarginals), so they agree
// to rounding, not bit for bit. The draws are the same bits either way:
// both predictors leave the generator in the same state.
func TestPredictorFormMatchesMarginals(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	X, Y := adtest.Rand(rng, 40, 2), adtest.Rand(rng, 40, 1)
	Xt := adtest.Rand(rng, 30, 2)
	for _, enc := range []bool{true, false} {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.Hidden = 12, []int{6, 6}
		m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
		}}, enc)
		if err != nil {
			t.Fatal(err)
		}
		randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.3)
		c := m.core()
		pf := c.newPredictor()
		if pf.form == nil {
			t.Fatal("a whitened single-output layer predicts without its form")
		}
		r1, r2 := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
		muA, nuA := pf.chunk(Xt, 50, r1, false)
		pm := c.newPredictor()
		pm.form = nil
		c.tape.Reset()
		pr := c.prior(c.tape)
		pm.L, pm.Z = mat.DenseCopyOf(pr.L.Val), mat.DenseCopyOf(pr.Z.Val)
		muB, nuB := pm.chunk(Xt, 50, r2, false)
		if r1.Uint64() != r2.Uint64() {
			t.Fatalf("encoder=%v: the two predictors drew differently", enc)
		}
		s2 := c.Layer.Kern.Hyperparams().Variance.Value().At(0, 0)
		for _, p := range []struct {
			what      string
			got, want *mat.Dense
		}{{"means", muA, muB}, {"variances", nuA, nuB}} {
			worst := 0.0
			for i, v := range p.got.RawMatrix().Data {
				worst = math.Max(worst, math.Abs(v-p.want.RawMatrix().Data[i]))
			}
			if !(worst <= 1e-10*s2) {
				t.Errorf("encoder=%v: %s through the form differ from Marginals' by %.3g (kernel variance %.3g)", enc, p.what, worst, s2)
			}
		}
	}
}
