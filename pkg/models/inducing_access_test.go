package models

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/config"
	"gonum.org/v1/gonum/mat"
)

// TestInducingInputs: every registered model with inducing inputs lists
// exactly its parameters that hold them (named Z, Z_... or ...Z), and a
// model without any (hnn, mdn, cvae) has no such parameter; SLGP's encoded
// design lists Z_x and Z_xy.
func TestInducingInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	X, Y := adtest.Rand(rng, 7, 2), adtest.Rand(rng, 7, 1)
	spec := Spec{X: X, Y: Y, Seed: 4, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rand.New(rand.NewPCG(seed, 1)), M, c)
	}}
	type variant struct {
		name  string
		extra map[string]any
	}
	variants := []variant{{"slgp", map[string]any{"inducing": "encoded"}}}
	for _, name := range Names() {
		variants = append(variants, variant{name, nil})
	}
	for _, v := range variants {
		decode := func(dst any) error {
			set := smallFor(dst)
			for k, x := range v.extra {
				set[k] = x
			}
			return config.DecodeValue(set, dst, "model")
		}
		m, err := New(v.name, decode, spec)
		if err != nil {
			t.Fatalf("%s %v: %v", v.name, v.extra, err)
		}
		var want []*ad.Param
		for _, p := range m.Params().List {
			if p.Name == "Z" || strings.HasPrefix(p.Name, "Z_") || strings.HasSuffix(p.Name, "Z") {
				want = append(want, p)
			}
		}
		var got []*ad.Param
		if ii, ok := m.(InducingInputter); ok {
			got = ii.InducingInputs()
		}
		if len(got) != len(want) {
			t.Errorf("%s %v: %d inducing inputs, want %d", v.name, v.extra, len(got), len(want))
			continue
		}
		for _, p := range want {
			if !slices.Contains(got, p) {
				t.Errorf("%s %v: parameter %s is not among the inducing inputs", v.name, v.extra, p.Name)
			}
		}
	}
}
