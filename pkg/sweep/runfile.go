package sweep

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mgpteam/mgp/pkg/inputerr"
)

// FileOptions steer RunFile.
type FileOptions struct {
	// Available says whether this build has a model (nil: every model).
	Available func(model string) bool
	// Part is the shard of the runs to take (zero: the whole sweep).
	Part Part
	// Prepare reads the runs' configs.
	Prepare PrepareOptions
	// CostSources and DefaultCostFile feed the cost model (LoadCostModel).
	CostSources     []string
	DefaultCostFile string
	// Exec steers the execution and the dry run's decisions; its Estimate
	// is set from the cost model.
	Exec Options
	// Train is what the train-backed Runner records.
	Train TrainOptions
	// DryRun, when set, lists what would be done instead of doing it.
	DryRun *DryRunOptions
}

// RunFile expands spec, takes the runs of o.Part, reads their configs and
// either trains them (o.Exec.Jobs at a time, skipping finished runs and
// resuming partial ones) or, with o.DryRun, lists them with their costs.
// It writes to w what it runs (the counts, the shard, the models this
// build lacks) and at the end the summary with every failed and held run.
// Bad input (a run config, a cost file) is a *inputerr.Error; a run
// that fails is not an error but counted in the Summary.
func RunFile(ctx context.Context, w io.Writer, spec *Spec, o FileOptions) (Summary, error) {
	if o.Available == nil {
		o.Available = func(string) bool { return true }
	}
	if o.Part.Count == 0 {
		o.Part = Whole
	}
	plan, err := Expand(spec, o.Available)
	if err != nil {
		return Summary{}, &inputerr.Error{Err: fmt.Errorf("%s: %v", spec.Path(), err)}
	}
	runs, err := Shard(plan.Runs, o.Part.Index, o.Part.Count)
	if err != nil {
		return Summary{}, &inputerr.Error{Err: err}
	}
	writeHeader(w, spec, plan, len(runs), o)
	ps, err := Prepare(runs, o.Prepare)
	if err != nil {
		return Summary{}, err
	}
	SetWants(ps)
	costs, err := LoadCostModel(spec.Out, o.CostSources, o.DefaultCostFile)
	if err != nil {
		return Summary{}, &inputerr.Error{Err: err}
	}
	if o.DryRun != nil {
		return Summary{}, DryRun(ctx, w, ps, costs, o.Exec, *o.DryRun)
	}
	eo := o.Exec
	eo.Estimate = Estimator(ps, costs)
	sum := Execute(ctx, Runs(ps), TrainRunner(ps, o.Train), eo)
	writeSummary(w, spec.Name, sum)
	return sum, nil
}

// writeHeader says what the invocation runs and where its results go.
func writeHeader(w io.Writer, spec *Spec, plan *Plan, runs int, o FileOptions) {
	fmt.Fprintf(w, "sweep %s (%s): %d runs", spec.Name, spec.Path(), len(plan.Runs))
	if o.Part.Count > 1 {
		fmt.Fprintf(w, "; shard %d/%d (%s) has %d", o.Part.Index, o.Part.Count, o.Part.From, runs)
	}
	if o.Exec.Shared {
		fmt.Fprint(w, "; shared with other processes (--share)")
	}
	fmt.Fprintf(w, "; results in %s\n", spec.Out)
	if len(plan.Unavailable) > 0 {
		var parts []string
		for _, m := range spec.Models {
			if n := plan.Unavailable[m]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s (%d runs)", m, n))
			}
		}
		fmt.Fprintf(w, "not in this build, left out until they are registered: %s\n", strings.Join(parts, ", "))
	}
}

// writeSummary writes what Execute did, and every failed and held run.
func writeSummary(w io.Writer, name string, sum Summary) {
	fmt.Fprintf(w, "sweep %s: %d runs: %d done before, %d completed now, %d failed now, %d failed before (skipped), %d running elsewhere, %d interrupted, %d not started",
		name, sum.Total, sum.AlreadyDone, sum.Completed, sum.Failed, sum.SkippedFailed, sum.Locked, sum.Interrupted, sum.Left)
	if sum.Changed+sum.Refused > 0 {
		fmt.Fprintf(w, ", %d changed (left), %d refused (left)", sum.Changed, sum.Refused)
	}
	fmt.Fprintln(w)
	for _, f := range sum.FailedRuns {
		fmt.Fprintf(w, "  failed: %s\n", firstLine(f))
	}
	for _, h := range sum.HeldRuns {
		fmt.Fprintf(w, "  left: %s\n", firstLine(h))
	}
}
