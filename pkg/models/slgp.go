package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// SLGP is the scalable latent GP of models.md §5: inputs augmented with a
// latent w (prior p(w | x), amortised posterior q(w | x, y): wNets), a
// stochastic encoder q(h | x, w) regularised towards p(h | x, w) =
// N(φ(x, w), ν₀I), a whitened SVGP on h, and the VI, IWVI or hybrid bound
// with balance β, S Monte Carlo samples stacked as S·b rows of one graph.
type SLGP struct {
	Cfg SLGPConfig
	latentCore
}

var (
	_ Model         = (*SLGP)(nil)
	_ Diagnoser     = (*SLGP)(nil)
	_ LatentMeaner  = (*SLGP)(nil)
	_ PlugInSampler = (*SLGP)(nil)
)

// NewSLGP validates cfg and builds SLGP for the dimensions of spec's data,
// its initial parameters drawn from spec.Seed's stream latentInitStream
// (prior network, posterior network, encoder, then the inducing inputs'
// w columns).
func NewSLGP(cfg SLGPConfig, spec Spec) (*SLGP, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	if cfg.DH == 0 {
		cfg.DH = dx + cfg.DW
	}
	m := &SLGP{Cfg: cfg, latentCore: latentCore{dx: dx, dy: dy, dh: cfg.DH, s: cfg.S, needs: slgpNeeds(cfg.Bound)}}
	rng := rand.New(rand.NewPCG(spec.Seed, latentInitStream))
	m.W = newWNets("", dx, dy, cfg.DW, cfg.Hidden, cfg.Prior, cfg.LeakySlope, rng)
	enc, err := newHEncoder(dx+cfg.DW, cfg.DH, cfg, rng)
	if err != nil {
		return nil, err
	}
	m.Enc = enc
	ps := append(m.W.params(), enc.params()...)
	if cfg.Design == designEncoded {
		ps = append(ps, m.encodedLayer(spec, cfg.M, cfg.Whiten, cfg.ARD, cfg.Kernel)...)
	} else {
		ps = append(ps, m.directLayer(spec, cfg.M, cfg.Whiten, cfg.ARD, cfg.Kernel, rng)...)
	}
	m.finish(ps, cfg.NoiseInit, cfg.NoisePerOutput)
	return m, nil
}

// slgpNeeds returns the terms a bound reads (models.md §5.6): VI E, KL^H
// and KL^W; IWVI E, ρ and η; hybrid E, ρ and KL^H.
func slgpNeeds(bound string) termNeeds {
	switch bound {
	case boundIWVI:
		return termNeeds{rho: true, eta: true}
	case boundHybrid:
		return termNeeds{rho: true, klH: true}
	}
	return termNeeds{klW: true, klH: true}
}

// Name implements Model.
func (m *SLGP) Name() string { return "slgp" }

// Params implements Model.
func (m *SLGP) Params() *ad.ParamSet { return m.params }

// Objective implements Model: the configured bound at fresh draws of w and
// h from s.Rng, with β at iteration s.Iter (betaAt).
func (m *SLGP) Objective(t *ad.Tape, s Step) *ad.Var {
	b, _ := s.X.Dims()
	epsW, epsH := m.draws(b, s.Rng)
	return m.bound(t, m.build(t, s.X, s.Y, epsW, epsH, false), s)
}

// bound assembles the configured bound (models.md §5.6) from the terms of
// the batch s.X: the per-point data terms minus KL_u/n, β at s.Iter.
func (m *SLGP) bound(t *ad.Tape, tr *terms, s Step) *ad.Var {
	b, _ := s.X.Dims()
	klU := t.Scale(1/float64(s.N), tr.klU)
	S, beta := m.Cfg.S, m.betaAt(s.Iter)
	var obj *ad.Var
	switch m.Cfg.Bound {
	case boundIWVI:
		a := t.Add(t.Add(tr.E, tr.rho), t.Scale(beta, tr.eta))
		obj = t.Mean(perPointLME(t, a, S, b))
	case boundHybrid:
		obj = t.Mean(perPointLME(t, t.Add(tr.E, tr.rho), S, b))
		obj = t.Sub(obj, t.Scale(beta, t.Mean(tr.klH)))
	default:
		obj = t.Sub(t.Mean(tr.E), t.Mean(tr.klW))
		obj = t.Sub(obj, t.Scale(beta, t.Mean(tr.klH)))
	}
	return t.Sub(obj, klU)
}

// betaAt is the β weight at training iteration it: Beta, ramped linearly
// from 0 over the first BetaWarmup iterations when a warm-up is configured;
// it = 0 (no iteration known) is after the warm-up.
func (m *SLGP) betaAt(it int) float64 {
	k := m.Cfg.BetaWarmup
	if k <= 0 || it <= 0 || it >= k {
		return m.Cfg.Beta
	}
	return m.Cfg.Beta * float64(it) / float64(k)
}

// Sample implements Model (models.md §5.7): w from p(w | x*), h from the
// encoder q(h | x*, w), then y and f from the GP and the noise.
func (m *SLGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	return m.sample(X, P, rng, false)
}

// SampleWith implements PlugInSampler: Sample with the predictive pred
// (PlugIn: w at p(w | x*)'s mean and h at the encoder's mean).
func (m *SLGP) SampleWith(X *mat.Dense, P int, rng *rand.Rand, pred Predictive) (Y, F *mat.Dense) {
	return m.sample(X, P, rng, pred == PlugIn)
}

// Diagnostics implements Diagnoser (latentCore.diagnostics: noise, ν₀,
// the spread and aggregates of w, KL^W, lengthscales, the predictive
// variance's split, memorisation and dead ReLUs of the three MLPs).
func (m *SLGP) Diagnostics(X, Y *mat.Dense) map[string]float64 { return m.diagnostics(X, Y) }

// LatentMeans implements LatentMeaner: the means of q(w | x, y) and
// p(w | x) (first latent dimension) at the rows of X, Y.
func (m *SLGP) LatentMeans(X, Y *mat.Dense) (post, prior []float64) { return m.latentMeans(X, Y) }
