//go:build !unix

package models

// processCPU is not available here: -1.
func processCPU() int64 { return -1 }
