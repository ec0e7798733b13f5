package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/cobra"
)

// sweepOpts are the flags of mgp sweep.
type sweepOpts struct {
	config, shard, saveCosts, out, seeds                               string
	jobs, shards                                                       int
	share, dryRun, measure, measureAll, retryFailed, rerunChg, restart bool
	costs, models, datasets, variants                                  []string
	stale                                                              time.Duration
}

func newSweepCmd(g *globalOpts) *cobra.Command {
	o := &sweepOpts{}
	c := &cobra.Command{
		Use:   "sweep --config SWEEP.yaml",
		Short: "Run a grid of data sets x models x variants x seeds, resumably, on one machine or a cluster shard",
		Long:  helpText("sweep"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runSweep(cmd, g, o) },
	}
	c.Flags().StringVarP(&o.config, "config", "c", "", "sweep file (required), e.g. configs/sweeps/table3.yaml")
	c.Flags().IntVarP(&o.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "runs at once, one BLAS thread each; by default one per core this process may use (an mnist run needs about 2.6 GB: give fewer where memory is short)")
	c.Flags().StringVar(&o.shard, "shard", "", "run only shard i of n, written i/n with 0 <= i < n")
	c.Flags().IntVar(&o.shards, "shards", 0, "number of shards when the index comes from JOB_COMPLETION_INDEX (Kubernetes)")
	c.Flags().BoolVar(&o.share, "share", false, "take runs from the whole sweep, leaving those another process holds: many tasks on one shared results tree balance themselves (array indices are not read)")
	c.Flags().BoolVar(&o.dryRun, "dry-run", false, "list the runs with their state and a cost estimate; run nothing")
	c.Flags().BoolVar(&o.measure, "measure", false, "with --dry-run: time the (model, data set) pairs that no result file covers")
	c.Flags().BoolVar(&o.measureAll, "measure-all", false, "with --dry-run: time every (model, data set) pair on this machine")
	c.Flags().StringVar(&o.saveCosts, "save-costs", "", "with --dry-run: write the cost model behind the estimate to this JSON file")
	c.Flags().BoolVar(&o.retryFailed, "retry-failed", false, "run again the runs whose error.json records a failure")
	c.Flags().BoolVar(&o.rerunChg, "rerun-changed", false, "retrain the runs whose result or checkpoint was made under another config or data than the sweep's now (the old files are moved to *.replaced)")
	c.Flags().BoolVar(&o.restart, "restart", false, "start again the runs whose checkpoint or result is refused (damaged, or trained on other data; the old files are moved to *.replaced)")
	c.Flags().StringVar(&o.out, "out", "", "results tree (default: the sweep file's out)")
	c.Flags().StringArrayVar(&o.costs, "costs", []string{"results"}, "directories of result files, or cost files (*.json), whose timings feed the cost estimate (repeatable)")
	staleFlag(c.Flags(), &o.stale)
	c.Flags().StringSliceVar(&o.models, "models", nil, "only these of the sweep's models (comma-separated); their runs share the sweep's directories")
	c.Flags().StringSliceVar(&o.datasets, "datasets", nil, "only these of the sweep's data sets (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "only these of the sweep's variants (comma-separated)")
	c.Flags().StringVar(&o.seeds, "seeds", "", "only these of the sweep's seeds, e.g. 0-2 or 0,3")
	_ = c.MarkFlagRequired("config")
	return c
}

// runSweep checks the flags, reads the sweep file and runs it (or lists
// it, with --dry-run) through sweep.RunFile.
func runSweep(cmd *cobra.Command, g *globalOpts, o *sweepOpts) error {
	if err := checkSweepFlags(o); err != nil {
		return inputErr(err)
	}
	spec, err := readSweepSpec(o)
	if err != nil {
		return inputErr(err)
	}
	part, err := o.part()
	if err != nil {
		return inputErr(err)
	}
	fo := sweep.FileOptions{
		Available: func(m string) bool { return slices.Contains(models.Names(), m) },
		Part:      part,
		Prepare: sweep.PrepareOptions{Load: sweep.LoadRunConfig,
			DataDir: func(dir string) string { return resolveDataDir(g.dataDir, dir) }},
		CostSources: o.costs, DefaultCostFile: sweep.DefaultCostFile,
		// Execute's options, with which the dry run decides too.
		Exec: sweep.Options{Jobs: o.jobs, RetryFailed: o.retryFailed, RerunChanged: o.rerunChg, Restart: o.restart, Stale: o.stale,
			Shared: o.share, Progress: progressTo(g, cmd), Version: version(),
			Switches: sweepSwitches},
		Train: sweep.TrainOptions{Version: version(), ResumeHint: commandLine()},
	}
	if o.dryRun {
		fo.DryRun = &sweep.DryRunOptions{Measure: o.measure, MeasureAll: o.measureAll, SaveCosts: o.saveCosts}
	}
	sum, err := sweep.RunFile(cmd.Context(), cmd.OutOrStdout(), spec, fo)
	if err != nil {
		return sweepFlagError(err)
	}
	if o.dryRun {
		return nil
	}
	return sweepOutcome(cmd, sum)
}

// checkSweepFlags refuses flag values and combinations that cannot run.
func checkSweepFlags(o *sweepOpts) error {
	switch {
	case o.jobs < 1:
		return fmt.Errorf("--jobs %d: must be at least 1", o.jobs)
	case checkStale(o.stale) != nil:
		return checkStale(o.stale)
	case !o.dryRun && (o.measure || o.measureAll || o.saveCosts != ""):
		return fmt.Errorf("--measure, --measure-all and --save-costs go with --dry-run")
	case o.share && (o.shard != "" || o.shards != 0):
		return fmt.Errorf("--share takes runs from the whole sweep: give it without --shard or --shards")
	}
	return nil
}

// readSweepSpec reads the sweep file and narrows it as the flags say.
func readSweepSpec(o *sweepOpts) (*sweep.Spec, error) {
	spec, err := sweep.ReadSpec(o.config)
	if err != nil {
		return nil, err
	}
	if o.out != "" {
		spec.Out = o.out
	}
	err = spec.RestrictVariants(o.variants)
	if err == nil {
		err = spec.Restrict(o.models, o.datasets, o.seeds)
	}
	var re *sweep.RestrictError
	switch {
	case errors.As(err, &re):
		return nil, fmt.Errorf("%s: --%s", o.config, re.Msg) // the message begins with the flag's name
	case err != nil:
		return nil, fmt.Errorf("%s: %v", o.config, err)
	}
	return spec, nil
}

// part is the shard this process runs: the whole sweep with --share
// (Slurm's or Kubernetes' index, if set, is not this task's part),
// otherwise sweep.PartFromFlags'.
func (o *sweepOpts) part() (sweep.Part, error) {
	if o.share {
		return sweep.Whole, nil
	}
	return sweep.PartFromFlags(o.shard, o.shards, os.Getenv)
}
