package simd

// addBiasReLU is AddBiasReLU two elements at a time (simd_amd64.s).
//
//go:noescape
func addBiasReLU(row, bias []float64)

// reluMaskSum is ReLUMaskSum two elements at a time (simd_amd64.s).
//
//go:noescape
func reluMaskSum(z, g, y, acc []float64)
