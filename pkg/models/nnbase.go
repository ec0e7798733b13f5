package models

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// Pieces shared by the neural competitors HNN, MDN and CVAE (models.md
// §6.4–6.6): the same MLPs as the latent GPs (§1.4), the default variance
// head with a floor, and off-tape passes for prediction.

// NNVarFloor is the 10⁻⁶ added to the default head's variance sp(r - 5) in
// HNN, MDN and the CVAE decoder (models.md §6.4–6.6, A-20).
const NNVarFloor = 1e-6

// defaultHidden is the MLP hidden sizes for the toys and UCI (models.md §1.4).
func defaultHidden() []int { return []int{100, 100, 100} }

// checkHidden refuses non-positive layer sizes under the config key
// model.hidden (an empty list is a network without hidden layers).
func checkHidden(hidden []int) error {
	for _, h := range hidden {
		if h <= 0 {
			return config.Errorf("model.hidden", "model.hidden = %v: layer sizes must be positive", hidden)
		}
	}
	return nil
}

// mlpSizes returns [in, hidden..., out].
func mlpSizes(in int, hidden []int, out int) []int {
	return append(append([]int{in}, hidden...), out)
}

// flooredVar is the neural competitors' variance head v = sp(r - 5) + 10⁻⁶.
func flooredVar(t *ad.Tape, raw *ad.Var) *ad.Var {
	return t.AddConst(nn.SoftplusVar(t, raw), NNVarFloor)
}

// noGradTape returns a fresh tape in prediction mode. Prediction builds its
// own tape per call, so models hold no prediction state and two goroutines
// may predict with one trained model at once.
func noGradTape() *ad.Tape {
	t := ad.NewTape()
	t.NoGrad = true
	return t
}

// nnSampleRows bounds the rows (points x samples) of one off-tape pass of
// a sampling latent model.
const nnSampleRows = 20000

// diagRows is the number of training rows the diagnostics look at.
const diagRows = 2000

// diagSubset returns the first diagRows rows of X and Y (all of them when
// there are fewer).
func diagSubset(X, Y *mat.Dense) (*mat.Dense, *mat.Dense) {
	n, dx := X.Dims()
	if n <= diagRows {
		return X, Y
	}
	_, dy := Y.Dims()
	return X.Slice(0, diagRows, 0, dx).(*mat.Dense), Y.Slice(0, diagRows, 0, dy).(*mat.Dense)
}

// deadReLUs adds, per hidden layer of mlp at the rows of in, the fraction
// of units that are off at every row, as "dead_relu_<name>_layer<k>"
// (models.md §5.6a).
func deadReLUs(out map[string]float64, name string, mlp *nn.MLP, in *mat.Dense) {
	for k, f := range mlp.DeadFractions(in) {
		out[fmt.Sprintf("dead_relu_%s_layer%d", name, k+1)] = f
	}
}

// gaussLogPdf is log N(y | μ, v) = -½ log(2πv) - (y - μ)²/(2v) (models.md §1.5).
func gaussLogPdf(y, mu, v float64) float64 {
	r := y - mu
	return -0.5*math.Log(2*math.Pi*v) - r*r/(2*v)
}
