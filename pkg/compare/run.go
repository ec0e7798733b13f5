package compare

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Options are a comparison's settings.
type Options struct {
	// Data is the CSV file, Target the column to predict and Inputs the
	// input columns (empty: every column but the target).
	Data, Target string
	Inputs       []string
	// Models are the candidate models (registered names, each once).
	Models []string
	// Kernels, when not empty, are the GP kernels (model.kernel) each model
	// is tried with: the candidates are then Candidates(Models, Kernels),
	// named model-kernel, and the kernel listed first counts as the simpler.
	Kernels []string
	// Splits is K (at least 2), Iterations every run's optimiser steps.
	Splits, Iterations int
	// Out is the compare directory (absolute; it exists).
	Out string
	// Jobs is how many runs go at once; RetryFailed runs again those whose
	// error.json records a failure.
	Jobs        int
	RetryFailed bool
	// Refit retrains the chosen model on every row and points DIR/best at
	// that run.
	Refit bool
	// DataDir is the data directory the runs are given.
	DataDir string
	// Stdout receives what the comparison does (the runs, failed runs,
	// the refit); Warn the warnings (nil: none).
	Stdout, Warn io.Writer
	// Progress receives the sweep's progress lines and Log the refit's
	// training log (nil: none); Quiet keeps train from drawing a bar.
	Progress, Log io.Writer
	Quiet         bool
	// Version is the binary's version, recorded in each result; ResumeHint
	// the command line that continues an interrupted comparison.
	Version, ResumeHint string
}

// Run compares the models on the data: it writes the columns used
// (DataFile), the candidates' run configs and the sweep file into o.Out,
// trains every model on every split through the sweep (resuming what an
// earlier call left), builds the report and the decision, retrains the
// chosen model on every row when o.Refit, and writes the figures and the
// report, holding o.Out's lock throughout (a *BusyError when another
// comparison holds it). Errors the user's input causes are an *inputerr.Error
// (inputerr.Is); runs that failed are a *FailedRunsError; an ended ctx
// is a *sweep.Interrupted.
func Run(ctx context.Context, o Options) (*Report, error) {
	o.Stdout, o.Warn = orDiscard(o.Stdout), orDiscard(o.Warn)
	if err := o.Check(); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	if err := checkKernels(o.Models, o.Kernels); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	cands := Candidates(o.Models, o.Kernels)
	lock, err := lockOut(o.Out)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	tbl, err := ReadTable(o.Data, o.Target, o.Inputs)
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	dataPath := filepath.Join(o.Out, DataFile)
	if err := tbl.Write(dataPath); err != nil {
		return nil, err
	}
	set := Settings{Name: DataName(data.CSVName(o.Data)),
		Path: dataPath, Target: o.Target, Iterations: o.Iterations, NTrain: tbl.Rows() - tbl.Rows()/10,
		Stop: DefaultStop}
	spec, err := WriteSweep(o.Out, o.Models, o.Kernels, o.Splits, set)
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	plan, err := sweep.Expand(spec, func(string) bool { return true })
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	fmt.Fprintf(o.Stdout, "compare %s (target %s, %d rows, %d inputs): %s on %d splits, %d iterations each: %d runs in %s\n",
		o.Data, o.Target, tbl.Rows(), len(tbl.Inputs), strings.Join(cands, ", "), o.Splits, o.Iterations, len(plan.Runs), o.Out)
	if err := runSplits(ctx, o, set, spec, plan.Runs); err != nil {
		return nil, err
	}
	rep, err := Build(o.Out, cands, plan.Runs, Meta{Data: RecordedPath(o.Data), Target: o.Target, Inputs: tbl.Inputs,
		Rows: tbl.Rows(), Splits: o.Splits, Iterations: o.Iterations, Kernels: o.Kernels})
	if err != nil {
		return nil, err
	}
	if o.Refit {
		if err := refitChosen(ctx, o, rep, set); err != nil {
			return nil, err
		}
	}
	if err := WriteFigures(ctx, o.Out, rep); err != nil {
		fmt.Fprintf(o.Warn, "warning: figures: %v\n", err)
	}
	return rep, WriteReport(o.Out, rep)
}

// orDiscard returns w, or io.Discard for nil.
func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}
