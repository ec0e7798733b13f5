package score

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// estimatorCase is 8 test points of 2 classes and 3 outputs in [0, 1]
// (the first pixel of every point 0, like mnist's background).
func estimatorCase() (X, Y *mat.Dense) {
	const n, dx, dy = 8, 2, 3
	rng := rand.New(rand.NewPCG(7, 8))
	X, Y = mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		X.Set(i, i%2, 1)
		for d := 1; d < dy; d++ {
			Y.Set(i, d, rng.Float64())
		}
	}
	return X, Y
}

// TestClassEvaluateWithClipped: kde-clipped scores each point against the
// class's samples clipped to [0, 1] (a direct loop over the outputs with
// the same draws), differs from the plain KDE, and the plain KDE is
// the per-class Evaluate's; an unknown estimator is an error.
func TestClassEvaluateWithClipped(t *testing.T) {
	const P = 40
	X, Y := estimatorCase()
	n, dy := Y.Dims()
	sigma := []float64{1, 1, 1}
	ctx := context.Background()
	m := &classStub{dy: dy}
	got, err := classMetrics(ctx, m, X, Y, sigma, P, 11, EstimatorKDEClipped)
	if err != nil {
		t.Fatal(err)
	}
	clipped := 0
	want := 0.0
	for i := 0; i < n; i++ {
		S := m.calls[i%2] // classes appear in order 0, 1
		for d := 0; d < dy; d++ {
			col := mat.Col(nil, d, S)
			for p, v := range col {
				if v < 0 || v > 1 {
					t.Fatalf("sample %d of output %d is %v: not clipped", p, d, v)
				}
				if v == 0 || v == 1 {
					clipped++
				}
			}
			want -= eval.KDELogDensity(col, Y.At(i, d), eval.SilvermanBandwidth(col)) / float64(n)
		}
	}
	if clipped == 0 {
		t.Fatal("no sample was clipped: the case does not test clipping")
	}
	if math.Abs(got.NLLStd-want) > 1e-12*math.Abs(want) {
		t.Errorf("kde-clipped NLLStd %v, direct loop on the clipped samples %v", got.NLLStd, want)
	}
	plain, err := classMetrics(ctx, &classStub{dy: dy}, X, Y, sigma, P, 11, EstimatorKDE)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := classMetrics(ctx, &classStub{dy: dy}, X, Y, sigma, P, 11, "")
	if plain != ref {
		t.Errorf("kde %+v, the per-class Evaluate %+v", plain, ref)
	}
	if plain.NLLStd == got.NLLStd {
		t.Error("clipping changed nothing")
	}
	if _, err := classMetrics(ctx, &classStub{dy: dy}, X, Y, sigma, P, 11, "KDE"); err == nil {
		t.Error("no error for estimator \"KDE\"")
	}
}

// TestClassEvaluateWithJoint: the joint estimator's NLL is the mean of
// ClassJointNLL's values (same draws) and its RMSE that of the average of
// the component means; a model without components is an error.
func TestClassEvaluateWithJoint(t *testing.T) {
	const P = 5
	X, Y := estimatorCase()
	n, dy := Y.Dims()
	sigma := []float64{1, 2, 1}
	ctx := context.Background()
	got, err := classMetrics(ctx, &mixtureStub{classStub: classStub{dy: dy}}, X, Y, sigma, P, 3, EstimatorJoint)
	if err != nil {
		t.Fatal(err)
	}
	per, err := ClassJointNLL(&mixtureStub{classStub: classStub{dy: dy}}, X, Y, P, rand.New(rand.NewPCG(3, 0)))
	if err != nil {
		t.Fatal(err)
	}
	want, ss := 0.0, 0.0
	for i, v := range per {
		want += v / float64(n)
		c := float64(i % 2)
		for d := 0; d < dy; d++ {
			mean := 0.0 // mixtureStub: component p's mean 0.1c + 0.02p·d
			for p := 0; p < P; p++ {
				mean += (0.1*c + 0.02*float64(p*d)) / P
			}
			e := (mean - Y.At(i, d)) * sigma[d]
			ss += e * e
		}
	}
	if math.Abs(got.NLLStd-want) > 1e-12*math.Abs(want) {
		t.Errorf("joint NLLStd %v, mean of ClassJointNLL %v", got.NLLStd, want)
	}
	if r := math.Sqrt(ss / float64(n*dy)); math.Abs(got.RMSE-r) > 1e-12 {
		t.Errorf("joint RMSE %v, want %v", got.RMSE, r)
	}
	if _, err := classMetrics(ctx, &classStub{dy: dy}, X, Y, sigma, P, 3, EstimatorJoint); err == nil {
		t.Error("no error for the joint estimator of a model without Gaussian components")
	}
}
