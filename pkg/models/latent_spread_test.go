package models

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestPredictiveSpreadAddsUp: pred_var_latent + pred_var_f +
// noise_variance is the variance of the model's own predictive samples
// (law of total variance, Monte Carlo with 4000 draws per point) for a
// random GPCDE whose latent and GP parts are of the same size (2.6 and
// 1.8): leaving a part out, or taking standard deviations for variances,
// misses by far more than the tolerance.
func TestPredictiveSpreadAddsUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	X, Y := adtest.Rand(rng, 30, 2), adtest.Rand(rng, 30, 1)
	m := spreadModel(t, X, Y, false).core()
	if err := m.Noise.SetValue(mat.NewDense(1, 1, []float64{0.01})); err != nil {
		t.Fatal(err)
	}
	// A large q(u) mean makes the GP's mean, and so its variation over w,
	// large beside its own variance.
	mean := mat.DenseCopyOf(m.Layer.Mean.Value())
	mean.Scale(5, mean)
	if err := m.Layer.Mean.SetValue(mean); err != nil {
		t.Fatal(err)
	}
	if err := m.Layer.Kern.Hyperparams().Lengthscales.SetValue(mat.NewDense(1, 3, []float64{0.7, 0.8, 0.5})); err != nil {
		t.Fatal(err)
	}
	d := m.diagnostics(X, Y)
	lat, f, s2 := d["pred_var_latent"], d["pred_var_f"], d["noise_variance"]
	if !(lat > 0 && f > 0) {
		t.Fatalf("pred_var_latent %g, pred_var_f %g: want both positive", lat, f)
	}
	const P = 4000
	Ys, _ := m.sample(X, P, rand.New(rand.NewPCG(9, 9)), false)
	var total float64
	for i := range 30 {
		var s, ss float64
		for p := range P {
			v := Ys.At(p, i)
			s += v
			ss += v * v
		}
		total += ss/P - (s/P)*(s/P)
	}
	total /= 30
	if sum := lat + f + s2; math.Abs(sum-total) > 0.15*total {
		t.Errorf("pred_var_latent %.4g + pred_var_f %.4g + noise %.4g = %.4g; the samples' variance is %.4g", lat, f, s2, sum, total)
	}
}

// TestPredictiveSpreadFollowsW: in GPCDE (h = [x, w], no encoder noise) a
// w the GP ignores (lengthscale 1e8 on it) adds no latent variance; with a
// short lengthscale on w it adds some.
func TestPredictiveSpreadFollowsW(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	X, Y := adtest.Rand(rng, 30, 2), adtest.Rand(rng, 30, 1)
	m := spreadModel(t, X, Y, false).core()
	for _, tc := range []struct {
		lsW  float64
		live bool
	}{{1e8, false}, {0.5, true}} {
		if err := m.Layer.Kern.Hyperparams().Lengthscales.SetValue(mat.NewDense(1, 3, []float64{0.7, 0.8, tc.lsW})); err != nil {
			t.Fatal(err)
		}
		dd := m.diagnostics(X, Y)
		lat := dd["pred_var_latent"]
		if tc.live != (lat > 1e-3) || lat > 1e-9 && !tc.live {
			t.Errorf("lengthscale on w %g: pred_var_latent %g", tc.lsW, lat)
		}
	}
}

// spreadModel is a small latent GP with random parameters and the fixed
// N(0, 1) prior on w (so that w's draws stay near the inducing inputs):
// SLGP with encoder, GPCDE without.
func spreadModel(t *testing.T, X, Y *mat.Dense, encoder bool) latentModel {
	t.Helper()
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.Hidden, cfg.Prior = 6, []int{8}, "normal"
	m, err := newLatent(cfg, Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}}, encoder)
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 1)
	return m
}

// TestLatentPlugIn: with the plug-in predictive an SLGP's draws of w and h
// add nothing (every predictive sample of a point shares the GP's mean, so
// their spread is the GP's variance and the noise) while the generator
// advances as with the draws; the draws' predictive, the diagnostics
// (which describe the draws) and WithPredictive agree with SampleWith.
func TestLatentPlugIn(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	X, Y := adtest.Rand(rng, 20, 2), adtest.Rand(rng, 20, 1)
	m := spreadModel(t, X, Y, true).(*SLGP)
	lat := m.Diagnostics(X, Y)["pred_var_latent"]
	if !(lat > 0) {
		t.Fatalf("pred_var_latent %g: the test tests nothing", lat)
	}
	draws, _ := m.Sample(X, 50, rand.New(rand.NewPCG(3, 3)))
	if d, _ := m.SampleWith(X, 50, rand.New(rand.NewPCG(3, 3)), Draws); !mat.Equal(d, draws) {
		t.Error("SampleWith(Draws) differs from Sample")
	}
	r := rand.New(rand.NewPCG(3, 3))
	plug, _ := m.SampleWith(X, 50, r, PlugIn)
	if mat.Equal(plug, draws) {
		t.Fatal("the plug-in predictive samples what the draws do")
	}
	next := r.Uint64()
	r2 := rand.New(rand.NewPCG(3, 3))
	m.Sample(X, 50, r2)
	if r2.Uint64() != next {
		t.Error("the plug-in predictive advanced the generator otherwise than the draws")
	}
	muF, _ := m.predictChunk(X, 5, rand.New(rand.NewPCG(4, 4)), true)
	for p := 1; p < 5; p++ {
		for i := range 20 {
			if math.Abs(muF.At(p*20+i, 0)-muF.At(i, 0)) > 1e-12 {
				t.Fatalf("plug-in: point %d's GP mean differs between draws 0 and %d", i, p)
			}
		}
	}
	if d := m.Diagnostics(X, Y); d["pred_var_latent"] != lat {
		t.Errorf("after plug-in sampling pred_var_latent %g, want the draws' %g", d["pred_var_latent"], lat)
	}
	wrapped, err := WithPredictive(m, PlugIn)
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := wrapped.Sample(X, 50, rand.New(rand.NewPCG(3, 3))); !mat.Equal(w, plug) {
		t.Error("WithPredictive(PlugIn).Sample differs from SampleWith(PlugIn)")
	}
	if same, _ := WithPredictive(m, Draws); same != Model(m) {
		t.Error("WithPredictive(Draws) is not the model itself")
	}
	sgp, _ := NewSGP(defaultSGPConfig(), Spec{X: X, Y: Y, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		return adtest.Rand(rand.New(rand.NewPCG(1, 1)), M, 2)
	}})
	if _, err := WithPredictive(sgp, PlugIn); err == nil {
		t.Error("WithPredictive(PlugIn) accepted SGP, which has no latent variables")
	}
}
