package gp

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// PredictMarginals is Marginals for prediction with many outputs: the
// means on the tape (n x P), the variances off it, in a new n x P matrix.
// Marginals keeps a per-output M x M matrix and an M x n product per output
// on the tape until its next Reset (for P = 784, M = 100 and 1,024 rows,
// over 600 MB); here the outputs go one at a time through one reused M x n
// buffer: ν_r = k_** - ‖a‖² + ‖R_rᵀ p‖², p = a whitened and b = L⁻ᵀa
// otherwise, by one triangular product per output. The values equal
// Marginals' to rounding (TestPredictMarginalsMatches). No gradient flows
// to the variances; use it on a tape in NoGrad mode.
func (l *Inducing) PredictMarginals(t *ad.Tape, pr Prior, X *ad.Var) (mean *ad.Var, variance *mat.Dense) {
	Kzx := l.Kern.K(t, pr.Z, X)       // M x n
	A := t.TriSolve(pr.L, Kzx, false) // M x n
	var wm *ad.Var
	if l.Whiten {
		wm = l.Mean.On(t)
	}
	proj, mean := l.projectedMean(t, pr, A, wm)
	M, n := A.Rows(), A.Cols()
	base := make([]float64, n) // k_** - ‖a‖²
	kd := l.Kern.Diag(t, X).Val
	for j := range base {
		base[j] = kd.At(j, 0)
	}
	colSubSquares(base, A.Val)
	variance = mat.NewDense(n, l.P, nil)
	buf := mat.NewDense(M, n, nil)
	R := mat.NewDense(M, M, nil)
	for r, Rp := range l.Factors {
		if Rp.T == ad.LowerTri {
			lowerOf(R, Rp.Raw)
		} else {
			R.Copy(Rp.Value())
		}
		buf.Copy(proj.Val)
		// buf = R_rᵀ p: R_r lower triangular.
		blas64.Trmm(blas.Left, blas.Trans, 1,
			blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: M, Stride: M, Data: R.RawMatrix().Data},
			buf.RawMatrix())
		vr := append([]float64(nil), base...)
		colAddSquares(vr, buf)
		for j, v := range vr {
			variance.Set(j, r, v)
		}
	}
	return mean, variance
}

// lowerOf sets dst to the lower triangle of src (the LowerTri transform's
// value: the strict upper triangle is zero).
func lowerOf(dst, src *mat.Dense) {
	M, _ := src.Dims()
	for i := 0; i < M; i++ {
		for j := 0; j < M; j++ {
			v := 0.0
			if j <= i {
				v = src.At(i, j)
			}
			dst.Set(i, j, v)
		}
	}
}

// colAddSquares adds the column sums of squares of A (k x n) to dst (n).
func colAddSquares(dst []float64, A *mat.Dense) {
	k, _ := A.Dims()
	for i := 0; i < k; i++ {
		for j, a := range A.RawRowView(i) {
			dst[j] += a * a
		}
	}
}

// colSubSquares subtracts the column sums of squares of A (k x n) from dst.
func colSubSquares(dst []float64, A *mat.Dense) {
	k, _ := A.Dims()
	for i := 0; i < k; i++ {
		for j, a := range A.RawRowView(i) {
			dst[j] -= a * a
		}
	}
}
