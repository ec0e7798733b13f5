package models

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/mat"
)

// HeteroConfig configures the two-layer heteroscedastic models SHGP and
// SVHGP (models.md §3.2, §6.1).
type HeteroConfig struct {
	M          int     `mapstructure:"m"`          // inducing points of the f-layer (paper: 100 UCI, 50 toys)
	MW         int     `mapstructure:"m_w"`        // inducing points of the w/g-layer (default: m, A-15)
	Whiten     bool    `mapstructure:"whiten"`     // whitened q(u) (default true, A-4)
	ARD        bool    `mapstructure:"ard"`        // one lengthscale per input (default true)
	CInit      float64 `mapstructure:"c_init"`     // SHGP's noise constant c (default 1.0)
	Mu0Init    float64 `mapstructure:"mu0_init"`   // prior mean of w/g (default 0)
	Quadrature int     `mapstructure:"quadrature"` // Gauss-Hermite nodes for the exact density (default 20)
	// Kernel is the f-GP's kernel: se (the default, also when empty),
	// matern12, matern32 or matern52 (gp.KernelNames).
	Kernel string `mapstructure:"kernel,omitempty"`
	// KernelW is the kernel of the modulating GP (SHGP's w, SVHGP's g);
	// empty means the same as Kernel. Both are omitted from recorded
	// configs while empty, so earlier runs keep their fingerprints.
	KernelW string `mapstructure:"kernel_w,omitempty"`
	// Init is SHGP's starting point: empty (InitPrior, the paper's) or
	// residuals (InitResiduals: its layers fitted to the data first).
	// Omitted from recorded configs while empty.
	Init string `mapstructure:"init,omitempty"`
}

func defaultHeteroConfig() HeteroConfig {
	return HeteroConfig{M: 100, Whiten: true, ARD: true, CInit: 1, Quadrature: 20}
}

// twoLayers holds the f- and w-layers shared by SHGP and SVHGP.
type twoLayers struct {
	F, W *gp.Inducing
}

// singleOutput refuses data with more than one target column for a model
// whose likelihood is defined for a scalar y; section names the models.md
// section that defines it.
func singleOutput(model, section string, spec Spec) error {
	if _, dy := spec.Y.Dims(); dy != 1 {
		return fmt.Errorf("%s models one output (models.md %s: the likelihood is for a scalar y) but the data have %d target columns: "+
			"set data.target to one column and train one run per output, or use sgp, slgp or gpcde, which model several outputs", model, section, dy)
	}
	return nil
}

// newTwoLayers builds the f- and w-layers of model (shgp or svhgp; one
// output each), wName naming the modulating GP.
func newTwoLayers(cfg *HeteroConfig, spec Spec, model, section, wName string) (*twoLayers, error) {
	if err := singleOutput(model, section, spec); err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.MW == 0 {
		cfg.MW = cfg.M
	}
	_, dx := spec.X.Dims()
	// Two separate k-means runs (models.md §3.2): different seeds.
	Zf := spec.KMeans(spec.X, cfg.M, spec.Seed)
	Zw := spec.KMeans(spec.X, cfg.MW, spec.Seed+1)
	l := &twoLayers{
		F: gp.NewInducing("f_", newKernel(cfg.Kernel, "f_kernel_", dx, cfg.ARD), Zf, 1, cfg.Whiten),
		W: gp.NewInducing(wName+"_", newKernel(cfg.kernelW(), wName+"_kernel_", dx, cfg.ARD), Zw, 1, cfg.Whiten),
	}
	l.W.Mu0 = ad.NewScalar("mu0", ad.Identity, cfg.Mu0Init)
	return l, nil
}

// kernelW is the modulating GP's kernel name: KernelW, else Kernel.
func (c *HeteroConfig) kernelW() string {
	if c.KernelW != "" {
		return c.KernelW
	}
	return c.Kernel
}

func (l *twoLayers) params() []*ad.Param { return append(l.F.Params(), l.W.Params()...) }

// marginals returns (μ_f, ν_f, μ_w, ν_w), each b x 1, and KL_f + KL_w.
func (l *twoLayers) onTape(t *ad.Tape, X *mat.Dense) (muF, nuF, muW, nuW, kl *ad.Var) {
	x := t.Const(X)
	pf, pw := l.F.Prior(t), l.W.Prior(t)
	muF, nuF = l.F.Marginals(t, pf, x)
	muW, nuW = l.W.Marginals(t, pw, x)
	kl = t.Add(l.F.KL(t, pf), l.W.KL(t, pw))
	return
}

// predict returns the four marginals at X as plain slices, off tape.
func (l *twoLayers) predict(tape *ad.Tape, X *mat.Dense) (muF, nuF, muW, nuW []float64) {
	n, _ := X.Dims()
	muF, nuF, muW, nuW = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	tape.NoGrad = true
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		tape.Reset()
		x := tape.Const(Xb)
		a, b := l.F.Marginals(tape, l.F.Prior(tape), x)
		c, d := l.W.Marginals(tape, l.W.Prior(tape), x)
		copy(muF[i0:i1], a.Val.RawMatrix().Data)
		copy(nuF[i0:i1], b.Val.RawMatrix().Data)
		copy(muW[i0:i1], c.Val.RawMatrix().Data)
		copy(nuW[i0:i1], d.Val.RawMatrix().Data)
	})
	return
}

// hermite returns J physicists' Gauss-Hermite nodes and weights
// (∫ f(x) e^{-x²} dx ≈ Σ ω_j f(ξ_j)), from gonum's quad.Hermite.
func hermite(J int) (nodes, weights []float64) {
	nodes, weights = make([]float64, J), make([]float64, J)
	quad.Hermite{}.FixedLocations(nodes, weights, math.Inf(-1), math.Inf(1))
	return
}

// ghLogDensity evaluates log ∫ N(y | mean(w), var(w)) N(w | μ, ν) dw by
// Gauss-Hermite quadrature in log space: LSE_j(log ω_j + log N(...)) - ½ log π
// with w_j = μ + √(2ν) ξ_j.
func ghLogDensity(y, mu, nu float64, nodes, weights []float64, mv func(w float64) (m, v float64), buf []float64) float64 {
	s := math.Sqrt(2 * max(nu, 0))
	mx := math.Inf(-1)
	for j, xi := range nodes {
		m, v := mv(mu + s*xi)
		r := y - m
		buf[j] = math.Log(weights[j]) - 0.5*math.Log(2*math.Pi*v) - r*r/(2*v)
		mx = max(mx, buf[j])
	}
	acc := 0.0
	for _, b := range buf[:len(nodes)] {
		acc += math.Exp(b - mx)
	}
	return mx + math.Log(acc) - 0.5*math.Log(math.Pi)
}
