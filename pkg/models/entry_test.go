package models

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/config"
	"gonum.org/v1/gonum/mat"
)

// buildSmall builds the model called name, shrunk as the conformance
// suite shrinks it, on random data with dy target columns.
func buildSmall(name string, dy int) (Model, error) {
	rng := rand.New(rand.NewPCG(7, 8))
	X, Y := adtest.Rand(rng, 9, 2), adtest.Rand(rng, 9, dy)
	spec := Spec{X: X, Y: Y, Seed: 4, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rand.New(rand.NewPCG(seed, 1)), M, c)
	}}
	return New(name, func(dst any) error { return config.DecodeValue(smallFor(dst), dst, "model") }, spec)
}

// TestEntryFacts: every entry's facts agree with the model: its label,
// LatentPredictive with PlugInSampler, MultiOutput with a build on two
// target columns, TrainsNN with a hidden key, KernelKeys with its keys;
// Compare.LBFGS with a deterministic objective, a predictive density for
// every model; Compare.Configure sets only Compare.Keys, to values that
// validate.
func TestEntryFacts(t *testing.T) {
	for _, name := range Names() {
		e, _ := Lookup(name)
		if e.Label != strings.ToUpper(name) || Label(name) != e.Label {
			t.Errorf("%s: label %q", name, e.Label)
		}
		m, err := buildSmall(name, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, ok := m.(PlugInSampler); ok != e.Caps.LatentPredictive {
			t.Errorf("%s: LatentPredictive %v, PlugInSampler %v", name, e.Caps.LatentPredictive, ok)
		}
		if _, err := buildSmall(name, 2); (err == nil) != e.Caps.MultiOutput {
			t.Errorf("%s: MultiOutput %v, two outputs: %v", name, e.Caps.MultiOutput, err)
		}
		keys := config.Keys(e.NewConfig())
		if slices.Contains(keys, "hidden") != e.Caps.TrainsNN {
			t.Errorf("%s: TrainsNN %v, keys %v", name, e.Caps.TrainsNN, keys)
		}
		if len(e.Caps.KernelKeys) > 0 && e.Caps.KernelKeys[0] != "kernel" || TakesKernel(name) != (len(e.Caps.KernelKeys) > 0) {
			t.Errorf("%s: KernelKeys %v", name, e.Caps.KernelKeys)
		}
		if d, ok := m.(DeterministicObjective); e.Compare.LBFGS && (!ok || !d.DeterministicObjective()) {
			t.Errorf("%s: compare trains it with L-BFGS, and its objective is not deterministic", name)
		}
		_, hasLD := m.(LogDensityer)
		_, hasMix := m.(MixturePredictor)
		if !hasLD && !hasMix {
			t.Errorf("%s: no predictive density (LogDensityer or MixturePredictor) for compare's score", name)
		}
		if e.Caps.ContinuousLatent && (hasLD || !hasMix || name == "smgp" || name == "dagp") {
			t.Errorf("%s: ContinuousLatent, and its density is not a mixture over latent draws", name)
		}
		if !e.Caps.ContinuousLatent && !hasLD && hasMix && name != "smgp" && name != "dagp" {
			t.Errorf("%s: a latent-draw mixture without ContinuousLatent", name)
		}
		if e.Compare.SelectPredictive && !e.Caps.LatentPredictive {
			t.Errorf("%s: compare selects a predictive the model does not have", name)
		}
		cfg := e.NewConfig()
		before := config.Values(cfg)
		e.Compare.Configure(cfg)
		after := config.Values(cfg)
		if e.Compare.WarmStart && !slices.Contains(config.Keys(cfg), "init") {
			t.Errorf("%s: a warm start in compare and no model.init key to set it", name)
		}
		for _, k := range e.Compare.Keys {
			if !slices.Contains(config.Keys(cfg), k) {
				t.Errorf("%s: compare key %q is not a key of the model", name, k)
			}
		}
		for k, v := range after {
			if !slices.Contains(e.Compare.Keys, k) && !reflect.DeepEqual(v, before[k]) {
				t.Errorf("%s: compare's Configure sets %s, not among its Keys %v", name, k, e.Compare.Keys)
			}
		}
		if v, ok := cfg.(config.Validator); ok {
			if err := v.Validate(); err != nil {
				t.Errorf("%s: compare's settings: %v", name, err)
			}
		}
	}
	if got := CompareDefaults(); !slices.Equal(got, []string{"sgp", "shgp", "smgp", "slgp"}) {
		t.Errorf("CompareDefaults %v", got)
	}
	if Label("nosuch") != "NOSUCH" {
		t.Errorf("Label of an unknown model: %q", Label("nosuch"))
	}
}
