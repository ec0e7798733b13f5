package models

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-viper/mapstructure/v2"
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// flatAll flattens nested lists of any depth in row-major order.
func flatAll(v any) []float64 {
	switch x := v.(type) {
	case float64:
		return []float64{x}
	case []any:
		var out []float64
		for _, e := range x {
			out = append(out, flatAll(e)...)
		}
		return out
	}
	panic("not numeric")
}

// fixtureKey maps a parameter name to its key in slgp.json.
func fixtureKey(name string) string {
	switch name {
	case "kernel_lengthscales":
		return "lengthscales"
	case "q_mu":
		return "m"
	case "q_sqrt":
		return "R"
	}
	return name
}

func slgpFromGolden(t *testing.T, g map[string]any, bound string) (*SLGP, *mat.Dense, *mat.Dense, *mat.Dense, *mat.Dense, int) {
	st := obj(g["settings"])
	p := obj(g["params"])
	d := obj(g["data"])
	X, Y := dense(d["X"], false), dense(d["y"], true)
	cfg := defaultLatentConfig()
	cfg.M, cfg.DW, cfg.DH, cfg.S = int(num(st["M"])), int(num(st["d_w"])), int(num(st["d_h"])), int(num(st["S"]))
	cfg.Beta, cfg.Hidden, cfg.Bound = num(st["beta"]), []int{int(num(st["hidden"]))}, bound
	Zh := dense(p["Z_h"], false)
	m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, KMeans: func(*mat.Dense, int, uint64) *mat.Dense {
		return mat.DenseCopyOf(Zh.Slice(0, cfg.M, 0, 2))
	}}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, pp := range m.params.List {
		key := fixtureKey(pp.Name)
		v, ok := p[key]
		if !ok {
			t.Fatalf("no fixture value for %s", pp.Name)
		}
		if err := pp.SetValue(dense(v, key == "m")); err != nil {
			t.Fatal(err)
		}
	}
	S, b := cfg.S, int(num(st["b"]))
	dr := obj(g["draws"])
	epsW := mat.NewDense(S*b, cfg.DW, flatAll(dr["eps_w"]))
	epsH := mat.NewDense(S*b, cfg.DH, flatAll(dr["eps_h"]))
	return m, X, Y, epsW, epsH, int(num(st["N"]))
}

func TestSLGPGolden(t *testing.T) {
	g := loadGolden(t, "slgp.json")
	tol := obj(g["tolerances"])
	vr, va := num(tol["values_rel"]), num(tol["values_abs_floor"])
	gr, ga := num(tol["gradients_rel"]), num(tol["gradients_abs_floor"])
	e := obj(g["expected"])
	for _, bound := range []string{"VI", "IWVI", "hybrid"} {
		m, X, Y, epsW, epsH, N := slgpFromGolden(t, g, map[string]string{"VI": "vi", "IWVI": "iwvi", "hybrid": "hybrid"}[bound])
		b, _ := X.Dims()
		tp := ad.NewTape()
		tr := m.build(tp, X, Y, epsW, epsH, true)
		if bound == "VI" {
			for name, v := range map[string]*ad.Var{"mu_q": tr.muQ, "v_q": tr.vQ, "mu_p": tr.muP, "v_p": tr.vP,
				"w": tr.w, "mu_h": tr.muH, "v_h": tr.vH, "h": tr.h, "phi": tr.phi,
				"q_f_mean": tr.muF, "q_f_var": tr.nuF, "E": tr.E, "rho": tr.rho, "eta": tr.eta, "KL_H": tr.klH,
				"KL_W": tr.klW, "KL_u": tr.klU} {
				closeTo(t, name, flat(v.Val), flatAll(e[name]), vr, va)
			}
			per := perPointLME(tp, tp.Add(tr.E, tr.rho), m.Cfg.S, b)
			closeTo(t, "hybrid_per_point", flat(per.Val), flatAll(e["hybrid_per_point"]), vr, va)
			per = perPointLME(tp, tp.Add(tp.Add(tr.E, tr.rho), tp.Scale(m.Cfg.Beta, tr.eta)), m.Cfg.S, b)
			closeTo(t, "iwvi_per_point", flat(per.Val), flatAll(e["iwvi_per_point"]), vr, va)
		}
		obj0 := m.bound(tp, tr, b, N)
		closeTo(t, "bound_"+bound, []float64{obj0.Scalar()}, flatAll(e["bound_"+bound]), vr, va)
		tp.Backward(obj0)
		grads := obj(obj(g["gradients"])[bound])
		l1 := obj(g["log1pe"])
		for _, pp := range m.params.List {
			key := fixtureKey(pp.Name)
			if pp.T == ad.Positive {
				closeTo(t, bound+"/d_rho_"+key, flat(pp.Grad()), flatAll(obj(l1[key])["d_"+bound+"_d_rho"]), gr, ga)
				continue
			}
			closeTo(t, bound+"/d"+key, flat(pp.Grad()), flatAll(grads[key]), gr, ga)
		}
	}
}

