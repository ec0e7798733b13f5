package main

import (
	"fmt"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

type evalOpts struct {
	run     string
	samples int
	seed    int64
	write   bool
}

func newEvalCmd(g *globalOpts) *cobra.Command {
	o := &evalOpts{}
	c := &cobra.Command{
		Use:   "eval --run DIR",
		Short: "Re-score a saved run on its test set (KDE NLL, RMSE, exact NLL)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ck, exp, m, err := train.LoadRun(o.run, resolveDataDirForRun(g, o.run))
			if err != nil {
				return err
			}
			seed := ck.Config.Train.Seed
			if o.seed >= 0 {
				seed = uint64(o.seed)
			}
			met := train.Reevaluate(ck, exp, m, o.samples, seed)
			res, err := eval.ReadResult(filepath.Join(o.run, train.ResultFile))
			if err != nil {
				res = &eval.Result{Model: ck.Config.ModelName(), Dataset: exp.Name, Split: exp.Split}
			}
			res.Metrics = met
			printMetrics(cmd.OutOrStdout(), res)
			if o.write {
				if err := eval.WriteJSONAtomic(filepath.Join(o.run, train.ResultFile), res); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "updated %s\n", filepath.Join(o.run, train.ResultFile))
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.run, "run", "", "run directory written by mgp train (required)")
	c.Flags().IntVar(&o.samples, "samples", 0, "predictive samples per test point (default: the run's eval.samples)")
	c.Flags().Int64Var(&o.seed, "seed", -1, "sampling seed (default: the run's seed, which reproduces its result)")
	c.Flags().BoolVar(&o.write, "write", false, "store the new metrics in the run's result.json")
	_ = c.MarkFlagRequired("run")
	return c
}

// resolveDataDirForRun applies the data-dir precedence with the saved
// config's data.dir as the config value.
func resolveDataDirForRun(g *globalOpts, run string) string {
	ck, err := train.LoadCheckpoint(filepath.Join(run, train.CheckpointFile))
	if err != nil {
		return resolveDataDir(g.dataDir, "")
	}
	return resolveDataDir(g.dataDir, ck.Config.Data.Dir)
}
