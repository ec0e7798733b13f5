package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/outpath"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
	"github.com/spf13/cobra"
)

// evalOpts are the flags of mgp eval; overwrite lets --points-out and
// --outputs-out replace a file of another kind.
type evalOpts struct {
	run, latent, nll, points  string
	outputs                   string
	samples, jobs, density    int
	seed                      int64
	write, partial, overwrite bool
}

func newEvalCmd(g *globalOpts) *cobra.Command {
	o := &evalOpts{}
	c := &cobra.Command{
		Use:   "eval --run DIR",
		Short: "Re-score a saved run on its test set (KDE NLL, RMSE, exact NLL) and recompute its diagnostics",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runEval(cmd, g, o) },
	}
	c.Flags().StringVar(&o.run, "run", "", "run directory written by mgp train (required)")
	c.Flags().IntVar(&o.samples, "samples", 0, "predictive samples per test point (default: the run's eval.samples)")
	c.Flags().IntVar(&o.density, "density-draws", 0, "also score the model's own predictive density with this many mixture components where it has no closed form (default: the run's eval.density_draws; the run's seed reproduces its density_nll)")
	c.Flags().Int64Var(&o.seed, "seed", -1, "sampling seed (default: the run's seed, which reproduces its result)")
	c.Flags().BoolVar(&o.write, "write", false, "store the new metrics in the run's result.json")
	c.Flags().StringVar(&o.latent, "latent", "", "SLGP/GPCDE: draws (w from p(w|x*), h from the encoder: the model's predictive), mean (the plug-in predictive, w and h at their means: what the draws add) or select (the one with the lower NLL on the run's held-out validation part); default: the run's own (eval.latent); never written when given")
	c.Flags().BoolVar(&o.partial, "partial", false, "score an unfinished run's parameters as they are (never with --write)")
	c.Flags().StringVar(&o.nll, "nll", "", "mnist runs: the Table 4 NLL estimator, kde (the paper's reading: per-pixel KDE of the samples; the default), joint (-log of the mean over the 200 Gaussian components of the product of the pixel densities, SLGP only) or kde-clipped (the KDE of the samples clipped to [0, 1], as Fig. 9 draws them: a diagnostic, not the paper's estimator); never written")
	c.Flags().IntVar(&o.jobs, "jobs", 0, "goroutines scoring the KDE at once, e.g. 2 to use both cores for a single run (default: the run's eval.jobs, one; the metrics are the same for every value)")
	c.Flags().BoolVar(&o.overwrite, "overwrite", false, "replace an existing --points-out or --outputs-out file even when it is not a CSV file (by its extension)")
	c.Flags().StringVar(&o.points, "points-out", "", "also write one CSV row per test point: its inputs and outputs (original scale) and its NLL per output; the mean of an NLL column is the test NLL of that output (mnist: 784 pixels a row)")
	c.Flags().StringVar(&o.outputs, "outputs-out", "", "also write one CSV row per output (mnist: per pixel): the mean and sd of its test targets and its NLL averaged over the test points; the NLL column sums to the test NLL (not with --nll joint, which scores each image as a whole)")
	_ = c.MarkFlagRequired("run")
	return c
}

// runEval checks the flags, restores the run and scores it again
// (predict.Run.Rescore), then prints and writes what was asked.
func runEval(cmd *cobra.Command, g *globalOpts, o *evalOpts) error {
	if err := checkEvalFlags(cmd, o); err != nil {
		return err
	}
	if err := checkNotCompareDir("--run", o.run); err != nil {
		return err
	}
	r, err := predict.LoadRun(o.run, resolveDataDirForRun(g, o.run))
	if err != nil {
		return err
	}
	if err := checkEvalFinished(cmd, o, r.Checkpoint); err != nil {
		return err
	}
	ev, err := r.Rescore(cmd.Context(), rescoreOptions(cmd, g, o))
	if err != nil {
		return rescoreErr(err)
	}
	if ev.Predictive == models.PlugIn {
		fmt.Fprintln(cmd.OutOrStdout(), "plug-in predictive: w and h at their means")
	}
	if o.nll != "" && o.nll != score.EstimatorKDE {
		fmt.Fprintf(cmd.OutOrStdout(), "NLL estimator: %s (not the paper's KDE of the raw samples)\n", o.nll)
	}
	report.RunSummary(cmd.OutOrStdout(), ev.Result)
	if err := ev.Finite(); err != nil {
		return err
	}
	if o.points != "" {
		if err := ev.WritePoints(o.points); err != nil {
			return err
		}
		n, _ := ev.LogDensities.Dims()
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (%d test points)\n", o.points, n)
	}
	if o.outputs != "" {
		if err := ev.WriteOutputs(o.outputs); err != nil {
			return err
		}
		_, dy := ev.LogDensities.Dims()
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (%d outputs)\n", o.outputs, dy)
	}
	if o.write {
		path, err := ev.WriteResult()
		if err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "updated %s\n", path)
	}
	return nil
}

