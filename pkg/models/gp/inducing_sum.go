package gp

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
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
	return l.marginalsSumW(t, pr, X, nil)
}

// MarginalsWeightedSum is MarginalsSum with the variances' sum weighted:
// Σ_r w_r ν_r (n x 1) for w (1 x P, one weight per output), what a
// Gaussian likelihood with a noise variance σ_r² per output needs (w_r =
// 1/σ_r²). With C_w = Σ_r w_r R_r R_rᵀ (autodiff's WeightedGramSum) and
// W = Σ_r w_r, P becomes W and C becomes C_w in MarginalsSum's formulas,
// so the cost is MarginalsSum's. It equals the weighted row sums of
// Marginals' variances to rounding (TestMarginalsWeightedSum).
func (l *Inducing) MarginalsWeightedSum(t *ad.Tape, pr Prior, X, w *ad.Var) (mean, varSum *ad.Var) {
	if r, c := w.Val.Dims(); r != 1 || c != l.P {
		panic(fmt.Sprintf("gp: MarginalsWeightedSum: %dx%d weights for %d outputs, want 1 x %d", r, c, l.P, l.P))
	}
	return l.marginalsSumW(t, pr, X, w)
}

// marginalsSumW is MarginalsSum (w nil) and MarginalsWeightedSum.
func (l *Inducing) marginalsSumW(t *ad.Tape, pr Prior, X, w *ad.Var) (mean, varSum *ad.Var) {
	C := l.gramSum(t, w)
	var W *ad.Var // Σ_r w_r (1 x 1); nil: P
	if w != nil {
		W = t.Sum(w)
	}
	var wm *ad.Var
	if l.Whiten {
		// As in Marginals: C - P·I and m linked to L, the blocks' solves
		// then done with L's gradient stopped.
		wm = t.SolveLink(l.Mean.On(t), pr.L, 1)
		if W == nil {
			C = t.AddDiag(C, -float64(l.P))
		} else {
			if l.eye == nil {
				l.eye = identity(l.M)
			}
			C = t.Sub(C, t.Mul(t.Const(l.eye), W))
		}
		C = t.SolveLink(C, pr.L, 2)
		pr.L = t.StopGrad(pr.L)
	}
	n, block := X.Rows(), DefaultRowBlock
	if l.RowBlock > 0 {
		block = l.RowBlock
	}
	if n <= block {
		return l.marginalsSum(t, pr, X, C, wm, W)
	}
	var means, sums []*ad.Var
	for r0 := 0; r0 < n; r0 += block {
		mu, vs := l.marginalsSum(t, pr, t.SliceRows(X, r0, min(n, r0+block)), C, wm, W)
		means, sums = append(means, mu), append(sums, vs)
	}
	return t.ConcatRows(means...), t.ConcatRows(sums...)
}

// identity returns the n x n identity matrix.
func identity(n int) *mat.Dense {
	I := mat.NewDense(n, n, nil)
	for i := range n {
		I.Set(i, i, 1)
	}
	return I
}

// gram returns R Rᵀ of one factor by autodiff's GramSum: a symmetric
// rank-k update forward and, the factor being LowerTri (zero above the
// diagonal), one triangular product backward, where MatMul(R, R, false,
// true) costs a GEMM forward and two backward (at M = 500, 0.375 of
// 10⁹ multiply-adds a factor and step, against 0.125).
func gram(t *ad.Tape, Rp *ad.Param) *ad.Var {
	return t.GramSum(Rp.T == ad.LowerTri || Rp.T == ad.LowerTriPosDiag, Rp.On(t))
}

// gramSum returns C = Σ_r w_r R_r R_rᵀ (M x M; w nil: all weights 1):
// autodiff's GramSum or WeightedGramSum, the factors being LowerTri (zero
// above the diagonal); unweighted at P = 1 the same operation as
// Marginals' R Rᵀ (gram).
func (l *Inducing) gramSum(t *ad.Tape, w *ad.Var) *ad.Var {
	if l.P == 1 && w == nil {
		return gram(t, l.Factors[0])
	}
	rs := make([]*ad.Var, l.P)
	lower := true
	for r, Rp := range l.Factors {
		rs[r] = Rp.On(t)
		lower = lower && (Rp.T == ad.LowerTri || Rp.T == ad.LowerTriPosDiag)
	}
	if w != nil {
		return t.WeightedGramSum(lower, w, rs...)
	}
	return t.GramSum(lower, rs...)
}

// marginalsSum is MarginalsSum on one block of rows; whitened, Q is
// C - W·I and wm the mean m, both linked to L; unwhitened, Q is C. W (1 x
// 1) is the weights' sum, nil for the unweighted sum (W = P).
func (l *Inducing) marginalsSum(t *ad.Tape, pr Prior, X, Q, wm, W *ad.Var) (mean, varSum *ad.Var) {
	Kzx := l.Kern.K(t, pr.Z, X)       // M x n
	A := t.TriSolve(pr.L, Kzx, false) // M x n
	proj, mean := l.projectedMean(t, pr, A, wm)
	P := float64(l.P)
	times := func(v *ad.Var) *ad.Var { // W·v
		if W == nil {
			return t.Scale(P, v)
		}
		return t.Mul(v, W)
	}
	kdiag := t.Transpose(l.Kern.Diag(t, X)) // 1 x n
	var v *ad.Var
	if l.Whiten {
		v = t.Add(times(kdiag), t.QuadCols(Q, A, true))
	} else {
		base := times(t.Sub(kdiag, t.ColSumSquares(A)))
		v = t.Add(base, t.QuadCols(Q, proj, true))
	}
	return mean, t.Transpose(v)
}

// GramSumForBench exposes C = Σ_r R_r R_rᵀ for benchmarks.
func (l *Inducing) GramSumForBench(t *ad.Tape) *ad.Var { return l.gramSum(t, nil) }
