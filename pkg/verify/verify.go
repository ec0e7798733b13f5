package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Options steer Run.
type Options struct {
	// Paths are committed result.json files, run directories or
	// directories walked for every result.json under them.
	Paths []string
	// Out is the scratch directory (required): the re-runs go to
	// Out/runs, their configs to Out/configs, the reports to Out.
	Out string
	// PerCell, when positive, keeps that many runs of each cell (data
	// set, model, variant), the oldest recorded date first.
	PerCell int
	// Headline, when set, is a sweep file: only the runs of its headline
	// rows are kept.
	Headline string
	// Budget, when positive, caps the sample's estimated single-core time
	// (sweep's cost model): runs beyond it are left out and listed.
	Budget time.Duration
	// Iterations, when positive and below a run's, re-trains only that
	// many iterations and compares the trace up to there.
	Iterations int
	// Tolerance is the bound of "equal within tolerance": |new - old| <=
	// Tolerance·max(1, |old|) for every number compared.
	Tolerance float64
	// DryRun lists the plan with its estimated cost and runs nothing.
	DryRun bool
	// Jobs is how many re-runs go at once (at least 1).
	Jobs int
	// Costs are the cost model's sources (sweep.LoadCostModel).
	Costs []string
	// DataDir returns the data directory of a run whose config sets
	// data.dir to configDir (nil: configDir), as mgp train resolves it.
	DataDir func(configDir string) string
	// Version is this binary's version, recorded in the re-runs.
	Version string
	// Command is the command line, recorded in the reports and given as
	// the way to continue an interrupted verification.
	Command string
	// Progress receives the re-runs' progress lines (nil: none).
	Progress io.Writer
	// Stale is the run lock's takeover age (default runlock.DefaultStale).
	Stale time.Duration
}

// check refuses options that cannot run.
func (o *Options) check() error {
	switch {
	case o.Out == "":
		return errors.New("--out: a scratch directory is required")
	case len(o.Paths) == 0:
		return errors.New("name the committed runs to verify: result.json files, run directories or directories to walk")
	case o.Jobs < 1:
		return fmt.Errorf("--jobs %d: must be at least 1", o.Jobs)
	case o.PerCell < 0:
		return fmt.Errorf("--per-cell %d: must be at least 1 (or 0: every run)", o.PerCell)
	case o.Iterations < 0:
		return fmt.Errorf("--iterations %d: must be positive (or 0: the run's own)", o.Iterations)
	case o.Tolerance < 0:
		return fmt.Errorf("--tolerance %g: must be at least 0", o.Tolerance)
	case o.Budget < 0:
		return fmt.Errorf("--budget %s: must be positive", o.Budget)
	}
	if o.Stale <= 0 {
		o.Stale = runlock.DefaultStale
	}
	return nil
}

// Run verifies the committed runs o names: it samples them, refuses an
// Out among committed runs, plans the re-runs (writing the plan to w and
// stopping there under DryRun), re-trains them in Out through
// sweep.Execute (finished re-runs are kept, interrupted ones resume), and
// writes verify.md and verify.json in Out. Bad input is a
// *inputerr.Error; re-runs that fail are reported, not errors. An
// interrupted verification returns a *sweep.Interrupted, and one whose
// re-runs failed an error saying how many.
func Run(ctx context.Context, w io.Writer, o Options) (*Report, error) {
	if err := o.check(); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	runs, err := collect(o.Paths)
	if err == nil && o.Headline != "" {
		runs, err = onlyHeadline(runs, o.Headline)
	}
	if err == nil {
		err = checkOut(o.Out, runs)
	}
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	items := make([]Item, 0, len(runs))
	for _, c := range perCell(runs, o.PerCell) {
		items = append(items, newItem(c, o))
	}
	checkData(items)
	costs, err := sweep.LoadCostModel(filepath.Join(o.Out, "runs"), o.Costs, sweep.DefaultCostFile)
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	budget(items, costs, o)
	if o.DryRun {
		writePlan(w, items, o)
		return nil, nil
	}
	ps, err := writeConfigs(items)
	if err != nil {
		return nil, err
	}
	var sum sweep.Summary
	for _, b := range batches(ps) {
		if ctx.Err() != nil {
			break
		}
		s := sweep.Execute(ctx, sweep.Runs(b), sweep.TrainRunner(b, sweep.TrainOptions{Version: o.Version, ResumeHint: o.Command}),
			sweep.Options{Jobs: o.Jobs, RerunChanged: true, Restart: true, Stale: o.Stale, Progress: o.Progress,
				Estimate: sweep.Estimator(b, costs), Version: o.Version})
		sum.Total, sum.AlreadyDone, sum.Completed, sum.Interrupted = sum.Total+s.Total, sum.AlreadyDone+s.AlreadyDone,
			sum.Completed+s.Completed, sum.Interrupted+s.Interrupted
	}
	rep := newReport(items, o)
	if err := rep.write(o.Out); err != nil {
		return rep, err
	}
	rep.summary(w, o.Out)
	if err := sum.Interruption(ctx, o.Command); err != nil {
		return rep, err
	}
	if n := rep.Totals[Failed]; n > 0 {
		return rep, fmt.Errorf("%d re-runs failed (listed above and in %s; each run's %s says why)", n, MarkdownFile, sweep.ErrorFile)
	}
	return rep, nil
}

// budget estimates every re-run's cost and leaves out, in the items'
// order, those that would take the total past o.Budget (and, under a
// budget, those of unknown cost); a re-run already done costs nothing.
func budget(items []Item, costs *sweep.CostModel, o Options) {
	total, limit := 0.0, o.Budget.Seconds()
	for i := range items {
		it := &items[i]
		if it.prep == nil {
			continue
		}
		st := sweep.RunStatus(it.prep.Run, o.Stale)
		if st.State == sweep.Done {
			it.Done, it.EstimateOK = true, true
			continue
		}
		it.Estimate, it.EstimateOK = sweep.Estimator([]sweep.Prepared{*it.prep}, costs)(it.prep.Run, st)
		switch {
		case limit <= 0:
		case !it.EstimateOK:
			it.LeftOut = "cost unknown (no measured time of " + it.Result.Model + " under this backend)"
		case total+it.Estimate > limit:
			it.LeftOut = fmt.Sprintf("beyond the budget (%s more)", sweep.FormatSeconds(it.Estimate))
		}
		if it.LeftOut == "" {
			total += it.Estimate
		}
	}
}

// writeConfigs writes the recorded config of every item to re-run where
// its train command names it, and returns the re-runs.
func writeConfigs(items []Item) ([]sweep.Prepared, error) {
	var ps []sweep.Prepared
	for _, it := range items {
		if !it.runnable() {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(it.ConfigFile), 0o755); err != nil {
			return nil, err
		}
		if err := results.WriteFileAtomic(it.ConfigFile, func(w io.Writer) error { _, err := w.Write(it.config); return err }); err != nil {
			return nil, err
		}
		ps = append(ps, *it.prep)
	}
	return ps, nil
}

// batches splits the re-runs into groups whose sweep run IDs
// (dataset/model/variant/s<seed>) are unique, keeping their order: the
// sweep's runner finds a run's config by its ID, and runs of two trees
// (or a full and a truncated re-run of one run) share theirs.
func batches(ps []sweep.Prepared) [][]sweep.Prepared {
	var out [][]sweep.Prepared
	seen := map[string]int{}
	for _, p := range ps {
		k := seen[p.ID()]
		seen[p.ID()]++
		if k == len(out) {
			out = append(out, nil)
		}
		out[k] = append(out[k], p)
	}
	return out
}
