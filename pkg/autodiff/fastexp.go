package autodiff

import (
	"math"

	"github.com/mgpteam/mgp/pkg/autodiff/internal/simd"
)

// expTableBits sets the size of the table of 2^(j/64) that expFast uses.
const expTableBits = 6

// expTable holds 2^(j/64) for j = 0..63, as accurate as math.Exp2 gives.
var expTable = func() (t [1 << expTableBits]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / (1 << expTableBits))
	}
	return t
}()

const (
	expInvLn2N = (1 << expTableBits) / math.Ln2 // 64/ln 2
	// ln2/64 split so that k·expLn2NHi is exact for |k| < 2^20; the
	// constant expression for the low part is evaluated exactly by the compiler.
	expLn2NHi = 0x1.62e42feep-07 // ln2/64 cut to 32 significant bits
	expLn2NLo = math.Ln2/(1<<expTableBits) - expLn2NHi
	expShift  = 0x1.8p52 // adding it rounds to an integer held in the low bits
	// expLimit bounds the arguments computed inline; beyond it (results
	// under ~1e-304, down to the subnormals, or over ~1e304, up to +Inf)
	// math.Exp is called.
	expLimit = 700.0
)

// expFast returns e^x: Tang's method,
// x = (64k + j)·ln2/64 + r with |r| ≤ ln2/128, e^x = 2^k · 2^(j/64) ·
// (1 + q(r)) for a degree-5 Taylor polynomial 1 + q. It is within 1 ulp of
// e^x where math.Exp on amd64 is within 2 (TestExpFastAccuracy), and about
// twice as fast. Arguments beyond ±700, ±Inf and NaN go to math.Exp.
func expFast(x float64) float64 {
	if !(x <= expLimit && x >= -expLimit) { // also catches NaN
		return math.Exp(x)
	}
	kd := x*expInvLn2N + expShift
	k := int64(math.Float64bits(kd)) // low bits hold round(64x/ln2) (two's complement)
	kd -= expShift
	r := (x - kd*expLn2NHi) - kd*expLn2NLo
	r2 := r * r
	q := r + r2*(0.5+r*(1.0/6)) + r2*r2*(1.0/24+r*(1.0/120))
	t := expTable[k&(1<<expTableBits-1)]
	// 2^(k>>6) by adding to t's exponent field; |k>>6| ≤ 1010, so the result
	// is a normal number.
	t = math.Float64frombits(math.Float64bits(t) + uint64((k>>expTableBits)<<52))
	return t + t*q
}

// expConsts are expFast's constants, each twice, in the order
// simd.ExpScalePairs reads them.
var expConsts = [20]float64{
	expInvLn2N, expInvLn2N, expShift, expShift, expLn2NHi, expLn2NHi, expLn2NLo, expLn2NLo,
	0.5, 0.5, 1.0 / 6, 1.0 / 6, 1.0 / 24, 1.0 / 24, 1.0 / 120, 1.0 / 120,
	expLimit, expLimit, -expLimit, -expLimit,
}

// ExpScale replaces each v[i] by s·e^{v[i]}, bit for bit s·expFast(v[i])
// (the package's exponential, see "Exponentials" in the package doc): two
// at a time in SSE2 on amd64, the elements that leaves (an argument beyond
// ±700 or NaN in a pair, an odd last one, every one elsewhere) one by one.
// Custom ops use it for element-wise exponentials that must agree with
// Exp's bits (the SE kernel of pkg/models/gp).
func ExpScale(v []float64, s float64) {
	for i := 0; i < len(v); {
		i += simd.ExpScalePairs(v[i:], s, &expConsts, &expTable)
		if i < len(v) {
			v[i] = s * expFast(v[i])
			i++
		}
	}
}
