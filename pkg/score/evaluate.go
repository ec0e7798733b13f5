package score

import (
	"context"
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// EvalBlockFloats caps how many predictive samples evaluation holds at once:
// the test points are scored in blocks of BlockRows(P, d_y) rows, so that
// rows·P·d_y ≤ EvalBlockFloats (y-samples; a model's f-samples double it).
// At P = 200 and d_y = 1 a block holds 20,000 points, so every UCI test set
// (at most 4,573 points) is one block.
const EvalBlockFloats = 4_000_000

// BlockRows returns the number of test points per evaluation block for P
// samples of d_y outputs: the most rows with rows·P·d_y ≤ EvalBlockFloats,
// and at least 1.
func BlockRows(P, dy int) int { return blockRows(P, dy, EvalBlockFloats) }

func blockRows(P, dy, capFloats int) int {
	if P < 1 || dy < 1 {
		return 1
	}
	return max(1, capFloats/(P*dy))
}

// OutputMetrics are one output's share of the test metrics.
type OutputMetrics struct {
	// NLL is the output's mean KDE NLL on its original scale,
	// NLLStd + log σ_{y,d}.
	NLL float64
	// NLLStd is the same on the standardised scale.
	NLLStd float64
	// RMSE is the output's RMSE of the predictive mean, original scale.
	RMSE float64
}

// Evaluation is the test metrics with their per-output breakdown.
type Evaluation struct {
	results.Metrics
	// Outputs holds one entry per output column, in the order of Y.
	Outputs []OutputMetrics
	// Blocks is the number of row blocks the test set was scored in.
	Blocks int
	// PointNLL, under Options.PerClass only, is each test point's NLL
	// summed over its outputs on the standardised scale.
	PointNLL []float64
}

// Evaluate scores m on the standardised test data (X, Y) with the paper's
// protocol (models.md §8, §9.4), for one or several outputs. With
// opts.PerClass unset:
//
//   - P predictive samples per test point from m.Sample, the test set
//     streamed in blocks of BlockRows(P, d_y) rows (or opts.BlockFloats') (only one block's
//     samples are held at a time), block b drawing from its own generator
//     BlockRNG(seed, b) (block 0's is the single generator seeded with
//     seed, so whenever N·P·d_y ≤ EvalBlockFloats there is one block and
//     the same numbers as a single m.Sample call on the whole set);
//   - NLLStd: per output a 1-D scaled-Silverman KDE NLL, averaged over the
//     points and summed over the outputs; NLL = NLLStd + Σ_d log sigmaY[d];
//   - RMSE of the sample mean on the original scale over all outputs,
//     sqrt(mean_d RMSE_d²) (RMSE_d itself for one output);
//   - ExactNLL, when m is a models.LogDensityer: the mean of -log p(y* | x*)
//     (the model's density of all outputs of a point) plus Σ_d log sigmaY[d];
//   - Calibration, from the same samples: the mean CRPS on the original
//     scale (summed over the outputs), the coverage of the central 50, 90
//     and 95 % sample-quantile intervals and the PIT's KS distance from
//     uniform and histogram, pooled over the outputs (eval.Calibration).
//
// With opts.PerClass set the samples are drawn once per distinct input row
// (mnist's labels) and scored with opts.Estimator (see PerClass); the
// Evaluation then has the metrics and PointNLL only.
//
// sigmaY holds one standard deviation per column of Y (the divisors that
// standardised them). ctx is checked before every block (every class);
// when it is done Evaluate returns ctx.Err() and zero metrics. Other
// errors report bad arguments or a model whose samples do not match Y.
// The metrics depend on opts only through PerClass and Estimator.
func Evaluate(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64, opts Options) (Evaluation, error) {
	if opts.PerClass {
		met, nll, err := classEvaluatePoints(ctx, m, X, Y, sigmaY, P, seed, opts.Estimator, opts.LogDensities)
		return Evaluation{Metrics: met, PointNLL: nll}, err
	}
	return evaluateBlocks(ctx, m, X, Y, sigmaY, P, seed, opts)
}

// checkEvalArgs validates the arguments of evaluateBlocks.
func checkEvalArgs(X, Y *mat.Dense, sigmaY []float64, P int) error {
	n, _ := X.Dims()
	ny, dy := Y.Dims()
	switch {
	case n != ny:
		return fmt.Errorf("evaluate: %d test inputs but %d test outputs", n, ny)
	case n == 0:
		return fmt.Errorf("evaluate: no test points")
	case dy == 0:
		return fmt.Errorf("evaluate: the test outputs have no columns")
	case len(sigmaY) != dy:
		return fmt.Errorf("evaluate: %d output scales σ_y for %d outputs; give one per output column", len(sigmaY), dy)
	case P < 1:
		return fmt.Errorf("evaluate: %d predictive samples per point: must be positive (the KDE needs at least 2)", P)
	}
	for d, s := range sigmaY {
		if !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("evaluate: σ_y of output %d is %v; it must be positive and finite", d+1, s)
		}
	}
	return nil
}
