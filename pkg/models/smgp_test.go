package models

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// seededZ is a KMeans stub returning a random M x d matrix fixed by the
// seed (two calls with different seeds give Z_f and Z_a).
func seededZ(X *mat.Dense, M int, seed uint64) *mat.Dense {
	_, c := X.Dims()
	return adtest.Rand(rand.New(rand.NewPCG(seed, 77)), M, c)
}

// smallMixture builds SMGP (or DAGP) with M = 3 on X, Y, parameters
// perturbed from their initial values by N(0, 0.3²).
func smallMixture(t *testing.T, name string, cfg SMGPConfig, X, Y *mat.Dense, rng *rand.Rand) *SMGP {
	t.Helper()
	spec := Spec{X: X, Y: Y, Seed: 5, KMeans: seededZ}
	var m *SMGP
	var err error
	if name == "dagp" {
		m, err = NewDAGP(cfg, spec)
	} else {
		m, err = NewSMGP(cfg, spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.3)
	return m
}

// TestSMGPObjectiveGradientFD checks the gradient of every parameter of the
// SMGP and DAGP objectives against central differences with the random
// draws held fixed (same seed per evaluation), whitened and not, at a soft
// temperature and at the paper's λ = 0.01.
func TestSMGPObjectiveGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 1)
	for _, name := range []string{"smgp", "dagp"} {
		for _, whiten := range []bool{true, false} {
			for _, lambda := range []float64{0.5, 0.01} {
				cfg := SMGPConfig{M: 3, T: 3, S: 4, Lambda: lambda, Whiten: whiten, ARD: true, NoiseInit: 0.5}
				m := smallMixture(t, name, cfg, X, Y, rng)
				objectiveCheck(t, m, X, Y, 20, 3)
			}
		}
	}
}

// TestSMGPObjectiveFormula recomputes SMGP's objective of models.md §4.3
// with plain loops from the model's marginals and the same draws:
// (1/b) Σ_i [LSE_s Σ_t w_it^(s) ℓ_it - log S] - (Σ KL^f + Σ KL^a)/n, the
// logit and assignment samples inside one per-point log-mean-exp; DAGP's
// (§6.2) puts the mean over s in place of the log-mean-exp.
func TestSMGPObjectiveFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	const n = 40
	for _, name := range []string{"smgp", "dagp"} {
		cfg := SMGPConfig{M: 3, T: 3, S: 6, Lambda: 0.2, Whiten: true, ARD: true, NoiseInit: 0.5}
		m := smallMixture(t, name, cfg, X, Y, rng)
		eps, gum := m.draws(5, rand.New(rand.NewPCG(9, 9)))
		tp := ad.NewTape()
		got := m.bound(tp, m.build(tp, X, Y, eps, gum), 5, n).Scalar()
		mm := m.marginals(X)
		s2 := m.Noise.Value().RawRowView(0)
		kl := m.F.KL(tp, m.F.Prior(tp)).Scalar() + m.A.KL(tp, m.A.Prior(tp)).Scalar()
		a, w := make([]float64, cfg.T), make([]float64, cfg.T)
		want := 0.0
		for i := 0; i < 5; i++ {
			psi := make([]float64, cfg.S)
			for s := range psi {
				r := s*5 + i
				for k := range a {
					a[k] = mm.muA.At(i, k) + eps.At(r, k)*math.Sqrt(mm.nuA.At(i, k)+EpsR)
				}
				concreteRow(w, a, gum.RawRowView(r), cfg.Lambda)
				for k := range w {
					d := Y.At(i, 0) - mm.muF.At(i, k)
					ell := -0.5*math.Log(2*math.Pi*s2[k]) - (d*d+mm.nuF.At(i, k))/(2*s2[k])
					psi[s] += w[k] * ell
				}
			}
			if name == "smgp" {
				want += (logSumExp(psi) - math.Log(float64(cfg.S))) / 5
			} else {
				for _, p := range psi {
					want += p / float64(cfg.S) / 5
				}
			}
		}
		want -= kl / n
		if math.Abs(got-want) > 1e-10*math.Max(1, math.Abs(want)) {
			t.Errorf("%s: objective %.15g, formula %.15g", name, got, want)
		}
	}
}

// logSumExp returns log Σ exp(x_k) with a max shift.
func logSumExp(x []float64) float64 {
	mx := math.Inf(-1)
	for _, v := range x {
		mx = max(mx, v)
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - mx)
	}
	return mx + math.Log(s)
}

// TestSMGPConfigErrors: bad settings and several targets are refused with
// the key or the reason named.
func TestSMGPConfigErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 1)
	spec := Spec{X: X, Y: Y, KMeans: seededZ}
	for key, mod := range map[string]func(*SMGPConfig){
		"model.m":          func(c *SMGPConfig) { c.M = 0 },
		"model.t":          func(c *SMGPConfig) { c.T = 0 },
		"model.s":          func(c *SMGPConfig) { c.S = -1 },
		"model.lambda":     func(c *SMGPConfig) { c.Lambda = 0 },
		"model.noise_init": func(c *SMGPConfig) { c.NoiseInit = math.NaN() },
	} {
		cfg := DefaultSMGPConfig()
		mod(&cfg)
		if _, err := NewSMGP(cfg, spec); err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%s: err %v", key, err)
		}
	}
	spec.Y = adtest.Rand(rng, 6, 2)
	if _, err := NewSMGP(DefaultSMGPConfig(), spec); err == nil || !strings.Contains(err.Error(), "2 target columns") {
		t.Errorf("two targets: err %v", err)
	}
}
