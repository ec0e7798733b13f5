package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// QuadCols returns the quadratic forms of the columns of A (k x n) in Q
// (k x k) as a 1 x n row: v_j = A_jᵀ Q A_j. With Q = R Rᵀ - I it is the
// whitened SVGP's variance correction ‖Rᵀa‖² - ‖a‖² in one GEMM forward and
// one backward, with no k x n intermediate on the tape. Backward, with
// G = diag(v̄): Ā += (Q + Qᵀ) A G (= 2 Q A G, read off the forward's Q A,
// when symmetric is true, which the caller promises of Q) and
// Q̄ += A G Aᵀ (symmetric: its lower triangle by blocks, mirrored).
func (t *Tape) QuadCols(Q, A *Var, symmetric bool) *Var {
	k, k2 := Q.Val.Dims()
	ar, n := A.Val.Dims()
	if k != k2 || ar != k {
		panic(fmt.Sprintf("autodiff: QuadCols: Q %dx%d, A %dx%d", k, k2, ar, n))
	}
	P := t.scratch(k, n) // Q A
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(Q.Val), general(A.Val), 0, general(P))
	out := t.newVar(1, n)
	v, p, a := data(out.Val), data(P), data(A.Val)
	clear(v)
	for i := 0; i < k; i++ {
		mulAdd(v, a[i*n:(i+1)*n], p[i*n:(i+1)*n])
	}
	if rec := t.record(quadColsBack, out, Q, A); rec != nil {
		rec.aux, rec.flag = P, symmetric
		rec.writes = true // Ā is written on first touch, not zeroed and added to
	}
	return out
}

func quadColsBack(t *Tape, rec *record) {
	Q, A, P := rec.a, rec.b, rec.aux
	k, n := A.Val.Dims()
	g, a := data(rec.out.Grad), data(A.Val)
	if A.needGrad {
		gA, beta := t.gradFor(A)
		ga := data(gA)
		if !rec.flag { // Q + Qᵀ: P += Qᵀ A, in a scratch copy of P
			S := t.scratch(k, n)
			copy(data(S), data(P))
			blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(Q.Val), general(A.Val), 1, general(S))
			P = S
		}
		// Ā (+)= c (Q A) G with c = 2 for symmetric Q, else Ā (+)= (Q + Qᵀ) A G.
		c := 1.0
		if rec.flag {
			c = 2
		}
		cg := data(t.scratch(1, n)) // c·v̄, row by row as (c·v̄_j)·P_ij
		for j, w := range g {
			cg[j] = c * w
		}
		p := data(P)
		for i := 0; i < k; i++ {
			pi, gi := p[i*n:(i+1)*n], ga[i*n:(i+1)*n]
			if beta == 0 {
				mulTo(gi, cg, pi)
			} else {
				mulAdd(gi, cg, pi)
			}
		}
	}
	if Q.needGrad { // Q̄ += (A G) Aᵀ
		AG := t.scratch(k, n)
		ag := data(AG)
		for i := 0; i < k; i++ {
			mulTo(ag[i*n:(i+1)*n], a[i*n:(i+1)*n], g)
		}
		// A G Aᵀ is symmetric: its lower triangle by blocks, then mirrored.
		S := t.scratch(k, k)
		gemmLowerNT(1, general(AG), general(A.Val), general(S))
		qg, sd := t.accGrad(Q), data(S)
		for i := 0; i < k; i++ {
			for j := 0; j < i; j++ {
				v := sd[i*k+j]
				qg[i*k+j] += v
				qg[j*k+i] += v
			}
			qg[i*k+i] += sd[i*k+i]
		}
	}
}

// mulAdd sets dst[j] += a[j]·b[j] (the product rounded, then the sum) for
// j < len(dst). It was SSE2 assembly until a benchmark showed it did not
// pay enough: the products are 3-13 % of QuadCols' CPU profile (the rest
// is GEMM), and the assembly saved about 8 % of the op on OpenBLAS and
// nothing measurable on gonum's BLAS.
func mulAdd(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for j := range dst {
		dst[j] += float64(a[j] * b[j]) // the conversion forbids fusing into an FMA
	}
}

// mulTo sets dst[j] = a[j]·b[j] for j < len(dst).
func mulTo(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for j := range dst {
		dst[j] = a[j] * b[j]
	}
}
