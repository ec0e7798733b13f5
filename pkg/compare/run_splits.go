package compare

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// FailedRunsError is a comparison whose runs failed (now, or before and
// not retried): each run's error.json under Dir says why.
type FailedRunsError struct {
	// Failed of Total runs failed.
	Failed, Total int
	// Dir is the sweep's results tree.
	Dir string
}

// Error counts the failed runs and says where their errors are.
func (e *FailedRunsError) Error() string {
	return fmt.Sprintf("%d of %d runs failed (each run's %s under %s says why)", e.Failed, e.Total, sweep.ErrorFile, e.Dir)
}

// runSplits trains every model on every split through the sweep (the
// configs splitConfig builds for set), o.Jobs at a time, skipping finished runs and resuming half-done ones; a
// finished run trained on other data is refused (checkRunData).
func runSplits(ctx context.Context, o Options, set Settings, spec *sweep.Spec, runs []sweep.Run) error {
	ps, err := sweep.Prepare(runs, sweep.PrepareOptions{Config: splitConfig(set), DataDir: func(string) string { return o.DataDir }})
	if err != nil {
		return err
	}
	sweep.SetWants(ps)
	if err := checkRunData(ps); err != nil {
		return err
	}
	costs, err := sweep.LoadCostModel(spec.Out, nil, sweep.DefaultCostFile)
	if err != nil {
		return &inputerr.Error{Err: err}
	}
	measureCosts(ctx, ps, costs, o.Progress)
	sum := sweep.Execute(ctx, costliestFirst(sweep.Runs(ps)), sweep.TrainRunner(ps, sweep.TrainOptions{Version: o.Version, ResumeHint: o.ResumeHint}),
		sweep.Options{Jobs: o.Jobs, RetryFailed: o.RetryFailed, Stale: staleLock, Progress: o.Progress, Version: o.Version,
			Estimate: sweep.Estimator(ps, costs)})
	if err := sum.Interruption(ctx, o.ResumeHint); err != nil {
		return err
	}
	switch {
	case sum.Failed > 0 || sum.SkippedFailed > 0:
		for _, f := range sum.FailedRuns {
			fmt.Fprintf(o.Stdout, "  failed: %s\n", firstLine(f))
		}
		return &FailedRunsError{Failed: sum.Failed + sum.SkippedFailed, Total: sum.Total, Dir: spec.Out}
	case sum.Locked > 0:
		return fmt.Errorf("%d runs are under way in another process; re-run when it has finished", sum.Locked)
	}
	return nil
}

// staleLock is how old a run's lock (by its heartbeat) may be before the
// run counts as abandoned.
const staleLock = 10 * time.Minute

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// costliestFirst orders the runs for the workers: the costliest models
// first (the highest models.CompareSettings.Rank, the NN-trained ones
// above the rest), split by split within a model, so that with --jobs 2
// the long runs start at once and the short ones fill the end, keeping
// both cores busy to the last run.
func costliestFirst(runs []sweep.Run) []sweep.Run {
	cost := func(r sweep.Run) int {
		e, err := models.Lookup(r.Model)
		if err != nil {
			return 0
		}
		c := e.Compare.Rank
		if e.Caps.TrainsNN {
			c += 10
		}
		return c
	}
	out := slices.Clone(runs)
	slices.SortStableFunc(out, func(a, b sweep.Run) int { return cmp.Compare(cost(b), cost(a)) })
	return out
}
