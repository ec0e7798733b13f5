package models

import (
	"fmt"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// SLGPConfig configures SLGP (models.md §5). Every key is SLGP's; the
// decoder refuses any other.
type SLGPConfig struct {
	M         int     `mapstructure:"m"`          // inducing points (paper: 100 UCI, 50 toys)
	DW        int     `mapstructure:"d_w"`        // latent dimension d_w (default 1)
	DH        int     `mapstructure:"d_h"`        // encoder output d_h (default d_x + d_w)
	S         int     `mapstructure:"s"`          // Monte Carlo samples in the bound (default 10)
	Beta      float64 `mapstructure:"beta"`       // balance β (default 0.01)
	Bound     string  `mapstructure:"bound"`      // vi, iwvi or hybrid (default hybrid, §5.6)
	Prior     string  `mapstructure:"prior"`      // mlp (default), normal (N(0, I)) or scaled (N(0, diag(s²)), s learnt, the same for every x): p(w | x)
	Nu0Init   float64 `mapstructure:"nu0_init"`   // initial ν₀ (default 0.01)
	Hidden    []int   `mapstructure:"hidden"`     // MLP hidden sizes (default [100, 100, 100])
	Design    string  `mapstructure:"inducing"`   // direct (D, default) or encoded (E): §5.3
	Whiten    bool    `mapstructure:"whiten"`     // whitened q(u) (default true)
	ARD       bool    `mapstructure:"ard"`        // ARD kernel on h (default true)
	NoiseInit float64 `mapstructure:"noise_init"` // initial σ_ε² (default 1.0)
	// BetaWarmup, when positive, ramps the β weight linearly from 0 to Beta
	// over the first BetaWarmup iterations (a remedy for the w collapse of
	// models.md §5.6a; 0 = off, the paper's setting).
	BetaWarmup int `mapstructure:"beta_warmup"`
	// LeakySlope, when positive, makes every MLP's hidden units leaky ReLUs
	// with this negative-side slope (a §5.6a remedy; 0 = ReLU, the paper).
	LeakySlope float64 `mapstructure:"leaky_slope"`
	// ExactRatio drops the +ε_p inside the log-ratios (A-19 variant).
	ExactRatio bool `mapstructure:"exact_ratio"`
	// EncoderResidual makes the encoder's mean μ_h = φ(x, w) + g(x, w), the
	// MLP's mean columns g starting at zero, so that q(h | x, w) starts at
	// the prior mean φ and β·KL^H starts small (a §5.6a remedy; false = the
	// paper's encoder).
	EncoderResidual bool `mapstructure:"encoder_residual"`
	// FixNu0 keeps ν₀ at nu0_init instead of training it. ν₀ is both the
	// prior variance of h and the cap of the encoder's variance, so a
	// trained ν₀ can grow until encoder noise stands in for w and the model
	// overfits late (issue 16's concrete runs: ν₀ 0.01 → 0.60); false is
	// the paper's setting.
	FixNu0 bool `mapstructure:"fix_nu0"`
	// NoiseFloor, when positive, bounds σ_ε² from below (against the
	// memorisation regime in which the output noise falls towards 1e-4);
	// 0 is the default floor of 1e-6.
	NoiseFloor float64 `mapstructure:"noise_floor"`
	// PriorDecay, when positive, is weight decay on the prior network
	// p(w | x): PriorDecay·‖W_p‖²/(2N) off the per-point objective (against
	// memorisation through the prior); 0 is the paper's setting.
	PriorDecay float64 `mapstructure:"prior_decay"`
}

// DefaultSLGPConfig returns the paper's SLGP settings (models.md §9.2).
func DefaultSLGPConfig() SLGPConfig {
	d := defaultLatentConfig()
	return SLGPConfig{M: d.M, DW: d.DW, S: d.S, Beta: d.Beta, Bound: d.Bound, Prior: d.Prior, Nu0Init: d.Nu0Init,
		Hidden: d.Hidden, Design: d.Design, Whiten: d.Whiten, ARD: d.ARD, NoiseInit: d.NoiseInit}
}

// latent converts the user's keys into the core's configuration.
func (c SLGPConfig) latent() latentConfig {
	return latentConfig{M: c.M, DW: c.DW, DH: c.DH, S: c.S, Beta: c.Beta, Bound: c.Bound, Prior: c.Prior,
		Nu0Init: c.Nu0Init, Hidden: c.Hidden, Design: c.Design, Whiten: c.Whiten, ARD: c.ARD,
		NoiseInit: c.NoiseInit, BetaWarmup: c.BetaWarmup, LeakySlope: c.LeakySlope,
		ExactRatio: c.ExactRatio, EncoderResidual: c.EncoderResidual, FixNu0: c.FixNu0, NoiseFloor: c.NoiseFloor,
		PriorDecay: c.PriorDecay}
}

// SLGP is the scalable latent GP of models.md §5: inputs augmented with a
// latent w (MLP prior p(w|x), amortised posterior q(w|x,y)), a stochastic
// encoder q(h|x,w) regularised towards p(h|x,w) = N(φ(x,w), ν₀I), a
// whitened SVGP on h, and the VI, IWVI or hybrid bound with balance β,
// S Monte Carlo samples stacked as S·b rows of one graph.
type SLGP = latentGP

func newSLGP(decode func(any) error, spec Spec) (Model, error) {
	cfg := DefaultSLGPConfig()
	if err := decode(&cfg); err != nil {
		return nil, err
	}
	return NewSLGP(cfg, spec)
}

// NewSLGP builds SLGP for the dimensions of spec's data.
func NewSLGP(cfg SLGPConfig, spec Spec) (*SLGP, error) {
	return newLatentGP("slgp", cfg.latent(), spec, true)
}

// checkEncoder validates the h-stage keys, fills the default d_h (d_x +
// d_w, passed in as dh) and returns the d_h in use.
func checkEncoder(cfg *latentConfig, dh int) (int, error) {
	if cfg.DH == 0 {
		cfg.DH = dh
	}
	if cfg.DH <= 0 {
		return 0, fmt.Errorf("model.d_h = %d: must be positive", cfg.DH)
	}
	if cfg.Nu0Init <= 0 {
		return 0, errPositive("model.nu0_init", cfg.Nu0Init)
	}
	return cfg.DH, nil
}

// addEncoder builds the encoder MLP q(h | x, w): d_x + d_w -> 2d_h (drawing
// its weights from rng), ν₀ and φ (models.md §5.2), and returns their
// trainable params (without ν₀ when FixNu0).
func (m *latentGP) addEncoder(rng *rand.Rand) ([]*ad.Param, error) {
	cfg := m.Cfg
	m.Enc = nn.NewMLP("enc_", mlpSizes(m.dx+cfg.DW, cfg.Hidden, 2*m.dh), rng)
	m.Enc.LeakySlope = cfg.LeakySlope
	if cfg.EncoderResidual {
		m.Enc.ZeroOutputCols(0, m.dh)
	}
	m.Nu0 = ad.NewScalar("nu0", ad.Positive, cfg.Nu0Init)
	phi, err := newPhi(m.dx+cfg.DW, m.dh)
	if err != nil {
		return nil, err
	}
	m.phi = phi
	if cfg.FixNu0 {
		return m.Enc.Params(), nil
	}
	return append(m.Enc.Params(), m.Nu0), nil
}

// SetIteration tells the model the training iteration, for the β warm-up.
func (m *latentGP) SetIteration(it int) { m.iter = it }

// betaNow is the β weight of the current step: Beta, ramped linearly from 0
// over the first BetaWarmup iterations when a warm-up is configured and the
// trainer has said which iteration this is.
func (m *latentGP) betaNow() float64 {
	k := m.Cfg.BetaWarmup
	if k <= 0 || m.iter <= 0 || m.iter >= k {
		return m.Cfg.Beta
	}
	return m.Cfg.Beta * float64(m.iter) / float64(k)
}

// encode returns μ_h and v_h (n x d_h) of q(h | x, w) at in = [x, w]; with
// EncoderResidual the mean is φ(in) plus the MLP's mean head.
func (m *latentGP) encode(t *ad.Tape, in *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, m.Enc.ForwardRows(t, in, m.encRows))
	if m.Cfg.EncoderResidual {
		mu = t.Add(mu, m.phi.apply(t, in))
	}
	return mu, nn.BoundedVar(t, raw, m.Nu0.On(t))
}

