package models

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// mixtureCDF is the CDF at q of the 1-D Gaussian mixture in column i of
// (Mu, V).
func mixtureCDF(Mu, V *mat.Dense, i int, q float64) float64 {
	P, _ := Mu.Dims()
	s := 0.0
	for p := 0; p < P; p++ {
		s += 0.5 * math.Erfc(-(q-Mu.At(p, i))/math.Sqrt(2*V.At(p, i)))
	}
	return s / float64(P)
}

// TestPredictiveMixtureMatchesSamples: the predictive mixtures of SMGP
// (trained on the step toy, so that its experts differ) and SLGP (as
// initialised) have the distribution of the models' own samples: at the
// sample quartiles of 4,000 draws per point their CDFs agree with the
// empirical CDF to within 0.04 (the ECDF's sd is at most 0.008).
func TestPredictiveMixtureMatchesSamples(t *testing.T) {
	X, Y, _, _ := toyStd(t, "step")
	cfg := DefaultSMGPConfig()
	cfg.M = 30
	smgp, err := NewSMGP(cfg, Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, smgp, X, Y, 300, 0, 0)
	scfg := DefaultSLGPConfig()
	scfg.M, scfg.Hidden, scfg.S = 20, []int{16, 16}, 4
	slgp, err := NewSLGP(scfg, Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ})
	if err != nil {
		t.Fatal(err)
	}
	Xq := mat.DenseCopyOf(X.Slice(0, 6, 0, 1))
	for _, m := range []interface {
		Model
		MixturePredictor
	}{smgp, slgp} {
		const P = 4000
		ys, _ := m.Sample(Xq, P, rand.New(rand.NewPCG(1, 2)))
		Mu, V := m.PredictiveMixture(Xq, P, rand.New(rand.NewPCG(3, 4)))
		for i := 0; i < 6; i++ {
			col := mat.Col(nil, i, ys)
			sort.Float64s(col)
			for _, f := range []float64{0.25, 0.5, 0.75} {
				q := col[int(f*P)]
				if got := mixtureCDF(Mu, V, i, q); math.Abs(got-f) > 0.04 {
					t.Errorf("%s point %d: mixture CDF at the sample %g-quantile is %.3f", m.Name(), i, f, got)
				}
			}
		}
	}
}

// TestMixtureLogDensityIntegratesToOne: exp(MixtureLogDensity) over a
// fine grid of y integrates to 1 at every point (the log-mean-exp of the
// components is a density), and a far point gets a finite log density.
func TestMixtureLogDensityIntegratesToOne(t *testing.T) {
	X, Y, _, _ := toyStd(t, "step")
	cfg := DefaultSMGPConfig()
	cfg.M = 20
	m, err := NewSMGP(cfg, Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, 200, 0, 0)
	const G = 1201
	lo, hi := -10.0, 10.0
	h := (hi - lo) / (G - 1)
	for i := 0; i < 3; i++ {
		Xg, Yg := mat.NewDense(G, 1, nil), mat.NewDense(G, 1, nil)
		for k := 0; k < G; k++ {
			Xg.Set(k, 0, X.At(i, 0))
			Yg.Set(k, 0, lo+float64(k)*h)
		}
		// The same generator seed for every grid row's block: one mixture.
		ld := make([]float64, G)
		for k := 0; k < G; k++ {
			ld[k] = MixtureLogDensity(m, Xg.Slice(k, k+1, 0, 1).(*mat.Dense), Yg.Slice(k, k+1, 0, 1).(*mat.Dense), 50, rand.New(rand.NewPCG(9, 9)))[0]
		}
		s := 0.0
		for k, v := range ld {
			w := 1.0
			if k == 0 || k == G-1 {
				w = 0.5
			}
			s += w * math.Exp(v) * h
		}
		if math.Abs(s-1) > 1e-3 {
			t.Errorf("point %d: the density integrates to %v", i, s)
		}
		if math.IsInf(ld[0], 0) || math.IsNaN(ld[0]) {
			t.Errorf("point %d: log density %v at y = %v", i, ld[0], lo)
		}
	}
}
