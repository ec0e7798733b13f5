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

	"gonum.org/v1/gonum/blas/blas64"
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
// column-major factor U (A = UᵀU) read row-major is L.
func openblasPotrf(n, lda int, data []float64) bool {
	if n == 0 {
		return true
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
