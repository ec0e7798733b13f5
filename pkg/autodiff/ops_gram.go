package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// GramSum returns C = Σ_r R_r R_rᵀ (M x M) of the M x K_r matrices Rs:
// the multi-output SVGP layer's Σ_d R_d R_dᵀ (models.md §9.4), with no
// M x (Σ K_r) concatenation. Forward is one symmetric rank-k update per
// input (half a GEMM's flops); backward, with S = C̄ + C̄ᵀ, R̄_r += S R_r,
// by a triangular product when lower is set (the caller promises every R_r
// is lower triangular, zero above the diagonal, as a Tril output is), else
// by a GEMM. For 784 factors of 100 x 100 that is about a third of the
// flops of ConcatCols followed by MatMul(Rc, Rc, false, true), and none of
// its 63 MB copies.
func (t *Tape) GramSum(lower bool, Rs ...*Var) *Var {
	if len(Rs) == 0 {
		panic("autodiff: GramSum of no matrices")
	}
	M := Rs[0].Rows()
	for _, R := range Rs {
		if R.Rows() != M || (lower && R.Cols() != M) {
			panic(fmt.Sprintf("autodiff: GramSum: %dx%d factor among %d-row ones (lower=%v)", R.Rows(), R.Cols(), M, lower))
		}
	}
	out := t.newVar(M, M)
	C := out.Val.RawMatrix()
	sym := blas64.Symmetric{Uplo: blas.Lower, N: M, Stride: C.Stride, Data: C.Data}
	for r, R := range Rs {
		beta := 1.0
		if r == 0 {
			beta = 0
		}
		blas64.Syrk(blas.NoTrans, 1, general(R.Val), beta, sym)
	}
	for i := 0; i < M; i++ { // mirror the lower triangle
		for j := 0; j < i; j++ {
			C.Data[j*C.Stride+i] = C.Data[i*C.Stride+j]
		}
	}
	if rec := t.record(gramSumBack, out, Rs...); rec != nil {
		rec.ins = append(rec.ins, Rs...)
		rec.flag = lower
		rec.writes = true
	}
	return out
}

func gramSumBack(t *Tape, rec *record) {
	M := rec.out.Rows()
	S := t.scratch(M, M) // C̄ + C̄ᵀ
	s, g := data(S), data(rec.out.Grad)
	for i := 0; i < M; i++ {
		for j := 0; j < M; j++ {
			s[i*M+j] = g[i*M+j] + g[j*M+i]
		}
	}
	var T []float64 // S R_r when R̄_r already holds a gradient
	for _, R := range rec.ins {
		if !R.needGrad {
			continue
		}
		gR, beta := t.gradFor(R)
		if !rec.flag {
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(S), general(R.Val), beta, general(gR))
			continue
		}
		dst := data(gR)
		if beta != 0 {
			if T == nil {
				T = data(t.scratch(M, M))
			}
			dst = T
		}
		copy(dst, s)
		blas64.Trmm(blas.Right, blas.NoTrans, 1, lowerTri(R.Val), blas64.General{Rows: M, Cols: M, Stride: M, Data: dst})
		if beta != 0 {
			gr := data(gR)
			for k, v := range T {
				gr[k] += v
			}
		}
	}
}