// encodeSamples runs the h-stage on the S·b rows tr.h = [x, w] (models.md
// §5.4 steps 3 and 6): φ, μ_h, v_h, and h = μ_h + ε' √(v_h + ε_r) at the
// standard normals epsH, which replaces tr.h.
func (m *latentGP) encodeSamples(t *ad.Tape, tr *terms, epsH *mat.Dense) {
	in := tr.h
	tr.phi = m.phi.apply(t, in)
	tr.muH, tr.vH = m.encode(t, in)
	tr.h = reparam(t, tr.muH, tr.vH, t.Const(epsH))
}

// encoderTerms adds KL^H and the h log-ratio η per sample (models.md
// §5.5), each when asked for.
func (m *latentGP) encoderTerms(t *ad.Tape, tr *terms, klH, eta bool) {
	nu0 := m.Nu0.On(t)
	if klH {
		tr.klH = normalKLRows(t, tr.muH, tr.vH, tr.phi, nu0)
	}
	if eta {
		tr.eta = logRatioRows(t, tr.h, tr.phi, nu0, tr.muH, tr.vH, m.Cfg.ExactRatio)
	}
}

// slgpData is the per-point part of SLGP's configured bound (models.md
// §5.6), a 1 x 1 mean over the batch of b points.
func (m *latentGP) slgpData(t *ad.Tape, tr *terms, b int) *ad.Var {
	S := m.Cfg.S
	beta := m.betaNow()
	switch m.Cfg.Bound {
	case "iwvi":
		a := t.Add(t.Add(tr.E, tr.rho), t.Scale(beta, tr.eta))
		return t.Mean(perPointLME(t, a, S, b))
	case "hybrid":
		obj := t.Mean(perPointLME(t, t.Add(tr.E, tr.rho), S, b))
		return t.Sub(obj, t.Scale(beta, t.Mean(tr.klH)))
	}
	obj := t.Sub(t.Mean(tr.E), t.Mean(tr.klW))
	return t.Sub(obj, t.Scale(beta, t.Mean(tr.klH)))
}
