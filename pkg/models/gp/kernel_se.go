package gp

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// seOp is the fused squared-exponential ARD kernel matrix
//
//	K_nm = σ² exp(-½ Σ_d (A_nd - B_md)² / ℓ_d²)
//
// on the inputs A (N x D), B (M x D), lengthscales ℓ (1 x D) and variance
// σ² (1 x 1); the result is N x M. Squared distances are expanded as
// ‖ã‖² + ‖b̃‖² - 2ãᵀb̃ on the scaled inputs ã = a/ℓ, b̃ = b/ℓ and clamped at
// 0, and the exponentials are autodiff.ExpScale's. Its aux is the
// (N + M) x D matrix [Ã; B̃]. Backward, with W = K̄ ⊙ K, r = W1 and
// c = Wᵀ1: Ā = (W B̃ - diag(r) Ã)/ℓ, B̄ = (Wᵀ Ã - diag(c) B̃)/ℓ,
// ℓ̄_d = Σ_nm W_nm (ã_nd - b̃_md)²/ℓ_d and σ̄² = ΣW/σ²: two GEMMs give all
// four. K(Z, Z) works because gradients accumulate.
type seOp struct{}

func (seOp) Name() string { return "SEARD" }

func (seOp) Shape(in []*ad.Var) (int, int, error) {
	A, B, l, s := in[0], in[1], in[2], in[3]
	if A.Cols() != B.Cols() || l.Rows() != 1 || l.Cols() != A.Cols() || s.Rows() != 1 || s.Cols() != 1 {
		return 0, 0, fmt.Errorf("X %dx%d, Z %dx%d, lengthscales %dx%d, variance %dx%d",
			A.Rows(), A.Cols(), B.Rows(), B.Cols(), l.Rows(), l.Cols(), s.Rows(), s.Cols())
	}
	return A.Rows(), B.Rows(), nil
}

// seScaled splits seOp's aux [Ã; B̃] into Ã (N x D) and B̃ (M x D) as
// BLAS matrices.
func seScaled(aux *mat.Dense, N, M, D int) (as, bs blas64.General) {
	d := raw(aux)
	return blas64.General{Rows: N, Cols: D, Stride: D, Data: d[:N*D]},
		blas64.General{Rows: M, Cols: D, Stride: D, Data: d[N*D : (N+M)*D]}
}

func (seOp) Forward(t *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	N, D := in[0].Val.Dims()
	M := in[1].Rows()
	l := raw(in[2].Val)
	s2 := raw(in[3].Val)[0]
	aux := t.Scratch(N+M, D)
	As, Bs := seScaled(aux, N, M, D)
	as, bs := As.Data, Bs.Data
	a, b := raw(in[0].Val), raw(in[1].Val)
	for i := range as {
		as[i] = a[i] / l[i%D]
	}
	for i := range bs {
		bs[i] = b[i] / l[i%D]
	}
	an := t.Scratch(N, 1)
	bn := t.Scratch(M, 1)
	rowSqNorms(raw(an), as, D)
	rowSqNorms(raw(bn), bs, D)
	blas64.Gemm(blas.NoTrans, blas.Trans, -2, As, Bs, 0, out.RawMatrix())
	k, and, bnd := raw(out), raw(an), raw(bn)
	for n := 0; n < N; n++ {
		row := k[n*M : (n+1)*M]
		for m := range row {
			r2 := row[m] + and[n] + bnd[m]
			if r2 < 0 {
				r2 = 0
			}
			row[m] = -0.5 * r2
		}
		ad.ExpScale(row, s2)
	}
	return aux, nil
}

// rowSqNorms sets dst[i] to the squared norm of row i of the d-column x.
func rowSqNorms(dst, x []float64, d int) {
	for i := range dst {
		s := 0.0
		for _, v := range x[i*d : (i+1)*d] {
			s += v * v
		}
		dst[i] = s
	}
}

func (seOp) Backward(t *ad.Tape, K *ad.Var, in []*ad.Var, aux *mat.Dense) {
	A, B, L, S := in[0], in[1], in[2], in[3]
	N, D := A.Val.Dims()
	M := B.Rows()
	As, Bs := seScaled(aux, N, M, D)
	as, bs := As.Data, Bs.Data
	l := raw(L.Val)
	W := t.Scratch(N, M)
	w, k, g := raw(W), raw(K.Val), raw(K.Grad)
	sumW := 0.0
	r := t.Scratch(N, 1)
	c := t.Scratch(M, 1)
	r.Zero()
	c.Zero()
	rd, cd := raw(r), raw(c)
	for n := 0; n < N; n++ {
		gn, kn, wn := g[n*M:(n+1)*M], k[n*M:(n+1)*M], w[n*M:(n+1)*M]
		kn, wn, cd := kn[:len(gn)], wn[:len(gn)], cd[:len(gn)]
		s := 0.0 // a register, not rd[n]: a store per element would chain the loop
		for m, gv := range gn {
			v := gv * kn[m]
			wn[m] = v
			s += v
			cd[m] += v
		}
		rd[n] = s
	}
	for _, v := range rd {
		sumW += v
	}
	if S.NeedsGrad() {
		raw(S.Grad)[0] += sumW / raw(S.Val)[0]
	}
	needA, needB, needL := A.NeedsGrad(), B.NeedsGrad(), L.NeedsGrad()
	if !needA && !needB && !needL {
		return
	}
	WB := t.Scratch(N, D)
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, W.RawMatrix(), Bs, 0, WB.RawMatrix())
	wb := raw(WB)
	var gl []float64
	if needL {
		gl = raw(L.Grad)
	}
	if needA {
		ga := raw(A.Grad)
		for n := 0; n < N; n++ {
			for d := 0; d < D; d++ {
				ga[n*D+d] += (wb[n*D+d] - rd[n]*as[n*D+d]) / l[d]
			}
		}
	}
	if needL {
		for n := 0; n < N; n++ {
			for d := 0; d < D; d++ {
				av := as[n*D+d]
				gl[d] += (rd[n]*av*av - 2*av*wb[n*D+d]) / l[d]
			}
		}
		for m := 0; m < M; m++ {
			for d := 0; d < D; d++ {
				bv := bs[m*D+d]
				gl[d] += cd[m] * bv * bv / l[d]
			}
		}
	}
	if needB {
		WA := t.Scratch(M, D)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, W.RawMatrix(), As, 0, WA.RawMatrix())
		wa, gb := raw(WA), raw(B.Grad)
		for m := 0; m < M; m++ {
			for d := 0; d < D; d++ {
				gb[m*D+d] += (wa[m*D+d] - cd[m]*bs[m*D+d]) / l[d]
			}
		}
	}
}
