package models

import (
	"errors"
	"math"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// warmToy builds SHGP (M = M_w = 50) on the standardised heteroscedastic
// toy with model.init set to init, returning it with the data and the
// toy's true log noise standard deviation at each training input.
func warmToy(t *testing.T, init string) (*SHGP, *mat.Dense, *mat.Dense, []float64) {
	t.Helper()
	X, Y, _, _ := toyStd(t, "hetero")
	raw, _, err := data.Toy("hetero", 0)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := X.Dims()
	logStd := make([]float64, n)
	for i := range logStd {
		logStd[i] = math.Log(data.HeteroNoiseStd(raw.X.At(i, 0)) + 0.1)
	}
	cfg := defaultHeteroConfig()
	cfg.M, cfg.MW, cfg.Init = 50, 50, init
	m, err := NewSHGP(cfg, Spec{X: X, Y: Y, Seed: 1, KMeans: data.KMeans})
	if err != nil {
		t.Fatal(err)
	}
	return m, X, Y, logStd
}

// fullELBO is m's objective per point on the whole of (X, Y).
func fullELBO(m Model, X, Y *mat.Dense) float64 {
	n, _ := X.Dims()
	return m.Objective(ad.NewTape(), Step{X: X, Y: Y, N: n}).Scalar()
}

// TestSHGPWarmStart: model.init: residuals starts SHGP on the
// heteroscedastic toy where its noise is, before any training step: w's
// mean follows the toy's log noise standard deviation (log(sd + 0.1);
// correlation 0.706 measured, required above 0.5; at the prior start w is
// 0 everywhere), the ELBO per point is far above the prior start's
// (-0.925 against -5.114 measured, required 2 above), and two builds are
// the same bits.
func TestSHGPWarmStart(t *testing.T) {
	prior, X, Y, _ := warmToy(t, InitPrior)
	warm, _, _, logStd := warmToy(t, InitResiduals)
	again, _, _, _ := warmToy(t, InitResiduals)
	ep, ew := fullELBO(prior, X, Y), fullELBO(warm, X, Y)
	muW, _ := warm.Modulation(X)
	r := stat.Correlation(muW, logStd, nil)
	t.Logf("ELBO per point: prior start %.4f, warm start %.4f; corr(mu_w, log noise sd) %.3f", ep, ew, r)
	if !(ew > ep+2) {
		t.Errorf("warm start's ELBO %.4f is not well above the prior start's %.4f", ew, ep)
	}
	if !(r > 0.5) {
		t.Errorf("warm start's w does not follow the noise: correlation %.3f with the log noise sd", r)
	}
	if !equalBits(warm.Params().Flatten(nil), again.Params().Flatten(nil)) {
		t.Error("two warm starts of the same data differ")
	}
}

// TestSHGPInitKey: an unknown model.init is refused by Validate, naming
// the key; SVHGP, which has no warm start, refuses residuals; a build
// that a checkpoint is about to overwrite (Spec.Restoring) skips the warm
// start and equals the prior start.
func TestSHGPInitKey(t *testing.T) {
	cfg := defaultHeteroConfig()
	cfg.Init = "resid"
	var ke *config.KeyError
	if err := cfg.Validate(); !errors.As(err, &ke) || ke.Key != "model.init" {
		t.Errorf("model.init = resid: %v, want a model.init key error", err)
	}
	X, Y, _, _ := toyStd(t, "hetero")
	cfg.Init = InitResiduals
	if _, err := NewSVHGP(cfg, Spec{X: X, Y: Y, KMeans: data.KMeans}); !errors.As(err, &ke) || ke.Key != "model.init" {
		t.Errorf("svhgp with model.init: residuals: %v, want a model.init key error", err)
	}
	cfg.M, cfg.MW = 20, 20
	restoring, err := NewSHGP(cfg, Spec{X: X, Y: Y, Seed: 1, KMeans: data.KMeans, Restoring: true})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Init = InitPrior
	prior, err := NewSHGP(cfg, Spec{X: X, Y: Y, Seed: 1, KMeans: data.KMeans})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := restoring.Params().Flatten(nil), prior.Params().Flatten(nil); !equalBits(a, b) {
		t.Error("a restoring build with model.init: residuals differs from the prior start")
	}
}

// equalBits reports whether a and b hold the same float64 bits.
func equalBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestSHGPWarmStartNoiseless: on noise-free targets (y = sin 3x), whose
// residuals after stage 1 are tiny, the warm start still ends at a finite
// ELBO with a positive c.
func TestSHGPWarmStartNoiseless(t *testing.T) {
	const n = 200
	X, Y := mat.NewDense(n, 1, nil), mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		x := -2 + 4*float64(i)/(n-1)
		X.Set(i, 0, x)
		Y.Set(i, 0, math.Sin(3*x))
	}
	cfg := defaultHeteroConfig()
	cfg.M, cfg.MW, cfg.Init = 20, 20, InitResiduals
	m, err := NewSHGP(cfg, Spec{X: X, Y: Y, Seed: 1, KMeans: data.KMeans})
	if err != nil {
		t.Fatal(err)
	}
	e, c := fullELBO(m, X, Y), m.C.Value().At(0, 0)
	t.Logf("noise-free targets: ELBO per point %.4f, c %.3g", e, c)
	if math.IsNaN(e) || math.IsInf(e, 0) || !(c > 0) {
		t.Errorf("warm start on noise-free targets: ELBO %v, c %v", e, c)
	}
}
