// Package simd holds autodiff's element-wise hot loops (the fused dense
// layer's bias + ReLU and its backward mask, the SE-ARD kernel's
// exponentials, Adam's update) in SSE2 assembly on amd64, four lanes in AVX2
// where the CPU has it (the dense layer's loops and Adam's), and in portable
// Go elsewhere or when built with the purego tag; all give the bits of the
// plain Go loops (no fused multiply-add).
// It is a package of its own because Go does not assemble .s files in a
// package that uses cgo, as autodiff does with OpenBLAS.
package simd