func smallLatent(t *testing.T, name string, bound string, S int, rng *rand.Rand) (Model, *mat.Dense, *mat.Dense) {
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	cfg := defaultLatentConfig()
	cfg.M, cfg.S, cfg.Hidden, cfg.Bound, cfg.Beta, cfg.Nu0Init = 4, S, []int{4}, bound, 0.5, 0.3
	spec := Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}
	var m *latentGP
	var err error
	if name == "gpcde" {
		m, err = newLatentGP("gpcde", cfg, spec, false)
	} else {
		m, err = newLatentGP("slgp", cfg, spec, true)
	}
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.2)
	return m, X, Y
}

func TestLatentObjectiveGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, c := range []struct{ name, bound string }{{"slgp", "vi"}, {"slgp", "iwvi"}, {"slgp", "hybrid"}, {"gpcde", "vi"}} {
		t.Run(c.name+"/"+c.bound, func(t *testing.T) {
			m, X, Y := smallLatent(t, c.name, c.bound, 3, rng)
			objectiveCheck(t, m, X, Y, 20, 9)
		})
	}
}

// TestRecommendedPresetGradientFD: the recommended SLGP setting (a fixed
// N(0, 1) prior on w, small initial noise; README) and the same with ν₀
// frozen have gradients that match finite differences, for every bound.
func TestRecommendedPresetGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	for _, fix := range []bool{false, true} {
		for _, bound := range []string{"vi", "iwvi", "hybrid"} {
			X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
			cfg := defaultLatentConfig()
			cfg.M, cfg.S, cfg.Hidden, cfg.Bound, cfg.Beta = 4, 3, []int{4}, bound, 0.5
			cfg.Prior, cfg.NoiseInit, cfg.FixNu0 = "normal", 0.01, fix
			m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
				return adtest.Rand(rng, M, 2)
			}}, true)
			if err != nil {
				t.Fatal(err)
			}
			if m.PriorW != nil {
				t.Fatal("prior normal built a prior network")
			}
			randomize(m.Params(), rng, 0.2)
			objectiveCheck(t, m, X, Y, 20, 7)
		}
	}
}

func TestSLGPEncodedDesignGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	X, Y := adtest.Rand(rng, 5, 1), adtest.Rand(rng, 5, 1)
	cfg := defaultLatentConfig()
	cfg.M, cfg.S, cfg.Hidden, cfg.Design, cfg.Nu0Init = 3, 2, []int{3}, "encoded", 0.3
	m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rng, M, c)
	}}, true)
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.2)
	objectiveCheck(t, m, X, Y, 20, 4)
}

