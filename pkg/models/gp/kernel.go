package gp

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// Kernel is the SE-ARD kernel k(x, x') = σ² exp(-½ Σ_d (x_d - x'_d)²/ℓ_d²)
// (models.md §1.1) with Log1pe-positive variance (1 x 1) and lengthscales
// (1 x D). With ARD false one lengthscale is shared by all D dimensions.
type Kernel struct {
	Variance, Lengthscales *ad.Param
	D                      int
	ARD                    bool
}

// NewKernel returns an SE kernel on D inputs with variance and lengthscales
// initialised to 1 (models.md §1.1), its params named prefix+"variance" and
// prefix+"lengthscales".
func NewKernel(prefix string, D int, ard bool) *Kernel {
	nl := D
	if !ard {
		nl = 1
	}
	return &Kernel{
		Variance:     ad.NewScalar(prefix+"variance", ad.Positive, 1),
		Lengthscales: ad.NewParam(prefix+"lengthscales", ad.Positive, ad.Fill(1, nl, 1)),
		D:            D,
		ARD:          ard,
	}
}

// Params lists the kernel's parameters.
func (k *Kernel) Params() []*ad.Param { return []*ad.Param{k.Variance, k.Lengthscales} }

// ls returns the 1 x D lengthscale Var (tiling a shared lengthscale).
func (k *Kernel) ls(t *ad.Tape) *ad.Var {
	l := k.Lengthscales.On(t)
	if k.ARD || k.D == 1 {
		return l
	}
	return t.MatMul(l, t.Const(ad.Fill(1, k.D, 1)), false, false)
}

// K returns k(A, B): A is n x D, B is m x D, the result n x m.
func (k *Kernel) K(t *ad.Tape, A, B *ad.Var) *ad.Var {
	return t.SEARD(A, B, k.ls(t), k.Variance.On(t))
}

// Diag returns k(x_i, x_i) = σ² at the n rows of X as an n x 1 column.
func (k *Kernel) Diag(t *ad.Tape, X *ad.Var) *ad.Var {
	return t.SEARDDiag(X, k.Variance.On(t))
}
