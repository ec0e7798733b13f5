package fit

import (
	"reflect"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestZeroOptionsFitCompareSLGP: with zero training options a fit of SLGP
// trains mgp compare's SLGP: its recommended setting (prior normal, beta
// 0.5, noise_init 0.01) at the small-data sizes ([50, 50], 5 samples) on
// rows that fit in one batch and the full ones on more (the same model
// config moving both ways, as Fit applies it to each data set); a key
// the caller set stays; a training option set, or SHGP's M_w (which
// follows M), keeps the model's defaults.
func TestZeroOptionsFitCompareSLGP(t *testing.T) {
	vals := func(m *Model) map[string]any { return config.Values(m.cfg.Model.Config) }
	m, err := New("slgp", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"prior": "normal", "beta": 0.5, "noise_init": 0.01, "hidden": []int{50, 50}, "s": 5}
	check := func(what string, got map[string]any, want map[string]any) {
		t.Helper()
		for k, w := range want {
			if !reflect.DeepEqual(got[k], w) {
				t.Errorf("%s: model.%s = %v, want %v", what, k, got[k], w)
			}
		}
	}
	check("slgp, zero options", vals(m), want)
	cfg := m.cfg
	compareKeys(&cfg, runconfig.FullBatchRows+1, nil)
	check("slgp on more rows than one batch", config.Values(cfg.Model.Config), map[string]any{"prior": "normal", "hidden": []int{100, 100, 100}, "s": 10})
	compareKeys(&cfg, 100, nil)
	check("slgp on 100 rows again", config.Values(cfg.Model.Config), want)

	own, err := New("slgp", Options{Model: map[string]any{"Hidden": []int{20}, "beta": 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	check("slgp with hidden and beta set", vals(own), map[string]any{"hidden": []int{20}, "beta": 0.1, "s": 5, "prior": "normal"})

	set, err := New("slgp", Options{Iterations: 30})
	if err != nil {
		t.Fatal(err)
	}
	check("slgp with Iterations set", vals(set), map[string]any{"prior": "mlp", "beta": 0.01, "hidden": []int{100, 100, 100}, "s": 10})

	shgp, err := New("shgp", Options{Model: map[string]any{"m": 8}})
	if err != nil {
		t.Fatal(err)
	}
	check("shgp with m set", vals(shgp), map[string]any{"m": 8, "m_w": 0})
}
