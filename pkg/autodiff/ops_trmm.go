package autodiff

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// TriMatMul returns L·B, or Lᵀ·B when transposed is true, for a
// lower-triangular n x n L (only its lower triangle is read) and B (n x k):
// one TRMM forward, half the flops of the GEMM that MatMul would spend on
// L's zeros. Backward: B̄ += op(L)ᵀ X̄ (one TRMM) and L̄ += tril(X̄ Bᵀ) for
// L·B, tril(B X̄ᵀ) for Lᵀ·B (one GEMM on the lower block triangle).
func (t *Tape) TriMatMul(L, B *Var, transposed bool) *Var {
	n, c := L.Val.Dims()
	br, bc := B.Val.Dims()
	if n != c || br != n {
		shapePanic("TriMatMul", L, B)
	}
	out := t.newVar(br, bc)
	out.Val.Copy(B.Val)
	blas64.Trmm(blas.Left, trans(transposed), 1, lowerTri(L.Val), general(out.Val))
	if rec := t.record(triMatMulBack, out, L, B); rec != nil {
		rec.writes = true
		rec.flag = transposed
	}
	return out
}

func triMatMulBack(t *Tape, rec *record) {
	L, B, X := rec.a, rec.b, rec.out
	if B.needGrad { // B̄ += op(L)ᵀ X̄
		t.triBackB(B, X.Grad, func(g blas64.General) {
			blas64.Trmm(blas.Left, trans(!rec.flag), 1, lowerTri(L.Val), g)
		})
	}
	if L.needGrad {
		if rec.flag { // B X̄ᵀ
			t.addLowerNT(L, 1, general(B.Val), general(X.Grad))
		} else { // X̄ Bᵀ
			t.addLowerNT(L, 1, general(X.Grad), general(B.Val))
		}
	}
}
