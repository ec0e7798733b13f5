//go:build openblas

package autodiff

// #cgo LDFLAGS: -lopenblas
// void openblas_set_num_threads(int);
// int dpotrf_(char *uplo, int *n, double *a, int *lda, int *info);
// static int potrf_upper(int n, double *a, int lda) {
//   char u = 'U';
//   int info = 0;
//   dpotrf_(&u, &n, a, &lda, &info);
//   return info;
// }
import "C"

import (
	"math"
	"os"
	"unsafe"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/netlib/blas/netlib"
)

func init() {
	blas64.Use(netlib.Implementation{})
	backend = "openblas"
	potrf = openblasPotrf
	// The matrices of a training step (M ≈ 100, B ≈ 512) are too small for
	// OpenBLAS threads to pay off, and threads spinning against other runs on
	// the same cores slow a step down by an order of magnitude. Default to
	// one thread unless the user asked for more.
	if os.Getenv("OPENBLAS_NUM_THREADS") == "" && os.Getenv("OMP_NUM_THREADS") == "" {
		C.openblas_set_num_threads(1)
	}
}

// openblasPotrf runs OpenBLAS's dpotrf on a row-major matrix without a copy:
// the row-major lower triangle is the column-major upper triangle, and the
// column-major factor U (A = UᵀU) read row-major is L. When blas64's
// implementation has been replaced since init (internal/flops counts a
// step's flops by wrapping it for one measurement), it factorises through
// gonum's LAPACK instead, whose BLAS calls the replacement sees.
func openblasPotrf(n, lda int, data []float64) bool {
	if n == 0 {
		return true
	}
	if _, ok := blas64.Implementation().(netlib.Implementation); !ok {
		_, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: lda, Data: data})
		return ok
	}
	if C.potrf_upper(C.int(n), (*C.double)(unsafe.Pointer(&data[0])), C.int(lda)) != 0 {
		return false
	}
	for i := 0; i < n; i++ { // dpotrf lets NaNs through; gonum's Potrf does not
		if math.IsNaN(data[i*lda+i]) {
			return false
		}
	}
	return true
}
