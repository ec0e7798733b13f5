package gp

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// Matern is the Matérn kernel of smoothness ν = Nu/2 (Nu 1, 3 or 5) with
// ARD lengthscales: with r = √(Σ_d (x_d - x'_d)²/ℓ_d²),
//
//	ν = 1/2: k = σ² e^{-r}
//	ν = 3/2: k = σ² (1 + √3 r) e^{-√3 r}
//	ν = 5/2: k = σ² (1 + √5 r + 5r²/3) e^{-√5 r}
//
// (Rasmussen & Williams 2006, eq. 4.17). It runs as an autodiff custom op
// (autodiff.CustomOp), not inside the engine.
type Matern struct {
	Hyper
	Nu int
}

// Name implements Kernel.
func (k *Matern) Name() string { return fmt.Sprintf("matern%d2", k.Nu) }

// K implements Kernel.
func (k *Matern) K(t *ad.Tape, A, B *ad.Var) *ad.Var {
	return t.Custom(maternOp{nu: k.Nu}, A, B, k.ls(t), k.Variance.On(t))
}

// Diag implements Kernel: σ² at every row (r = 0).
func (k *Matern) Diag(t *ad.Tape, X *ad.Var) *ad.Var {
	return t.Custom(diagOp{}, X, k.Variance.On(t))
}

// maternOp is K(A, B) of a Matern kernel on the inputs A (N x D), B (M x D),
// lengthscales (1 x D) and variance (1 x 1). Forward works on the scaled
// inputs Ã = A/ℓ, B̃ = B/ℓ (r from their differences, exact at r = 0) and
// keeps in its aux σ² f'(r)/r (N x M) and Ã, B̃. Backward, with
// W_nm = K̄_nm σ² f'(r)/r and δ = ã_n - b̃_m: Ā_nd = Σ_m W δ_d/ℓ_d,
// B̄_md = -Σ_n W δ_d/ℓ_d, ℓ̄_d = -Σ W δ_d²/ℓ_d and σ̄² = Σ K̄ K/σ².
// f'(r)/r is finite at r = 0 for ν = 3/2 and 5/2; for ν = 1/2 it is not
// (e^{-r} has a kink there) and a pair at r = 0 contributes the zero
// subgradient, so K(Z, Z)'s diagonal gives no NaN.
type maternOp struct{ nu int }

func (o maternOp) Name() string { return fmt.Sprintf("Matern%d2", o.nu) }

func (o maternOp) Shape(in []*ad.Var) (int, int, error) {
	A, B, l, s := in[0], in[1], in[2], in[3]
	if A.Cols() != B.Cols() || l.Rows() != 1 || l.Cols() != A.Cols() || s.Rows() != 1 || s.Cols() != 1 {
		return 0, 0, fmt.Errorf("A %dx%d, B %dx%d, lengthscales %dx%d, variance %dx%d",
			A.Rows(), A.Cols(), B.Rows(), B.Cols(), l.Rows(), l.Cols(), s.Rows(), s.Cols())
	}
	return A.Rows(), B.Rows(), nil
}

// f returns f(r) and f'(r)/r with k = σ² f(r).
func (o maternOp) f(r float64) (f, g float64) {
	switch o.nu {
	case 1:
		e := math.Exp(-r)
		if r == 0 {
			return 1, 0
		}
		return e, -e / r
	case 3:
		e := math.Exp(-math.Sqrt(3) * r)
		return (1 + math.Sqrt(3)*r) * e, -3 * e
	default:
		e := math.Exp(-math.Sqrt(5) * r)
		return (1 + math.Sqrt(5)*r + 5*r*r/3) * e, -5.0 / 3 * (1 + math.Sqrt(5)*r) * e
	}
}

func raw(m *mat.Dense) []float64 { return m.RawMatrix().Data }

// maternAux splits Forward's aux (1 x (NM + ND + MD)) into σ² f'(r)/r,
// Ã and B̃.
func maternAux(aux *mat.Dense, N, M, D int) (g, as, bs []float64) {
	d := raw(aux)
	return d[:N*M], d[N*M : N*M+N*D], d[N*M+N*D : N*M+N*D+M*D]
}

