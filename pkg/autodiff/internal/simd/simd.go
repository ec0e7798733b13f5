package simd

import "math"

// AddBiasReLU sets row[j] = max(row[j] + bias[j], 0) for j < len(row), bit
// for bit as Go's max (NaN stays NaN, -0 becomes +0). bias must be at least
// as long as row.
func AddBiasReLU(row, bias []float64) {
	bias = bias[:len(row)]
	k := 0
	if hasAVX2 {
		k = addBiasReLUAVX2(row, bias)
	}
	addBiasReLU(row[k:], bias[k:])
}

// ReLUMaskSum sets z[j] = g[j] where y[j]'s bits are not zero (for ReLU
// outputs y ≥ 0: where y > 0, or y is NaN) and +0 elsewhere, and adds z[j]
// to acc[j], for j < len(z): a ReLU's backward mask and its bias gradient's
// sum in one pass. g, y and acc must be at least as long as z.
func ReLUMaskSum(z, g, y, acc []float64) {
	n := len(z)
	g, y, acc = g[:n], y[:n], acc[:n]
	k := 0
	if hasAVX2 {
		k = reluMaskSumAVX2(z, g, y, acc)
	}
	reluMaskSum(z[k:], g[k:], y[k:], acc[k:])
}

// ExpScalePairs replaces v[i] by s·e^{v[i]} two elements at a time for as
// long as both arguments of a pair lie in [c's lower, upper limit], and
// returns how many it replaced (on amd64; elsewhere 0). It repeats, lane by
// lane and operation by operation, autodiff's expFast (Tang's method with
// the 64-entry table of 2^(j/64)) so that the results are the same bits;
// c holds its constants, each twice: 64/ln2, 1.5·2^52, ln2/64 high and low
// part, 1/2, 1/6, 1/24, 1/120, the upper and the lower limit. The caller
// does the element it stopped at (and an odd last one) itself.
func ExpScalePairs(v []float64, s float64, c *[20]float64, table *[64]float64) int {
	return expScale(v, s, c, table)
}

// AdamUpdate applies one Adam step with learning rate alpha (already
// bias-corrected) to x with moments m, v and gradient g, all of x's length:
// per element m = β₁m + (1-β₁)g, v = β₂v + ((1-β₂)g)g and
// x -= (alpha·m)/(√v + ε), the operations of that Go expression in its
// order, so that the AVX2 lanes give its bits.
func AdamUpdate(x, m, v, g []float64, b1, b2, alpha, eps float64) {
	n := len(x)
	m, v, g = m[:n], v[:n], g[:n]
	k := [6]float64{b1, 1 - b1, b2, 1 - b2, alpha, eps}
	i := 0
	if hasAVX2 {
		i = adamAVX2(x, m, v, g, &k)
	}
	for ; i < n; i++ {
		gi := g[i]
		m[i] = b1*m[i] + k[1]*gi
		v[i] = b2*v[i] + k[3]*gi*gi
		x[i] -= alpha * m[i] / (math.Sqrt(v[i]) + eps)
	}
}
