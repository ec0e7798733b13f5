package models

import "fmt"

// SLGP is the scalable latent GP of models.md §5: inputs augmented with a
// latent w (MLP prior p(w|x), amortised posterior q(w|x,y)), a stochastic
// encoder q(h|x,w) regularised towards p(h|x,w) = N(φ(x,w), ν₀I), a
// whitened SVGP on h, and the VI, IWVI or hybrid bound with balance β,
// S Monte Carlo samples stacked as S·b rows of one graph.
type SLGP = latentGP

func newSLGP(decode func(any) error, spec Spec) (Model, error) {
	cfg := defaultLatentConfig()
	if err := decode(&cfg); err != nil {
		return nil, err
	}
	return newLatentGP("slgp", cfg, spec, true)
}

// newGPCDE builds GPCDE (models.md §6.3, A-22): [C]'s LGP_base with the VI
// bound, an MLP (or, with prior: normal, standard-normal) prior on w, no
// h-encoder and no β; the GP acts on [x, w] with inducing design (D).
func newGPCDE(decode func(any) error, spec Spec) (Model, error) {
	cfg := defaultLatentConfig()
	cfg.Bound = "vi"
	if err := decode(&cfg); err != nil {
		return nil, err
	}
	if cfg.Bound != "vi" {
		return nil, fmt.Errorf("model.bound = %q: GPCDE has only the VI bound (use slgp for iwvi or hybrid)", cfg.Bound)
	}
	return newLatentGP("gpcde", cfg, spec, false)
}