// TestIWVIBoundOrdering: averaged over many draws, the IWVI bound with S
// samples is >= the S = 1 bound, and at S = 1 the hybrid bound agrees with
// the VI bound in expectation (models.md §11 item 5, with ε_p = 0 so the
// log-ratios are exact).
func TestIWVIBoundOrdering(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 1)
	mk := func(bound string, S int) *latentGP {
		cfg := defaultLatentConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Bound, cfg.Beta, cfg.Nu0Init, cfg.ExactRatio = 4, S, []int{4}, bound, 0.5, 0.3, true
		m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 5, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return mat.DenseCopyOf(X.Slice(0, M, 0, 2))
		}}, true)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// Same seeds -> same initial parameters in all four models.
	iw1, iw8, hy1, vi1 := mk("iwvi", 1), mk("iwvi", 8), mk("hybrid", 1), mk("vi", 1)
	for _, m := range []*latentGP{iw8, hy1, vi1} {
		m.Params().Unflatten(iw1.Params().Flatten(nil))
	}
	const R = 20000
	stats := func(m *latentGP, seed uint64) (mean, se float64) {
		r := rand.New(rand.NewPCG(seed, 0))
		tp := ad.NewTape()
		tp.NoGrad = true
		var s, s2 float64
		for k := 0; k < R; k++ {
			tp.Reset()
			v := m.Objective(tp, X, Y, 6, r).Scalar()
			s, s2 = s+v, s2+v*v
		}
		mean = s / R
		return mean, math.Sqrt((s2/R - mean*mean) / R)
	}
	m1, s1 := stats(iw1, 1)
	m8, s8 := stats(iw8, 2)
	if m8 < m1 {
		t.Errorf("IWVI S=8 bound %.4f ± %.4f below S=1 %.4f ± %.4f", m8, s8, m1, s1)
	}
	mh, sh := stats(hy1, 3)
	mv, sv := stats(vi1, 4)
	if d := math.Abs(mh - mv); d > 4*math.Hypot(sh, sv) {
		t.Errorf("S=1: hybrid %.4f ± %.4f vs VI %.4f ± %.4f", mh, sh, mv, sv)
	}
	t.Logf("IWVI S=1 %.4f±%.4f, S=8 %.4f±%.4f; hybrid S=1 %.4f±%.4f, VI %.4f±%.4f", m1, s1, m8, s8, mh, sh, mv, sv)
}

func TestPhiRegimes(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	x := adtest.Rand(rng, 50, 3)
	tp := ad.NewTape()
	xv := tp.Const(x)
	id, _ := newPhi(3, 3)
	if got := id.apply(tp, xv); !mat.Equal(got.Val, x) || id.Kind() != "identity" {
		t.Fatal("identity phi changed the input")
	}
	pad, _ := newPhi(3, 5)
	got := pad.apply(tp, xv)
	if pad.Kind() != "zero-pad" || got.Cols() != 5 || !mat.Equal(got.Val.Slice(0, 50, 0, 3), x) ||
		mat.Sum(got.Val.Slice(0, 50, 3, 5)) != 0 {
		t.Fatal("zero-pad phi wrong")
	}
	// PCA: data stretched along (1, 1, 0)/√2 must project onto it first.
	y := mat.NewDense(200, 3, nil)
	for i := 0; i < 200; i++ {
		a, b, c := 5*rng.NormFloat64(), 0.3*rng.NormFloat64(), 0.1*rng.NormFloat64()
		y.SetRow(i, []float64{(a + b) / math.Sqrt2, (a - b) / math.Sqrt2, c})
	}
	pca, _ := newPhi(3, 1)
	out := pca.apply(tp, tp.Const(y))
	if pca.Kind() != "pca" || out.Cols() != 1 {
		t.Fatal("pca phi shape")
	}
	var sum, sumsq float64
	for i := 0; i < 200; i++ {
		v := out.Val.At(i, 0)
		sum, sumsq = sum+v, sumsq+v*v
	}
	mean := sum / 200
	if v := sumsq/200 - mean*mean; math.Abs(mean) > 1e-10 || v < 20 {
		t.Fatalf("pca component mean %.3g (want 0), variance %.3g (want about 25)", mean, v)
	}
}

