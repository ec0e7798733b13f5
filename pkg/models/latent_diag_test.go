package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// TestSampleBlockingChangesNothing: SLGP's and GPCDE's predictive samples
// are the same whether the rows go through the networks and the GP in one
// block or in blocks of 7 (which also splits points across blocks), and
// across several draw chunks.
func TestSampleBlockingChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	X, Y := adtest.Rand(rng, 40, 2), adtest.Rand(rng, 40, 1)
	Xt := adtest.Rand(rng, 230, 2)
	for _, enc := range []bool{true, false} {
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.Hidden = 6, []int{5, 5}
		if !enc {
			cfg.Bound = "vi"
		}
		m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
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
func randomLatent(t *testing.T, X, Y *mat.Dense) *SLGP {
	t.Helper()
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.Hidden = 6, []int{8, 8}
	m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}})
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
		cfg := DefaultSLGPConfig()
		cfg.M, cfg.Hidden, cfg.Bound = 5, []int{6}, c.bound
		m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
		}}, c.encoder)
		if err != nil {
			t.Fatal(err)
		}
		randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.5)
		epsW, epsH := m.core().draws(12, rand.New(rand.NewPCG(9, 9)))
		run := func(all bool) (float64, []float64, *terms) {
			tp := ad.NewTape()
			tr := m.core().build(tp, X, Y, epsW, epsH, all)
			o := m.bound(tp, tr, Step{X: X, N: 40})
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
	if err := m.Layer.Kern.Hyperparams().Lengthscales.SetValue(mat.NewDense(1, 3, []float64{0.7, 0.5, 9})); err != nil {
		t.Fatal(err)
	}
	d := m.Diagnostics(X, Y)
	if math.Abs(d["gp_lengthscale_w"]-9) > 1e-9 || math.Abs(d["gp_lengthscale_x_min"]-0.5) > 1e-9 {
		t.Errorf("lengthscales w %v, x min %v; want 9 and 0.5", d["gp_lengthscale_w"], d["gp_lengthscale_x_min"])
	}
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.Hidden, cfg.DH = 6, []int{8}, 2
	pca, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := pca.Diagnostics(X, Y)["gp_lengthscale_w"]; ok {
		t.Error("a lengthscale on w reported under the PCA φ")
	}
}

// TestMeanSpreadAllDimensions: q_w_mean_spread is the spread of q(w | x,
// y)'s mean in its most varying dimension, so a w that varies in its
// second dimension only is live. Reading the first column alone (as before
// 2026-11-27) reports d_w > 1 runs dead that are not.
func TestMeanSpreadAllDimensions(t *testing.T) {
	mu := mat.NewDense(4, 3, []float64{
		0.5, 1, 0,
		0.5, -1, 0.2,
		0.5, 1, 0,
		0.5, -1, 0.2,
	})
	if got := meanSpread(mu); got != 1 {
		t.Fatalf("meanSpread = %g, want 1 (column 1's population sd)", got)
	}
	rng := rand.New(rand.NewPCG(41, 42))
	X, Y := adtest.Rand(rng, 60, 2), adtest.Rand(rng, 60, 1)
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.Hidden, cfg.DW = 6, []int{8, 8}, 3
	m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}})
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 1)
	muQ, _, _, _ := m.wDists(X, Y)
	var want float64
	first := stat.PopStdDev(mat.Col(nil, 0, muQ.Val), nil)
	for j := 0; j < cfg.DW; j++ {
		want = max(want, stat.PopStdDev(mat.Col(nil, j, muQ.Val), nil))
	}
	if want == first {
		t.Fatalf("the first dimension varies most (%g): pick other parameters so the test tells the columns apart", first)
	}
	if got := m.Diagnostics(X, Y)["q_w_mean_spread"]; got != want {
		t.Errorf("q_w_mean_spread = %g, want %g (the largest column spread; the first column's is %g)", got, want, first)
	}
}
