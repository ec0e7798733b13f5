package simd

// AddBiasReLU sets row[j] = max(row[j] + bias[j], 0) for j < len(row), bit
// for bit as Go's max (NaN stays NaN, -0 becomes +0). bias must be at least
// as long as row.
func AddBiasReLU(row, bias []float64) {
	addBiasReLU(row, bias[:len(row)])
}

// ReLUMaskSum sets z[j] = g[j] where y[j]'s bits are not zero (for ReLU
// outputs y ≥ 0: where y > 0, or y is NaN) and +0 elsewhere, and adds z[j]
// to acc[j], for j < len(z): a ReLU's backward mask and its bias gradient's
// sum in one pass. g, y and acc must be at least as long as z.
func ReLUMaskSum(z, g, y, acc []float64) {
	n := len(z)
	reluMaskSum(z, g[:n], y[:n], acc[:n])
}