// TestBetaWarmup: with beta_warmup = K the objective at iteration it < K is
// the objective of the same model with β·it/K, at it >= K (or when no
// iteration was set) the unchanged one; for every bound. GPCDE rejects it.
func TestBetaWarmup(t *testing.T) {
	for _, bound := range []string{"vi", "iwvi", "hybrid"} {
		t.Run(bound, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(91, 92))
			m, X, Y := smallLatent(t, "slgp", bound, 3, rng)
			lg := m.(*latentGP)
			obj := func(beta float64, warm, it int) float64 {
				lg.Cfg.Beta, lg.Cfg.BetaWarmup = beta, warm
				lg.SetIteration(it)
				tp := ad.NewTape()
				tp.NoGrad = true
				return lg.Objective(tp, X, Y, 5, rand.New(rand.NewPCG(7, 7))).Scalar()
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
	cfg := defaultLatentConfig()
	cfg.BetaWarmup = 10
	rng := rand.New(rand.NewPCG(1, 2))
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1)
	if _, err := newLatentGP("gpcde", cfg, Spec{X: X, Y: Y}, false); err == nil || !strings.Contains(err.Error(), "beta_warmup") {
		t.Fatalf("gpcde with beta_warmup: err %v", err)
	}
	cfg.BetaWarmup = -1
	if _, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y}, true); err == nil || !strings.Contains(err.Error(), "beta_warmup") {
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
		cfg := defaultLatentConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Nu0Init, cfg.LeakySlope = 4, 2, []int{4}, 0.3, 0.2
		if !enc {
			cfg.Bound = "vi"
		}
		m, err := newLatentGP("x", cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: km}, enc)
		if err != nil {
			t.Fatal(err)
		}
		mlps := []*nn.MLP{m.PriorW, m.PostW}
		if enc {
			mlps = append(mlps, m.Enc)
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
		cfg := defaultLatentConfig()
		cfg.LeakySlope = bad
		if _, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y}, true); err == nil || !strings.Contains(err.Error(), "leaky_slope") {
			t.Fatalf("slope %v: err %v", bad, err)
		}
	}
}

func TestEncoderResidual(t *testing.T) {
	rng := rand.New(rand.NewPCG(95, 96))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 1)
	km := func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }
	build := func(residual bool) *latentGP {
		cfg := defaultLatentConfig()
		cfg.M, cfg.S, cfg.Hidden, cfg.Beta, cfg.EncoderResidual = 4, 3, []int{20}, 1, residual
		m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 4, KMeans: km}, true)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	meanKLH := func(m *latentGP) (float64, *terms) {
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
	cfg := defaultLatentConfig()
	cfg.Bound, cfg.EncoderResidual = "vi", true
	if _, err := newLatentGP("gpcde", cfg, Spec{X: X, Y: Y, KMeans: km}, false); err == nil || !strings.Contains(err.Error(), "encoder_residual") {
		t.Fatalf("gpcde with encoder_residual: err %v", err)
	}
}

func maxAbsDiff(a, b *mat.Dense) float64 {
	var d mat.Dense
	d.Sub(a, b)
	return mat.Norm(&d, math.Inf(1))
}

// TestSampleBlockingChangesNothing: SLGP's and GPCDE's predictive samples
// are the same whether the rows go through the networks and the GP in one
// block or in blocks of 7 (which also splits points across blocks), and
// across several draw chunks.
func TestSampleBlockingChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	X, Y := adtest.Rand(rng, 40, 2), adtest.Rand(rng, 40, 1)
	Xt := adtest.Rand(rng, 230, 2)
	for _, enc := range []bool{true, false} {
		cfg := defaultLatentConfig()
		cfg.M, cfg.Hidden = 6, []int{5, 5}
		if !enc {
			cfg.Bound = "vi"
		}
		m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
		}}, enc)
		if err != nil {
			t.Fatal(err)
		}
		randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.3)
		defer func(b int) { predictBlock = b }(predictBlock)
		predictBlock = 1 << 30
		one, _ := m.Sample(Xt, 150, rand.New(rand.NewPCG(7, 7))) // 230 x 150 rows: two chunks
		predictBlock = 7
		blocked, _ := m.Sample(Xt, 150, rand.New(rand.NewPCG(7, 7)))
		if !mat.EqualApprox(one, blocked, 1e-12) {
			t.Errorf("encoder=%v: blocked samples differ from one-block samples", enc)
		}
	}
}

