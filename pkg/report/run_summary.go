package report

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/mgpteam/mgp/pkg/results"
)

// RunSummary writes what mgp train and mgp eval print of a run's result:
// the test NLL (standardised too), RMSE and exact NLL, the test points and
// samples, timings and BLAS, the calibration metrics, the held-out
// selection, and the diagnostics in name order (a run without a test set
// says why instead).
func RunSummary(w io.Writer, r *results.Result) {
	m := r.Metrics
	if r.NoTest != "" {
		fmt.Fprintf(w, "%s on %s: %s\n  train %.1fs (%.0f it/s); BLAS %s\n", r.Model, r.Dataset, r.NoTest, r.TrainSeconds, r.ItersPerSecond, r.BLAS)
		return
	}
	fmt.Fprintf(w, "%s on %s (%s): test NLL %.4f (standardised %.4f), RMSE %.4g", r.Model, r.Dataset, r.Split, m.NLL, m.NLLStd, m.RMSE)
	if m.ExactNLL != nil {
		fmt.Fprintf(w, ", exact NLL %.4f", *m.ExactNLL)
	}
	if m.DensityNLL != nil && (m.ExactNLL == nil || *m.ExactNLL != *m.DensityNLL) {
		fmt.Fprintf(w, ", own-density NLL %.4f", *m.DensityNLL)
	}
	fmt.Fprintf(w, "\n  %d test points x %d samples; train %.1fs (%.0f it/s), eval %.1fs; BLAS %s\n",
		m.NTest, m.Samples, r.TrainSeconds, r.ItersPerSecond, r.EvalSeconds, r.BLAS)
	if c := m.Calibration; c != nil {
		fmt.Fprintf(w, "  calibration: CRPS %.4g; central 50/90/95 %% intervals cover %.3f/%.3f/%.3f; PIT KS distance from uniform %.3f\n",
			c.CRPS, c.Coverage50, c.Coverage90, c.Coverage95, c.PITKS)
	}
	if s := r.Selection; s != nil {
		fmt.Fprintf(w, "  selected iteration %d of %d on %d held-out training rows (validation NLL %.4f); last iteration: test NLL %.4f, RMSE %.4g\n",
			s.Iter, r.Iterations, s.NValidation, s.ValNLL, s.LastMetrics.NLL, s.LastMetrics.RMSE)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Diagnostics)) {
		fmt.Fprintf(w, "  %s = %.6g\n", k, r.Diagnostics[k])
	}
}
