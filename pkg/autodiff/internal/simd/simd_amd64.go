//go:build amd64 && !purego

package simd

// Assembly reports whether the kernels run in SSE2 assembly (amd64 built
// without the purego tag) rather than in the portable Go of
// simd_generic.go.
const Assembly = true

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