// randomLatent is a small SLGP on X, Y (two input columns) with random
// parameters, so that q(w | x, y)'s mean varies over the rows.
func randomLatent(t *testing.T, X, Y *mat.Dense) *latentGP {
	t.Helper()
	cfg := defaultLatentConfig()
	cfg.M, cfg.Hidden = 6, []int{8, 8}
	m, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}}, true)
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 1)
	return m
}

// TestMemorisationDiagnostic: a latent model whose q(w | x, y) mean varies
// over the training points (live w) is flagged when its output noise
// variance is below MemorisationNoise and not otherwise; KL^W is reported
// and positive.
func TestMemorisationDiagnostic(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	X, Y := adtest.Rand(rng, 60, 2), adtest.Rand(rng, 60, 1)
	m := randomLatent(t, X, Y)
	for _, tc := range []struct {
		noise float64
		want  float64
	}{{1e-4, 1}, {0.05, 0}} {
		if err := m.Noise.SetValue(mat.NewDense(1, 1, []float64{tc.noise})); err != nil {
			t.Fatal(err)
		}
		d := m.Diagnostics(X, Y)
		if d["q_w_mean_spread"] <= LiveSpread {
			t.Fatalf("w not live after randomising (spread %g): the test tests nothing", d["q_w_mean_spread"])
		}
		if d["memorisation"] != tc.want || !(d["kl_w_mean"] > 0) {
			t.Errorf("noise %g: memorisation %g (want %g), kl_w_mean %g", tc.noise, d["memorisation"], tc.want, d["kl_w_mean"])
		}
	}
}

// TestAggregateDiagnostics checks q_w_agg_mean/var and p_w_agg_mean/var
// against Monte Carlo: w drawn from q(w | x_i, y_i) (p(w | x_i)) for every
// row, many times, has the aggregate's mean and variance. A variance
// without the spread of the means, or with sd for variance, fails.
func TestAggregateDiagnostics(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	X, Y := adtest.Rand(rng, 40, 2), adtest.Rand(rng, 40, 1)
	m := randomLatent(t, X, Y)
	d := m.Diagnostics(X, Y)
	muQ, vQ, muP, vP := m.wDists(X, Y)
	draws := rand.New(rand.NewPCG(7, 7))
	for _, c := range []struct {
		name     string
		mu, v    *ad.Var
		mean, v2 float64
	}{{"q", muQ, vQ, d["q_w_agg_mean"], d["q_w_agg_var"]}, {"p", muP, vP, d["p_w_agg_mean"], d["p_w_agg_var"]}} {
		var ws []float64
		for range 2000 {
			for i := range 40 {
				ws = append(ws, c.mu.Val.At(i, 0)+draws.NormFloat64()*math.Sqrt(c.v.Val.At(i, 0)))
			}
		}
		mean, sd := stat.Mean(ws, nil), stat.PopStdDev(ws, nil)
		if stat.PopStdDev(mat.Col(nil, 0, c.mu.Val), nil) < 0.1 {
			t.Fatalf("%s: the means do not spread; the test tests nothing", c.name)
		}
		if math.Abs(mean-c.mean) > 0.02*sd || math.Abs(sd*sd-c.v2) > 0.03*c.v2 {
			t.Errorf("%s: aggregate mean %.4f var %.4f; Monte Carlo %.4f, %.4f", c.name, c.mean, c.v2, mean, sd*sd)
		}
	}
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
			tp.Backward(tp.Neg(m.Objective(tp, X, Y, 30, mc)))
			opt.Step()
		}
		moved := math.Abs(m.Nu0.Value().At(0, 0)-0.05) > 1e-6
		if moved == fix {
			t.Errorf("fix_nu0 = %v: ν₀ moved = %v (now %g)", fix, moved, m.Nu0.Value().At(0, 0))
		}
		if fix {
			objectiveCheck(t, m, X, Y, 30, 4)
		}
	}
	strict := func(dst any) error {
		d, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{ErrorUnused: true, Result: dst})
		if err != nil {
			return err
		}
		return d.Decode(map[string]any{"fix_nu0": true})
	}
	if _, err := newGPCDE(strict,
		Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}); err == nil {
		t.Error("GPCDE accepted fix_nu0")
	}
}

