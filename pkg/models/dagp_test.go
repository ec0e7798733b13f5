package models

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// TestDAGPBelowSMGP is [P]'s Jensen argument (models.md §6.2): at the same
// parameters and the same draws, DAGP's objective (mean over the samples
// outside the log) is never above SMGP's (log-mean-exp), and they agree at
// S = 1.
func TestDAGPBelowSMGP(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	X, Y := adtest.Rand(rng, 7, 2), adtest.Rand(rng, 7, 1)
	for _, S := range []int{1, 5} {
		cfg := SMGPConfig{M: 3, T: 3, S: S, Lambda: 0.1, Whiten: true, ARD: true, NoiseInit: 0.5}
		s := smallMixture(t, "smgp", cfg, X, Y, rng)
		d := smallMixture(t, "dagp", cfg, X, Y, rng)
		d.Params().Unflatten(s.Params().Flatten(nil))
		for k := uint64(0); k < 20; k++ {
			tp := ad.NewTape()
			os := s.Objective(tp, Step{X: X, Y: Y, N: 30, Rng: rand.New(rand.NewPCG(k, 1))}).Scalar()
			od := d.Objective(tp, Step{X: X, Y: Y, N: 30, Rng: rand.New(rand.NewPCG(k, 1))}).Scalar()
			if od > os+1e-12 || (S == 1 && od != os) {
				t.Fatalf("S = %d, draw %d: DAGP %.12g, SMGP %.12g", S, k, od, os)
			}
		}
	}
}

// TestDAGPLearnsStep trains DAGP with the toy settings of models.md §9.1
// (M = 50, T = 4, S = 10, λ = 0.01, full batch, Adam 0.005) for 800
// iterations instead of 10000 and scores it with the evaluation protocol
// on a held-out draw of the step toy (standardised y). A model that
// predicts the standardised marginal N(0, 1) scores 1.42, SGP with the same
// budget -0.26 (TestSMGPBeatsSGPOnStep), SMGP -1.00. Measured: DAGP -0.60,
// with two experts in use (noise variances 0.015 and 0.05; the looser
// bound learns the switch more slowly). The test asks for -0.4, below
// what a single stationary GP reaches.
func TestDAGPLearnsStep(t *testing.T) {
	X, Y, std, _ := toyStd(t, "step")
	te, _, err := data.Toy("step", data.ToyTestSeedOffset) // the trainer's held-out draw for seed 0
	if err != nil {
		t.Fatal(err)
	}
	Xt, Yt := std.TransformX(te.X), std.TransformY(te.Y)
	cfg := DefaultDAGPConfig()
	cfg.M = 50
	m, err := NewDAGP(cfg, Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, stepIters, 0, 0)
	ys, _ := m.Sample(Xt, 200, rand.New(rand.NewPCG(3, 3)))
	nll, _ := eval.KDENLL(ys, mat.Col(nil, 0, Yt), nil)
	t.Logf("step toy, %d iterations: DAGP held-out KDE NLL %.3f; diagnostics %v", stepIters, nll, m.Diagnostics(X, Y))
	if nll > -0.4 {
		t.Fatalf("DAGP NLL %.3f on the step toy, want below -0.4", nll)
	}
}
