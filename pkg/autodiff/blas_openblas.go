//go:build openblas

package autodiff

// #cgo LDFLAGS: -lopenblas
// void openblas_set_num_threads(int);
import "C"

import (
	"os"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

func init() {
	blas64.Use(netlib.Implementation{})
	backend = "openblas"
	// The matrices of a training step (M ≈ 100, B ≈ 512) are too small for
	// OpenBLAS threads to pay off, and threads spinning against other runs on
	// the same cores slow a step down by an order of magnitude. Default to
	// one thread unless the user asked for more.
	if os.Getenv("OPENBLAS_NUM_THREADS") == "" && os.Getenv("OMP_NUM_THREADS") == "" {
		C.openblas_set_num_threads(1)
	}
}
