package compare

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
)

// RefitDir is the directory of DIR holding the final fits on every row
// (mgp compare --refit): RefitDir/<model>.yaml and the run RefitDir/<model>.
const RefitDir = "refit"

// Refit is report.json's record of the final fit on every row.
type Refit struct {
	// Model is the chosen model.
	Model string `json:"model"`
	// Dir is the run (relative to DIR) and Config its config file.
	Dir    string `json:"dir"`
	Config string `json:"config"`
	// Rows is the number of rows it was trained on: all of them.
	Rows int `json:"rows"`
	// Iterations is its number of optimiser steps and IterationsFrom how
	// they were chosen.
	Iterations     int    `json:"iterations"`
	IterationsFrom string `json:"iterations_from"`
	// Latent is its eval.latent ("" when the model's own draws are meant).
	Latent models.Predictive `json:"latent,omitempty"`
	// NoTest is the run's own statement that it has no test metrics.
	NoTest string `json:"no_test"`
	// TrainSeconds is its training time.
	TrainSeconds Num `json:"train_seconds"`
}

// RefitPlan returns what the final fit of the chosen model s trains: the
// iterations (for a model with held-out selection, early stopping's
// included, the median over the
// splits of the selected iteration, at least 1; otherwise every split's
// iterations), why, and the predictive (for a latent model whose splits
// chose between the draws and the plug-in predictive (its registry entry's
// Compare.SelectPredictive), the one most splits chose, draws on a tie;
// "" otherwise).
func RefitPlan(s ModelSummary, iterations int) (iters int, from string, latent models.Predictive) {
	if len(s.Splits) == 0 || s.Splits[0].SelectedIter == 0 {
		return iterations, fmt.Sprintf("as on every split (%s has no held-out selection: it trains to the last iteration)", s.Model), ""
	}
	sel := make([]int, len(s.Splits))
	plugIn := 0
	for i, sp := range s.Splits {
		sel[i] = sp.SelectedIter
		if train.PredictiveFor(sp.Predictive) == models.PlugIn {
			plugIn++
		}
	}
	slices.Sort(sel)
	k := len(sel)
	med := sel[k/2]
	if k%2 == 0 {
		med = (sel[k/2-1] + sel[k/2] + 1) / 2
	}
	iters = max(1, med)
	from = fmt.Sprintf("the median of the iterations %s selected on the held-out 10 %% of its %d splits' training rows %v",
		s.Model, k, sel)
	if e, err := models.Lookup(modelOf(s.Model)); err == nil && e.Compare.SelectPredictive {
		latent = models.Draws
		if 2*plugIn > k {
			latent = models.PlugIn
		}
		from += fmt.Sprintf("; predictive %s (the plug-in predictive was chosen on %d of %d splits)", latent, plugIn, k)
	}
	return iters, from, latent
}

// RefitPaths returns the config file and the run directory of model's
// final fit under out.
func RefitPaths(out, model string) (config, run string) {
	return filepath.Join(out, RefitDir, model+".yaml"), filepath.Join(out, RefitDir, model)
}

// SetRefit records the final fit in rep and points DIR/best at it.
func SetRefit(out string, rep *Report, ref *Refit) error {
	if err := linkBest(out, ref.Dir); err != nil {
		return err
	}
	rep.Refit, rep.Best = ref, ref.Dir
	return nil
}
