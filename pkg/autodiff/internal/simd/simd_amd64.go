//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether the CPU and the OS support the AVX2 kernels of
// simd_avx2_amd64.s; set once when the package loads and never changed.
var hasAVX2 = cpu.X86.HasAVX2

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

// addBiasReLUAVX2 is AddBiasReLU four elements at a time on the first
// len(row)/4·4 elements, which it returns (simd_avx2_amd64.s).
//
//go:noescape
func addBiasReLUAVX2(row, bias []float64) int

// reluMaskSumAVX2 is ReLUMaskSum four elements at a time on the first
// len(z)/4·4 elements, which it returns (simd_avx2_amd64.s).
//
//go:noescape
func reluMaskSumAVX2(z, g, y, acc []float64) int

// adamAVX2 is AdamUpdate four elements at a time on the first len(x)/4·4
// elements, which it returns (simd_avx2_amd64.s); k holds β₁, 1-β₁, β₂,
// 1-β₂, α_t and ε.
//
//go:noescape
func adamAVX2(x, m, v, g []float64, k *[6]float64) int