// rescoreOptions maps eval's flags to predict.RescoreOptions; the held-out
// choice of --latent select is printed as soon as it is made.
func rescoreOptions(cmd *cobra.Command, g *globalOpts, o *evalOpts) predict.RescoreOptions {
	ro := predict.RescoreOptions{Latent: o.latent, Samples: o.samples, DensityDraws: o.density, Estimator: o.nll, Points: o.points != "" || o.outputs != "", Jobs: o.jobs,
		Progress: progressTo(g, cmd), Label: "mgp eval"}
	if o.seed >= 0 {
		seed := uint64(o.seed)
		ro.Seed = &seed
	}
	ro.Chosen = func(c predict.Choice) {
		fmt.Fprintf(cmd.OutOrStdout(), "held-out choice of the predictive: %s (validation NLL %.4f with draws, %.4f with w and h at their means)\n", c.Predictive, c.DrawsNLL, c.PlugInNLL)
	}
	return ro
}

// rescoreErr words Rescore's refusals with eval's flags and commands.
func rescoreErr(err error) error {
	var (
		nt *predict.NoTestSetError
		le *predict.LatentError
	)
	switch {
	case errors.As(err, &nt):
		return inputErr(fmt.Errorf("%s was trained on every row (data.split: none, mgp compare --refit): it has no test set to score; "+
			"its held-out metrics are those of the splits it was chosen on (the compare report)", nt.Dir))
	case errors.As(err, &le) && le.Err != nil:
		return fmt.Errorf("--latent %s: %w", le.Latent, le.Err)
	case errors.As(err, &le):
		return inputErr(fmt.Errorf("--latent %s: %s has no latent variables to fix", le.Latent, le.Model))
	}
	return err
}

// checkEvalFlags refuses too few --samples, a negative --seed, an unknown
// --latent or --nll, and --write with a --latent or an --nll that
// result.json does not record (it holds the paper's KDE estimator only).
func checkEvalFlags(cmd *cobra.Command, o *evalOpts) error {
	fl := cmd.Flags()
	switch {
	case fl.Changed("samples") && o.samples > runconfig.MaxSamples:
		return inputErr(fmt.Errorf("--samples %d: at most %d predictive samples per test point", o.samples, runconfig.MaxSamples))
	case fl.Changed("samples") && o.samples < 2:
		return inputErr(fmt.Errorf("--samples %d: the KDE needs at least 2 predictive samples per test point (the paper uses 200)", o.samples))
	case fl.Changed("density-draws") && (o.density < 1 || o.density > runconfig.MaxDensityDraws):
		return inputErr(fmt.Errorf("--density-draws %d: give 1 to %d mixture components", o.density, runconfig.MaxDensityDraws))
	case fl.Changed("jobs") && o.jobs < 1:
		return inputErr(fmt.Errorf("--jobs %d: give 1 or more goroutines for the KDE scoring", o.jobs))
	case fl.Changed("seed") && o.seed < 0:
		return inputErr(fmt.Errorf("--seed %d: seeds are non-negative integers", o.seed))
	case !slices.Contains([]string{"", runconfig.LatentDraws, runconfig.LatentMean, runconfig.LatentSelect}, o.latent):
		return inputErr(fmt.Errorf("--latent %q: give draws (the model's predictive), mean (the plug-in predictive) or select (the better of the two on the held-out validation part); leave it out for the run's own", o.latent))
	case o.nll != "" && !slices.Contains(score.Estimators, o.nll):
		return inputErr(fmt.Errorf("--nll %q: give one of %s", o.nll, strings.Join(score.Estimators, ", ")))
	case o.nll != "" && o.write && o.nll != score.EstimatorKDE:
		return inputErr(fmt.Errorf("--nll %s is not the estimator result.json records (the paper's kde): leave out --write", o.nll))
	case o.latent != "" && o.write:
		return inputErr(fmt.Errorf("--latent %s may score another predictive than the run's own: it is never written to result.json; leave out --write", o.latent))
	case o.outputs != "" && o.nll == score.EstimatorJoint:
		return inputErr(fmt.Errorf("--outputs-out with --nll %s: the joint estimator scores each image as a whole, with no NLL per output; use kde or kde-clipped", o.nll))
	case o.points != "" && o.outputs != "" && filepath.Clean(o.points) == filepath.Clean(o.outputs):
		return inputErr(fmt.Errorf("--points-out and --outputs-out name the same file %s", o.points))
	}
	if fl.Changed("points-out") {
		if err := checkOutFlag("--points-out", o.points, outpath.Policy{Exts: csvOutput, Overwrite: o.overwrite}, true); err != nil {
			return err
		}
	}
	if fl.Changed("outputs-out") {
		return checkOutFlag("--outputs-out", o.outputs, outpath.Policy{Exts: csvOutput, Overwrite: o.overwrite}, true)
	}
	return nil
}

// checkEvalFinished refuses --write on an unfinished run (a result.json
// would mark it done) and hands any other eval to checkFinished.
func checkEvalFinished(cmd *cobra.Command, o *evalOpts, ck *checkpoint.Checkpoint) error {
	var ue *checkpoint.UnfinishedError
	if o.write && errors.As(checkpoint.CheckFinished(o.run, ck), &ue) {
		return inputErr(fmt.Errorf("--write: %v: nothing was written, a result.json would mark the run done; %s", ue, continueHint(ue.Dir)))
	}
	return checkFinished(cmd, o.run, ck, o.partial, "score")
}
