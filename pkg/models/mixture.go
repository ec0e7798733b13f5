package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// MixturePredictor is implemented by models whose predictive distribution
// of y at a point, given P draws of its latent variables, is a mixture of P
// Gaussians with diagonal covariance: the joint estimator of the mnist NLL
// (models.md §9.4, A-46), -log (1/P) Σ_p Π_d N(y_d | μ_pd, v_pd), needs
// their parameters rather than samples of y.
type MixturePredictor interface {
	// PredictiveMixture returns the components' means and variances at the
	// rows of X, each P x (N·d_y) in Sample's layout (column i·d_y + d),
	// drawing the latent variables from rng as Sample does before its
	// noise draws (so that with the same generator its components are
	// those Sample's y-samples are drawn from).
	PredictiveMixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense)
}

var (
	_ MixturePredictor = (*SLGP)(nil)
	_ MixturePredictor = (*GPCDE)(nil)
	_ MixturePredictor = (*CVAE)(nil)
)

// PredictiveMixture implements MixturePredictor: w from p(w | x*), h from
// the encoder, then μ_f and ν_f + σ² of the GP layer.
func (m *SLGP) PredictiveMixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense) {
	return m.mixture(X, P, rng)
}

// PredictiveMixture implements MixturePredictor: w from p(w | x*), then
// μ_f and ν_f + σ² at h = [x*, w].
func (m *GPCDE) PredictiveMixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense) {
	return m.mixture(X, P, rng)
}

// mixture is the latent models' PredictiveMixture: the chunks and draws of
// sample without the noise draws; variances ν_f + σ².
func (c *latentCore) mixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense) {
	n, _ := X.Dims()
	dy := c.dy
	Mu, V = mat.NewDense(P, n*dy, nil), mat.NewDense(P, n*dy, nil)
	s2 := c.noises()
	c.eachChunk(X, P, rng, false, func(i0, nb int, muF, nuF *mat.Dense) {
		for p := 0; p < P; p++ {
			mu, v := Mu.RawRowView(p), V.RawRowView(p)
			for i := 0; i < nb; i++ {
				for d := 0; d < dy; d++ {
					mu[(i0+i)*dy+d] = muF.At(p*nb+i, d)
					v[(i0+i)*dy+d] = nuF.At(p*nb+i, d) + s2[d]
				}
			}
		}
	})
	return Mu, V
}

// PredictiveMixture implements MixturePredictor: w from p(w | x*), then
// the decoder's mean and variance.
func (m *CVAE) PredictiveMixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense) {
	n, _ := X.Dims()
	dy := m.dy
	Mu, V = mat.NewDense(P, n*dy, nil), mat.NewDense(P, n*dy, nil)
	m.priorDecode(X, P, rng, func(i0, nb int, muD, vD *ad.Var) {
		for p := 0; p < P; p++ {
			mu, v := Mu.RawRowView(p), V.RawRowView(p)
			for i := 0; i < nb; i++ {
				r := p*nb + i
				for d := 0; d < dy; d++ {
					mu[(i0+i)*dy+d] = muD.Val.At(r, d)
					v[(i0+i)*dy+d] = m.decVar(vD, r, d)
				}
			}
		}
	})
	return Mu, V
}
