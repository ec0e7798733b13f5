package eval

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// multiSamples draws P samples for n points x dy outputs in the models'
// layout (column i·dy + d) and observed values, output d centred at d and
// with sd 1 + d.
func multiSamples(P, n, dy int, seed uint64) (S, Y *mat.Dense) {
	r := rand.New(rand.NewPCG(seed, 7))
	S = mat.NewDense(P, n*dy, nil)
	Y = mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		for d := 0; d < dy; d++ {
			Y.Set(i, d, float64(d)+r.NormFloat64())
			for p := 0; p < P; p++ {
				S.Set(p, i*dy+d, float64(d)+float64(1+d)*r.NormFloat64())
			}
		}
	}
	return S, Y
}

// outputColumns extracts the P x n samples of output d.
func outputColumns(S *mat.Dense, n, dy, d int) *mat.Dense {
	P, _ := S.Dims()
	out := mat.NewDense(P, n, nil)
	for i := 0; i < n; i++ {
		for p := 0; p < P; p++ {
			out.Set(p, i, S.At(p, i*dy+d))
		}
	}
	return out
}

// TestKDEOutputsSingleOutputIsKDENLL: with one output the multi-output
// entry points give KDENLL's numbers bit for bit.
func TestKDEOutputsSingleOutputIsKDENLL(t *testing.T) {
	S, Y := multiSamples(200, 37, 1, 1)
	y := mat.Col(nil, 0, Y)
	want, wantLD := KDENLL(S, y, nil)
	ld, err := KDELogDensities(S, Y, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range wantLD {
		if got := ld.At(i, 0); math.Float64bits(got) != math.Float64bits(w) {
			t.Fatalf("point %d: %v, KDENLL %v", i, got, w)
		}
	}
	per, total, err := KDENLLOutputs(S, Y)
	if err != nil {
		t.Fatal(err)
	}
	if len(per) != 1 || math.Float64bits(per[0]) != math.Float64bits(want) || math.Float64bits(total) != math.Float64bits(want) {
		t.Fatalf("per %v total %v, KDENLL %v", per, total, want)
	}
	for _, s := range []float64{0.3, 1, 17.1} {
		if a, b := ToOriginalScaleOutputs(want, []float64{s}), ToOriginalScale(want, s); math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("σ %v: %v != %v", s, a, b)
		}
	}
}

// TestKDEOutputsPerOutput: each output is scored by its own 1-D KDE (the
// same numbers as KDENLL on that output's columns alone) and the total is
// their sum (models.md §9.4).
func TestKDEOutputsPerOutput(t *testing.T) {
	const P, n, dy = 150, 23, 3
	S, Y := multiSamples(P, n, dy, 2)
	per, total, err := KDENLLOutputs(S, Y)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for d := 0; d < dy; d++ {
		want, _ := KDENLL(outputColumns(S, n, dy, d), mat.Col(nil, d, Y), nil)
		if math.Float64bits(per[d]) != math.Float64bits(want) {
			t.Errorf("output %d: %v, KDENLL of its columns %v", d, per[d], want)
		}
		sum += want
	}
	if math.Abs(total-sum) > 1e-12*math.Abs(sum) {
		t.Errorf("total %v, sum of outputs %v", total, sum)
	}
	// Output d has sd 1+d, so its NLL grows with d: the outputs are not mixed.
	if !(per[0] < per[1] && per[1] < per[2]) {
		t.Errorf("per-output NLLs %v not increasing with the outputs' spread", per)
	}
	// Mapping samples and y of output d back to a scale σ_d and scoring
	// there gives NLL_std + Σ log σ_d (models.md §8.1 step 4, per output).
	sig := []float64{0.5, 3, 40}
	So, Yo := mat.DenseCopyOf(S), mat.DenseCopyOf(Y)
	for i := 0; i < n; i++ {
		for d := 0; d < dy; d++ {
			Yo.Set(i, d, Yo.At(i, d)*sig[d])
			for p := 0; p < P; p++ {
				So.Set(p, i*dy+d, So.At(p, i*dy+d)*sig[d])
			}
		}
	}
	_, orig, err := KDENLLOutputs(So, Yo)
	if err != nil {
		t.Fatal(err)
	}
	if got := ToOriginalScaleOutputs(total, sig); math.Abs(got-orig) > 1e-10 {
		t.Errorf("original scale: %v, scored there %v", got, orig)
	}
}

func TestKDEOutputsShapeErrors(t *testing.T) {
	S, Y := multiSamples(20, 5, 2, 3)
	if _, err := KDELogDensities(S, mat.NewDense(5, 3, nil), nil); err == nil || !strings.Contains(err.Error(), "5 test points x 3 outputs") {
		t.Fatalf("err %v", err)
	}
	if _, _, err := KDENLLOutputs(S.Slice(0, 20, 0, 9).(*mat.Dense), Y); err == nil {
		t.Fatal("no error for 9 columns")
	}
	// A destination of the right shape is reused.
	dst := mat.NewDense(5, 2, nil)
	got, err := KDELogDensities(S, Y, dst)
	if err != nil || got != dst {
		t.Fatalf("dst not reused: %v", err)
	}
}
