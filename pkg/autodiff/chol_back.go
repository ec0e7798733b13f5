package autodiff

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// cholBackBlock is the block size of the blocked reverse pass of Cholesky,
// chosen by measurement (backward/forward CPU time at n = 100 and 500 on
// both BLAS backends; 8 to 64 tried). The per-block panel work (C̄ D⁻¹ and
// the diagonal-block update, about ¾·n²·nb flops) and the level-2 diagonal
// blocks (n·nb²/3) grow with the block, while the level-3 updates are
// already efficient on 16-wide panels. chol_back_test.go checks gradients
// at sizes around this value: update them together.
const cholBackBlock = 16

// cholRevWork is the length of the workspace cholRev needs for an n x n
// factor and block size nb.
func cholRevWork(n, nb int) int { return 2 * min(n, nb) * n }

// cholRev is the blocked reverse-mode Cholesky of Murray (2016,
// "Differentiation of the Cholesky decomposition", arXiv:1602.07527),
// derived from the left-looking blocked factorisation
//
//	D = chol(A_D - R Rᵀ),  C = (A_C - B Rᵀ) D⁻ᵀ
//
// where, for the diagonal block of k ≤ nb rows starting at row j,
// R = L[j:j+k, :j], D = L[j:j+k, j:j+k], B = L[j+k:, :j] and
// C = L[j+k:, j:j+k].
//
// l holds the lower factor L (n x n, row-major, stride ldl; only its lower
// triangle is read). On entry the lower triangle of g (stride ldg) holds L̄;
// on return it holds Ā in the convention where the factorisation reads only
// A's lower triangle: Ā_ii = P_ii and Ā_ij = P_ij + P_ji for i > j, with
// P = L⁻ᵀ Φ(Lᵀ L̄) L⁻¹. The strict upper triangle of g is used as workspace
// inside the diagonal blocks and left unspecified. nb ≥ 1 is the block
// size; work has at least cholRevWork(n, nb) elements.
//
// The block steps are reversed last block first; the adjoints R̄ and B̄
// belong to earlier blocks and are complete before those are reached:
//
//	X̄ = C̄ D⁻¹              (Ā_C, in place of C̄; D⁻¹ formed explicitly)
//	B̄ -= X̄ R
//	[R̄ D̄] -= X̄ᵀ [B C]      (one product: [B C] = L[j+k:, :j+k])
//	Ȳ = chol_rev(D, D̄)     (Ā_D, unblocked level-2 reverse)
//	R̄ -= (Ȳ + Ȳᵀ) R
func cholRev(n int, l []float64, ldl int, g []float64, ldg int, nb int, work []float64) {
	pureGo := pureGoBLAS()
	for j := ((n - 1) / nb) * nb; j >= 0; j -= nb {
		k := min(nb, n-j)
		m := n - j - k
		if m > 0 {
			dinv := work[:k*k]
			triInvLower(k, l[j*ldl+j:], ldl, dinv, k)
			rightMulInv(m, k, g[(j+k)*ldg+j:], ldg, dinv, work[k*k:], pureGo)
			xbar := blas64.General{Rows: m, Cols: k, Stride: ldg, Data: g[(j+k)*ldg+j:]}
			if j > 0 { // B̄ -= X̄ R
				r := blas64.General{Rows: k, Cols: j, Stride: ldl, Data: l[j*ldl:]}
				bbar := blas64.General{Rows: m, Cols: j, Stride: ldg, Data: g[(j+k)*ldg:]}
				gemm(pureGo, blas.NoTrans, -1, xbar, r, 1, bbar)
			}
			// [R̄ D̄] -= X̄ᵀ [B C]; the upper triangle of D̄ gets garbage.
			bc := blas64.General{Rows: m, Cols: j + k, Stride: ldl, Data: l[(j+k)*ldl:]}
			rdbar := blas64.General{Rows: k, Cols: j + k, Stride: ldg, Data: g[j*ldg:]}
			gemm(pureGo, blas.Trans, -1, xbar, bc, 1, rdbar)
		}
		cholRevUnblocked(k, l[j*ldl+j:], ldl, g[j*ldg+j:], ldg)
		if j == 0 {
			continue
		}
		// R̄ -= (Ȳ + Ȳᵀ) R, with Ȳ + Ȳᵀ formed in the whole diagonal block
		// (its upper triangle is workspace) and the diagonal restored after.
		for p := 0; p < k; p++ {
			row := g[(j+p)*ldg+j : (j+p)*ldg+j+p+1]
			row[p] *= 2
			for q, v := range row[:p] {
				g[(j+q)*ldg+j+p] = v
			}
		}
		s := blas64.General{Rows: k, Cols: k, Stride: ldg, Data: g[j*ldg+j:]}
		r := blas64.General{Rows: k, Cols: j, Stride: ldl, Data: l[j*ldl:]}
		rbar := blas64.General{Rows: k, Cols: j, Stride: ldg, Data: g[j*ldg:]}
		gemm(pureGo, blas.NoTrans, -1, s, r, 1, rbar)
		for p := 0; p < k; p++ {
			g[(j+p)*ldg+j+p] *= 0.5
		}
	}
}

// pureGoBLAS reports whether blas64 runs on gonum's pure-Go implementation
// (the default backend) rather than a cgo one such as OpenBLAS.
func pureGoBLAS() bool {
	_, ok := blas64.Implementation().(gonum.Implementation)
	return ok
}

