package models

import (
	"slices"
	"strings"
)

// GPCDEConfig configures GPCDE (models.md §6.3, A-22). It has no h-encoder,
// no β and only the VI bound, so SLGP's keys for those are refused
// (KeyHint says why). DefaultGPCDEConfig holds the defaults.
type GPCDEConfig struct {
	M         int     `mapstructure:"m"`          // inducing points (paper: 100 UCI, 50 toys)
	DW        int     `mapstructure:"d_w"`        // latent dimension d_w (default 1)
	S         int     `mapstructure:"s"`          // Monte Carlo samples in the bound (default 10, A-17)
	Prior     string  `mapstructure:"prior"`      // mlp (default, [C]'s LGP_base), normal (the original GPCDE's N(0, I)) or scaled (N(0, diag(s²)), s learnt)
	Hidden    []int   `mapstructure:"hidden"`     // MLP hidden sizes (default [100, 100, 100])
	Whiten    bool    `mapstructure:"whiten"`     // whitened q(u) (default true)
	ARD       bool    `mapstructure:"ard"`        // ARD kernel on [x, w] (default true)
	NoiseInit float64 `mapstructure:"noise_init"` // initial σ_ε² (default 1.0)
	// LeakySlope, when positive, makes both MLPs' hidden units leaky ReLUs
	// with this negative-side slope (0 = ReLU, the paper).
	LeakySlope float64 `mapstructure:"leaky_slope"`
	// Kernel is the GP's kernel on [x, w]: se (the default, also when
	// empty), matern12, matern32 or matern52 (gp.KernelNames). Omitted from
	// recorded configs while empty, so earlier runs keep their fingerprints.
	Kernel string `mapstructure:"kernel,omitempty"`
}

// DefaultGPCDEConfig returns GPCDE's settings for the paper's experiments
// (models.md §6.3, §9.2).
func DefaultGPCDEConfig() GPCDEConfig {
	return GPCDEConfig{M: 100, DW: 1, S: 10, Prior: priorMLP, Hidden: defaultHidden(), Whiten: true, ARD: true, NoiseInit: 1}
}

// Validate checks GPCDE's keys before any data is read; an error is a
// *config.KeyError naming the key.
func (c GPCDEConfig) Validate() error {
	if err := checkLatentKeys(c.M, c.DW, c.S, c.Prior, c.Hidden, c.NoiseInit, c.LeakySlope); err != nil {
		return err
	}
	return checkKernel("model.kernel", c.Kernel)
}

// slgpOnlyKeys are SLGP's keys that GPCDE does not have.
var slgpOnlyKeys = []string{"beta", "beta_warmup", "d_h", "nu0_init", "bound", "inducing", "encoder_residual", "fix_nu0"}

// KeyHint explains why GPCDE has no key that SLGP has ("" for any other
// key): a decoder that refuses the key adds it to its error.
func (GPCDEConfig) KeyHint(key string) string {
	if slices.Contains(slgpOnlyKeys, key) {
		return "gpcde has no h-encoder, no β and only the VI bound (models.md §6.3): " +
			strings.Join(slgpOnlyKeys, ", ") + " are slgp's keys; remove " + key + " or use model slgp"
	}
	return ""
}
