package models

import (
	"encoding/json"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

var updateFingerprints = flag.Bool("update-fingerprints", false, "rewrite testdata/fingerprints.json from this build")

// fingerprint is what 60 Adam steps of one model leave behind: the objective
// at every step, 64 evenly spaced entries of the final flattened parameters
// and their Euclidean norm, and predictive samples.
type fingerprint struct {
	Objective []float64 `json:"objective"`
	Params    []float64 `json:"params"`
	Samples   []float64 `json:"samples"`
}

// fingerprintOptions sizes the models so that every code path of a full-size
// step runs (several hidden layers, S > 1, M > B/4) while 60 steps stay fast.
var fingerprintOptions = map[string]any{"m": 24, "m_w": 12, "hidden": []int{16, 16, 16}, "s": 4}

// runFingerprint trains model name for 60 Adam steps (minibatch 32 of 96
// points, lr 0.01) from fixed seeds and returns its fingerprint.
func runFingerprint(t *testing.T, name string) fingerprint {
	rng := rand.New(rand.NewPCG(60, 60))
	const n, b = 96, 32
	X := adtest.Rand(rng, n, 3)
	Y := mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		x := X.At(i, 0)
		Y.Set(i, 0, math.Sin(2*x)+0.3*X.At(i, 1)+(0.1+0.4*math.Abs(x))*rng.NormFloat64())
	}
	spec := Spec{X: X, Y: Y, Seed: 7, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rand.New(rand.NewPCG(seed, 3)), M, c)
	}}
	m, err := New(name, decodeKnown(fingerprintOptions), spec)
	if err != nil {
		t.Fatal(err)
	}
	tp := ad.NewTape()
	opt := ad.NewAdam(m.Params(), 0.01)
	mc := rand.New(rand.NewPCG(8, 8))
	Xb, Yb := mat.NewDense(b, 3, nil), mat.NewDense(b, 1, nil)
	var fp fingerprint
	for it := 0; it < 60; it++ {
		for i := 0; i < b; i++ {
			r := (it*b + i*7) % n
			Xb.SetRow(i, X.RawRowView(r))
			Yb.SetRow(i, Y.RawRowView(r))
		}
		tp.Reset()
		o := m.Objective(tp, Step{X: Xb, Y: Yb, N: n, Rng: mc})
		tp.Backward(tp.Neg(o))
		opt.Step()
		fp.Objective = append(fp.Objective, o.Scalar())
	}
	all := m.Params().Flatten(nil)
	stride := (len(all) + 63) / 64
	for i := 0; i < len(all); i += stride {
		fp.Params = append(fp.Params, all[i])
	}
	fp.Params = append(fp.Params, floats.Norm(all, 2))
	ys, _ := m.Sample(X.Slice(0, 5, 0, 3).(*mat.Dense), 4, rand.New(rand.NewPCG(9, 9)))
	fp.Samples = append([]float64(nil), ys.RawMatrix().Data...)
	return fp
}

// TestFingerprints checks that 60 training steps and the predictive samples
// of every model agree with testdata/fingerprints.json to 1e-9 relative:
// performance work (fused ops, other BLAS calls, streaming) may reorder
// floating-point sums but must not change what a model computes. Regenerate
// only for a deliberate change of the mathematics:
//
//	go test ./pkg/models -run TestFingerprints -update-fingerprints
func TestFingerprints(t *testing.T) {
	path := filepath.Join("testdata", "fingerprints.json")
	got := map[string]fingerprint{}
	for _, name := range Names() {
		got[name] = runFingerprint(t, name)
	}
	if *updateFingerprints {
		buf, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(buf, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	buf, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate it with -update-fingerprints)", err)
	}
	want := map[string]fingerprint{}
	if err := json.Unmarshal(buf, &want); err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: no fingerprint in %s", name, path)
			continue
		}
		g := got[name]
		compareFingerprint(t, name+" objective", g.Objective, w.Objective)
		compareFingerprint(t, name+" params", g.Params, w.Params)
		compareFingerprint(t, name+" samples", g.Samples, w.Samples)
	}
}

// compareFingerprint reports got when it differs from want by more than
// 1e-9 relative to want's largest magnitude (the backends' BLAS kernels sum
// in different orders, which moves parameters near zero by more than 1e-9
// of their own size but never by 1e-9 of the vector's).
func compareFingerprint(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d values, want %d", what, len(got), len(want))
		return
	}
	scale, worst, at := 0.0, 0.0, 0
	for i := range want {
		scale = math.Max(scale, math.Abs(want[i]))
		if d := math.Abs(got[i] - want[i]); d > worst || math.IsNaN(d) {
			worst, at = d, i
		}
	}
	if !(worst <= 1e-9*scale) {
		t.Errorf("%s: element %d is %.17g, fingerprint %.17g (difference %.3g > 1e-9 x max |fingerprint| %.3g)",
			what, at, got[at], want[at], worst, scale)
	}
}
