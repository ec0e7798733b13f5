package compare

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// stoppedEarly reports whether any run of r was trained with early
// stopping (its result records where it stopped).
func stoppedEarly(r *Report) bool {
	for _, s := range r.Models {
		for _, sp := range s.Splits {
			if sp.StoppedAt > 0 {
				return true
			}
		}
	}
	return false
}

// stopCell is a split's "stopped at" cell: the iteration, marked when it
// is the cap (the run was still improving), "–" without early stopping.
func stopCell(at, iterations int) string {
	switch {
	case at == 0:
		return "–"
	case at >= iterations:
		return fmt.Sprintf("%d (cap)", at)
	}
	return fmt.Sprint(at)
}

// stopText is report.md's paragraph on early stopping.
func stopText(r *Report) string {
	iterations := r.Iterations
	who := "every model"
	if all := allRows(r); len(all) > 0 {
		who = fmt.Sprintf("every model but %s (full-batch L-BFGS on all of its training rows until it converged, at most %d iterations: "+
			"\"last\" in the table)", strings.Join(all, " and "), min(iterations, LBFGSIterations))
	}
	return fmt.Sprintf("Early stopping (train.stop): %s held out 10 %% of its training rows, its held-out NLL was checked every "+
		"%d iterations (100 for HNN, MDN and CVAE) and the run ended after %d checks without an improvement of at least %g nats, "+
		"or at %d iterations (\"cap\": still improving there); the reported parameters are those of the best check "+
		"(\"selected iteration\").", who, runconfig.Cadence(stopEvery, iterations), DefaultStop.Patience, DefaultStop.MinDelta, iterations)
}

// allRows names the models of r whose runs held nothing out (no early
// stopping and no held-out selection: full-batch L-BFGS on every training
// row) in a report where other models stopped early.
func allRows(r *Report) []string {
	var names []string
	for _, s := range r.Models {
		held := false
		for _, sp := range s.Splits {
			held = held || sp.StoppedAt > 0 || sp.SelectedIter > 0 || sp.Untrained
		}
		if !held && len(s.Splits) > 0 {
			names = append(names, s.Model)
		}
	}
	return names
}

// capText names the models whose runs had a lower cap than the report's
// Iterations (their small-data schedule, models.Schedule) with the
// held-out cadence that cap gave them; "" when none.
func capText(r *Report) string {
	var parts []string
	for _, s := range r.Models {
		c := 0
		for _, sp := range s.Splits {
			if sp.Cap > 0 && sp.Cap < r.Iterations {
				c = max(c, sp.Cap)
			}
		}
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%s at most %d, checked every %d", s.Model, c, runconfig.Cadence(stopEvery, c)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf(" On data of at most %d training rows some models train with a learning rate decaying over fewer iterations (their small-data schedule): %s.",
		FullBatchRows, strings.Join(parts, ", "))
}
