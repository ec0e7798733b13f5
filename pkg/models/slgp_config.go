package models

import "github.com/mgpteam/mgp/pkg/config"

// The bounds SLGP can train with (model.bound, models.md §5.6).
const (
	boundVI     = "vi"
	boundIWVI   = "iwvi"
	boundHybrid = "hybrid"
)

// The inducing-input designs of SLGP (model.inducing, models.md §5.3).
const (
	designDirect  = "direct"
	designEncoded = "encoded"
)

// SLGPConfig configures SLGP (models.md §5). Every key is SLGP's; the
// decoder refuses any other. DefaultSLGPConfig holds the defaults.
type SLGPConfig struct {
	M         int     `mapstructure:"m"`          // inducing points (paper: 100 UCI, 50 toys)
	DW        int     `mapstructure:"d_w"`        // latent dimension d_w (default 1)
	DH        int     `mapstructure:"d_h"`        // encoder output d_h (0, the default: d_x + d_w)
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
	// NoisePerOutput gives every output its own noise variance σ_d²
	// instead of one σ_ε² for all (models.md A-44's flag, for mnist's 784
	// pixels: a black border pixel and a stroke pixel need not share one).
	// false is the paper's setting; at d_y = 1 the two are one model.
	// Omitted from recorded configs while false, so that the runs before
	// it keep their fingerprints.
	NoisePerOutput bool `mapstructure:"noise_per_output,omitempty"`
	// Kernel is the GP's kernel on h: se (the default, also when empty),
	// matern12, matern32 or matern52 (gp.KernelNames). Omitted from
	// recorded configs while empty, so earlier runs keep their fingerprints.
	Kernel string `mapstructure:"kernel,omitempty"`
}

// DefaultSLGPConfig returns the paper's SLGP settings (models.md §9.2).
func DefaultSLGPConfig() SLGPConfig {
	return SLGPConfig{M: 100, DW: 1, S: 10, Beta: 0.01, Bound: boundHybrid, Prior: priorMLP, Nu0Init: 0.01,
		Hidden: defaultHidden(), Design: designDirect, Whiten: true, ARD: true, NoiseInit: 1}
}

// Validate checks SLGP's keys before any data is read; an error is a
// *config.KeyError naming the key.
func (c SLGPConfig) Validate() error {
	if err := checkLatentKeys(c.M, c.DW, c.S, c.Prior, c.Hidden, c.NoiseInit, c.LeakySlope); err != nil {
		return err
	}
	switch {
	case c.DH < 0:
		return config.Errorf("model.d_h", "model.d_h = %d: must be positive (or left out for d_x + d_w)", c.DH)
	case c.Beta < 0:
		return config.Errorf("model.beta", "model.beta = %g: must be >= 0", c.Beta)
	case c.BetaWarmup < 0:
		return config.Errorf("model.beta_warmup", "model.beta_warmup = %d: must be >= 0 (iterations; 0 = off)", c.BetaWarmup)
	case c.Nu0Init <= 0:
		return errPositive("model.nu0_init", c.Nu0Init)
	case c.Bound != boundVI && c.Bound != boundIWVI && c.Bound != boundHybrid:
		return config.Errorf("model.bound", "model.bound = %q: use %s, %s or %s", c.Bound, boundVI, boundIWVI, boundHybrid)
	case c.Design != designDirect && c.Design != designEncoded:
		return config.Errorf("model.inducing", "model.inducing = %q: use %s or %s", c.Design, designDirect, designEncoded)
	}
	return checkKernel("model.kernel", c.Kernel)
}

// checkLatentKeys validates the keys SLGP and GPCDE share.
func checkLatentKeys(m, dw, s int, prior string, hidden []int, noiseInit, leaky float64) error {
	switch {
	case m <= 0:
		return config.Errorf("model.m", "model.m = %d: must be positive", m)
	case dw <= 0:
		return config.Errorf("model.d_w", "model.d_w = %d: must be positive", dw)
	case s <= 0:
		return config.Errorf("model.s", "model.s = %d: must be positive", s)
	case leaky < 0 || leaky >= 1:
		return config.Errorf("model.leaky_slope", "model.leaky_slope = %g: must be in [0, 1) (0 = plain ReLU)", leaky)
	case noiseInit <= 0:
		return errPositive("model.noise_init", noiseInit)
	}
	if err := checkPrior(prior); err != nil {
		return err
	}
	return checkHidden(hidden)
}
