package models

import (
	"fmt"
	"slices"
	"strings"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// GPCDEConfig configures GPCDE (models.md §6.3, A-22). It has no h-encoder,
// no β and only the VI bound, so SLGP's keys for those (beta, d_h,
// nu0_init, bound, inducing, beta_warmup, exact_ratio, encoder_residual)
// are refused.
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
	// NoiseFloor, when positive, bounds σ_ε² from below (0 = 1e-6).
	NoiseFloor float64 `mapstructure:"noise_floor"`
	// PriorDecay, when positive, is weight decay on the prior network
	// (as SLGP's prior_decay).
	PriorDecay float64 `mapstructure:"prior_decay"`
}

// DefaultGPCDEConfig returns GPCDE's settings for the paper's experiments
// (models.md §6.3, §9.2).
func DefaultGPCDEConfig() GPCDEConfig {
	d := defaultLatentConfig()
	return GPCDEConfig{M: d.M, DW: d.DW, S: d.S, Prior: d.Prior, Hidden: d.Hidden, Whiten: d.Whiten, ARD: d.ARD,
		NoiseInit: d.NoiseInit}
}

// latent converts the user's keys into the core's configuration: the VI
// bound and inducing design (D).
func (c GPCDEConfig) latent() latentConfig {
	d := defaultLatentConfig()
	d.M, d.DW, d.S, d.Prior, d.Hidden = c.M, c.DW, c.S, c.Prior, c.Hidden
	d.Whiten, d.ARD, d.NoiseInit, d.LeakySlope = c.Whiten, c.ARD, c.NoiseInit, c.LeakySlope
	d.NoiseFloor, d.PriorDecay = c.NoiseFloor, c.PriorDecay
	d.Bound = "vi"
	return d
}

// GPCDE is the Gaussian process conditional density estimator (Dutordoir
// et al. 2018; models.md §6.3) as [C]'s LGP_base with the VI bound: an MLP
// (or standard-normal) prior p(w | x), an amortised posterior q(w | x, y)
// and a whitened SVGP on [x, w], with S samples of w stacked as S·b rows.
type GPCDE = latentGP

// slgpOnlyKeys are SLGP's keys that GPCDE does not have.
var slgpOnlyKeys = []string{"beta", "beta_warmup", "d_h", "nu0_init", "bound", "inducing", "exact_ratio", "encoder_residual"}

func newGPCDE(decode func(any) error, spec Spec) (Model, error) {
	cfg := DefaultGPCDEConfig()
	if err := decode(&cfg); err != nil {
		return nil, gpcdeKeyHint(err)
	}
	return NewGPCDE(cfg, spec)
}

// gpcdeKeyHint adds to a decoding error that names one of SLGP's keys why
// GPCDE has no such key.
func gpcdeKeyHint(err error) error {
	words := strings.FieldsFunc(err.Error(), func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	for _, w := range words {
		if slices.Contains(slgpOnlyKeys, w) {
			return fmt.Errorf("%w; gpcde has no h-encoder, no β and only the VI bound (models.md §6.3): "+
				"%s are slgp's keys, remove them or use model slgp", err, strings.Join(slgpOnlyKeys, ", "))
		}
	}
	return err
}

// NewGPCDE builds GPCDE for the dimensions of spec's data.
func NewGPCDE(cfg GPCDEConfig, spec Spec) (*GPCDE, error) {
	return newLatentGP("gpcde", cfg.latent(), spec, false)
}

// gpcdeData is the per-point part of GPCDE's VI bound (models.md §6.3),
// (1/b) Σ_i [(1/S) Σ_s E_i^(s) - KL^W_i], as 1 x 1.
func gpcdeData(t *ad.Tape, tr *terms) *ad.Var {
	return t.Sub(t.Mean(tr.E), t.Mean(tr.klW))
}
