package gp

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// JitterK is ε_K, added to the diagonal of every K_ZZ before its Cholesky
// (models.md §0.2).
const JitterK = 1e-6

// Inducing is the SVGP layer of models.md §1.2: one kernel, inducing inputs
// Z (M x D, trainable) and P outputs, each with its own q over the inducing
// values: mean column m_r (M x P in all) and lower-triangular factor R_r
// (M x M, free diagonal, GPflow's LowerTriangular). Whitened (the default,
// as the authors' code) means q(v_r) = N(m_r, R_r R_rᵀ) with u_r = L v_r;
// unwhitened means q(u_r) = N(m_r, R_r R_rᵀ) with prior N(μ₀1, K_ZZ).
type Inducing struct {
	Kern    Kernel
	Z       *ad.Param
	Mean    *ad.Param   // M x P
	Factors []*ad.Param // P factors, M x M
	// Mu0, when non-nil, is a 1 x 1 prior mean of the layer's function
	// (SHGP's w-GP); it is added after the conditional (models.md §3.3).
	Mu0     *ad.Param
	Whiten  bool
	M, D, P int
	// RowBlock, when positive, replaces DefaultRowBlock.
	RowBlock int
	prefix   string
	eye      *mat.Dense // M x M identity of MarginalsWeightedSum, made once
}

// NewInducing builds a layer with inducing inputs Z0 (M x D, copied), P
// outputs, q initialised at m = 0, R = I (KL = 0, q(f) = prior). Param
// names start with prefix.
func NewInducing(prefix string, kern Kernel, Z0 *mat.Dense, P int, whiten bool) *Inducing {
	M, D := Z0.Dims()
	if D != kern.Hyperparams().D {
		panic(fmt.Sprintf("gp: inducing inputs have %d columns, kernel has %d", D, kern.Hyperparams().D))
	}
	l := &Inducing{
		Kern:   kern,
		Z:      ad.NewParam(prefix+"Z", ad.Identity, Z0),
		Mean:   ad.NewParam(prefix+"q_mu", ad.Identity, mat.NewDense(M, P, nil)),
		Whiten: whiten,
		M:      M, D: D, P: P,
		prefix: prefix,
	}
	for r := 0; r < P; r++ {
		name := prefix + "q_sqrt"
		if P > 1 {
			name = fmt.Sprintf("%sq_sqrt%d", prefix, r)
		}
		l.Factors = append(l.Factors, ad.NewParam(name, ad.LowerTri, ad.Eye(M)))
	}
	return l
}

// Params lists the layer's parameters, kernel included (Mu0 too when set).
func (l *Inducing) Params() []*ad.Param {
	ps := append(l.Kern.Params(), l.Z, l.Mean)
	ps = append(ps, l.Factors...)
	if l.Mu0 != nil {
		ps = append(ps, l.Mu0)
	}
	return ps
}

// Prior holds the per-step quantities shared by Marginals and KL:
// L = chol(K_ZZ + ε_K I) (M x M).
type Prior struct {
	L *ad.Var
	Z *ad.Var
}

// Prior computes the Cholesky factor of K_ZZ once per step.
func (l *Inducing) Prior(t *ad.Tape) Prior { return l.PriorAt(t, l.Z.On(t)) }

// PriorAt is Prior with inducing inputs Z (M x D) computed elsewhere (SLGP's
// encoded inducing points); the layer's own Z parameter is then unused.
func (l *Inducing) PriorAt(t *ad.Tape, Z *ad.Var) Prior {
	Kzz := t.AddDiag(l.Kern.K(t, Z, Z), JitterK)
	return Prior{L: t.Cholesky(Kzz), Z: Z}
}

// DefaultRowBlock is the number of rows of X that Marginals takes through
// the kernel, the triangular solve and the quadratic forms at a time unless
// Inducing.RowBlock says otherwise. Larger inputs (SLGP's and GPCDE's S·b
// encoder samples) are split into blocks of this many rows, so that each
// block's M x 512 intermediates stay in cache from one product to the next,
// forward and backward; the per-row results are the same
// (TestMarginalsByRowBlocks). Measured on the SLGP step (S·b = 5120): about
// a tenth faster than one block.
const DefaultRowBlock = 512

