package models

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
)

// mixtureMarginals returns the means and variances (n x P each) of q(f) at
// the rows of X for the whitened layer l with P outputs, what
// l.Marginals returns, by GPflow's formulation
//
//	μ = Aᵀm,  ν_r = k_** − ‖a‖² + ‖R_rᵀa‖²,  A = L⁻¹K_ZX,
//
// with L's gradient carried by the solve itself (through L⁻¹, TriInverse,
// or TriSolve when n < M). Marginals instead forms Q_r = R_r R_rᵀ − I per
// output and links it to L (SolveLink), which costs about 5·M³ flops per
// output and step beyond the per-row work (the Gram forward and backward,
// Q_r Q̄_r and a solve with Lᵀ); here the per-row work is the same, 3·M²
// flops per row and output (one TRMM forward, one TRMM and one lower-half
// GEMM backward, against QuadCols' GEMM and lower-half GEMM), and L's
// gradient costs one M x n x M lower-half product per step for all
// outputs together. At the nytaxi shape (M = 500, B = 1024, T = 4) that
// takes a third of the SMGP step's flops away (12.98 → 8.76 GFLOP,
// TestFloorTable). The variances of a block are one op (mixVarOp). The
// values agree
// with Marginals' to rounding (TestMixtureMarginalsMatchLayer). Rows go
// through in blocks of gp.DefaultRowBlock (or l.RowBlock) as in
// Marginals. An unwhitened layer, or one with a prior mean, goes to
// l.Marginals.
func mixtureMarginals(t *ad.Tape, l *gp.Inducing, pr gp.Prior, X *ad.Var) (mean, variance *ad.Var) {
	if !l.Whiten || l.Mu0 != nil {
		return l.Marginals(t, pr, X)
	}
	n, block := X.Rows(), gp.DefaultRowBlock
	if l.RowBlock > 0 {
		block = l.RowBlock
	}
	var linv *ad.Var
	if n >= l.M { // as Marginals: two TRMMs a block beat two TRSMs
		linv = t.TriInverse(pr.L)
	}
	m := l.Mean.On(t)
	var rbuf [8]*ad.Var
	rs := rbuf[:0]
	for _, R := range l.Factors {
		rs = append(rs, R.On(t))
	}
	if n <= block {
		return mixtureBlock(t, l, pr, X, m, linv, rs)
	}
	var mbuf, vbuf [32]*ad.Var
	means, vars := mbuf[:0], vbuf[:0]
	for r0 := 0; r0 < n; r0 += block {
		mu, nu := mixtureBlock(t, l, pr, t.SliceRows(X, r0, min(n, r0+block)), m, linv, rs)
		means, vars = append(means, mu), append(vars, nu)
	}
	return t.ConcatRows(means...), t.ConcatRows(vars...)
}

// mixtureBlock is mixtureMarginals on one block of rows, with the layer's
// mean m, its factors rs and L⁻¹ (nil: solve with pr.L) on the tape.
func mixtureBlock(t *ad.Tape, l *gp.Inducing, pr gp.Prior, X, m, linv *ad.Var, rs []*ad.Var) (mean, variance *ad.Var) {
	Kzx := l.Kern.K(t, pr.Z, X) // M x n
	var A *ad.Var               // M x n
	if linv != nil {
		A = t.TriMatMul(linv, Kzx, false)
	} else {
		A = t.TriSolve(pr.L, Kzx, false)
	}
	mean = t.MatMul(A, m, true, false) // n x P
	var ibuf [10]*ad.Var               // on the stack for up to 8 outputs
	ins := append(append(ibuf[:0], A, l.Kern.Diag(t, X)), rs...)
	return mean, t.Custom(mixVarOp{}, ins...)
}
