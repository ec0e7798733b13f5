//go:build !amd64 || purego

package simd

import "math"

// Assembly reports whether the kernels run in SSE2 assembly (amd64 built
// without the purego tag) rather than in the portable Go of this file.
const Assembly = false

// addBiasReLU is AddBiasReLU in Go.
func addBiasReLU(row, bias []float64) {
	for j, v := range row {
		row[j] = max(v+bias[j], 0)
	}
}

// reluMaskSum is ReLUMaskSum in Go.
func reluMaskSum(z, g, y, acc []float64) {
	for j := range z {
		yb := math.Float64bits(y[j])
		z[j] = math.Float64frombits(math.Float64bits(g[j]) & -((yb | -yb) >> 63))
		acc[j] += z[j]
	}
}

// expScale does nothing without the assembly: ExpScalePairs' caller does
// every element.
func expScale(v []float64, s float64, c *[20]float64, table *[64]float64) int { return 0 }

// hasAVX2 is false without the assembly.
const hasAVX2 = false

// addBiasReLUAVX2 does nothing without the assembly.
func addBiasReLUAVX2(row, bias []float64) int { return 0 }

// reluMaskSumAVX2 does nothing without the assembly.
func reluMaskSumAVX2(z, g, y, acc []float64) int { return 0 }

// adamAVX2 does nothing without the assembly: AdamUpdate does every
// element in Go.
func adamAVX2(x, m, v, g []float64, k *[6]float64) int { return 0 }
