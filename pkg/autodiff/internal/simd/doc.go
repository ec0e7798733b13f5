// Package simd holds autodiff's element-wise hot loops (the fused dense
// layer's bias + ReLU and its backward mask, the SE-ARD kernel's
// exponentials) in SSE2 assembly on amd64, and in portable Go elsewhere or
// when built with the purego tag; both give the bits of the plain Go loops.
// It is a package of its own because Go does not assemble .s files in a
// package that uses cgo, as autodiff does with OpenBLAS.
package simd
