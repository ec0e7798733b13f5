package models

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// TestBetaWarmup: with beta_warmup = K the objective at iteration it < K is
// the objective of the same model with β·it/K, at it >= K (or when no
// iteration is given) the unchanged one; for every bound. GPCDE rejects it.
func TestBetaWarmup(t *testing.T) {
	for _, bound := range []string{"vi", "iwvi", "hybrid"} {
		t.Run(bound, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(91, 92))
			m, X, Y := smallLatent(t, "slgp", bound, 3, rng)
			lg := m.(*SLGP)
			obj := func(beta float64, warm, it int) float64 {
				lg.Cfg.Beta, lg.Cfg.BetaWarmup = beta, warm
				tp := ad.NewTape()
				tp.NoGrad = true
				return lg.Objective(tp, Step{X: X, Y: Y, N: 5, Iter: it, Rng: rand.New(rand.NewPCG(7, 7))}).Scalar()
			}
			const beta, K = 0.8, 100
			for _, it := range []int{1, 25, 99} {
				got, want := obj(beta, K, it), obj(beta*float64(it)/K, 0, it)
				if math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Errorf("it %d: warm-up objective %.12g, β·it/K objective %.12g", it, got, want)
				}
			}
			full := obj(beta, 0, 0)
			for _, it := range []int{0, K, 5 * K} {
				if got := obj(beta, K, it); got != full {
					t.Errorf("it %d: objective %.12g, want the full-β %.12g", it, got, full)
				}
			}
			if early := obj(beta, K, 1); early == full {
				t.Error("warm-up had no effect at iteration 1")
			}
		})
	}
	cfg := DefaultSLGPConfig()
	rng := rand.New(rand.NewPCG(1, 2))
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	if _, err := New("gpcde", strictDecode(map[string]any{"beta_warmup": 10}), Spec{X: X, Y: Y}); err == nil || !strings.Contains(err.Error(), "beta_warmup") {
		t.Fatalf("gpcde with beta_warmup: err %v", err)
	}
	cfg.BetaWarmup = -1
	if _, err := NewSLGP(cfg, Spec{X: X, Y: Y}); err == nil || !strings.Contains(err.Error(), "beta_warmup") {
		t.Fatalf("negative beta_warmup: err %v", err)
	}
}

// TestLeakySlopeReachesEveryMLP: model.leaky_slope switches all three MLPs
// of SLGP (and GPCDE's two) to leaky units, keeps the objective's gradient
// exact, and out-of-range slopes are rejected.
func TestLeakySlopeReachesEveryMLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(93, 94))
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	km := func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }
	for _, enc := range []bool{true, false} {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Nu0Init, cfg.LeakySlope = 4, 2, []int{4}, 0.3, 0.2
		if !enc {
			cfg.Bound = "vi"
		}
		m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: km}, enc)
		if err != nil {
			t.Fatal(err)
		}
		c := m.core()
		mlps := []*nn.MLP{c.W.Prior, c.W.Post}
		if enc {
			mlps = append(mlps, c.Enc.MLP)
		}
		for i, n := range mlps {
			if n.LeakySlope != 0.2 {
				t.Fatalf("encoder=%v: MLP %d has slope %v", enc, i, n.LeakySlope)
			}
		}
		randomize(m.Params(), rng, 0.2)
		objectiveCheck(t, m, X, Y, 20, 4)
	}
	for _, bad := range []float64{-0.1, 1} {
		cfg := DefaultSLGPConfig()
		cfg.LeakySlope = bad
		if _, err := NewSLGP(cfg, Spec{X: X, Y: Y}); err == nil || !strings.Contains(err.Error(), "leaky_slope") {
			t.Fatalf("slope %v: err %v", bad, err)
		}
	}
}