func (o maternOp) Forward(t *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	N, D := in[0].Val.Dims()
	M := in[1].Rows()
	a, b, l := raw(in[0].Val), raw(in[1].Val), raw(in[2].Val)
	s := in[3].Val.At(0, 0)
	aux := t.Scratch(1, N*M+(N+M)*D)
	gs, as, bs := maternAux(aux, N, M, D)
	for i, v := range a {
		as[i] = v / l[i%D]
	}
	for i, v := range b {
		bs[i] = v / l[i%D]
	}
	k := raw(out)
	for n := 0; n < N; n++ {
		an := as[n*D : (n+1)*D]
		kn, gn := k[n*M:(n+1)*M], gs[n*M:(n+1)*M]
		for m := range kn {
			bm := bs[m*D : (m+1)*D]
			bm = bm[:len(an)]
			q := 0.0
			for d, av := range an {
				z := av - bm[d]
				q += z * z
			}
			f, g := o.f(math.Sqrt(q))
			kn[m], gn[m] = s*f, s*g
		}
	}
	return aux, nil
}

func (o maternOp) Backward(t *ad.Tape, out *ad.Var, in []*ad.Var, aux *mat.Dense) {
	A, B, L, S := in[0], in[1], in[2], in[3]
	N, D := A.Val.Dims()
	M := B.Rows()
	l := raw(L.Val)
	gs, as, bs := maternAux(aux, N, M, D)
	g, k := raw(out.Grad), raw(out.Val)
	if S.NeedsGrad() {
		sum := 0.0
		for i, gv := range g {
			sum += gv * k[i]
		}
		S.Grad.Set(0, 0, S.Grad.At(0, 0)+sum/S.Val.At(0, 0))
	}
	if !A.NeedsGrad() && !B.NeedsGrad() && !L.NeedsGrad() {
		return
	}
	// Sums on the scaled inputs, divided by ℓ once at the end.
	GA := t.Scratch(N, D)
	GB := t.Scratch(M, D)
	GL := t.Scratch(1, D)
	GB.Zero()
	GL.Zero()
	ga, gb, gl := raw(GA), raw(GB), raw(GL)
	for n := 0; n < N; n++ {
		an, gan := as[n*D:(n+1)*D], ga[n*D:(n+1)*D]
		for d := range gan {
			gan[d] = 0
		}
		gn, wn := g[n*M:(n+1)*M], gs[n*M:(n+1)*M]
		for m, gv := range gn {
			w := gv * wn[m]
			if w == 0 {
				continue
			}
			bm, gbm := bs[m*D:(m+1)*D], gb[m*D:(m+1)*D]
			bm, gbm, gl := bm[:len(an)], gbm[:len(an)], gl[:len(an)]
			for d, av := range an {
				ds := av - bm[d]
				u := w * ds
				gan[d] += u
				gbm[d] -= u
				gl[d] += u * ds
			}
		}
	}
	if A.NeedsGrad() {
		addScaled(raw(A.Grad), ga, l, 1)
	}
	if B.NeedsGrad() {
		addScaled(raw(B.Grad), gb, l, 1)
	}
	if L.NeedsGrad() {
		addScaled(raw(L.Grad), gl, l, -1)
	}
}

// addScaled adds sign·src[i]/ℓ[i mod D] into dst.
func addScaled(dst, src, l []float64, sign float64) {
	D := len(l)
	for i, v := range src {
		dst[i] += sign * v / l[i%D]
	}
}

// diagOp is k(x_n, x_n) = σ² of a stationary kernel at the N rows of X
// (inputs X and the 1 x 1 variance): an N x 1 column whose only gradient
// is the variance's.
type diagOp struct{}

func (diagOp) Name() string { return "StationaryDiag" }

func (diagOp) Shape(in []*ad.Var) (int, int, error) {
	if in[1].Rows() != 1 || in[1].Cols() != 1 {
		return 0, 0, fmt.Errorf("variance %dx%d", in[1].Rows(), in[1].Cols())
	}
	return in[0].Rows(), 1, nil
}

func (diagOp) Forward(_ *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	s := in[1].Val.At(0, 0)
	y := raw(out)
	for i := range y {
		y[i] = s
	}
	return nil, nil
}

func (diagOp) Backward(_ *ad.Tape, out *ad.Var, in []*ad.Var, _ *mat.Dense) {
	if !in[1].NeedsGrad() {
		return
	}
	sum := 0.0
	for _, v := range raw(out.Grad) {
		sum += v
	}
	in[1].Grad.Set(0, 0, in[1].Grad.At(0, 0)+sum)
}
