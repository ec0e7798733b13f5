package gp

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// MarginalsSum returns the means of q(f) at the n rows of X (n x P, as
// Marginals) and, instead of the n x P variances, their sums over the P
// outputs (n x 1): what a Gaussian likelihood with one noise variance
// shared by the outputs needs (models.md §9.4). With
// C = Σ_r R_r R_rᵀ (M x M, one M x PM by PM x M product per step),
//
//	whitened:   Σ_r ν_r = P·k_** + aᵀ(C - P·I)a,       a = L⁻¹k_Z*,
//	unwhitened: Σ_r ν_r = P·(k_** - ‖a‖²) + bᵀC b,     b = L⁻ᵀa,
//
// so no per-output M x n product is formed. The sums equal the row sums of
// Marginals' variances to rounding (TestMarginalsSumMatchesRowSums). Rows
// go through in blocks as in Marginals.
func (l *Inducing) MarginalsSum(t *ad.Tape, pr Prior, X *ad.Var) (mean, varSum *ad.Var) {
	C := l.gramSum(t)
	var wm *ad.Var
	if l.Whiten {
		// As in Marginals: C - P·I and m linked to L, the blocks' solves
		// then done with L's gradient stopped.
		wm = t.SolveLink(l.Mean.On(t), pr.L, 1)
		C = t.SolveLink(t.AddDiag(C, -float64(l.P)), pr.L, 2)
		pr.L = t.StopGrad(pr.L)
	}
	n, block := X.Rows(), DefaultRowBlock
	if l.RowBlock > 0 {
		block = l.RowBlock
	}
	if n <= block {
		return l.marginalsSum(t, pr, X, C, wm)
	}
	var means, sums []*ad.Var
	for r0 := 0; r0 < n; r0 += block {
		mu, vs := l.marginalsSum(t, pr, t.SliceRows(X, r0, min(n, r0+block)), C, wm)
		means, sums = append(means, mu), append(sums, vs)
	}
	return t.ConcatRows(means...), t.ConcatRows(sums...)
}

// gram returns R Rᵀ of one factor by autodiff's GramSum: a symmetric
// rank-k update forward and, the factor being LowerTri (zero above the
// diagonal), one triangular product backward, where MatMul(R, R, false,
// true) costs a GEMM forward and two backward (at M = 500, 0.375 of
// 10⁹ multiply-adds a factor and step, against 0.125).
func gram(t *ad.Tape, Rp *ad.Param) *ad.Var {
	return t.GramSum(Rp.T == ad.LowerTri || Rp.T == ad.LowerTriPosDiag, Rp.On(t))
}

// gramSum returns C = Σ_r R_r R_rᵀ (M x M): autodiff's GramSum, the
// factors being LowerTri (zero above the diagonal); at P = 1 the same
// operation as Marginals' R Rᵀ (gram).
func (l *Inducing) gramSum(t *ad.Tape) *ad.Var {
	if l.P == 1 {
		return gram(t, l.Factors[0])
	}
	rs := make([]*ad.Var, l.P)
	lower := true
	for r, Rp := range l.Factors {
		rs[r] = Rp.On(t)
		lower = lower && (Rp.T == ad.LowerTri || Rp.T == ad.LowerTriPosDiag)
	}
	return t.GramSum(lower, rs...)
}

// marginalsSum is MarginalsSum on one block of rows; whitened, Q is
// C - P·I and wm the mean m, both linked to L; unwhitened, Q is C.
func (l *Inducing) marginalsSum(t *ad.Tape, pr Prior, X, Q, wm *ad.Var) (mean, varSum *ad.Var) {
	Kzx := l.Kern.K(t, pr.Z, X)       // M x n
	A := t.TriSolve(pr.L, Kzx, false) // M x n
	proj, m := A, wm
	if !l.Whiten {
		m = l.Mean.On(t)
		proj = t.TriSolve(pr.L, A, true)
		if l.Mu0 != nil {
			m = t.Sub(m, l.Mu0.On(t))
		}
	}
	mean = t.MatMul(proj, m, true, false) // n x P
	if l.Mu0 != nil {
		mean = t.Add(mean, l.Mu0.On(t))
	}
	P := float64(l.P)
	kdiag := t.Transpose(l.Kern.Diag(t, X)) // 1 x n
	var v *ad.Var
	if l.Whiten {
		v = t.Add(t.Scale(P, kdiag), t.QuadCols(Q, A, true))
	} else {
		base := t.Scale(P, t.Sub(kdiag, t.ColSumSquares(A)))
		v = t.Add(base, t.QuadCols(Q, proj, true))
	}
	return mean, t.Transpose(v)
}

// GramSumForBench exposes C = Σ_r R_r R_rᵀ for benchmarks.
func (l *Inducing) GramSumForBench(t *ad.Tape) *ad.Var { return l.gramSum(t) }
