package gp

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// PredictiveForm is a whitened layer's q(f) at new inputs written as forms
// in k = k(Z, x) alone, with everything that depends only on the
// parameters computed once (models.md §1.2): μ_r = kᵀm'_r + μ₀ and
// ν_r = k_** + kᵀQ_r k with m'_r = L⁻ᵀm_r and Q_r = L⁻ᵀ(R_r R_rᵀ - I)L⁻¹,
// the same quantities as Marginals' Aᵀm + μ₀ and k_** + Aᵀ(R_r R_rᵀ - I)A
// with A = L⁻¹k. A point then costs its kernel row and one triangular
// product per output (M² flops: the lower triangle of the symmetric Q_r,
// off-diagonal entries doubled) instead of Marginals' product with L⁻¹ and
// M x M quadratic form (3M²). The values equal Marginals' to rounding, up
// to the rounding of Q_r's entries, which grows with K_ZZ's condition
// number (TestPredictiveFormMatchesMarginals). A form holds one M x M
// triangle per output and a reused buffer: it serves one goroutine.
type PredictiveForm struct {
	kern  Kernel
	z     *mat.Dense   // M x D
	tri   []*mat.Dense // per output, M x M: Q_r's lower triangle, off-diagonal doubled
	wmean *mat.Dense   // M x P: the m'_r
	mu0   float64
	buf   *mat.Dense // n x M: K_xz T_rᵀ
}

// PredictiveForm returns the predictive form of a whitened layer at the
// prior pr (its values are read; nothing is put on a tape), at the cost of
// a few M x M x M products per output; ok is false, and the form nil, for
// an unwhitened layer, whose form would square K_ZZ's condition number
// (use Marginals there).
func (l *Inducing) PredictiveForm(pr Prior) (f *PredictiveForm, ok bool) {
	if !l.Whiten {
		return nil, false
	}
	M, P := l.M, l.P
	f = &PredictiveForm{kern: l.Kern, z: mat.DenseCopyOf(pr.Z.Val), wmean: mat.NewDense(M, P, nil)}
	linv := mat.NewDense(M, M, nil)
	lowerOf(linv, pr.L.Val)
	lapack64.Trtri(lowerTriangular(linv))
	if l.Mu0 != nil {
		f.mu0 = l.Mu0.Value().At(0, 0)
	}
	f.wmean.Copy(l.Mean.Value())
	blas64.Trmm(blas.Left, blas.Trans, 1, lowerTriangular(linv), f.wmean.RawMatrix())
	R := mat.NewDense(M, M, nil)
	for _, Rp := range l.Factors {
		lowerOf(R, Rp.Value())
		f.tri = append(f.tri, formTriangle(R, linv))
	}
	return f, true
}

// formTriangle returns Q = L⁻ᵀ(G Gᵀ - I)L⁻¹ (linv = L⁻¹, lower) as the
// lower triangle T of Q + Qᵀ with its diagonal halved, so that
// kᵀQk = Σ_i k_i (T k)_i for every k.
func formTriangle(G, linv *mat.Dense) *mat.Dense {
	M, _ := G.Dims()
	S := mat.NewDense(M, M, nil)
	// S = G Gᵀ - I: the deviation of q's covariance from the prior's,
	// formed before L⁻¹ amplifies it.
	blas64.Syrk(blas.NoTrans, 1, G.RawMatrix(), 0, blas64.Symmetric{Uplo: blas.Lower, N: M, Stride: M, Data: S.RawMatrix().Data})
	for i := 0; i < M; i++ {
		S.Set(i, i, S.At(i, i)-1)
		for j := 0; j < i; j++ {
			S.Set(j, i, S.At(i, j))
		}
	}
	// Q = L⁻ᵀ (S L⁻¹), both products in place.
	blas64.Trmm(blas.Right, blas.NoTrans, 1, lowerTriangular(linv), S.RawMatrix())
	blas64.Trmm(blas.Left, blas.Trans, 1, lowerTriangular(linv), S.RawMatrix())
	for i := 0; i < M; i++ {
		for j := 0; j < i; j++ {
			S.Set(i, j, S.At(i, j)+S.At(j, i))
			S.Set(j, i, 0)
		}
	}
	return S
}

// lowerTriangular views the lower triangle of the square a for BLAS.
func lowerTriangular(a *mat.Dense) blas64.Triangular {
	raw := a.RawMatrix()
	return blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: raw.Rows, Stride: raw.Stride, Data: raw.Data}
}

// Marginals writes the means and variances of q(f) at the n rows of X (on
// t, whose kernel ops it uses; t should be in NoGrad mode) into mean and
// variance (both n x P). Per output: the kernel rows K_xz (n x M), one
// triangular product K_xz T_rᵀ and row dot products.
func (f *PredictiveForm) Marginals(t *ad.Tape, X *ad.Var, mean, variance *mat.Dense) {
	n := X.Rows()
	M, _ := f.z.Dims()
	K := f.kern.K(t, X, t.Leaf(f.z, false)).Val // n x M
	kd := f.kern.Diag(t, X).Val                 // n x 1
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, K.RawMatrix(), f.wmean.RawMatrix(), 0, mean.RawMatrix())
	if f.mu0 != 0 {
		for i := 0; i < n; i++ {
			row := mean.RawRowView(i)
			for r := range row {
				row[r] += f.mu0
			}
		}
	}
	if f.buf == nil || f.buf.RawMatrix().Rows < n {
		f.buf = mat.NewDense(n, M, nil)
	}
	buf := f.buf.Slice(0, n, 0, M).(*mat.Dense)
	for r, T := range f.tri {
		buf.Copy(K)
		// buf = K_xz Tᵀ: row i is (T k_i)ᵀ.
		blas64.Trmm(blas.Right, blas.Trans, 1, lowerTriangular(T), buf.RawMatrix())
		for i := 0; i < n; i++ {
			variance.Set(i, r, kd.At(i, 0)+floats.Dot(K.RawRowView(i), buf.RawRowView(i)))
		}
	}
}
