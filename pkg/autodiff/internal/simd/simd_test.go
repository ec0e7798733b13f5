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
