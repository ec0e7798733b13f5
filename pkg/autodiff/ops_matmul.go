package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// general views m as a blas64.General (m must be contiguous).
func general(m *mat.Dense) blas64.General { return m.RawMatrix() }

func trans(b bool) blas.Transpose {
	if b {
		return blas.Trans
	}
	return blas.NoTrans
}

// MatMul returns op(a)·op(b), where op transposes when ta (tb) is true.
// Shapes: op(a) is m x k, op(b) is k x n, the result m x n. No transposed
// copy is ever made: every case is one Gemm forward and one per input
// backward, accumulating into the gradients with beta = 1.
func (t *Tape) MatMul(a, b *Var, ta, tb bool) *Var {
	ar, ac := a.Val.Dims()
	br, bc := b.Val.Dims()
	m, k := ar, ac
	if ta {
		m, k = ac, ar
	}
	k2, n := br, bc
	if tb {
		k2, n = bc, br
	}
	if k != k2 {
		panic(fmt.Sprintf("autodiff: MatMul(ta=%v, tb=%v): incompatible shapes %dx%d and %dx%d", ta, tb, ar, ac, br, bc))
	}
	out := t.newVar(m, n)
	blas64.Gemm(trans(ta), trans(tb), 1, general(a.Val), general(b.Val), 0, general(out.Val))
	if rec := t.record(matMulBack, out, a, b); rec != nil {
		rec.writes = true
		rec.flag = ta
		rec.i0 = 0
		if tb {
			rec.i0 = 1
		}
	}
	return out
}

func matMulBack(t *Tape, rec *record) {
	a, b, out := rec.a, rec.b, rec.out
	ta, tb := rec.flag, rec.i0 == 1
	G := general(out.Grad)
	A, B := general(a.Val), general(b.Val)
	if a.needGrad {
		ga, beta := t.gradFor(a)
		GA := general(ga)
		switch {
		case !ta && !tb: // Ā += Ḡ Bᵀ
			blas64.Gemm(blas.NoTrans, blas.Trans, 1, G, B, beta, GA)
		case !ta && tb: // Ā += Ḡ B
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, G, B, beta, GA)
		case ta && !tb: // Ā += B Ḡᵀ
			blas64.Gemm(blas.NoTrans, blas.Trans, 1, B, G, beta, GA)
		default: // Ā += Bᵀ Ḡᵀ
			blas64.Gemm(blas.Trans, blas.Trans, 1, B, G, beta, GA)
		}
	}
	if b.needGrad {
		gb, beta := t.gradFor(b)
		GB := general(gb)
		switch {
		case !ta && !tb: // B̄ += Aᵀ Ḡ
			blas64.Gemm(blas.Trans, blas.NoTrans, 1, A, G, beta, GB)
		case !ta && tb: // B̄ += Ḡᵀ A
			blas64.Gemm(blas.Trans, blas.NoTrans, 1, G, A, beta, GB)
		case ta && !tb: // B̄ += A Ḡ
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, A, G, beta, GB)
		default: // B̄ += Ḡᵀ Aᵀ
			blas64.Gemm(blas.Trans, blas.Trans, 1, G, A, beta, GB)
		}
	}
}
