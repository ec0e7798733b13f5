package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/mgpteam/mgp/pkg/compare"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/spf13/cobra"
)

// compareOpts are the flags of mgp compare.
type compareOpts struct {
	data, target, out        string
	inputs, models, kernels  []string
	splits, iterations, jobs int
	retryFailed, refit       bool
}

func newCompareCmd(g *globalOpts) *cobra.Command {
	o := &compareOpts{}
	c := &cobra.Command{
		Use:   "compare --data FILE.csv --target COL --out DIR",
		Short: "Compare models on your own CSV over repeated random splits; report NLL, CRPS, coverage, PIT and a recommendation",
		Long:  helpText("compare"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runCompare(cmd, g, o) },
	}
	c.Flags().StringVar(&o.data, "data", "", "CSV file: a header row, numeric columns (required)")
	c.Flags().StringVar(&o.target, "target", "", "the column to predict (required)")
	c.Flags().StringSliceVar(&o.inputs, "inputs", nil, "input columns (comma-separated; default every column but the target)")
	c.Flags().StringSliceVar(&o.models, "models", slices.Clone(compare.DefaultModels), "candidate models (comma-separated registered names)")
	c.Flags().StringSliceVar(&o.kernels, "kernels", nil, "GP kernels to try every model with (comma-separated: se, matern12, matern32, matern52); "+
		"candidates are then named model-kernel, e.g. shgp-matern52 (default: each model's own, se)")
	c.Flags().IntVar(&o.splits, "splits", 5, "number K of repeated random train/test splits (at least 2)")
	c.Flags().IntVar(&o.iterations, "iterations", 20000, "the most optimiser steps per run (early stopping on the held-out NLL ends a run sooner)")
	c.Flags().IntVarP(&o.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "runs at once, one BLAS thread each; by default one per core this process may use")
	c.Flags().StringVar(&o.out, "out", "", "output directory (required); re-running with it resumes")
	c.Flags().BoolVar(&o.retryFailed, "retry-failed", false, "run again the runs whose error.json records a failure")
	c.Flags().BoolVar(&o.refit, "refit", false, "retrain the chosen model on every row (DIR/refit/<model>) and point DIR/best at that run")
	markRequired(c, "data", "target", "out")
	return c
}

// runCompare maps the flags to compare.Options, runs the comparison and
// says what it chose.
func runCompare(cmd *cobra.Command, g *globalOpts, o *compareOpts) error {
	start := time.Now()
	opts := compare.Options{
		Data: o.data, Target: o.target, Inputs: o.inputs, Models: o.models, Kernels: o.kernels, Splits: o.splits, Iterations: o.iterations,
		Jobs: o.jobs, RetryFailed: o.retryFailed, Refit: o.refit, DataDir: resolveDataDir(g.dataDir, ""),
		Stdout: cmd.OutOrStdout(), Warn: cmd.ErrOrStderr(), Progress: progressTo(g, cmd), Log: cmd.ErrOrStderr(), Quiet: g.quiet,
		Version: version(), ResumeHint: commandLine(),
	}
	if err := opts.Check(); err != nil {
		return compareError(err)
	}
	if g.quiet {
		opts.Log = io.Discard
	}
	out, err := filepath.Abs(o.out)
	_, statErr := os.Stat(out)
	if err == nil {
		err = os.MkdirAll(out, 0o755)
	}
	if err != nil {
		return inputErr(fmt.Errorf("--out %s: %v", o.out, err))
	}
	opts.Out = out
	rep, err := compare.Run(cmd.Context(), opts)
	if err != nil {
		if os.IsNotExist(statErr) {
			os.Remove(out) // a refused compare leaves no --out it made (only an empty one goes)
		}
		return compareError(textColumnHint(err, o.inputs))
	}
	fmt.Fprintf(cmd.OutOrStdout(), "chosen: %s (%s)\nreport: %s; predict with: mgp predict --run %s --input NEW.csv --out PRED.csv\n(%s)\n",
		rep.Decision.Chosen, rep.Decision.Reason, filepath.Join(out, "report.md"), filepath.Join(out, compare.BestLink),
		time.Since(start).Round(time.Second))
	return nil
}

// compareError marks compare.Run's input errors (exit 2) and says how to
// proceed, naming the flags.
func compareError(err error) error {
	var (
		oe *compare.OptionError
		de *compare.OtherDataError
		ce *compare.ChangedSettingsError
		fe *compare.FailedRunsError
	)
	switch {
	case errors.As(err, &oe):
		return inputErr(errors.New("--" + oe.Msg)) // the message begins with the flag's name
	case errors.As(err, &de):
		return inputErr(fmt.Errorf("--out: %s holds other data (its %s differs: other rows or columns); use a new --out directory", de.Path, compare.DataFile))
	case errors.As(err, &ce):
		return inputErr(fmt.Errorf("--out: %s was written with other settings (--iterations or the data file differ); "+
			"use a new --out directory, or the first command's flags to resume it", ce.Path))
	case errors.As(err, new(*compare.BusyError)), errors.As(err, new(*compare.RunDataError)):
		return inputErr(fmt.Errorf("--out: %w", err))
	case inputerr.Is(err):
		return inputErr(err)
	case errors.As(err, &fe):
		return fmt.Errorf("%w; fix the cause and re-run with --retry-failed, or leave the model out with --models", fe)
	}
	return err
}
