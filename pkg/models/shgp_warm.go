package models

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// The values of model.init for SHGP (HeteroConfig.Init).
const (
	// InitPrior starts both layers' q(u) at their priors (the paper's).
	InitPrior = ""
	// InitResiduals starts SHGP from a fit of its layers to the data
	// (SHGP.warmStart): where the noise varies, Adam from the prior
	// spends thousands of steps on a plateau with w nearly constant, and
	// L-BFGS from the prior stays there.
	InitResiduals = "residuals"
)

// The L-BFGS iterations of the warm start's three stages (each stops
// sooner when it converges): enough to reach the basin Adam then
// finishes in; on 810 rows with M = 100 about 1.4 s in all.
const (
	warmItersF    = 100
	warmItersW    = 100
	warmItersJoin = 50
)

// warmMinC is the smallest c the warm start sets (stage 3).
const warmMinC = 1e-6

// Moments of ½ log χ²₁ (the log of a standard normal's absolute value):
// mean -(γ + log 2)/2 and variance π²/8.
const (
	halfLogChi2Mean = -0.6351814227307392
	halfLogChi2Var  = math.Pi * math.Pi / 8
)

// checkInit refuses an unknown model.init.
func checkInit(init string) error {
	if init != InitPrior && init != InitResiduals {
		return config.Errorf("model.init", "model.init = %q: use %s (a fit of the noise to the residuals) or leave it out (q(u) at the prior)", init, InitResiduals)
	}
	return nil
}

// warmStart sets SHGP's parameters from the data (X, Y) before training
// (model.init: residuals), in three deterministic L-BFGS stages:
//  1. the f-layer with a constant noise variance σ² as an SVGP of Y;
//  2. the w-layer's q(u_w) and μ₀ as an SVGP regression of t_i = ½ log r_i²
//     + 0.635 - t̄ (r the residuals of stage 1: an estimate of the log noise
//     standard deviation at x_i, centred so that f keeps its scale), with
//     the noise variance π²/8 of ½ log χ²₁ and w's kernel fixed at unit
//     variance and f's lengthscales (free, the noisy targets favour a
//     nearly constant w on some splits);
//  3. c = exp(2 t̄) (at least warmMinC), then the f-layer and c on SHGP's own bound with w fixed
//     (f must now explain y e^{-w}).
//
// Training then starts from there with every parameter free.
func (m *SHGP) warmStart(X, Y *mat.Dense) error {
	n, _ := X.Dims()
	f, w := m.L.F, m.L.W
	s2 := ad.NewScalar("warm_noise", ad.Positive, 1)
	if err := lbfgsStage(ad.NewParamSet(append(f.Params(), s2)...), warmItersF, svgpBound(f, X, Y, s2)); err != nil {
		return fmt.Errorf("shgp warm start, f-layer: %w", err)
	}
	T, mean := logResiduals(Y, layerMeans(f, X))
	if err := w.Kern.Hyperparams().Lengthscales.SetValue(f.Kern.Hyperparams().Lengthscales.Value()); err != nil {
		return err
	}
	tv := ad.NewScalar("warm_t_noise", ad.Positive, halfLogChi2Var)
	wq := append(append([]*ad.Param{w.Mean}, w.Factors...), w.Mu0)
	if err := lbfgsStage(ad.NewParamSet(wq...), warmItersW, svgpBound(w, X, T, tv)); err != nil {
		return fmt.Errorf("shgp warm start, w-layer: %w", err)
	}
	// c at least warmMinC: on noise-free targets the residuals, and so
	// exp(2 t̄), can be as small as the fit's rounding.
	if err := m.C.SetValue(mat.NewDense(1, 1, []float64{max(math.Exp(2*mean), warmMinC)})); err != nil {
		return err
	}
	if err := lbfgsStage(ad.NewParamSet(append(f.Params(), m.C)...), warmItersJoin, func(t *ad.Tape) *ad.Var {
		return m.Objective(t, Step{X: X, Y: Y, N: n})
	}); err != nil {
		return fmt.Errorf("shgp warm start, f-layer on the bound: %w", err)
	}
	return nil
}

// logResiduals returns t_i = ½ log r_i² - E[½ log χ²₁] - t̄ with r = Y - mu
// (n x 1), and t̄, the mean before centring.
func logResiduals(Y *mat.Dense, mu []float64) (*mat.Dense, float64) {
	n := len(mu)
	T := mat.NewDense(n, 1, nil)
	mean := 0.0
	for i := range mu {
		r := Y.At(i, 0) - mu[i]
		v := 0.5*math.Log(r*r+1e-12) - halfLogChi2Mean
		T.Set(i, 0, v)
		mean += v
	}
	mean /= float64(n)
	for i := 0; i < n; i++ {
		T.Set(i, 0, T.At(i, 0)-mean)
	}
	return T, mean
}

// layerMeans returns the means of a one-output layer's q(f) at the rows
// of X.
func layerMeans(l *gp.Inducing, X *mat.Dense) []float64 {
	t := ad.NewTape()
	t.NoGrad = true
	mu, _ := l.Marginals(t, l.Prior(t), t.Const(X))
	return append([]float64(nil), mu.Val.RawMatrix().Data...)
}

// lbfgsStage maximises obj over the parameters of set by L-BFGS for at
// most iters iterations (fewer when it converges), leaving them at its
// last point; the others stay where they are. obj must be deterministic.
func lbfgsStage(set *ad.ParamSet, iters int, obj func(t *ad.Tape) *ad.Var) error {
	opt := ad.NewLBFGS(ad.TapeObjective(set, ad.NewTape(), obj), set.Flatten(nil))
	var err error
	for i := 0; i < iters && opt.Converged() == "" && err == nil; i++ {
		err = opt.Step()
	}
	set.Unflatten(opt.X())
	return err
}

// svgpBound returns the per-point SVGP bound of layer l with a Gaussian
// likelihood of the targets T and noise variance noise (1 x 1) on the rows
// of X (n of them): mean VE - KL/n (models.md §2).
func svgpBound(l *gp.Inducing, X, T *mat.Dense, noise *ad.Param) func(t *ad.Tape) *ad.Var {
	n, _ := X.Dims()
	return func(t *ad.Tape) *ad.Var {
		pr := l.Prior(t)
		mu, nu := l.Marginals(t, pr, t.Const(X))
		ve := varExp(t, t.Const(T), mu, nu, noise.On(t))
		return t.Sub(t.Mean(ve), t.Scale(1/float64(n), l.KL(t, pr)))
	}
}
