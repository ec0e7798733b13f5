package simd

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernelsMatchGo: AddBiasReLU and ReLUMaskSum (SSE2 on amd64) give the
// bits of plain Go loops, at every length from 0 to 40 (odd tails included)
// and on NaN, ±0, ±Inf and ordinary values: max(v+b, 0) as Go's max (NaN
// kept, -0 to +0), the gradient kept where the output is > 0 or NaN, the
// sum in the same order.
func TestKernelsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	negZero := math.Copysign(0, -1)
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for n := 0; n <= 40; n++ {
		row, bias := make([]float64, n), make([]float64, n)
		for j := range row {
			row[j], bias[j] = rng.NormFloat64(), rng.NormFloat64()
			switch rng.IntN(8) {
			case 0:
				row[j], bias[j] = negZero, negZero
			case 1:
				row[j] = math.NaN()
			case 2:
				row[j], bias[j] = 0, negZero
			case 3:
				row[j], bias[j] = math.Inf(-1), 1
			case 4:
				row[j] = math.Inf(1)
			}
		}
		y := make([]float64, n)
		for j := range row {
			y[j] = max(row[j]+bias[j], 0)
		}
		got := append([]float64(nil), row...)
		AddBiasReLU(got, bias)
		for j := range y {
			if !same(got[j], y[j]) {
				t.Fatalf("addBiasReLU, n = %d, j = %d: max(%v + %v, 0) gave %v, want %v", n, j, row[j], bias[j], got[j], y[j])
			}
		}
		g, acc := make([]float64, n), make([]float64, n)
		for j := range g {
			g[j], acc[j] = rng.NormFloat64(), rng.NormFloat64()
		}
		wantZ, wantAcc := make([]float64, n), append([]float64(nil), acc...)
		for j := range wantZ {
			if y[j] > 0 || y[j] != y[j] {
				wantZ[j] = g[j]
			}
			wantAcc[j] += wantZ[j]
		}
		z := make([]float64, n)
		ReLUMaskSum(z, g, y, acc)
		for j := range z {
			if !same(z[j], wantZ[j]) || !same(acc[j], wantAcc[j]) {
				t.Fatalf("reluMaskSum, n = %d, j = %d (y = %v, g = %v): %v and %v, want %v and %v", n, j, y[j], g[j], z[j], acc[j], wantZ[j], wantAcc[j])
			}
		}
	}
}

// TestAdamUpdateMatchesGo: AdamUpdate (AVX2 on amd64 where the CPU has it)
// gives the bits of Adam's Go loop at every length from 0 to 40 (tails
// included), on ordinary values, zeros, tiny and huge gradients.
func TestAdamUpdateMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b1, b2, eps := 0.9, 0.999, 1e-8 // variables, as Adam's fields: 1-b1 rounds in float64
	for n := 0; n <= 40; n++ {
		x, m, v, g := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range x {
			x[i], m[i], v[i], g[i] = rng.NormFloat64(), rng.NormFloat64()*0.1, rng.Float64()*0.01, rng.NormFloat64()
			switch rng.IntN(6) {
			case 0:
				g[i], m[i], v[i] = 0, 0, 0
			case 1:
				g[i] = 1e-300
			case 2:
				g[i] = 1e150
			}
		}
		alpha := 0.005 * rng.Float64()
		wx, wm, wv := append([]float64(nil), x...), append([]float64(nil), m...), append([]float64(nil), v...)
		for k := range wx {
			gk := g[k]
			wm[k] = b1*wm[k] + (1-b1)*gk
			wv[k] = b2*wv[k] + (1-b2)*gk*gk
			wx[k] -= alpha * wm[k] / (math.Sqrt(wv[k]) + eps)
		}
		AdamUpdate(x, m, v, g, b1, b2, alpha, eps)
		for k := range x {
			if math.Float64bits(x[k]) != math.Float64bits(wx[k]) || math.Float64bits(m[k]) != math.Float64bits(wm[k]) || math.Float64bits(v[k]) != math.Float64bits(wv[k]) {
				t.Fatalf("n = %d, k = %d: x, m, v = %v, %v, %v, want %v, %v, %v", n, k, x[k], m[k], v[k], wx[k], wm[k], wv[k])
			}
		}
	}
}
