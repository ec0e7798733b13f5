//go:build amd64 && !purego

package simd

import "testing"

// TestKernelsWithoutAVX2 runs the kernel tests with the AVX2 kernels off,
// so that the SSE2 and Go loops they otherwise only finish are checked on
// whole slices too (on a CPU without AVX2 the other tests already do).
func TestKernelsWithoutAVX2(t *testing.T) {
	saved := hasAVX2
	hasAVX2 = false
	defer func() { hasAVX2 = saved }()
	TestKernelsMatchGo(t)
	TestAdamUpdateMatchesGo(t)
}
