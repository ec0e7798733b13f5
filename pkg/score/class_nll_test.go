package score

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// classStub is a model whose predictive depends on the one-hot input's
// class c: output d is N(0.1c + 0.01d, (0.1 + 0.05d)²). It keeps what each
// Sample call returned.
type classStub struct {
	dy    int
	calls []*mat.Dense
	class []int
}

func (s *classStub) Name() string                            { return "stub" }
func (s *classStub) Params() *ad.ParamSet                    { return ad.NewParamSet() }
func (s *classStub) Objective(*ad.Tape, models.Step) *ad.Var { return nil }
func (s *classStub) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, dx := X.Dims()
	Y = mat.NewDense(P, n*s.dy, nil)
	for i := 0; i < n; i++ {
		c := 0
		for k := 0; k < dx; k++ {
			if X.At(i, k) == 1 {
				c = k
			}
		}
		if n == 1 {
			s.class = append(s.class, c)
		}
		for p := 0; p < P; p++ {
			for d := 0; d < s.dy; d++ {
				Y.Set(p, i*s.dy+d, 0.1*float64(c)+0.01*float64(d)+(0.1+0.05*float64(d))*rng.NormFloat64())
			}
		}
	}
	s.calls = append(s.calls, Y)
	return Y, nil
}

// TestClassKDENLLMatchesDirectLoop: on 9 test points of 3 classes and 4
// outputs, ClassKDENLL samples once per class and each point's NLL equals a
// direct loop over the outputs of KDELogDensity with SilvermanBandwidth on
// that class's samples (to 1e-12 relative: the same KDE, its bandwidth's
// standard deviation summed in another order).
func TestClassKDENLLMatchesDirectLoop(t *testing.T) {
	const n, dx, dy, P = 9, 3, 4, 50
	rng := rand.New(rand.NewPCG(1, 2))
	X, Y := mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		c := (i * 2) % 3
		X.Set(i, c, 1)
		for d := 0; d < dy; d++ {
			Y.Set(i, d, 0.1*float64(c)+0.3*rng.NormFloat64())
		}
	}
	m := &classStub{dy: dy}
	got, err := ClassKDENLL(m, X, Y, P, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.calls) != 3 {
		t.Fatalf("%d Sample calls, want one per class (3)", len(m.calls))
	}
	for i := 0; i < n; i++ {
		c := (i * 2) % 3
		k := -1
		for j, cc := range m.class {
			if cc == c {
				k = j
			}
		}
		want := 0.0
		for d := 0; d < dy; d++ {
			col := mat.Col(nil, d, m.calls[k])
			want -= eval.KDELogDensity(col, Y.At(i, d), eval.SilvermanBandwidth(col))
		}
		if math.Abs(got[i]-want) > 1e-12*max(1, math.Abs(want)) {
			t.Errorf("point %d (class %d): NLL %v, direct loop %v", i, c, got[i], want)
		}
	}
	if _, err := ClassKDENLL(m, X, mat.NewDense(n-1, dy, nil), P, rng); err == nil {
		t.Error("no error for 9 input rows and 8 output rows")
	}
}

// cyclicClassData returns n one-hot inputs whose class cycles through the
// dx classes (point i in class i mod dx) and N(0, 0.2²) outputs.
func cyclicClassData(n, dx, dy int, rng *rand.Rand) (X, Y *mat.Dense) {
	X, Y = mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		X.Set(i, i%dx, 1)
		for d := 0; d < dy; d++ {
			Y.Set(i, d, 0.2*rng.NormFloat64())
		}
	}
	return X, Y
}

// Testthe per-class Evaluate: the metrics are the mean of ClassKDENLL's per-point
// values (same draws from the seed's stream), shifted by Σ_d log σ_y[d] on
// the original scale, with the RMSE of the per-class sample means; an
// ended context is an error.
func TestClassEvaluate(t *testing.T) {
	const n, dx, dy, P = 8, 2, 3, 40
	X, Y := cyclicClassData(n, dx, dy, rand.New(rand.NewPCG(5, 6)))
	sigma := []float64{1, 2, 0.7}
	m := &classStub{dy: dy}
	met, err := classMetrics(context.Background(), m, X, Y, sigma, P, 11, EstimatorKDE)
	if err != nil {
		t.Fatal(err)
	}
	m2 := &classStub{dy: dy}
	per, err := ClassKDENLL(m2, X, Y, P, rand.New(rand.NewPCG(11, 0)))
	if err != nil {
		t.Fatal(err)
	}
	want, ss := 0.0, 0.0
	for i, v := range per {
		want += v / n
		k := i % 2 // classes appear in order 0, 1
		for d := 0; d < dy; d++ {
			mean := mat.Sum(m2.calls[k].ColView(d)) / P
			e := (mean - Y.At(i, d)) * sigma[d]
			ss += e * e
		}
	}
	if math.Abs(met.NLLStd-want) > 1e-12*math.Abs(want) {
		t.Errorf("NLLStd %v, mean of ClassKDENLL %v", met.NLLStd, want)
	}
	if d := met.NLL - met.NLLStd - math.Log(2*0.7); math.Abs(d) > 1e-12 {
		t.Errorf("NLL - NLLStd = %v, want Σ log σ_y = log 1.4", met.NLL-met.NLLStd)
	}
	if r := math.Sqrt(ss / (n * dy)); math.Abs(met.RMSE-r) > 1e-12 {
		t.Errorf("RMSE %v, want %v", met.RMSE, r)
	}
	if met.NTest != n || met.Samples != P {
		t.Errorf("NTest %d, Samples %d", met.NTest, met.Samples)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := classMetrics(ctx, m, X, Y, sigma, P, 11, EstimatorKDE); err == nil {
		t.Error("no error with an ended context")
	}
}

// TestClassKDENLLPerRowBits: scoring a class's test points together
// (eval.KDELogDensitiesShared, each distinct pixel value once) gives the
// bits of scoring each point alone with eval.KDELogDensities against the
// same draws, as the per-class loop did before; the test values are
// 256-level pixels, mostly 0, so most of them repeat.
func TestClassKDENLLPerRowBits(t *testing.T) {
	const n, dx, dy, P = 60, 4, 9, 40
	rng := rand.New(rand.NewPCG(5, 6))
	X, Y := mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		X.Set(i, (i*3)%dx, 1)
		for d := 0; d < dy; d++ {
			if rng.Float64() < 0.4 {
				Y.Set(i, d, float64(rng.IntN(256))/255)
			}
		}
	}
	m := &classStub{dy: dy}
	got, err := ClassKDENLL(m, X, Y, P, rand.New(rand.NewPCG(7, 8)))
	if err != nil {
		t.Fatal(err)
	}
	ld := mat.NewDense(1, dy, nil)
	for i := 0; i < n; i++ {
		c := (i * 3) % dx
		k := slices.Index(m.class, c)
		if _, err := eval.KDELogDensities(m.calls[k], Y.Slice(i, i+1, 0, dy).(*mat.Dense), ld); err != nil {
			t.Fatal(err)
		}
		s := 0.0
		for _, v := range ld.RawRowView(0) {
			s += v
		}
		if math.Float64bits(got[i]) != math.Float64bits(-s) {
			t.Fatalf("point %d (class %d): NLL %v, scored alone %v", i, c, got[i], -s)
		}
	}
}
