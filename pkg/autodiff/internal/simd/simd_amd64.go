package simd

// addBiasReLU is AddBiasReLU two elements at a time (simd_amd64.s).
//
//go:noescape
func addBiasReLU(row, bias []float64)

// reluMaskSum is ReLUMaskSum two elements at a time (simd_amd64.s).
//
//go:noescape
func reluMaskSum(z, g, y, acc []float64)

// expScale is ExpScalePairs' two-lane loop (simd_amd64.s): it returns how
// many elements of v it did, stopping before the first pair it cannot do.
//
//go:noescape
func expScale(v []float64, s float64, c *[20]float64, table *[64]float64) int

// mulAdd is MulAdd two elements at a time (simd_amd64.s).
//
//go:noescape
func mulAdd(dst, a, b []float64)

// mulTo is MulTo two elements at a time (simd_amd64.s).
//
//go:noescape
func mulTo(dst, a, b []float64)