// Marginals returns the means and variances of q(f) at the n rows of X:
// both n x P (models.md §1.2). Whitened: μ = Aᵀm, ν = σ² - ‖A_i‖² + ‖Rᵀ A_i‖²
// = σ² + A_iᵀ(R Rᵀ - I)A_i with A = L⁻¹ K_ZX; unwhitened uses B = L⁻ᵀA in
// place of A for the q terms. Inputs of more than DefaultRowBlock (or
// l.RowBlock) rows go through in blocks of that many rows.
func (l *Inducing) Marginals(t *ad.Tape, pr Prior, X *ad.Var) (mean, variance *ad.Var) {
	var qbuf [4]*ad.Var // slices on the stack for small P and block counts
	qs := qbuf[:0]
	var wm, linv *ad.Var
	n, block := X.Rows(), DefaultRowBlock
	if l.Whiten {
		L := pr.L
		pr.L = t.StopGrad(L)
		if n >= l.M {
			// Solving with L for the n columns of K_ZX costs two TRSMs a
			// block (forward and backward); with L⁻¹ formed once (M³/3
			// flops) they become two TRMMs, which OpenBLAS runs 1.5-2x
			// faster at M = 500 (BenchmarkNYTaxiStep, CPU time: the SGP
			// step 7.5 % and the SLGP step 13 % shorter,
			// results/bench/2026-11-26-nytaxi-torch.md). L's gradient is carried by the
			// links below, so the inverse needs none.
			linv = t.TriInverse(pr.L)
		}
		// R Rᵀ - I and m, once for all blocks, linked to L so that the
		// blocks' solves A = L⁻¹K_ZX need no L̄ of their own (SolveLink:
		// one M x M product per step instead of one M x n per block).
		wm = t.SolveLinkInv(l.Mean.On(t), L, linv, 1)
		for _, Rp := range l.Factors {
			qs = append(qs, t.SolveLinkInv(t.AddDiag(gram(t, Rp), -1), L, linv, 2))
		}
	}
	if l.RowBlock > 0 {
		block = l.RowBlock
	}
	if n <= block {
		return l.marginals(t, pr, X, qs, wm, linv)
	}
	var mbuf, vbuf [32]*ad.Var
	means, vars := mbuf[:0], vbuf[:0]
	for r0 := 0; r0 < n; r0 += block {
		mu, nu := l.marginals(t, pr, t.SliceRows(X, r0, min(n, r0+block)), qs, wm, linv)
		means, vars = append(means, mu), append(vars, nu)
	}
	return t.ConcatRows(means...), t.ConcatRows(vars...)
}

// marginals is Marginals on one block of rows; whitened, with the
// factors' R Rᵀ - I in qs and the mean m in wm, both linked to L (and pr.L
// with its gradient stopped), and A = L⁻¹K_ZX by a product with linv = L⁻¹
// when it is given, by a triangular solve otherwise.
func (l *Inducing) marginals(t *ad.Tape, pr Prior, X *ad.Var, qs []*ad.Var, wm, linv *ad.Var) (mean, variance *ad.Var) {
	Kzx := l.Kern.K(t, pr.Z, X) // M x n
	var A *ad.Var               // M x n
	if linv != nil {
		A = t.TriMatMul(linv, Kzx, false)
	} else {
		A = t.TriSolve(pr.L, Kzx, false)
	}
	proj, mean := l.projectedMean(t, pr, A, wm)
	cols := make([]*ad.Var, l.P)
	kdiag := t.Transpose(l.Kern.Diag(t, X)) // 1 x n
	if l.Whiten {
		// ‖Rᵀa‖² - ‖a‖² = aᵀ(R Rᵀ - I)a: one GEMM, no M x n intermediate.
		for r, Q := range qs {
			cols[r] = t.Transpose(t.Add(kdiag, t.QuadCols(Q, A, true)))
		}
	} else {
		base := t.Sub(kdiag, t.ColSumSquares(A)) // 1 x n
		for r, R := range l.Factors {
			RtB := t.TriMatMul(R.On(t), proj, true) // M x n
			cols[r] = t.Transpose(t.Add(base, t.ColSumSquares(RtB)))
		}
	}
	if l.P == 1 {
		return mean, cols[0]
	}
	return mean, t.ConcatCols(cols...)
}

// projectedMean returns, at the columns of A = L⁻¹K_ZX, the projection of
// the inducing values onto the points (A whitened, L⁻ᵀA otherwise) and the
// marginal means projᵀ(m - μ₀) + μ₀ (n x P); wm is the whitened mean m
// linked to L, unused unwhitened.
func (l *Inducing) projectedMean(t *ad.Tape, pr Prior, A, wm *ad.Var) (proj, mean *ad.Var) {
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
	return proj, mean
}

// KL returns Σ_r KL[q(u_r) ‖ p(u_r)] (1 x 1), models.md §1.2: whitened
// ½(‖R‖² + ‖m‖² - M - Σ log R_jj²); unwhitened
// ½(‖L⁻¹R‖² + ‖L⁻¹(m-μ₀)‖² - M + Σ log L_jj² - Σ log R_jj²).
func (l *Inducing) KL(t *ad.Tape, pr Prior) *ad.Var {
	m := l.Mean.On(t)
	var quad, logdetR *ad.Var
	if l.Whiten {
		quad = t.SumSquares(m)
	} else {
		if l.Mu0 != nil {
			m = t.Sub(m, l.Mu0.On(t))
		}
		quad = t.SumSquares(t.TriSolve(pr.L, m, false))
	}
	for _, Rp := range l.Factors {
		R := Rp.On(t)
		var tr *ad.Var
		if l.Whiten {
			tr = t.SumSquares(R)
		} else {
			tr = t.SumSquares(t.TriSolve(pr.L, R, false))
		}
		ld := t.SumLogSqDiag(R)
		quad = t.Add(quad, tr)
		if logdetR == nil {
			logdetR = ld
		} else {
			logdetR = t.Add(logdetR, ld)
		}
	}
	kl := t.Sub(quad, logdetR)
	c := -float64(l.M * l.P)
	if !l.Whiten {
		kl = t.Add(kl, t.Scale(float64(l.P), t.SumLogSqDiag(pr.L)))
	}
	return t.Scale(0.5, t.AddConst(kl, c))
}
