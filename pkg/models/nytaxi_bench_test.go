package models

import (
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// The nytaxi shapes (models.md §9.3): batch 1024, M = 500 inducing points,
// 8 inputs, MLPs [256, 128, 64, 32], S = 10 for SMGP and SLGP, and the
// training set size of the full file (⌊0.9 · 1,420,068⌋) as N.
const taxiB, taxiM, taxiD, taxiN = 1024, 500, 8, 1278061

// taxiData returns a random batch at the nytaxi shapes and a Spec whose
// k-means is a random draw (the step's cost does not depend on Z's values).
func taxiData() (*mat.Dense, *mat.Dense, Spec) {
	rng := rand.New(rand.NewPCG(1, 1))
	X, Y := adtest.Rand(rng, taxiB, taxiD), adtest.Rand(rng, taxiB, 1)
	return X, Y, Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rng, M, c)
	}}
}

// BenchmarkNYTaxiStep times one training step (objective, backward, Adam
// update) of every model at the nytaxi shapes (SMGP and DAGP with T = 4,
// MLPs [256, 128, 64, 32], S = 10). Beside the wall time it reports
// cpu-ns/op (benchStepN), the process CPU time per timed step, which a
// loaded machine inflates far less than the wall time; the sample sweep's
// cost (configs/sweeps/nytaxi-sample.yaml) was budgeted from it.
// scripts/bench/torch_nytaxi.py times the SGP, SHGP, SMGP and SLGP steps
// in PyTorch at the same shapes.
func BenchmarkNYTaxiStep(b *testing.B) {
	X, Y, spec := taxiData()
	build := taxiBuilders(spec)
	for _, name := range []string{"sgp", "shgp", "smgp", "slgp", "svhgp", "dagp", "gpcde", "hnn", "mdn", "cvae"} {
		b.Run(name, func(b *testing.B) {
			m, err := build[name]()
			if err != nil {
				b.Fatal(err)
			}
			benchStepN(b, m, X, Y, taxiN)
		})
	}
}

// taxiBuilders returns the constructor of every model at the nytaxi
// shapes, by registry name.
func taxiBuilders(spec Spec) map[string]func() (Model, error) {
	return map[string]func() (Model, error){
		"sgp": func() (Model, error) {
			c := defaultSGPConfig()
			c.M = taxiM
			return NewSGP(c, spec)
		},
		"shgp": func() (Model, error) {
			c := defaultHeteroConfig()
			c.M, c.MW = taxiM, taxiM
			return NewSHGP(c, spec)
		},
		"smgp": func() (Model, error) {
			c := DefaultSMGPConfig()
			c.M = taxiM
			return NewSMGP(c, spec)
		},
		"slgp": func() (Model, error) {
			c := DefaultSLGPConfig()
			c.M, c.Hidden = taxiM, taxiHidden()
			return NewSLGP(c, spec)
		},
		"svhgp": func() (Model, error) {
			c := defaultHeteroConfig()
			c.M, c.MW = taxiM, taxiM
			return NewSVHGP(c, spec)
		},
		"dagp": func() (Model, error) {
			c := DefaultDAGPConfig()
			c.M = taxiM
			return NewDAGP(c, spec)
		},
		"gpcde": func() (Model, error) {
			c := DefaultGPCDEConfig()
			c.M, c.Hidden = taxiM, taxiHidden()
			return NewGPCDE(c, spec)
		},
		"hnn": func() (Model, error) {
			c := defaultHNNConfig()
			c.Hidden = taxiHidden()
			return NewHNN(c, spec)
		},
		"mdn": func() (Model, error) {
			c := defaultMDNConfig()
			c.Hidden = taxiHidden()
			return NewMDN(c, spec)
		},
		"cvae": func() (Model, error) {
			c := defaultCVAEConfig()
			c.Hidden = taxiHidden()
			return NewCVAE(c, spec)
		},
	}
}

// taxiHidden is the nytaxi MLP.
func taxiHidden() []int { return []int{256, 128, 64, 32} }
