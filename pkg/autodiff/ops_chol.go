package autodiff

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// MaxJitterTries bounds the jitter escalation of Cholesky: after the plain
// factorisation fails it retries with jitter 1e-6·mean(diag), ×10 per try.
const MaxJitterTries = 6

// NotPDError reports a matrix that stayed non-positive-definite after jitter
// escalation.
type NotPDError struct {
	N          int     // matrix size
	LastJitter float64 // the largest jitter tried
}

// Error gives the matrix size and the largest jitter tried.
func (e *NotPDError) Error() string {
	return fmt.Sprintf("autodiff: Cholesky: %dx%d matrix not positive definite even with jitter %.3g added to its diagonal", e.N, e.N, e.LastJitter)
}

func lowerTri(m *mat.Dense) blas64.Triangular {
	raw := m.RawMatrix()
	return blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: raw.Rows, Stride: raw.Stride, Data: raw.Data}
}

// potrf factorises, in place, the row-major symmetric n x n matrix in data
// (stride lda, lower triangle read) into its lower Cholesky factor and
// reports success. gonum's LAPACK by default; the openblas build uses
// OpenBLAS's own dpotrf.
var potrf = func(n, lda int, data []float64) bool {
	_, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: lda, Data: data})
	return ok
}

// potrfLower factorises the symmetric matrix in out (lower triangle read) in
// place and zeroes the strict upper triangle.
func potrfLower(out *mat.Dense) bool {
	raw := out.RawMatrix()
	n := raw.Rows
	ok := potrf(n, raw.Stride, raw.Data)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			raw.Data[i*raw.Stride+j] = 0
		}
	}
	return ok
}

// Cholesky returns the lower factor L of the symmetric positive-definite
// n x n matrix a (a = L Lᵀ; only a's lower triangle is read). If a is not
// numerically positive definite it retries with escalating diagonal jitter
// (recorded in Tape.Jitters); if that fails too it sets Tape.Err to a
// *NotPDError and fills L with NaN. The gradient is Murray's (2016,
// "Differentiation of the Cholesky decomposition", arXiv:1602.07527)
// symmetric adjoint: ā = ½(P + Pᵀ), P = L⁻ᵀ Φ(Lᵀ L̄) L⁻¹, with Φ taking the
// lower triangle and halving the diagonal.
func (t *Tape) Cholesky(a *Var) *Var {
	n, c := a.Val.Dims()
	if n != c {
		panic(fmt.Sprintf("autodiff: Cholesky of a %dx%d matrix", n, c))
	}
	out := t.newVar(n, n)
	out.Val.Copy(a.Val)
	jit := 0.0
	if !potrfLower(out.Val) {
		md := 0.0
		for i := 0; i < n; i++ {
			md += math.Abs(a.Val.At(i, i))
		}
		md /= float64(n)
		if md == 0 || math.IsNaN(md) {
			md = 1
		}
		ok := false
		for k := 0; k < MaxJitterTries && !ok; k++ {
			jit = 1e-6 * md * math.Pow(10, float64(k))
			out.Val.Copy(a.Val)
			d := data(out.Val)
			for i := 0; i < n; i++ {
				d[i*n+i] += jit
			}
			ok = potrfLower(out.Val)
		}
		if !ok {
			t.setErr(&NotPDError{N: n, LastJitter: jit})
			fillNaN(out.Val)
		}
	}
	t.jits = append(t.jits, jit)
	t.record(choleskyBack, out, a)
	return out
}

// choleskyBack accumulates ½(P + Pᵀ), P = L⁻ᵀ Φ(Lᵀ L̄) L⁻¹, into a.Grad by
// the blocked reverse pass cholRev (only the lower triangle of L̄ is read).
func choleskyBack(t *Tape, rec *record) {
	n := rec.out.Rows()
	W := t.scratch(n, n)
	work := t.scratch(1, cholRevWork(n, cholBackBlock))
	w, gl := data(W), data(rec.out.Grad)
	for i := 0; i < n; i++ { // lower triangle of L̄; the upper is workspace
		copy(w[i*n:i*n+i+1], gl[i*n:])
	}
	cholRev(n, data(rec.out.Val), n, w, n, cholBackBlock, data(work))
	symAddLower(n, w, data(rec.a.Grad))
}

// symAddLower adds to the n x n row-major ga the symmetric matrix whose
// lower triangle is w's with its strict part halved: ga_ii += w_ii and
// ga_ij, ga_ji += ½ w_ij for i > j (w's upper triangle is not read). It
// goes tile by tile so that the transposed writes stay in cache.
func symAddLower(n int, w, ga []float64) {
	const tile = 32
	for ib := 0; ib < n; ib += tile {
		ie := min(ib+tile, n)
		for jb := 0; jb <= ib; jb += tile {
			for i := ib; i < ie; i++ {
				je := min(jb+tile, i)
				row := w[i*n : i*n+je]
				gi := ga[i*n : i*n+je]
				for j := jb; j < je; j++ {
					v := 0.5 * row[j]
					gi[j] += v
					ga[j*n+i] += v
				}
			}
		}
		for i := ib; i < ie; i++ {
			ga[i*n+i] += w[i*n+i]
		}
	}
}

