package models

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Predictive names the predictive distribution a latent-variable model
// (SLGP, GPCDE) samples from. Its values are the words a run's config
// (eval.latent), checkpoint and result use.
type Predictive string

const (
	// Draws is the model's own predictive: w drawn from p(w | x*), h from
	// the encoder q(h | x*, w) (models.md §5.7).
	Draws Predictive = "draws"
	// PlugIn is the plug-in predictive: w at p(w | x*)'s mean and h at the
	// encoder's mean, a diagnostic of what the draws add.
	PlugIn Predictive = "mean"
)

// PlugInSampler is a latent-variable model that can sample either
// predictive. SampleWith(X, P, rng, Draws) is Sample(X, P, rng); with
// PlugIn the draws are still made, so the generator advances alike.
type PlugInSampler interface {
	Model
	SampleWith(X *mat.Dense, P int, rng *rand.Rand, pred Predictive) (Y, F *mat.Dense)
}

// WithPredictive returns m predicting with pred: m itself for Draws (and
// ""), and for PlugIn a Model whose Sample is m's SampleWith(..., PlugIn)
// and whose other methods are m's. A model without latent variables has
// only Draws.
func WithPredictive(m Model, pred Predictive) (Model, error) {
	switch pred {
	case "", Draws:
		return m, nil
	case PlugIn:
		ps, ok := m.(PlugInSampler)
		if !ok {
			return nil, fmt.Errorf("model %s has no latent variables to fix at their means", m.Name())
		}
		return plugInModel{ps}, nil
	}
	return nil, fmt.Errorf("predictive %q: use %s or %s", pred, Draws, PlugIn)
}

// plugInModel is a PlugInSampler that samples its plug-in predictive.
type plugInModel struct{ PlugInSampler }

// Sample draws from the plug-in predictive.
func (m plugInModel) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	return m.SampleWith(X, P, rng, PlugIn)
}
