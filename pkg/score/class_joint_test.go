package score

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// mixtureStub is classStub with Gaussian components: for class c,
// component p of output d has mean 0.1c + 0.02p·d and variance
// 0.05 + 0.01(p + d).
type mixtureStub struct {
	classStub
	calls int
}

func (s *mixtureStub) PredictiveMixture(X *mat.Dense, P int, _ *rand.Rand) (Mu, V *mat.Dense) {
	s.calls++
	c := 0
	for k := 0; k < X.RawMatrix().Cols; k++ {
		if X.At(0, k) == 1 {
			c = k
		}
	}
	Mu, V = mat.NewDense(P, s.dy, nil), mat.NewDense(P, s.dy, nil)
	for p := 0; p < P; p++ {
		for d := 0; d < s.dy; d++ {
			Mu.Set(p, d, 0.1*float64(c)+0.02*float64(p*d))
			V.Set(p, d, 0.05+0.01*float64(p+d))
		}
	}
	return Mu, V
}

// TestClassJointNLL: on 6 points of 2 classes and 3 outputs, one mixture per
// class, and each point's value is -log of the plain average over the
// components of the product of the outputs' normal densities (1e-12
// relative); a model without components is an error.
func TestClassJointNLL(t *testing.T) {
	const n, dx, dy, P = 6, 2, 3, 5
	rng := rand.New(rand.NewPCG(7, 8))
	X, Y := mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		X.Set(i, i%2, 1)
		for d := 0; d < dy; d++ {
			Y.Set(i, d, 0.1*float64(i%2)+0.2*rng.NormFloat64())
		}
	}
	m := &mixtureStub{classStub: classStub{dy: dy}}
	got, err := ClassJointNLL(m, X, Y, P, rng)
	if err != nil {
		t.Fatal(err)
	}
	if m.calls != 2 {
		t.Fatalf("%d mixtures drawn, want one per class (2)", m.calls)
	}
	for i := 0; i < n; i++ {
		Mu, V := m.PredictiveMixture(X.Slice(i, i+1, 0, dx).(*mat.Dense), P, nil)
		avg := 0.0
		for p := 0; p < P; p++ {
			prod := 1.0
			for d := 0; d < dy; d++ {
				e, v := Y.At(i, d)-Mu.At(p, d), V.At(p, d)
				prod *= math.Exp(-e*e/(2*v)) / math.Sqrt(2*math.Pi*v)
			}
			avg += prod / P
		}
		if want := -math.Log(avg); math.Abs(got[i]-want) > 1e-12*max(1, math.Abs(want)) {
			t.Errorf("point %d: %v, direct %v", i, got[i], want)
		}
	}
	if _, err := ClassJointNLL(&classStub{dy: dy}, X, Y, P, rng); err == nil {
		t.Error("no error for a model without a mixture predictive")
	}
}
