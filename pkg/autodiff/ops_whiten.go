package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// SolveLink returns a copy of V (n x k) that also carries, backward, the
// gradient L (n x n, lower triangular) would receive from the triangular
// solves A = L⁻¹K whose results reach the loss only through products with
// this copy: means Aᵀ·V (c = 1) or quadratic forms AᵀVA of a symmetric V
// (c = 2, QuadCols with symmetric set). Those solves are then done with L's
// gradient stopped (StopGrad) and this op adds, once for all of them,
//
//	L̄ += -tril(L⁻ᵀ (c · V · V̄ᵀ)),
//
// which equals Σ -tril(L⁻ᵀ Ā Aᵀ), the solves' own L̄, because Ā Aᵀ is V V̄ᵀ
// (c = 1: Ā = V μ̄ᵀ, V̄ = A μ̄) or 2 V V̄ (c = 2: Ā = 2 V A G, V̄ = A G Aᵀ).
// The whitened SVGP layer solves L⁻¹K for thousands of columns a step; this
// turns the n x (columns) x n product of each solve's L̄ into one n x k x n
// product and one n x n solve per step. The caller guarantees the usage
// above: any other use of A or of the copy makes L's gradient wrong.
func (t *Tape) SolveLink(V, L *Var, c float64) *Var { return t.SolveLinkInv(V, L, nil, c) }

// SolveLinkInv is SolveLink for a caller that holds Linv = L⁻¹ (TriInverse
// of L with L's gradient stopped; nil: none): the backward's n x n solve
// with Lᵀ becomes a product with Linvᵀ (TRMM), the same L̄ to rounding.
func (t *Tape) SolveLinkInv(V, L, Linv *Var, c float64) *Var {
	n, k := V.Val.Dims()
	lr, lc := L.Val.Dims()
	if lr != lc || lr != n {
		panic(fmt.Sprintf("autodiff: SolveLink: V %dx%d, L %dx%d", n, k, lr, lc))
	}
	if c != 1 && c != 2 {
		panic(fmt.Sprintf("autodiff: SolveLink: c = %g, want 1 or 2", c))
	}
	out := t.newVar(n, k)
	out.Val.Copy(V.Val)
	if Linv != nil && (Linv.Rows() != n || Linv.Val.RawMatrix().Cols != n || Linv.needGrad) {
		panic(fmt.Sprintf("autodiff: SolveLinkInv: Linv %dx%d (gradient: %v) for L %dx%d; give L⁻¹ with its gradient stopped", Linv.Rows(), Linv.Val.RawMatrix().Cols, Linv.needGrad, lr, lc))
	}
	if rec := t.record(solveLinkBack, out, V, L, Linv); rec != nil {
		rec.f0 = c
		rec.writes = true // V̄ written on first touch; L̄ by accGrad
	}
	return out
}

func solveLinkBack(t *Tape, rec *record) {
	V, L, out := rec.a, rec.b, rec.out
	if V.needGrad {
		gV, beta := t.gradFor(V)
		gv := data(gV)
		if beta == 0 {
			copy(gv, data(out.Grad))
		} else {
			for i, g := range data(out.Grad) {
				gv[i] += g
			}
		}
	}
	if !L.needGrad {
		return
	}
	n := L.Rows()
	T := t.scratch(n, n)
	blas64.Gemm(blas.NoTrans, blas.Trans, rec.f0, general(V.Val), general(out.Grad), 0, general(T))
	if Linv := rec.c; Linv != nil {
		blas64.Trmm(blas.Left, blas.Trans, 1, lowerTri(Linv.Val), general(T))
	} else {
		blas64.Trsm(blas.Left, blas.Trans, 1, lowerTri(L.Val), general(T))
	}
	gl, tt := t.accGrad(L), data(T)
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			gl[i*n+j] -= tt[i*n+j]
		}
	}
}
