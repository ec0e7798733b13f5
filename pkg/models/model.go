package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// Model is what the trainer and the evaluator need from every model.
type Model interface {
	// Name is the registry name (sgp, shgp, ...).
	Name() string
	// Params lists the trainable parameters by unique name.
	Params() *ad.ParamSet
	// Objective builds, on t, the minibatch ELBO per data point to be
	// maximised (models.md §0.3) for the step s: (1/b) Σ_batch per-point
	// terms - KL/n. The result is 1 x 1.
	Objective(t *ad.Tape, s Step) *ad.Var
	// Sample draws P predictive samples at the N rows of X: y-samples and
	// (where the model has them) f-samples, each P x (N·d_y), column
	// i·d_y + d for point i, output d. F may be nil.
	Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense)
}

// Step is what one training step gives Objective.
type Step struct {
	// X (b x d_x) and Y (b x d_y) are the minibatch.
	X, Y *mat.Dense
	// N is the training-set size.
	N int
	// Iter is the training iteration, 1, 2, ...; a schedule (SLGP's β
	// warm-up) is computed from it. 0 means no iteration (outside training):
	// every schedule is then at its end.
	Iter int
	// Rng supplies any Monte Carlo noise.
	Rng *rand.Rand
}

// LogDensityer is a model with an exact (or quadrature) predictive log
// density log p(y* | x*) per test point.
type LogDensityer interface {
	LogDensity(X, Y *mat.Dense) []float64
}

// DeterministicObjective is a model whose Objective on a given batch is a
// pure function of its parameters (no Monte Carlo draws from Step.Rng):
// an analytic or quadrature bound that a quasi-Newton method can minimise
// on the full batch (train.optimizer: lbfgs).
type DeterministicObjective interface {
	DeterministicObjective() bool
}

// Modulator is a model with a modulation variable to plot: its mean and
// variance at the rows of X (SHGP's w, for example).
type Modulator interface {
	Modulation(X *mat.Dense) (mean, variance []float64)
}

// LatentMeaner is a latent-input model that can report the means of its
// posterior q(w | x, y) and prior p(w | x) (first latent dimension) at the
// rows of X, Y: the panels of the paper's Fig. 3(iii).
type LatentMeaner interface {
	LatentMeans(X, Y *mat.Dense) (post, prior []float64)
}

// Diagnoser reports model-specific diagnostics after training (learnt noise,
// dead ReLU fractions, ...).
type Diagnoser interface {
	Diagnostics(X, Y *mat.Dense) map[string]float64
}

// Spec carries what a constructor needs beyond its own config: the
// standardised training data (for initialisation only), a seed for the
// initialisation stream and the k-means routine for inducing inputs.
type Spec struct {
	X, Y   *mat.Dense
	Seed   uint64
	KMeans func(X *mat.Dense, M int, seed uint64) *mat.Dense
	// Restoring: the parameters are about to be overwritten from a
	// checkpoint, so a data-dependent start (SHGP's model.init: residuals)
	// is skipped; the parameters' shapes and random draws stay the same.
	Restoring bool
}

// Epsilons of models.md §0.2.
const (
	// EpsR is added to every variance before a square root when sampling.
	EpsR = 1e-6
	// EpsD is added to the variance of every Normal in SLGP/GPCDE.
	EpsD = 1e-6
	// EpsP is added to densities inside the SLGP log-ratios.
	EpsP = 1e-6
)

// predictBatch is the number of test points per no-grad prediction pass.
const predictBatch = 500

// forBatches calls f on consecutive row blocks [i0, i1) of X.
func forBatches(X *mat.Dense, f func(i0, i1 int, Xb *mat.Dense)) {
	n, _ := X.Dims()
	for i0 := 0; i0 < n; i0 += predictBatch {
		i1 := min(n, i0+predictBatch)
		f(i0, i1, X.Slice(i0, i1, 0, X.RawMatrix().Cols).(*mat.Dense))
	}
}
