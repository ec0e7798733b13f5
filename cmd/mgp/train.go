package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

// trainOpts are the flags of mgp train.
type trainOpts struct {
	config, out, variant       string
	sets                       []string
	seed                       int64
	resume, restart, overwrite bool
	stale                      time.Duration
}

func newTrainCmd(g *globalOpts) *cobra.Command {
	o := &trainOpts{}
	c := &cobra.Command{
		Use:   "train --config FILE",
		Short: "Train one model on one data set and score it (KDE NLL, RMSE)",
		Long:  helpText("train"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runTrain(cmd, g, o) },
	}
	c.Flags().StringVarP(&o.config, "config", "c", "", "YAML run config (required)")
	c.Flags().StringArrayVar(&o.sets, "set", nil, "override a config key, e.g. --set train.iterations=500 (repeatable)")
	c.Flags().Int64Var(&o.seed, "seed", -1, "seed for the split and the model (sets data.split_seed and train.seed)")
	c.Flags().StringVarP(&o.out, "out", "o", "", "run directory (default runs/<model>-<data>-s<seed>-<config hash>)")
	c.Flags().BoolVar(&o.resume, "resume", false, "continue the unfinished run in --out from its checkpoint (same config and overrides)")
	c.Flags().BoolVar(&o.overwrite, "overwrite", false, "replace the run --out holds (its result, checkpoint, error and log files are removed first)")
	staleFlag(c.Flags(), &o.stale)
	c.Flags().BoolVar(&o.restart, "restart", false, "discard the checkpoint and result in --out (e.g. a checkpoint refused as damaged or trained on other data) and train from the first iteration")
	c.Flags().StringVar(&o.variant, "variant", "", "name of the overrides this run stands for, recorded in result.json (e.g. beta=0.1)")
	_ = c.MarkFlagRequired("config")
	return c
}

func runTrain(cmd *cobra.Command, g *globalOpts, o *trainOpts) error {
	sets := o.sets
	switch {
	case cmd.Flags().Changed("seed") && o.seed < 0:
		return inputErr(fmt.Errorf("--seed %d: seeds are non-negative integers", o.seed))
	case o.resume && o.overwrite:
		return inputErr(fmt.Errorf("--resume and --overwrite exclude each other: --resume continues the run in --out, --overwrite replaces it"))
	case checkStale(o.stale) != nil:
		return inputErr(checkStale(o.stale))
	}
	if o.seed >= 0 {
		sets = append([]string{fmt.Sprintf("data.split_seed=%d", o.seed), fmt.Sprintf("train.seed=%d", o.seed)}, sets...)
	}
	cfg, locate, err := loadConfigSource(o.config, sets)
	if err != nil {
		return err
	}
	if err := cfg.AbsDataPath(); err != nil {
		return inputErr(fmt.Errorf("data.path %s: %v", cfg.Data.Path, err))
	}
	out := o.out
	if out == "" {
		out = train.DefaultRunDir(cfg)
	}
	lock, err := claimRunDir(out, o)
	if err != nil {
		return err
	}
	defer lock.Release()
	defer lock.OnLost(func() {
		fmt.Fprintf(g.stderr, "warning: the lock on %s was taken over by another process (this run was paused past its --stale); "+
			"both may now write the run: stop one of them\n", out)
	})()
	opts := train.Options{
		DataDir: resolveDataDir(g.dataDir, cfg.Data.Dir), OutDir: out, Log: g.stderr,
		TTY: train.IsTerminal(os.Stderr), Command: commandLine(), Version: version(), Quiet: g.quiet,
		Variant: o.variant, Resume: o.resume, Restart: o.restart,
	}
	opts.ResumeHint = resumeHint(os.Args, o.out == "", out, o.resume)
	res, err := train.Run(cmd.Context(), cfg, opts)
	if errors.Is(err, train.ErrComplete) {
		fmt.Fprintf(cmd.OutOrStdout(), "%s: the run is already complete (see %s); nothing to resume\n", out, filepath.Join(out, rundir.ResultFile))
		return nil
	}
	if err != nil {
		return locate(err) // a key found wrong with the data (model.m above the rows)
	}
	report.RunSummary(cmd.OutOrStdout(), res.Result)
	fmt.Fprintf(cmd.OutOrStdout(), "wrote %s and %s\n", filepath.Join(out, rundir.ResultFile), filepath.Join(out, rundir.CheckpointFile))
	if bad := res.Result.Metrics.NonFinite(); bad != "" {
		return fmt.Errorf("the run's %s is not finite (recorded as such in %s): the model's predictions overflow; try a smaller train.lr or check the data", bad, filepath.Join(out, rundir.ResultFile))
	}
	return nil
}

// claimRunDir takes --out's run lock (creating it), as `mgp sweep` does
// on its runs, and readies it for the run (rundir.Claim): --resume and
// --restart leave the run it holds to train.Run, --overwrite removes it
// (result.json first), and without them a directory that holds a run is
// refused. The errors are input errors (exit 2) that say how to recover.
func claimRunDir(dir string, o *trainOpts) (*runlock.Lock, error) {
	mode := rundir.Fresh
	switch {
	case o.resume || o.restart:
		mode = rundir.Continue
	case o.overwrite:
		mode = rundir.Overwrite
	}
	l, err := rundir.Claim(dir, mode, o.stale)
	if err != nil {
		return nil, claimErr(err, dir, o.stale)
	}
	return l, nil
}

// claimErr words rundir.Claim's error on dir in the flags' terms.
func claimErr(err error, dir string, stale time.Duration) error {
	var (
		ke *rundir.LockError
		he *rundir.HeldError
		ce *rundir.ClearError
	)
	switch {
	case errors.As(err, new(*rundir.NotDirError)):
		return inputErr(fmt.Errorf("--out %s is a file, not a directory: choose a directory for the run", dir))
	case errors.As(err, new(*runlock.LockedError)):
		return inputErr(fmt.Errorf("%w; another train or sweep is running there: wait for it, or choose another --out "+
			"(a holder that is gone is taken over once its heartbeat is older than --stale %s, or at once on its own host and PID namespace; "+
			"if you are sure it is gone, remove %s)", err, stale, filepath.Join(dir, rundir.LockFile)))
	case errors.As(err, &ke):
		return inputErr(fmt.Errorf("--out %s cannot be locked for the run: %v", dir, ke.Err))
	case errors.As(err, &he):
		return inputErr(fmt.Errorf("--out %s already holds %s: add --resume to continue it, --overwrite to replace it, or choose another --out", dir, he.What()))
	case errors.As(err, &ce):
		return fmt.Errorf("--overwrite: %v", ce.Err)
	}
	return err
}

// resumeHint is the command that continues an interrupted train run with
// command line args: the same command less --overwrite (the run to
// continue is the new one), with --out when it was the default, and with
// --resume.
func resumeHint(args []string, addOut bool, out string, resume bool) string {
	kept := make([]string, 0, len(args)+3)
	for _, a := range args {
		if a == "--overwrite" || strings.HasPrefix(a, "--overwrite=") {
			continue
		}
		kept = append(kept, a)
	}
	if addOut {
		kept = append(kept, "--out", out)
	}
	if !resume {
		kept = append(kept, "--resume")
	}
	return strings.Join(kept, " ")
}