// TriSolve solves with the lower-triangular n x n factor L: it returns
// X = L⁻¹ B, or X = L⁻ᵀ B when transposed is true (B is n x k, X n x k).
// Only L's lower triangle is read; gradients (Giles 2008): for X = L⁻¹B,
// B̄ = L⁻ᵀ X̄ and L̄ = -tril(B̄ Xᵀ); for X = L⁻ᵀB, B̄ = L⁻¹ X̄ and
// L̄ = -tril(X B̄ᵀ).
func (t *Tape) TriSolve(L, B *Var, transposed bool) *Var {
	n, c := L.Val.Dims()
	br, bc := B.Val.Dims()
	if n != c || br != n {
		shapePanic("TriSolve", L, B)
	}
	out := t.newVar(br, bc)
	out.Val.Copy(B.Val)
	blas64.Trsm(blas.Left, trans(transposed), 1, lowerTri(L.Val), general(out.Val))
	if rec := t.record(triSolveBack, out, L, B); rec != nil {
		rec.writes = true
		rec.flag = transposed
	}
	return out
}

func triSolveBack(t *Tape, rec *record) {
	L, B, X := rec.a, rec.b, rec.out
	// G = B̄ of this op = L⁻ᵀX̄ (or L⁻¹X̄), solved in place.
	G := t.triBackB(B, X.Grad, func(g blas64.General) {
		blas64.Trsm(blas.Left, trans(!rec.flag), 1, lowerTri(L.Val), g)
	})
	if L.needGrad {
		if rec.flag { // -X B̄ᵀ
			t.addLowerNT(L, -1, general(X.Val), general(G))
		} else { // -B̄ Xᵀ
			t.addLowerNT(L, -1, general(G), general(X.Val))
		}
	}
}

// triBackB computes the gradient of the right-hand side B of a triangular
// op, op(src) for the in-place triangular operation apply, writing it
// straight into B's gradient on first touch and otherwise into scratch that
// is then added; it returns this op's contribution (for the L̄ product).
func (t *Tape) triBackB(B *Var, src *mat.Dense, apply func(blas64.General)) *mat.Dense {
	n, k := src.Dims()
	var gb *mat.Dense
	beta := 1.0
	if B.needGrad {
		gb, beta = t.gradFor(B)
	}
	G := gb
	if gb == nil || beta != 0 {
		G = t.scratch(n, k)
	}
	G.Copy(src)
	apply(general(G))
	if gb != nil && beta != 0 {
		dst := data(gb)
		for i, v := range data(G) {
			dst[i] += v
		}
	}
	return G
}

// addLowerNT adds the lower triangle of alpha·A·Bᵀ (A, B n x k) to L's
// gradient (n x n), computing only the blocks on and below the diagonal.
func (t *Tape) addLowerNT(L *Var, alpha float64, A, B blas64.General) {
	n := L.Rows()
	T := t.scratch(n, n)
	gemmLowerNT(alpha, A, B, general(T))
	gl, tt := t.accGrad(L), data(T)
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			gl[i*n+j] += tt[i*n+j]
		}
	}
}

// SumLogSqDiag returns Σ_i log(L_ii²) (1 x 1) for a square L. For a Cholesky
// factor of K it is log det K; for a factor with a free-sign diagonal it is
// the log det of L Lᵀ. Gradient: 2/L_ii on the diagonal.
func (t *Tape) SumLogSqDiag(L *Var) *Var {
	n, c := L.Val.Dims()
	if n != c {
		panic(fmt.Sprintf("autodiff: SumLogSqDiag of a %dx%d matrix", n, c))
	}
	out := t.newVar(1, 1)
	x := data(L.Val)
	s := 0.0
	for i := 0; i < n; i++ {
		s += math.Log(x[i*n+i] * x[i*n+i])
	}
	data(out.Val)[0] = s
	t.record(sumLogSqDiagBack, out, L)
	return out
}

func sumLogSqDiagBack(_ *Tape, rec *record) {
	n := rec.a.Rows()
	x, ga := data(rec.a.Val), data(rec.a.Grad)
	g := data(rec.out.Grad)[0]
	for i := 0; i < n; i++ {
		ga[i*n+i] += 2 * g / x[i*n+i]
	}
}

// lowerBlock is the row-block height of gemmLowerNT.
const lowerBlock = 32

// gemmLowerNT sets the lower triangle (diagonal included) of the n x n C to
// alpha·A·Bᵀ for A, B n x k, in row blocks that skip the blocks above the
// diagonal (about 60 % of the full product's flops at n = 100). Entries of C
// above the diagonal are left unspecified.
func gemmLowerNT(alpha float64, A, B, C blas64.General) {
	n := C.Rows
	for r0 := 0; r0 < n; r0 += lowerBlock {
		r1 := min(n, r0+lowerBlock)
		a := blas64.General{Rows: r1 - r0, Cols: A.Cols, Stride: A.Stride, Data: A.Data[r0*A.Stride:]}
		b := blas64.General{Rows: r1, Cols: B.Cols, Stride: B.Stride, Data: B.Data}
		c := blas64.General{Rows: r1 - r0, Cols: r1, Stride: C.Stride, Data: C.Data[r0*C.Stride:]}
		blas64.Gemm(blas.NoTrans, blas.Trans, alpha, a, b, 0, c)
	}
}
