package models

import (
	"math"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/mat"
)

// TestMixtureExpertsStartDistinct builds SMGP and DAGP (whitened and not)
// on the standardised moons toy with the toy settings (M = 50, T = 4) and
// requires, before any training step, that no two experts and no two
// logit GPs start equal: every pair of q-mean columns differs by more than
// 0.05 somewhere. With the q means at 0 (models.md §4.2 as written) all
// experts are one GP and the gradient never separates them. It also asks
// that the experts start on the data: the mean over training points of
// the distance from y_i to the nearest expert mean at x_i is below half
// the mean |y_i - ȳ| (a single GP at its prior mean would score 1).
func TestMixtureExpertsStartDistinct(t *testing.T) {
	X, Y, _, _ := toyStd(t, "moons")
	n, _ := X.Dims()
	for _, name := range []string{"smgp", "dagp"} {
		for _, whiten := range []bool{true, false} {
			for seed := uint64(0); seed < 3; seed++ {
				spec := Spec{X: X, Y: Y, Seed: seed, KMeans: data.KMeans}
				var m *SMGP
				var err error
				if name == "dagp" {
					m, err = NewDAGP(DAGPConfig{M: 50, T: 4, S: 10, Lambda: 0.01, Whiten: whiten, ARD: true, NoiseInit: 1}, spec)
				} else {
					cfg := DefaultSMGPConfig()
					cfg.M, cfg.Whiten = 50, whiten
					m, err = NewSMGP(cfg, spec)
				}
				if err != nil {
					t.Fatal(err)
				}
				for _, layer := range []struct {
					what string
					mean *mat.Dense
				}{{"experts", m.F.Mean.Value()}, {"logit GPs", m.A.Mean.Value()}} {
					if a, b, ok := equalColumns(layer.mean, 0.05); ok {
						t.Errorf("%s whiten=%v seed %d: %s %d and %d start equal", name, whiten, seed, layer.what, a, b)
					}
				}
				mu := m.marginals(X).muF
				near, spread := 0.0, 0.0
				for i := 0; i < n; i++ {
					d := math.Inf(1)
					for k := 0; k < 4; k++ {
						d = min(d, math.Abs(Y.At(i, 0)-mu.At(i, k)))
					}
					near += d / float64(n)
					spread += math.Abs(Y.At(i, 0)) / float64(n) // standardised: ȳ = 0
				}
				if near > spread/2 {
					t.Errorf("%s whiten=%v seed %d: mean distance to the nearest expert %.3f, to ȳ %.3f: experts do not start on the data",
						name, whiten, seed, near, spread)
				}
			}
		}
	}
}

// equalColumns returns the first pair of columns of A whose largest
// absolute difference is at most tol.
func equalColumns(A *mat.Dense, tol float64) (a, b int, found bool) {
	r, c := A.Dims()
	for a = 0; a < c; a++ {
		for b = a + 1; b < c; b++ {
			d := 0.0
			for i := 0; i < r; i++ {
				d = max(d, math.Abs(A.At(i, a)-A.At(i, b)))
			}
			if d <= tol {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}
