package score

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// HasDensity reports whether m has its own predictive density at
// eval.density_draws = draws: a closed form (models.LogDensityer), or a
// mixture of draws components (models.MixturePredictor, draws > 0).
func HasDensity(m models.Model, draws int) bool {
	if _, ok := m.(models.LogDensityer); ok {
		return true
	}
	_, ok := m.(models.MixturePredictor)
	return ok && draws > 0
}

// DensityNLL is the mean negative log predictive density of m at the
// standardised (X, Y), on the original y scale (plus Σ_d log sigmaY[d]):
// the model's own density where it has a closed form (Gaussian for SGP and
// HNN, Gauss-Hermite quadrature for SHGP and SVHGP, the mixture of MDN),
// and otherwise the mixture of draws predictive components
// (models.MixtureLogDensity: over the assignment draws of SMGP and DAGP,
// the latent draws of SLGP, GPCDE and CVAE), drawn from a generator seeded
// with seed, block by block of rows. ok is false when m has neither (or
// draws is 0 and it has no closed form). ctx is checked between blocks.
func DensityNLL(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, draws int, seed uint64) (nll float64, ok bool, err error) {
	n, dx := X.Dims()
	_, dy := Y.Dims()
	if n == 0 || len(sigmaY) != dy {
		return 0, false, fmt.Errorf("density NLL: %d points and %d output scales for %d outputs", n, len(sigmaY), dy)
	}
	sum := 0.0
	if ld, isLD := m.(models.LogDensityer); isLD {
		for _, v := range ld.LogDensity(X, Y) {
			sum -= v
		}
	} else if mp, isMP := m.(models.MixturePredictor); isMP && draws > 0 {
		rows := BlockRows(draws, dy)
		for b, i0 := 0, 0; i0 < n; b, i0 = b+1, i0+rows {
			if err := ctx.Err(); err != nil {
				return 0, false, err
			}
			i1 := min(n, i0+rows)
			rng := rand.New(rand.NewPCG(seed, uint64(b)))
			for _, v := range models.MixtureLogDensity(mp, X.Slice(i0, i1, 0, dx).(*mat.Dense), Y.Slice(i0, i1, 0, dy).(*mat.Dense), draws, rng) {
				sum -= v
			}
		}
	} else {
		return 0, false, nil
	}
	nll = sum/float64(n) + eval.ToOriginalScaleOutputs(0, sigmaY)
	if math.IsNaN(nll) {
		return nll, true, fmt.Errorf("density NLL of %s is NaN", m.Name())
	}
	return nll, true, nil
}
