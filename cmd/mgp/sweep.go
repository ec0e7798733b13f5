package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

type sweepOpts struct {
	config      string
	jobs        int
	shard       string
	shards      int
	share       bool
	dryRun      bool
	measure     bool
	measureAll  bool
	saveCosts   string
	retryFailed bool
	rerunChg    bool
	restart     bool
	out         string
	costs       []string
	stale       time.Duration
	models      []string
	datasets    []string
	seeds       string
	variants    []string
}

func newSweepCmd(g *globalOpts) *cobra.Command {
	o := &sweepOpts{}
	c := &cobra.Command{
		Use:   "sweep --config SWEEP.yaml",
		Short: "Run a grid of data sets x models x variants x seeds, resumably, on one machine or a cluster shard",
		Long: `Expand a sweep file (see configs/sweeps/) into runs, each in its own directory
<out>/<dataset>/<model>/<variant>/s<seed>, and run them --jobs at a time with one
BLAS thread each. Re-running the same command continues: finished runs (result.json)
are skipped, half-done runs resume from their checkpoints, runs whose error.json
records a failure are skipped unless --retry-failed. Ctrl-C checkpoints the running
runs and exits 130.

On a cluster, run many tasks over one shared results tree. With --share every
task takes the next run of the whole sweep that no other process holds, so the
tasks balance themselves however uneven the runs are (scripts/slurm-sweep.sh);
N tasks of --jobs J finish in about the wall time that --dry-run --jobs N·J
estimates. Or give each task a fixed shard: --shard i/n (0 <= i < n), Slurm's
SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or Kubernetes'
JOB_COMPLETION_INDEX with --shards n (scripts/k8s-sweep-job.yaml); a shard is
every n-th run, and its cost depends on where the heavy runs fall. Each run's
lock.json keeps two processes (sweeps or trains) off one run: its holder
refreshes it every 10 s; a holder on this host and in this PID namespace is never
displaced while its process lives, any other holder once its heartbeat is older
than --stale (at least 30s).

--dry-run lists the runs, their state and a cost estimate from measured per-step
times: the sweep's own finished runs, result files under the --costs directories
(default results/) and --costs cost files (*.json, as --save-costs writes them; by
default results/bench/costs.json when it exists); --measure times the pairs nothing
covers, --measure-all times every pair anew, --save-costs FILE keeps the cost model
(make bench refreshes results/bench/costs.json this way).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSweep(cmd, g, o) },
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
	c.Flags().DurationVar(&o.stale, "stale", runlock.DefaultStale, "a run lock of another host or container whose heartbeat is older than this is taken over (at least 30s)")
	c.Flags().StringSliceVar(&o.models, "models", nil, "only these of the sweep's models (comma-separated); their runs share the sweep's directories")
	c.Flags().StringSliceVar(&o.datasets, "datasets", nil, "only these of the sweep's data sets (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "only these of the sweep's variants (comma-separated)")
	c.Flags().StringVar(&o.seeds, "seeds", "", "only these of the sweep's seeds, e.g. 0-2 or 0,3")
	_ = c.MarkFlagRequired("config")
	return c
}

// plannedRun is a run with its loaded config and where that came from.
type plannedRun struct {
	sweep.Run
	cfg train.RunConfig
	src *configSource
}

func runSweep(cmd *cobra.Command, g *globalOpts, o *sweepOpts) error {
	if o.jobs < 1 {
		return inputErr(fmt.Errorf("--jobs %d: must be at least 1", o.jobs))
	}
	if err := runlock.CheckStale(o.stale); err != nil {
		return inputErr(fmt.Errorf("--stale %s: %v", o.stale, err))
	}
	if !o.dryRun && (o.measure || o.measureAll || o.saveCosts != "") {
		return inputErr(fmt.Errorf("--measure, --measure-all and --save-costs go with --dry-run"))
	}
	spec, err := sweep.ReadSpec(o.config)
	if err != nil {
		return inputErr(err)
	}
	if o.out != "" {
		spec.Out = o.out
	}
	if err := spec.RestrictVariants(o.variants); err != nil {
		return inputErr(fmt.Errorf("%s: %v", o.config, err))
	}
	if err := spec.Restrict(o.models, o.datasets, o.seeds); err != nil {
		return inputErr(fmt.Errorf("%s: %v", o.config, err))
	}
	plan, err := sweep.Expand(spec, func(m string) bool { return slices.Contains(models.Names(), m) })
	if err != nil {
		return inputErr(fmt.Errorf("%s: %v", o.config, err))
	}
	all := len(plan.Runs)
	si, sn, from, err := shardIndex(o.shard, o.shards)
	if o.share {
		if o.shard != "" || o.shards != 0 {
			return inputErr(fmt.Errorf("--share takes runs from the whole sweep: give it without --shard or --shards"))
		}
		si, sn, from, err = 0, 1, "", nil // Slurm's or Kubernetes' index, if set, is not this task's part
	}
	if err != nil {
		return inputErr(err)
	}
	runs, err := sweep.Shard(plan.Runs, si, sn)
	if err != nil {
		return inputErr(err)
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "sweep %s (%s): %d runs", spec.Name, o.config, all)
	if sn > 1 {
		fmt.Fprintf(w, "; shard %d/%d (%s) has %d", si, sn, from, len(runs))
	}
	if o.share {
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
	planned, err := loadRunConfigs(runs)
	if err != nil {
		return err
	}
	runs = withWants(planned, g.dataDir)
	costs, err := sweepCosts(spec.Out, o.costs)
	if err != nil {
		return inputErr(err)
	}
	if o.dryRun {
		return dryRun(cmd.Context(), w, planned, costs, o, resolveDataDir(g.dataDir, ""))
	}
	runner, estimate := plannedRunner(g, planned, costs)
	cmdLine := commandLine()
	eo := o.execOptions()
	eo.Progress, eo.Version, eo.Estimate = progressTo(g, cmd), version(), estimate
	sum := sweep.Execute(cmd.Context(), runs, runner, eo)
	fmt.Fprintf(w, "sweep %s: %d runs: %d done before, %d completed now, %d failed now, %d failed before (skipped), %d running elsewhere, %d interrupted, %d not started",
		spec.Name, sum.Total, sum.AlreadyDone, sum.Completed, sum.Failed, sum.SkippedFailed, sum.Locked, sum.Interrupted, sum.Left)
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
	switch {
	case cmd.Context().Err() != nil:
		return &sweepInterrupted{done: sum.AlreadyDone + sum.Completed, total: sum.Total, checkpointed: sum.Interrupted,
			resume: cmdLine, err: cmd.Context().Err()}
	case sum.Failed > 0:
		return fmt.Errorf("%d of %d runs failed (each run's %s says why); fix the cause and re-run with --retry-failed", sum.Failed, sum.Total, sweep.ErrorFile)
	case sum.Changed > 0 || sum.Refused > 0:
		return heldError(sum)
	}
	return nil
}

// execOptions are the sweep's options for sweep.Execute and sweep.Decide
// (the dry run decides with the same ones).
func (o *sweepOpts) execOptions() sweep.Options {
	return sweep.Options{Jobs: o.jobs, RetryFailed: o.retryFailed, RerunChanged: o.rerunChg, Restart: o.restart, Stale: o.stale, Shared: o.share}
}

// heldError says why a sweep left changed or refused runs and how to
// proceed.
func heldError(sum sweep.Summary) error {
	var parts []string
	if sum.Changed > 0 {
		parts = append(parts, fmt.Sprintf("%d runs changed since their results or checkpoints were made (listed above with what differs): they are not done; retrain them with --rerun-changed (the old files are moved to *%s), or give the new settings a variant of their own", sum.Changed, sweep.ReplacedSuffix))
	}
	if sum.Refused > 0 {
		parts = append(parts, fmt.Sprintf("%d runs have a checkpoint or result that is refused (listed above): start them again with --restart", sum.Refused))
	}
	return errors.New(strings.Join(parts, "; "))
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// setFlags renders overrides as --set flags for the recorded command.
func setFlags(sets []config.Override) string {
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = "--set " + s.String()
	}
	return strings.Join(parts, " ")
}

// loadRunConfigs reads every run's config with its overrides, so that a bad
// config stops the sweep before anything runs; it lists every problem.
func loadRunConfigs(runs []sweep.Run) ([]plannedRun, error) {
	out := make([]plannedRun, 0, len(runs))
	var problems []string
	seen := map[string]bool{}
	for _, r := range runs {
		cfg, src, err := loadConfigOverrides(r.Config, r.Sets)
		if err != nil {
			msg := fmt.Sprintf("%s: %v", r.ID(), err)
			if errors.Is(err, os.ErrNotExist) {
				msg = fmt.Sprintf("%s: config %s does not exist: add it or remove %s from the sweep", r.ID(), r.Config, r.Model)
			}
			key := r.Config + ": " + firstLine(err.Error())
			if !seen[key] {
				seen[key] = true
				problems = append(problems, msg)
			}
			continue
		}
		if cfg.ModelName() != r.Model {
			key := r.Config + " model"
			if !seen[key] {
				seen[key] = true
				problems = append(problems, fmt.Sprintf("%s: %s trains model %q, not %q", r.ID(), r.Config, cfg.ModelName(), r.Model))
			}
			continue
		}
		if cfg.Data.Name == "" && cfg.Data.Path != "" && data.CSVName(cfg.Data.Path) == r.Dataset {
			cfg.Data.Name = r.Dataset // a CSV config needs no data.name: the sweep's data set is the file's base name
		}
		if cfg.Data.Name != r.Dataset {
			key := r.Config + " data"
			if !seen[key] {
				seen[key] = true
				msg := fmt.Sprintf("%s: %s uses data set %q, not %q", r.ID(), r.Config, cfg.Data.Name, r.Dataset)
				if cfg.Data.Name == "" && cfg.Data.Path != "" {
					msg = fmt.Sprintf("%s: %s reads %s, whose data set name is %q, not %q: list %q under datasets, or set data.name: %s", r.ID(), r.Config, cfg.Data.Path, data.CSVName(cfg.Data.Path), r.Dataset, data.CSVName(cfg.Data.Path), r.Dataset)
				}
				problems = append(problems, msg)
			}
			continue
		}
		out = append(out, plannedRun{Run: r, cfg: cfg, src: src})
	}
	if len(problems) > 0 {
		if len(problems) > 12 {
			problems = append(problems[:12], fmt.Sprintf("... and %d more", len(problems)-12))
		}
		return nil, inputErr(fmt.Errorf("the sweep's run configs have problems; nothing was run:\n  %s", strings.Join(problems, "\n  ")))
	}
	return out, nil
}
