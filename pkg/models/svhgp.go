package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"gonum.org/v1/gonum/mat"
)

// SVHGP is the stochastic variational heteroscedastic GP competitor
// (models.md §6.1): y = f + ε, ε ~ N(0, e^{g}), g ~ GP(μ₀, k_g); the latent
// g modulates only the noise.
type SVHGP struct {
	Cfg    HeteroConfig
	L      *twoLayers
	params *ad.ParamSet
	tapes  tapePool // prediction's tapes, one per call
	nodes  []float64
	wts    []float64
}

var (
	_ Model        = (*SVHGP)(nil)
	_ LogDensityer = (*SVHGP)(nil)
	_ Modulator    = (*SVHGP)(nil)
)

func errPositive(key string, v float64) error {
	return config.Errorf(key, "%s = %g: must be positive", key, v)
}

// NewSVHGP builds SVHGP (c_init is ignored: there is no c). SVHGP models
// one output (§6.1): data with several target columns are refused.
func NewSVHGP(cfg HeteroConfig, spec Spec) (*SVHGP, error) {
	if cfg.Init != InitPrior {
		return nil, config.Errorf("model.init", "model.init = %q: only shgp has a warm start; leave it out for svhgp", cfg.Init)
	}
	l, err := newTwoLayers(&cfg, spec, "svhgp", "§6.1", "g")
	if err != nil {
		return nil, err
	}
	m := &SVHGP{Cfg: cfg, L: l}
	m.params = ad.NewParamSet(l.params()...)
	m.nodes, m.wts = hermite(cfg.Quadrature)
	return m, nil
}

// Name implements Model.
func (m *SVHGP) Name() string { return "svhgp" }

// Params implements Model.
func (m *SVHGP) Params() *ad.ParamSet { return m.params }

// varExpSV is VE^SV of models.md §6.1 per point:
// -½log 2π - ½μ_g - ½((y-μ_f)² + ν_f) e^{-μ_g + ν_g/2}.
func varExpSV(t *ad.Tape, y, muF, nuF, muG, nuG *ad.Var) *ad.Var {
	e := t.Exp(t.Sub(t.Scale(0.5, nuG), muG))
	q := t.Mul(t.Add(t.Square(t.Sub(y, muF)), nuF), e)
	return t.AddConst(t.Scale(-0.5, t.Add(muG, q)), -0.5*math.Log(2*math.Pi))
}

// Objective implements Model: (1/b) Σ VE^SV_i - (KL_f + KL_g)/n.
func (m *SVHGP) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y, n := s.X, s.Y, s.N
	muF, nuF, muG, nuG, kl := m.L.onTape(t, X)
	ve := varExpSV(t, t.Const(Y), muF, nuF, muG, nuG)
	return t.Sub(t.Mean(ve), t.Scale(1/float64(n), kl))
}

// Sample implements Model: g ~ q(g), y = μ_f + z√(ν_f + e^{g} + ε_r),
// f = μ_f + z√(ν_f + ε_r) with the same z.
func (m *SVHGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	muF, nuF, muG, nuG := m.predict(X)
	n := len(muF)
	Y, F = mat.NewDense(P, n, nil), mat.NewDense(P, n, nil)
	for p := 0; p < P; p++ {
		for i := 0; i < n; i++ {
			g := muG[i] + rng.NormFloat64()*math.Sqrt(nuG[i]+EpsR)
			z := rng.NormFloat64()
			Y.Set(p, i, muF[i]+z*math.Sqrt(nuF[i]+math.Exp(g)+EpsR))
			F.Set(p, i, muF[i]+z*math.Sqrt(nuF[i]+EpsR))
		}
	}
	return Y, F
}

// LogDensity implements LogDensityer by Gauss-Hermite quadrature over g.
func (m *SVHGP) LogDensity(X, Y *mat.Dense) []float64 {
	muF, nuF, muG, nuG := m.predict(X)
	out := make([]float64, len(muF))
	buf := make([]float64, len(m.nodes))
	for i := range out {
		out[i] = ghLogDensity(Y.At(i, 0), muG[i], nuG[i], m.nodes, m.wts, func(g float64) (float64, float64) {
			return muF[i], nuF[i] + math.Exp(g)
		}, buf)
	}
	return out
}

// Modulation implements Modulator: the mean and variance of q(g) at X.
func (m *SVHGP) Modulation(X *mat.Dense) (mean, variance []float64) {
	_, _, mean, variance = m.predict(X)
	return
}

// DeterministicObjective implements DeterministicObjective: the bound is
// analytic (Gauss-Hermite quadrature over the modulation), with no Monte Carlo draws.
func (m *SVHGP) DeterministicObjective() bool { return true }

// predict returns the layers' marginals at X (twoLayers.predict) on a tape
// of its own.
func (m *SVHGP) predict(X *mat.Dense) (muF, nuF, muW, nuW []float64) {
	t := m.tapes.get()
	defer m.tapes.put(t)
	return m.L.predict(t, X)
}
