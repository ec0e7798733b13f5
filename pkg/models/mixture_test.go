package models

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
)

// TestMixtureMatchesSample: with the same generator, the components of
// PredictiveMixture are those Sample draws from. Latent models (3 outputs):
// Sample's y and f share the standard normal z, so (y - μ)/√(v + ε_r) must
// equal (f - μ)/√(v - σ_d² + ε_r) entry by entry (SLGP also with a noise
// variance per output). CVAE: (y - μ)/√v must be the normals the generator
// gives after the w draws.
func TestMixtureMatchesSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	const P, dy = 7, 3
	for _, c := range []struct{ enc, perOutput bool }{{true, false}, {false, false}, {true, true}} {
		enc := c.enc
		m, _, _ := smallMulti(t, enc, "hybrid", dy, 4, 2, rng, c.perOutput)
		Xt := adtest.Rand(rng, 4, 2)
		Y, F := m.Sample(Xt, P, rand.New(rand.NewPCG(1, 1)))
		Mu, V := m.(MixturePredictor).PredictiveMixture(Xt, P, rand.New(rand.NewPCG(1, 1)))
		s2 := m.core().noises()
		if c.perOutput && s2[0] == s2[1] {
			t.Fatalf("per-output noise variances %v are not distinct", s2)
		}
		r, cols := Y.Dims()
		for i := 0; i < r; i++ {
			for j := 0; j < cols; j++ {
				mu, v := Mu.At(i, j), V.At(i, j)
				zy := (Y.At(i, j) - mu) / math.Sqrt(v+EpsR)
				zf := (F.At(i, j) - mu) / math.Sqrt(v-s2[j%dy]+EpsR)
				if math.Abs(zy-zf) > 1e-9*max(1, math.Abs(zf)) {
					t.Fatalf("encoder=%v [%d,%d]: z %v from y, %v from f", enc, i, j, zy, zf)
				}
			}
		}
	}
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 3)
	cfg := defaultCVAEConfig()
	cfg.Hidden = []int{5}
	m, err := NewCVAE(cfg, Spec{X: X, Y: Y, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.2)
	Xt := adtest.Rand(rng, 4, 2)
	Ys, _ := m.Sample(Xt, P, rand.New(rand.NewPCG(2, 2)))
	Mu, V := m.PredictiveMixture(Xt, P, rand.New(rand.NewPCG(2, 2)))
	g := rand.New(rand.NewPCG(2, 2))
	fillNormal(nil, P*4, cfg.DW, g) // the w draws
	for p := 0; p < P; p++ {
		for j := 0; j < 4*3; j++ {
			z := (Ys.At(p, j) - Mu.At(p, j)) / math.Sqrt(V.At(p, j))
			if want := g.NormFloat64(); math.Abs(z-want) > 1e-9*max(1, math.Abs(want)) {
				t.Fatalf("CVAE [%d,%d]: z %v, generator's %v", p, j, z, want)
			}
		}
	}
}
