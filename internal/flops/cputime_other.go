//go:build !unix

package flops

// processCPU is not available here: -1.
func processCPU() int64 { return -1 }