// TestNoiseFloor: with noise_floor the output noise variance never goes
// below it, however far the optimiser pushes its raw value; a floor at or
// above noise_init is refused.
func TestNoiseFloor(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	X, Y := adtest.Rand(rng, 30, 2), adtest.Rand(rng, 30, 1)
	spec := Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}}
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.Hidden, cfg.S, cfg.NoiseInit, cfg.NoiseFloor = 5, []int{6}, 3, 0.1, 0.02
	m, err := NewSLGP(cfg, spec)
	if err != nil {
		t.Fatal(err)
	}
	if v := m.Noise.Value().At(0, 0); math.Abs(v-0.1) > 1e-12 {
		t.Fatalf("initial noise variance %g, want 0.1", v)
	}
	m.Noise.Raw.Set(0, 0, -50) // as far down as training could push it
	tp := ad.NewTape()
	if v := m.Noise.On(tp).Val.At(0, 0); v < 0.02 || v > 0.02+1e-12 {
		t.Fatalf("noise variance on the tape %g, want the floor 0.02", v)
	}
	cfg.NoiseFloor = 0.1
	if _, err := NewSLGP(cfg, spec); err == nil || !strings.Contains(err.Error(), "model.noise_floor") {
		t.Fatalf("floor = noise_init: err = %v", err)
	}
	g := DefaultGPCDEConfig()
	g.M, g.Hidden, g.NoiseInit, g.NoiseFloor = 5, []int{6}, 0.1, 0.05
	gm, err := newLatentGP("gpcde", g.latent(), spec, false)
	if err != nil || gm.Noise.Floor != 0.05 {
		t.Fatalf("GPCDE noise floor: %v, %v", err, gm)
	}
}

// TestPriorDecay: prior_decay lowers the objective by exactly
// λ·‖W_p‖²/(2N) at the same draws, the gradient still matches finite
// differences, and the key is refused without a prior network.
func TestPriorDecay(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	X, Y := adtest.Rand(rng, 20, 2), adtest.Rand(rng, 20, 1)
	spec := Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}}
	objective := func(decay float64) (float64, *SLGP) {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.Hidden, cfg.S, cfg.PriorDecay = 5, []int{6, 4}, 3, decay
		m, err := NewSLGP(cfg, spec)
		if err != nil {
			t.Fatal(err)
		}
		randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.3)
		return m.Objective(ad.NewTape(), X, Y, 50, rand.New(rand.NewPCG(2, 2))).Scalar(), m
	}
	o0, _ := objective(0)
	o1, m := objective(0.7)
	sq := 0.0
	for _, l := range m.PriorW.Layers {
		for _, v := range l.W.Value().RawMatrix().Data {
			sq += v * v
		}
	}
	if want := o0 - 0.7*sq/(2*50); math.Abs(o1-want) > 1e-12 {
		t.Fatalf("objective with decay %.15g, want %.15g", o1, want)
	}
	objectiveCheck(t, m, X, Y, 50, 6)
	cfg := DefaultSLGPConfig()
	cfg.Prior, cfg.PriorDecay = "normal", 0.1
	if _, err := NewSLGP(cfg, spec); err == nil || !strings.Contains(err.Error(), "model.prior_decay") {
		t.Fatalf("decay without a prior network: err = %v", err)
	}
}

