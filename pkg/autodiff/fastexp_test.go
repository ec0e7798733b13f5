package autodiff

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ulps is the distance between a and b in units in the last place.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / (math.Nextafter(b, math.Inf(1)) - b)
}

func TestExpNegAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst, at := 0.0, 0.0
	check := func(x float64) {
		got, want := expNeg(x), math.Exp(x)
		v := []float64{x}
		if expNegScale(v, 1); v[0] != got {
			t.Fatalf("expNegScale(%v) = %v, expNeg %v", x, v[0], got)
		}
		if u := ulps(got, want); u > worst {
			worst, at = u, x
		}
	}
	for i := 0; i < 2_000_000; i++ {
		check(-rng.Float64() * 40)
		check(-rng.Float64() * 760)
		check(-rng.Float64() * 1e-3)
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1e-300, -math.Ln2, -700, -700.0000001, -745, -746, -math.MaxFloat64} {
		check(x)
	}
	if worst > 2 {
		t.Fatalf("expNeg is %.2f ulp from math.Exp at x = %v", worst, at)
	}
	t.Logf("largest error %.2f ulp at x = %v", worst, at)
	for _, x := range []float64{1, 0.5, 700, math.Inf(1), math.Inf(-1)} {
		if got, want := expNeg(x), math.Exp(x); got != want {
			t.Errorf("expNeg(%v) = %v, want %v", x, got, want)
		}
	}
	if !math.IsNaN(expNeg(math.NaN())) {
		t.Error("expNeg(NaN) is not NaN")
	}
}

var sinkExp float64

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 4096)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range xs {
		xs[i] = -rng.Float64() * 20
	}
	b.Run("math.Exp", func(b *testing.B) {
		s := 0.0
		for b.Loop() {
			for _, x := range xs {
				s += math.Exp(x)
			}
		}
		sinkExp = s
	})
	b.Run("expNegScale", func(b *testing.B) {
		v := make([]float64, len(xs))
		for b.Loop() {
			copy(v, xs)
			expNegScale(v, 1)
		}
		sinkExp = v[0]
	})
	b.Run("expNeg", func(b *testing.B) {
		s := 0.0
		for b.Loop() {
			for _, x := range xs {
				s += expNeg(x)
			}
		}
		sinkExp = s
	})
}
