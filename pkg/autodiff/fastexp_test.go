package autodiff

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/internal/simd"
)

// ulps is the distance between a and b in units in the last place.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / (math.Nextafter(b, math.Inf(1)) - b)
}

// expRef is e^x to about 60 significant digits, rounded to float64:
// e^x = (e^(x/2^10))^(2^10), the inner factor by its Taylor series in
// 256-bit floats.
func expRef(x float64) float64 {
	const prec = 256
	y := new(big.Float).SetPrec(prec).SetFloat64(x)
	y.SetMantExp(y, -10)
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for k := int64(1); k < 40; k++ {
		term.Mul(term, y)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(k))
		sum.Add(sum, term)
	}
	for i := 0; i < 10; i++ {
		sum.Mul(sum, sum)
	}
	f, _ := sum.Float64()
	return f
}

// TestExpFastAccuracy compares expFast with e^x computed in 256-bit
// arithmetic (and shows math.Exp's own error on the same arguments), and
// checks that ExpScale gives the same bits and that the edge cases are
// math.Exp's.
func TestExpFastAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst, at, worstStd := 0.0, 0.0, 0.0
	check := func(x float64) {
		got, want := expFast(x), expRef(x)
		v := []float64{x}
		if ExpScale(v, 1); v[0] != got {
			t.Fatalf("ExpScale(%v) = %v, expFast %v", x, v[0], got)
		}
		if u := ulps(got, want); u > worst {
			worst, at = u, x
		}
		worstStd = math.Max(worstStd, ulps(math.Exp(x), want))
	}
	for i := 0; i < 6000; i++ {
		check(-rng.Float64() * 40)
		check(-rng.Float64() * 700)
		check((rng.Float64() - 0.5) * 1e-2)
		check(rng.Float64() * 40)
		check(rng.Float64() * 700)
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1e-300, -math.Ln2, math.Ln2, -700, 700, -699.99, 699.99} {
		check(x)
	}
	t.Logf("largest error %.2f ulp at x = %v (math.Exp: %.2f ulp)", worst, at, worstStd)
	if worst > 1.5 {
		t.Fatalf("expFast is %.2f ulp from e^x at x = %v", worst, at)
	}
	for _, x := range []float64{700.0000001, 709.7, 710, -700.0000001, -745, -746, math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1)} {
		if got, want := expFast(x), math.Exp(x); got != want {
			t.Errorf("expFast(%v) = %v, want math.Exp's %v", x, got, want)
		}
	}
	if !math.IsNaN(expFast(math.NaN())) {
		t.Error("expFast(NaN) is not NaN")
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
	b.Run("ExpScale", func(b *testing.B) {
		v := make([]float64, len(xs))
		for b.Loop() {
			copy(v, xs)
			ExpScale(v, 1)
		}
		sinkExp = v[0]
	})
	b.Run("expFast", func(b *testing.B) {
		s := 0.0
		for b.Loop() {
			for _, x := range xs {
				s += expFast(x)
			}
		}
		sinkExp = s
	})
}

// TestExpScaleMatchesExpFast: ExpScale gives s·expFast(x) bit for bit at
// every length up to 41 and on arguments across and beyond the inline range
// (±700 exactly, NaN, ±Inf, the SE-ARD kernel's typical -r²/2), and on amd64
// the SSE2 pairs do the in-range elements (a wrong comparison there would
// send everything to the scalar path and pass unnoticed otherwise).
func TestExpScaleMatchesExpFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	special := []float64{700, -700, 700.0000001, -700.0000001, math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-300, -745, 709.7}
	for n := 0; n <= 41; n++ {
		v := make([]float64, n)
		for i := range v {
			switch rng.IntN(10) {
			case 0:
				v[i] = special[rng.IntN(len(special))]
			case 1, 2:
				v[i] = -50 * rng.Float64() // SE-ARD's -r²/2
			default:
				v[i] = 1400*rng.Float64() - 700
			}
		}
		s := 0.5 + rng.Float64()
		want := make([]float64, n)
		for i, x := range v {
			want[i] = s * expFast(x)
		}
		got := append([]float64(nil), v...)
		ExpScale(got, s)
		for i := range want {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Fatalf("n = %d, i = %d: s·e^%v gave %v, expFast %v", n, i, v[i], got[i], want[i])
			}
		}
	}
	if simd.Assembly {
		v := []float64{-1, 2, -3.5, 0.25, -600, 650}
		if done := simd.ExpScalePairs(v, 1, &expConsts, &expTable); done != len(v) {
			t.Fatalf("the SSE2 pairs did %d of %d in-range elements", done, len(v))
		}
	}
}
