package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// GPCDE is the Gaussian process conditional density estimator (Dutordoir
// et al. 2018; models.md §6.3) as [C]'s LGP_base with the VI bound: a prior
// p(w | x) (MLP, N(0, I) or scaled), an amortised posterior q(w | x, y)
// (wNets) and a whitened SVGP on h = [x, w], with S samples of w stacked
// as S·b rows. It is SLGP without the encoder and without β.
type GPCDE struct {
	Cfg GPCDEConfig
	latentCore
}

var (
	_ Model         = (*GPCDE)(nil)
	_ Diagnoser     = (*GPCDE)(nil)
	_ LatentMeaner  = (*GPCDE)(nil)
	_ PlugInSampler = (*GPCDE)(nil)
)

// NewGPCDE validates cfg and builds GPCDE for the dimensions of spec's
// data, its initial parameters drawn from spec.Seed's stream
// latentInitStream (prior network, posterior network, then the inducing
// inputs' w columns).
func NewGPCDE(cfg GPCDEConfig, spec Spec) (*GPCDE, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	m := &GPCDE{Cfg: cfg, latentCore: latentCore{dx: dx, dy: dy, dh: dx + cfg.DW, s: cfg.S, needs: termNeeds{klW: true}}}
	rng := rand.New(rand.NewPCG(spec.Seed, latentInitStream))
	m.W = newWNets("", dx, dy, cfg.DW, cfg.Hidden, cfg.Prior, cfg.LeakySlope, rng)
	ps := append(m.W.params(), m.directLayer(spec, cfg.M, cfg.Whiten, cfg.ARD, cfg.Kernel, rng)...)
	m.finish(ps, cfg.NoiseInit, false)
	return m, nil
}

// Name implements Model.
func (m *GPCDE) Name() string { return "gpcde" }

// Params implements Model.
func (m *GPCDE) Params() *ad.ParamSet { return m.params }

// Objective implements Model: the VI bound at fresh draws of w from s.Rng
// (GPCDE has no schedule: s.Iter is unused).
func (m *GPCDE) Objective(t *ad.Tape, s Step) *ad.Var {
	b, _ := s.X.Dims()
	epsW, _ := m.draws(b, s.Rng)
	return m.bound(t, m.build(t, s.X, s.Y, epsW, nil, false), s)
}

// bound is GPCDE's VI bound (models.md §6.3) on the batch s.X,
// (1/b) Σ_i [(1/S) Σ_s E_i^(s) - KL^W_i] - KL_u/n, as 1 x 1.
func (m *GPCDE) bound(t *ad.Tape, tr *terms, s Step) *ad.Var {
	klU := t.Scale(1/float64(s.N), tr.klU)
	return t.Sub(t.Sub(t.Mean(tr.E), t.Mean(tr.klW)), klU)
}

// Sample implements Model (models.md §5.7 without the encoder): w from
// p(w | x*), h = [x*, w], then y and f from the GP and the noise.
func (m *GPCDE) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	return m.sample(X, P, rng, false)
}

// SampleWith implements PlugInSampler: Sample with the predictive pred
// (PlugIn: w at p(w | x*)'s mean).
func (m *GPCDE) SampleWith(X *mat.Dense, P int, rng *rand.Rand, pred Predictive) (Y, F *mat.Dense) {
	return m.sample(X, P, rng, pred == PlugIn)
}

// Diagnostics implements Diagnoser (latentCore.diagnostics: noise, the
// spread and aggregates of w, KL^W, lengthscales, the predictive
// variance's split, memorisation and dead ReLUs of both MLPs).
func (m *GPCDE) Diagnostics(X, Y *mat.Dense) map[string]float64 { return m.diagnostics(X, Y) }

// LatentMeans implements LatentMeaner: the means of q(w | x, y) and
// p(w | x) (first latent dimension) at the rows of X, Y.
func (m *GPCDE) LatentMeans(X, Y *mat.Dense) (post, prior []float64) { return m.latentMeans(X, Y) }