func TestEncoderResidual(t *testing.T) {
	rng := rand.New(rand.NewPCG(95, 96))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 1)
	km := func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }
	build := func(residual bool) *SLGP {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Beta, cfg.EncoderResidual = 4, 3, []int{20}, 1, residual
		m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 4, KMeans: km})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	meanKLH := func(m *SLGP) (float64, *terms) {
		epsW, epsH := m.draws(6, rand.New(rand.NewPCG(1, 2)))
		tp := ad.NewTape()
		tr := m.build(tp, X, Y, epsW, epsH, false)
		return mat.Sum(tr.klH.Val) / float64(tr.klH.Rows()), tr
	}
	// At initialisation the residual encoder's mean is exactly φ(x, w), so
	// KL^H only sees the variance mismatch; the paper's encoder starts with
	// (μ_h - φ)²/ν₀ terms of order 1/ν₀ = 100.
	on, tr := meanKLH(build(true))
	if d := maxAbsDiff(tr.muH.Val, tr.phi.Val); d != 0 {
		t.Fatalf("residual encoder: max |μ_h - φ| = %g at initialisation, want 0", d)
	}
	off, _ := meanKLH(build(false))
	t.Logf("mean KL^H at initialisation: residual %.3f, paper encoder %.3f", on, off)
	if on > 1 || off < 10 {
		t.Fatalf("mean KL^H at initialisation: residual %.3f (want < 1), paper encoder %.3f (want > 10)", on, off)
	}
	m := build(true)
	randomize(m.Params(), rng, 0.2)
	objectiveCheck(t, m, X, Y, 20, 4)
	if _, err := New("gpcde", strictDecode(map[string]any{"encoder_residual": true}), Spec{X: X, Y: Y, KMeans: km}); err == nil || !strings.Contains(err.Error(), "encoder_residual") {
		t.Fatalf("gpcde with encoder_residual: err %v", err)
	}
}

func maxAbsDiff(a, b *mat.Dense) float64 {
	var d mat.Dense
	d.Sub(a, b)
	return mat.Norm(&d, math.Inf(1))
}

// TestFixNu0: with fix_nu0 ν₀ is not a trainable parameter and stays at
// nu0_init through training (while the paper's setting moves it), and the
// objective's gradient still matches finite differences.
func TestFixNu0(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	X, Y := adtest.Rand(rng, 30, 2), adtest.Rand(rng, 30, 1)
	for _, fix := range []bool{false, true} {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.Hidden, cfg.S, cfg.Nu0Init, cfg.FixNu0 = 5, []int{6}, 3, 0.05, fix
		m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
		}})
		if err != nil {
			t.Fatal(err)
		}
		if (m.Params().Get("nu0") == nil) != fix {
			t.Fatalf("fix_nu0 = %v: nu0 trainable = %v", fix, m.Params().Get("nu0") != nil)
		}
		tp, opt, mc := ad.NewTape(), ad.NewAdam(m.Params(), 0.05), rand.New(rand.NewPCG(2, 2))
		for i := 0; i < 20; i++ {
			tp.Reset()
			tp.Backward(tp.Neg(m.Objective(tp, Step{X: X, Y: Y, N: 30, Rng: mc})))
			opt.Step()
		}
		moved := math.Abs(m.Enc.Nu0.Value().At(0, 0)-0.05) > 1e-6
		if moved == fix {
			t.Errorf("fix_nu0 = %v: ν₀ moved = %v (now %g)", fix, moved, m.Enc.Nu0.Value().At(0, 0))
		}
		if fix {
			objectiveCheck(t, m, X, Y, 30, 4)
		}
	}
	if _, err := New("gpcde", strictDecode(map[string]any{"fix_nu0": true}),
		Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}); err == nil {
		t.Error("GPCDE accepted fix_nu0")
	}
}

// TestWhitenAndARDSwitches: model.whiten = false and model.ard = false reach
// SLGP's and GPCDE's GP layer (an unwhitened q(u), one shared lengthscale,
// so no lengthscale diagnostics on w) and keep the objective's gradient
// exact.
func TestWhitenAndARDSwitches(t *testing.T) {
	rng := rand.New(rand.NewPCG(97, 98))
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	km := func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }
	for _, enc := range []bool{true, false} {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Nu0Init, cfg.Whiten, cfg.ARD = 4, 2, []int{4}, 0.3, false, false
		m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: km}, enc)
		if err != nil {
			t.Fatal(err)
		}
		l := m.core().Layer
		if l.Whiten || l.Kern.Hyperparams().ARD || l.Kern.Hyperparams().Lengthscales.Value().RawMatrix().Cols != 1 {
			t.Fatalf("encoder=%v: whiten %v, ARD %v, %d lengthscales", enc, l.Whiten, l.Kern.Hyperparams().ARD, l.Kern.Hyperparams().Lengthscales.Value().RawMatrix().Cols)
		}
		if _, ok := m.Diagnostics(X, Y)["gp_lengthscale_w"]; ok {
			t.Errorf("encoder=%v: a lengthscale on w reported without ARD", enc)
		}
		randomize(m.Params(), rng, 0.2)
		objectiveCheck(t, m, X, Y, 20, 4)
	}
}
