package models

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/config"
	"gonum.org/v1/gonum/mat"
)

// strictDecode decodes opts into a config struct with the run config's
// decoder (unknown keys refused, with the struct's KeyHint).
func strictDecode(opts map[string]any) func(any) error {
	return func(dst any) error { return config.DecodeValue(opts, dst, "model") }
}

// TestGPCDERefusesSLGPKeys: each of SLGP's keys given to GPCDE is an error
// that names the key and says it belongs to slgp; SLGP accepts them all.
func TestGPCDERefusesSLGPKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	X, Y := adtest.Rand(rng, 8, 2), adtest.Rand(rng, 8, 1)
	spec := Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}
	slgpVals := map[string]any{"beta": 0.5, "beta_warmup": 10, "d_h": 3, "nu0_init": 0.1, "bound": "iwvi",
		"inducing": "direct", "encoder_residual": true, "fix_nu0": true}
	for _, k := range slgpOnlyKeys {
		opts := map[string]any{"m": 4, "hidden": []int{3}, k: slgpVals[k]}
		_, err := New("gpcde", strictDecode(opts), spec)
		if err == nil || !strings.Contains(err.Error(), k) || !strings.Contains(err.Error(), "slgp's keys") {
			t.Errorf("gpcde with %s: err %v, want a refusal naming %s and slgp", k, err, k)
		}
		if _, err := New("slgp", strictDecode(opts), spec); err != nil {
			t.Errorf("slgp with %s: %v", k, err)
		}
	}
	if _, err := New("gpcde", strictDecode(map[string]any{"m": 4, "hidden": []int{3}, "prior": "normal", "leaky_slope": 0.1}), spec); err != nil {
		t.Errorf("gpcde with its own keys: %v", err)
	}
	var c GPCDEConfig
	if h := c.KeyHint("d_h"); !strings.Contains(h, "d_h") || !strings.Contains(h, "slgp") {
		t.Errorf("KeyHint(d_h) = %q", h)
	}
	for _, k := range []string{"m", "prior", "exact_ratio", "noise_floor", "prior_decay"} {
		if h := c.KeyHint(k); h != "" {
			t.Errorf("KeyHint(%s) = %q, want none (not a key of slgp's)", k, h)
		}
	}
}

// TestRemovedSwitchesRefused: the switches no config, sweep or result used
// (exact_ratio, noise_floor, prior_decay) are unknown keys of both latent
// models now, refused by the strict decoder rather than silently ignored.
func TestRemovedSwitchesRefused(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X, Y := adtest.Rand(rng, 8, 2), adtest.Rand(rng, 8, 1)
	spec := Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}
	for _, k := range []string{"exact_ratio", "noise_floor", "prior_decay"} {
		for _, name := range []string{"slgp", "gpcde"} {
			opts := map[string]any{"m": 4, "hidden": []int{3}, k: 1}
			if _, err := New(name, strictDecode(opts), spec); err == nil || !strings.Contains(err.Error(), k) {
				t.Errorf("%s with %s: err %v, want a refusal naming the key", name, k, err)
			}
		}
	}
}