// rightMulInv overwrites the m x k matrix x (stride ldx) with x·dinv, where
// dinv is k x k (stride k, zero above the diagonal): C̄ D⁻¹ as one GEMM,
// which is faster than a TRSM of this shape (several times on OpenBLAS,
// whose small TRSMs are slow). work has at least 2·m·k elements. gonum's
// GEMM is built on axpys along the rows of its output, so on the pure-Go
// backend the product is formed transposed (dinvᵀ·xᵀ, k rows of length m)
// rather than as m rows of length k.
func rightMulInv(m, k int, x []float64, ldx int, dinv, work []float64, pureGo bool) {
	xg := blas64.General{Rows: m, Cols: k, Stride: ldx, Data: x}
	d := blas64.General{Rows: k, Cols: k, Stride: k, Data: dinv}
	if !pureGo {
		tmp := work[:m*k]
		for i := 0; i < m; i++ {
			copy(tmp[i*k:i*k+k], x[i*ldx:])
		}
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, blas64.General{Rows: m, Cols: k, Stride: k, Data: tmp}, d, 0, xg)
		return
	}
	xt, yt := work[:m*k], work[m*k:2*m*k]
	for i := 0; i < m; i++ {
		for p, v := range x[i*ldx : i*ldx+k] {
			xt[p*m+i] = v
		}
	}
	gemm(true, blas.Trans, 1, d, blas64.General{Rows: k, Cols: m, Stride: m, Data: xt},
		0, blas64.General{Rows: k, Cols: m, Stride: m, Data: yt})
	for i := 0; i < m; i++ {
		row := x[i*ldx : i*ldx+k]
		for p := range row {
			row[p] = yt[p*m+i]
		}
	}
}

// gemm is blas64.Gemm(tA, NoTrans, alpha, a, b, beta, c). On the pure-Go
// backend it issues the product in pieces of at most 64 x 192 of c, which
// gonum runs serially: its parallel path starts goroutines, and allocates,
// on every large call (some 1700 allocations per backward at n = 500), and
// on the 2-core machines used here that cost more CPU time than it saved
// (the OpenBLAS backend is run single-threaded for the same reason).
func gemm(pureGo bool, tA blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	if !pureGo {
		blas64.Gemm(tA, blas.NoTrans, alpha, a, b, beta, c)
		return
	}
	const rs, cs = 64, 192 // fewer than 4 of gonum's 64 x 64 tiles: serial
	for i := 0; i < c.Rows; i += rs {
		ri := min(rs, c.Rows-i)
		var as blas64.General
		if tA == blas.NoTrans {
			as = blas64.General{Rows: ri, Cols: a.Cols, Stride: a.Stride, Data: a.Data[i*a.Stride:]}
		} else {
			as = blas64.General{Rows: a.Rows, Cols: ri, Stride: a.Stride, Data: a.Data[i:]}
		}
		for jc := 0; jc < c.Cols; jc += cs {
			cj := min(cs, c.Cols-jc)
			bs := blas64.General{Rows: b.Rows, Cols: cj, Stride: b.Stride, Data: b.Data[jc:]}
			cc := blas64.General{Rows: ri, Cols: cj, Stride: c.Stride, Data: c.Data[i*c.Stride+jc:]}
			blas64.Gemm(tA, blas.NoTrans, alpha, as, bs, beta, cc)
		}
	}
}

// cholRevUnblocked is the unblocked (level-2) reverse of the k x k
// Cholesky factorisation D = chol(Y): cholRev's block step with blocks of
// one column, in plain Go loops over rows. l holds D (stride ldl, lower
// triangle read); the lower triangle of g (stride ldg) holds D̄ on entry
// and Ȳ (in cholRev's lower-triangle convention) on return. The strict
// upper triangle of g is neither read nor written.
func cholRevUnblocked(k int, l []float64, ldl int, g []float64, ldg int) {
	for j := k - 1; j >= 0; j-- {
		lj := l[j*ldl : j*ldl+j] // R: row j left of the diagonal
		gj := g[j*ldg : j*ldg+j] // R̄
		d := l[j*ldl+j]
		dbar := g[j*ldg+j]
		for i := j + 1; i < k; i++ {
			li := l[i*ldl : i*ldl+j+1]
			gi := g[i*ldg : i*ldg+j+1]
			x := gi[j] / d // X̄_i = C̄_i / D
			gi[j] = x
			dbar -= x * li[j] // D̄ -= X̄ᵀ C
			// B̄_i -= X̄_i R and R̄ -= X̄_i B_i.
			li, gi = li[:len(lj)], gi[:len(lj)]
			gj := gj[:len(lj)]
			for p, r := range lj {
				gi[p] -= x * r
				gj[p] -= x * li[p]
			}
		}
		ybar := dbar / (2 * d) // D = √Y
		g[j*ldg+j] = ybar
		ybar *= 2
		for p, r := range lj { // R̄ -= (Ȳ + Ȳᵀ) R
			gj[p] -= ybar * r
		}
	}
}

// triInvLower writes the inverse of the k x k lower-triangular matrix in l
// (stride ldl, lower triangle read) into w (stride ldw), zeroing w's strict
// upper triangle. Row i of the inverse is -(Σ_{p<i} l_ip·row p)/l_ii plus
// 1/l_ii on the diagonal, accumulated by row operations.
func triInvLower(k int, l []float64, ldl int, w []float64, ldw int) {
	for i := 0; i < k; i++ {
		wi := w[i*ldw : i*ldw+k]
		clear(wi)
		for p, v := range l[i*ldl : i*ldl+i] {
			wp := w[p*ldw : p*ldw+p+1]
			wi := wi[:len(wp)]
			for q, x := range wp {
				wi[q] -= v * x
			}
		}
		r := 1 / l[i*ldl+i]
		for q := range wi[:i] {
			wi[q] *= r
		}
		wi[i] = r
	}
}
