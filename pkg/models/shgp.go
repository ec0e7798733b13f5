package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// SHGP is the scalable heteroscedastic GP of models.md §3: y = e^{w} f + ε,
// ε ~ N(0, c e^{2w}), with f ~ GP(0, k_f) and w ~ GP(μ₀, k_w), each a
// whitened SVGP layer, trained with the analytical ELBO (§3.4, no Monte
// Carlo).
type SHGP struct {
	Cfg    HeteroConfig
	L      *twoLayers
	C      *ad.Param
	params *ad.ParamSet
	tapes  tapePool // prediction's tapes, one per call
	nodes  []float64
	wts    []float64
}

var (
	_ Model        = (*SHGP)(nil)
	_ LogDensityer = (*SHGP)(nil)
	_ Modulator    = (*SHGP)(nil)
	_ Diagnoser    = (*SHGP)(nil)
)

// NewSHGP builds SHGP; Z_f and Z_w come from two k-means runs. SHGP
// models one output (§3.1): data with several target columns are refused.
func NewSHGP(cfg HeteroConfig, spec Spec) (*SHGP, error) {
	if cfg.CInit <= 0 {
		return nil, errPositive("model.c_init", cfg.CInit)
	}
	l, err := newTwoLayers(&cfg, spec, "shgp", "§3.1", "w")
	if err != nil {
		return nil, err
	}
	m := &SHGP{Cfg: cfg, L: l, C: ad.NewScalar("c", ad.Positive, cfg.CInit)}
	m.params = ad.NewParamSet(append(l.params(), m.C)...)
	m.nodes, m.wts = hermite(cfg.Quadrature)
	if cfg.Init == InitResiduals && !spec.Restoring {
		if err := m.warmStart(spec.X, spec.Y); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Name implements Model.
func (m *SHGP) Name() string { return "shgp" }

// Params implements Model.
func (m *SHGP) Params() *ad.ParamSet { return m.params }

// varExpH is VE^H of models.md §3.4 per point (b x 1), also returning
// E[e^{-2w}] and E[e^{-w}]:
// -½log(2πc) - μ_w - (y² e^{2ν_w-2μ_w} - 2yμ_f e^{ν_w/2-μ_w} + μ_f² + ν_f)/(2c).
func varExpH(t *ad.Tape, y, muF, nuF, muW, nuW, c *ad.Var) (ve, e2, e1 *ad.Var) {
	e2 = t.Exp(t.Scale(2, t.Sub(nuW, muW)))
	e1 = t.Exp(t.Sub(t.Scale(0.5, nuW), muW))
	q := t.Mul(t.Square(y), e2)
	q = t.Sub(q, t.Scale(2, t.Mul(t.Mul(y, muF), e1)))
	q = t.Add(q, t.Add(t.Square(muF), nuF))
	ve = t.Sub(t.Neg(muW), t.Div(q, t.Scale(2, c)))
	ve = t.Sub(ve, t.Scale(0.5, t.Log(t.Scale(2*math.Pi, c))))
	return
}

// Objective implements Model: (1/b) Σ VE^H_i - (KL_f + KL_w)/n.
func (m *SHGP) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y, n := s.X, s.Y, s.N
	muF, nuF, muW, nuW, kl := m.L.onTape(t, X)
	ve, _, _ := varExpH(t, t.Const(Y), muF, nuF, muW, nuW, m.C.On(t))
	return t.Sub(t.Mean(ve), t.Scale(1/float64(n), kl))
}

// Sample implements Model (models.md §3.5): w = μ_w + z_w√(ν_w+ε_r),
// y = μ_f e^{w} + z√((ν_f+c)e^{2w}+ε_r), f = μ_f e^{w} + z√(ν_f e^{2w}+ε_r)
// with the same z: the f-samples are of the modulated latent e^{w} f.
func (m *SHGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	muF, nuF, muW, nuW := m.predict(X)
	c := m.C.Value().At(0, 0)
	n := len(muF)
	Y, F = mat.NewDense(P, n, nil), mat.NewDense(P, n, nil)
	for p := 0; p < P; p++ {
		for i := 0; i < n; i++ {
			w := muW[i] + rng.NormFloat64()*math.Sqrt(nuW[i]+EpsR)
			ew := math.Exp(w)
			z := rng.NormFloat64()
			Y.Set(p, i, muF[i]*ew+z*math.Sqrt((nuF[i]+c)*ew*ew+EpsR))
			F.Set(p, i, muF[i]*ew+z*math.Sqrt(nuF[i]*ew*ew+EpsR))
		}
	}
	return Y, F
}

// LogDensity implements LogDensityer by Gauss-Hermite quadrature over w
// (models.md §3.5, J = model.quadrature).
func (m *SHGP) LogDensity(X, Y *mat.Dense) []float64 {
	muF, nuF, muW, nuW := m.predict(X)
	c := m.C.Value().At(0, 0)
	out := make([]float64, len(muF))
	buf := make([]float64, len(m.nodes))
	for i := range out {
		out[i] = ghLogDensity(Y.At(i, 0), muW[i], nuW[i], m.nodes, m.wts, func(w float64) (float64, float64) {
			e := math.Exp(w)
			return muF[i] * e, (nuF[i] + c) * e * e
		}, buf)
	}
	return out
}

// Modulation implements Modulator: the mean and variance of q(w) at X.
func (m *SHGP) Modulation(X *mat.Dense) (mean, variance []float64) {
	_, _, mean, variance = m.predict(X)
	return
}

// Diagnostics implements Diagnoser: the learnt c and μ₀.
func (m *SHGP) Diagnostics(_, _ *mat.Dense) map[string]float64 {
	return map[string]float64{"c": m.C.Value().At(0, 0), "mu0": m.L.W.Mu0.Raw.At(0, 0)}
}

// DeterministicObjective implements DeterministicObjective: the bound is
// analytic (Gauss-Hermite quadrature over the modulation), with no Monte Carlo draws.
func (m *SHGP) DeterministicObjective() bool { return true }

// predict returns the layers' marginals at X (twoLayers.predict) on a tape
// of its own.
func (m *SHGP) predict(X *mat.Dense) (muF, nuF, muW, nuW []float64) {
	t := m.tapes.get()
	defer m.tapes.put(t)
	return m.L.predict(t, X)
}
