package compare

import (
	"context"
	"fmt"
	"io"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// Steps of the timing each candidate gets before the runs start: a
// couple of warm-up steps, then the timed ones.
const (
	measureWarmup = 2
	measureSteps  = 5
)

// measureCosts times every candidate model none of whose runs on this
// file is finished (a finished one gives sweep.LoadCostModel the model's
// cost already) before the runs start: sweep.Measure on its first run's
// config, a few training steps and an evaluation of at most 200 test
// rows, about a second. The first ETA then knows each model's step on
// these rows and settings instead of borrowing from the paper's data sets
// (results/bench/costs.json: another size of data and of model, minutes
// off) or having none. A model whose timing fails keeps what costs had
// (its run will report the error itself).
func measureCosts(ctx context.Context, ps []sweep.Prepared, costs *sweep.CostModel, progress io.Writer) {
	done := map[[2]string]bool{}
	for _, p := range ps {
		if sweep.RunStatus(p.Run, staleLock).State == sweep.Done {
			done[[2]string{p.Model, p.Dataset}] = true
		}
	}
	for _, p := range ps {
		k := [2]string{p.Model, p.Dataset}
		if done[k] || ctx.Err() != nil {
			continue
		}
		done[k] = true // timed once
		c, err := sweep.Measure(ctx, p.RunConfig, p.DataDir, measureWarmup, measureSteps)
		if err != nil {
			continue
		}
		costs.Set(p.Model, p.Dataset, c)
		if progress != nil {
			fmt.Fprintf(progress, "timed %s on %s: %.1f ms a step\n", p.Model, p.Dataset, 1000*c.StepSeconds)
		}
	}
}
