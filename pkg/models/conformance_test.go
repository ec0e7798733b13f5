package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/config"
	"gonum.org/v1/gonum/mat"
)

// smallOptions shrinks every model for the conformance suite; each model
// gets the keys it has (smallFor), decoded strictly as a config file is.
var smallOptions = map[string]any{"m": 4, "m_w": 3, "hidden": []int{4}, "s": 3, "beta": 0.5, "nu0_init": 0.3}

// TestRegistryConformance runs every registered model through the same
// checks: construction, a finite objective, its gradient against finite
// differences at random parameters (draws fixed), bit-identical results for
// one seed, and predictive samples of the right shape.
func TestRegistryConformance(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(91, 92))
			X, Y := adtest.Rand(rng, 7, 2), adtest.Rand(rng, 7, 1)
			build := func() Model {
				spec := Spec{X: X, Y: Y, Seed: 4, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
					r := rand.New(rand.NewPCG(seed, 1))
					_, c := X.Dims()
					return adtest.Rand(r, M, c)
				}}
				m, err := New(name, func(dst any) error { return config.DecodeValue(smallFor(dst), dst, "model") }, spec)
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			m := build()
			if m.Name() != name {
				t.Fatalf("Name() = %q", m.Name())
			}
			randomize(m.Params(), rand.New(rand.NewPCG(5, 5)), 0.2)
			tp := ad.NewTape()
			o := m.Objective(tp, Step{X: X, Y: Y, N: 20, Rng: rand.New(rand.NewPCG(1, 1))}).Scalar()
			if math.IsNaN(o) || math.IsInf(o, 0) {
				t.Fatalf("objective %v", o)
			}
			objectiveCheck(t, m, X, Y, 20, 3)
			m2 := build()
			randomize(m2.Params(), rand.New(rand.NewPCG(5, 5)), 0.2)
			tp.Reset()
			if o2 := m2.Objective(tp, Step{X: X, Y: Y, N: 20, Rng: rand.New(rand.NewPCG(1, 1))}).Scalar(); o2 != o {
				t.Fatalf("same seed, different objective: %v vs %v", o, o2)
			}
			Xt := adtest.Rand(rng, 5, 2)
			ys, fs := m.Sample(Xt, 11, rand.New(rand.NewPCG(2, 2)))
			if r, c := ys.Dims(); r != 11 || c != 5 {
				t.Fatalf("y samples %dx%d, want 11x5", r, c)
			}
			if fs != nil {
				if r, c := fs.Dims(); r != 11 || c != 5 {
					t.Fatalf("f samples %dx%d, want 11x5", r, c)
				}
			}
			for _, v := range ys.RawMatrix().Data {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatal("non-finite predictive sample")
				}
			}
		})
	}
}

// smallFor returns the keys of smallOptions that the config struct cfg has.
func smallFor(cfg any) map[string]any { return known(smallOptions, cfg) }

// known returns the keys of opts that the config struct cfg has.
func known(opts map[string]any, cfg any) map[string]any {
	out := map[string]any{}
	for _, k := range config.Keys(cfg) {
		if v, ok := opts[k]; ok {
			out[k] = v
		}
	}
	return out
}

// decodeKnown decodes the keys of opts that a model's config has, with
// the run config's strict decoder (shared options for several models).
func decodeKnown(opts map[string]any) func(any) error {
	return func(dst any) error { return config.DecodeValue(known(opts, dst), dst, "model") }
}
