package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// SEARD is the fused squared-exponential ARD kernel matrix
//
//	K_nm = σ² exp(-½ Σ_d (X_nd - Z_md)² / ℓ_d²)
//
// for X (N x D), Z (M x D), lengthscales ℓ (1 x D) and variance σ² (1 x 1);
// the result is N x M. Squared distances are expanded as ‖x̃‖² + ‖z̃‖² - 2x̃ᵀz̃
// on scaled inputs x̃ = x/ℓ and clamped at 0. Backward, with W = K̄ ⊙ K,
// r = W1 and c = Wᵀ1: X̄ = (W Z̃ - diag(r) X̃)/ℓ, Z̄ = (Wᵀ X̃ - diag(c) Z̃)/ℓ,
// ℓ̄_d = Σ_nm W_nm (x̃_nd - z̃_md)²/ℓ_d and σ̄² = ΣW/σ²: two GEMMs give all
// four. K(Z, Z) works because gradients accumulate.
func (t *Tape) SEARD(X, Z, ls, variance *Var) *Var {
	N, D := X.Val.Dims()
	M, D2 := Z.Val.Dims()
	lr, lc := ls.Val.Dims()
	if D != D2 || lr != 1 || lc != D || variance.Rows() != 1 || variance.Cols() != 1 {
		panic(fmt.Sprintf("autodiff: SEARD: X %dx%d, Z %dx%d, lengthscales %dx%d, variance %dx%d",
			N, D, M, D2, lr, lc, variance.Rows(), variance.Cols()))
	}
	l := data(ls.Val)
	s2 := data(variance.Val)[0]
	Xs := t.scratch(N, D)
	Zs := t.scratch(M, D)
	xs, zs := data(Xs), data(Zs)
	x, z := data(X.Val), data(Z.Val)
	for i := range xs {
		xs[i] = x[i] / l[i%D]
	}
	for i := range zs {
		zs[i] = z[i] / l[i%D]
	}
	xn := t.scratch(N, 1)
	zn := t.scratch(M, 1)
	rowSqNorms(data(xn), xs, D)
	rowSqNorms(data(zn), zs, D)
	out := t.newVar(N, M)
	blas64.Gemm(blas.NoTrans, blas.Trans, -2, general(Xs), general(Zs), 0, general(out.Val))
	k, xnd, znd := data(out.Val), data(xn), data(zn)
	for n := 0; n < N; n++ {
		row := k[n*M : (n+1)*M]
		for m := range row {
			r2 := row[m] + xnd[n] + znd[m]
			if r2 < 0 {
				r2 = 0
			}
			row[m] = -0.5 * r2
		}
		expScale(row, s2)
	}
	if rec := t.record(seardBack, out, X, Z, ls, variance); rec != nil {
		rec.aux, rec.aux2 = Xs, Zs
	}
	return out
}

func rowSqNorms(dst, x []float64, d int) {
	for i := range dst {
		s := 0.0
		for _, v := range x[i*d : (i+1)*d] {
			s += v * v
		}
		dst[i] = s
	}
}

func seardBack(t *Tape, rec *record) {
	X, Z, ls, variance, K := rec.a, rec.b, rec.c, rec.d, rec.out
	N, D := X.Val.Dims()
	M := Z.Rows()
	Xs, Zs := rec.aux, rec.aux2
	xs, zs := data(Xs), data(Zs)
	l := data(ls.Val)
	W := t.scratch(N, M)
	w, k, g := data(W), data(K.Val), data(K.Grad)
	sumW := 0.0
	r := t.scratchZero(N, 1)
	c := t.scratchZero(M, 1)
	rd, cd := data(r), data(c)
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
	if variance.needGrad {
		data(variance.Grad)[0] += sumW / data(variance.Val)[0]
	}
	needX, needZ, needL := X.needGrad, Z.needGrad, ls.needGrad
	if !needX && !needZ && !needL {
		return
	}
	WZ := t.scratch(N, D)
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(W), general(Zs), 0, general(WZ))
	wz := data(WZ)
	var gl []float64
	if needL {
		gl = data(ls.Grad)
	}
	if needX {
		gx := data(X.Grad)
		for n := 0; n < N; n++ {
			for d := 0; d < D; d++ {
				gx[n*D+d] += (wz[n*D+d] - rd[n]*xs[n*D+d]) / l[d]
			}
		}
	}
	if needL {
		for n := 0; n < N; n++ {
			for d := 0; d < D; d++ {
				xv := xs[n*D+d]
				gl[d] += (rd[n]*xv*xv - 2*xv*wz[n*D+d]) / l[d]
			}
		}
		for m := 0; m < M; m++ {
			for d := 0; d < D; d++ {
				zv := zs[m*D+d]
				gl[d] += cd[m] * zv * zv / l[d]
			}
		}
	}
	if needZ {
		WX := t.scratch(M, D)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(W), general(Xs), 0, general(WX))
		wx, gz := data(WX), data(Z.Grad)
		for m := 0; m < M; m++ {
			for d := 0; d < D; d++ {
				gz[m*D+d] += (wx[m*D+d] - cd[m]*zs[m*D+d]) / l[d]
			}
		}
	}
}

// SEARDDiag returns the diagonal k(x_n, x_n) = σ² of the SE-ARD kernel at
// the N rows of X, as an N x 1 column (no jitter). Its only gradient is
// with respect to the variance (1 x 1).
func (t *Tape) SEARDDiag(X, variance *Var) *Var {
	N := X.Rows()
	out := t.newVar(N, 1)
	s2 := data(variance.Val)[0]
	y := data(out.Val)
	for i := range y {
		y[i] = s2
	}
	t.record(seardDiagBack, out, variance)
	return out
}

func seardDiagBack(_ *Tape, rec *record) {
	s := 0.0
	for _, v := range data(rec.out.Grad) {
		s += v
	}
	data(rec.a.Grad)[0] += s
}
