package models

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// The predictive decomposition's sizes: points and draws of (w, h) per
// point, and its own fixed seed (diagnostics draw nothing from the run's
// streams, so they leave its results as they are).
const (
	spreadPoints = 500
	spreadDraws  = 20
	spreadSeed   = 0x5eed
)

// predictiveSpread adds to out how the predictive variance of y at the
// first spreadPoints rows of X splits (means over the points and outputs,
// standardised units): pred_var_latent, the variance over draws of w from
// p(w | x) and h from the encoder of the GP's predictive mean (what the
// latent variable and the encoder's noise add), and pred_var_f, the mean
// of the GP's own predictive variance. With noise_variance they make up
// the predictive variance. A w that carries nothing but still adds
// pred_var_latent well above noise_variance widens every prediction. The
// split is that of the model's own predictive (draws of w and h).
func (c *latentCore) predictiveSpread(X *mat.Dense, out map[string]float64) {
	n, _ := X.Dims()
	nb := min(n, spreadPoints)
	if nb == 0 {
		return
	}
	rng := rand.New(rand.NewPCG(spreadSeed, 0))
	muF, nuF := c.predictChunk(X.Slice(0, nb, 0, c.dx).(*mat.Dense), spreadDraws, rng, false)
	var between, within float64
	for i := 0; i < nb; i++ {
		for d := 0; d < c.dy; d++ {
			var s, s2 float64
			for p := 0; p < spreadDraws; p++ {
				mu := muF.At(p*nb+i, d)
				s += mu
				s2 += mu * mu
				within += nuF.At(p*nb+i, d)
			}
			mean := s / spreadDraws
			between += max(0, s2/spreadDraws-mean*mean)
		}
	}
	cells := float64(nb * c.dy)
	out["pred_var_latent"] = between / cells
	out["pred_var_f"] = within / (cells * spreadDraws)
}