// TestBuildLeavesOutUnusedTerms: for every bound (and GPCDE) the objective
// built with only the terms the bound reads equals, bit for bit, value and
// gradient, the one built with every term, and the terms the bound does not
// read are left out (the hybrid bound's η and KL^W: the saving).
func TestBuildLeavesOutUnusedTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	X, Y := adtest.Rand(rng, 12, 2), adtest.Rand(rng, 12, 1)
	for _, c := range []struct {
		name, bound string
		encoder     bool
		unused      func(*terms) []*ad.Var
	}{
		{"slgp", "vi", true, func(tr *terms) []*ad.Var { return []*ad.Var{tr.rho, tr.eta} }},
		{"slgp", "iwvi", true, func(tr *terms) []*ad.Var { return []*ad.Var{tr.klW, tr.klH} }},
		{"slgp", "hybrid", true, func(tr *terms) []*ad.Var { return []*ad.Var{tr.klW, tr.eta} }},
		{"gpcde", "vi", false, func(tr *terms) []*ad.Var { return []*ad.Var{tr.rho, tr.eta, tr.klH} }},
	} {
		cfg := defaultLatentConfig()
		cfg.M, cfg.Hidden, cfg.Bound = 5, []int{6}, c.bound
		m, err := newLatentGP(c.name, cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
		}}, c.encoder)
		if err != nil {
			t.Fatal(err)
		}
		randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.5)
		epsW, epsH := m.draws(12, rand.New(rand.NewPCG(9, 9)))
		run := func(all bool) (float64, []float64, *terms) {
			tp := ad.NewTape()
			tr := m.build(tp, X, Y, epsW, epsH, all)
			o := m.bound(tp, tr, 12, 40)
			tp.Backward(o)
			return o.Scalar(), m.Params().FlattenGrad(nil), tr
		}
		v0, g0, _ := run(true)
		v1, g1, lean := run(false)
		if v0 != v1 {
			t.Errorf("%s %s: objective %v with every term, %v without the unused", c.name, c.bound, v0, v1)
		}
		for k := range g0 {
			if g0[k] != g1[k] {
				t.Fatalf("%s %s: gradient %d differs: %v against %v", c.name, c.bound, k, g0[k], g1[k])
			}
		}
		for i, v := range c.unused(lean) {
			if v != nil {
				t.Errorf("%s %s: unused term %d was built", c.name, c.bound, i)
			}
		}
	}
}

// TestLengthscaleDiagnostics: the GP's lengthscale on h's w column and the
// smallest on its x columns are reported as set, and not at all under the
// PCA φ, whose columns are not x's and w's.
func TestLengthscaleDiagnostics(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	X, Y := adtest.Rand(rng, 30, 2), adtest.Rand(rng, 30, 1)
	m := randomLatent(t, X, Y)
	if err := m.Layer.Kern.Lengthscales.SetValue(mat.NewDense(1, 3, []float64{0.7, 0.5, 9})); err != nil {
		t.Fatal(err)
	}
	d := m.Diagnostics(X, Y)
	if math.Abs(d["gp_lengthscale_w"]-9) > 1e-9 || math.Abs(d["gp_lengthscale_x_min"]-0.5) > 1e-9 {
		t.Errorf("lengthscales w %v, x min %v; want 9 and 0.5", d["gp_lengthscale_w"], d["gp_lengthscale_x_min"])
	}
	cfg := defaultLatentConfig()
	cfg.M, cfg.Hidden, cfg.DH = 6, []int{8}, 2
	pca, err := newLatentGP("slgp", cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := pca.Diagnostics(X, Y)["gp_lengthscale_w"]; ok {
		t.Error("a lengthscale on w reported under the PCA φ")
	}
}
