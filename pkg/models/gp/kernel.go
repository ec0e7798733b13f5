package gp

import (
	"fmt"
	"strings"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// Kernel is a stationary covariance function of an SVGP layer: its
// variance σ² and lengthscales ℓ live in a Hyper, so every kernel saves the
// same two params (prefix+"variance", prefix+"lengthscales") and a saved
// model is its config plus a name -> matrix map.
type Kernel interface {
	// Name is the kernel's config name (KernelNames).
	Name() string
	// K returns k(A, B): A is n x D, B is m x D, the result n x m, with
	// gradients for both inputs, the lengthscales and the variance.
	K(t *ad.Tape, A, B *ad.Var) *ad.Var
	// Diag returns k(x_i, x_i) at the n rows of X as an n x 1 column.
	Diag(t *ad.Tape, X *ad.Var) *ad.Var
	// Params lists the kernel's parameters.
	Params() []*ad.Param
	// Hyperparams returns the variance and lengthscales.
	Hyperparams() *Hyper
}

// Config names of the kernels (model.kernel).
const (
	KernelSE       = "se"
	KernelMatern12 = "matern12"
	KernelMatern32 = "matern32"
	KernelMatern52 = "matern52"
)

// KernelNames lists the kernels New builds, the default first.
func KernelNames() []string {
	return []string{KernelSE, KernelMatern12, KernelMatern32, KernelMatern52}
}

// UnknownKernelError is New's error for a name not in KernelNames.
type UnknownKernelError struct{ Name string }

// Error names the kernel asked for and the known ones.
func (e *UnknownKernelError) Error() string {
	return fmt.Sprintf("unknown kernel %q (known: %s)", e.Name, strings.Join(KernelNames(), ", "))
}

// New returns the kernel called name ("" is the squared exponential) on D
// inputs, variance and lengthscales initialised to 1 and named
// prefix+"variance" and prefix+"lengthscales". With ard false one
// lengthscale is shared by all D inputs.
func New(name, prefix string, D int, ard bool) (Kernel, error) {
	switch name {
	case "", KernelSE:
		return NewKernel(prefix, D, ard), nil
	case KernelMatern12:
		return &Matern{Hyper: newHyper(prefix, D, ard), Nu: 1}, nil
	case KernelMatern32:
		return &Matern{Hyper: newHyper(prefix, D, ard), Nu: 3}, nil
	case KernelMatern52:
		return &Matern{Hyper: newHyper(prefix, D, ard), Nu: 5}, nil
	}
	return nil, &UnknownKernelError{Name: name}
}

// Hyper holds a stationary kernel's Log1pe-positive variance (1 x 1) and
// lengthscales (1 x D, or 1 x 1 shared when ARD is false).
type Hyper struct {
	Variance, Lengthscales *ad.Param
	D                      int
	ARD                    bool
}

func newHyper(prefix string, D int, ard bool) Hyper {
	nl := D
	if !ard {
		nl = 1
	}
	return Hyper{
		Variance:     ad.NewScalar(prefix+"variance", ad.Positive, 1),
		Lengthscales: ad.NewParam(prefix+"lengthscales", ad.Positive, ad.Fill(1, nl, 1)),
		D:            D,
		ARD:          ard,
	}
}

// Params lists the variance and the lengthscales.
func (h *Hyper) Params() []*ad.Param { return []*ad.Param{h.Variance, h.Lengthscales} }

// Hyperparams returns h.
func (h *Hyper) Hyperparams() *Hyper { return h }

// ls returns the 1 x D lengthscale Var (tiling a shared lengthscale).
func (h *Hyper) ls(t *ad.Tape) *ad.Var {
	l := h.Lengthscales.On(t)
	if h.ARD || h.D == 1 {
		return l
	}
	return t.MatMul(l, t.Const(ad.Fill(1, h.D, 1)), false, false)
}

// SE is the SE-ARD kernel k(x, x') = σ² exp(-½ Σ_d (x_d - x'_d)²/ℓ_d²)
// (models.md §1.1), computed by one fused custom op (seOp) with its
// gradients with respect to both inputs, the lengthscales and the variance.
type SE struct{ Hyper }

// NewKernel returns an SE kernel on D inputs with variance and lengthscales
// initialised to 1 (models.md §1.1), its params named prefix+"variance" and
// prefix+"lengthscales".
func NewKernel(prefix string, D int, ard bool) *SE {
	return &SE{Hyper: newHyper(prefix, D, ard)}
}

// Name implements Kernel.
func (k *SE) Name() string { return KernelSE }

// K implements Kernel.
func (k *SE) K(t *ad.Tape, A, B *ad.Var) *ad.Var {
	return t.Custom(seOp{}, A, B, k.ls(t), k.Variance.On(t))
}

// Diag implements Kernel: σ² at every row.
func (k *SE) Diag(t *ad.Tape, X *ad.Var) *ad.Var {
	return t.Custom(diagOp{}, X, k.Variance.On(t))
}
