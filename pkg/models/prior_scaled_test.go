package models

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestScaledPriorGradientFD: with the scaled prior N(0, diag(s²)) on a
// two-dimensional w, SLGP's and GPCDE's objectives have gradients that
// match finite differences in every parameter, s² included, for the VI and
// the hybrid bound; no prior network is built, and the diagnostics report
// the learnt variance as the prior's aggregate variance.
func TestScaledPriorGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 84))
	for _, encoder := range []bool{true, false} {
		for _, bound := range []string{"vi", "hybrid"} {
			if !encoder && bound == "hybrid" {
				continue // GPCDE's bound is VI
			}
			X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
			cfg := DefaultSLGPConfig()
			cfg.M, cfg.S, cfg.DW, cfg.Hidden, cfg.Bound, cfg.Beta = 4, 3, 2, []int{4}, bound, 0.5
			cfg.Prior, cfg.NoiseInit = "scaled", 0.01
			if encoder {
				cfg.DH = 4
			}
			m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
				return adtest.Rand(rng, M, 2)
			}}, encoder)
			if err != nil {
				t.Fatal(err)
			}
			w := m.core().W
			if w.Prior != nil || w.PriorVar == nil {
				t.Fatal("prior scaled: want no prior network and a variance parameter")
			}
			if err := w.PriorVar.SetValue(mat.NewDense(1, 2, []float64{0.3, 2.5})); err != nil {
				t.Fatal(err)
			}
			randomize(m.Params(), rng, 0.2)
			objectiveCheck(t, m, X, Y, 20, 7)
			if err := w.PriorVar.SetValue(mat.NewDense(1, 2, []float64{0.25, 0.25})); err != nil {
				t.Fatal(err)
			}
			if v := m.Diagnostics(X, Y)["p_w_agg_var"]; math.Abs(v-0.25) > 1e-12 {
				t.Errorf("p_w_agg_var %g with s² = 0.25", v)
			}
		}
	}
}
