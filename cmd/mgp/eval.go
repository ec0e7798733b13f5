package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

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
			if cmd.Flags().Changed("samples") && o.samples < 2 {
				return inputErr(fmt.Errorf("--samples %d: the KDE needs at least 2 predictive samples per test point (the paper uses 200)", o.samples))
			}
			if cmd.Flags().Changed("seed") && o.seed < 0 {
				return inputErr(fmt.Errorf("--seed %d: seeds are non-negative integers", o.seed))
			}
			ck, exp, m, err := train.LoadRun(o.run, resolveDataDirForRun(g, o.run))
			if err != nil {
				return err
			}
			seed := ck.Config.Train.Seed
			if o.seed >= 0 {
				seed = uint64(o.seed)
			}
			met, err := train.Reevaluate(cmd.Context(), ck, exp, m, o.samples, seed)
			if err != nil {
				return err
			}
			res, err := eval.ReadResult(filepath.Join(o.run, train.ResultFile))
			if err != nil {
				res = &eval.Result{Model: ck.Config.ModelName(), Dataset: exp.Name, Split: exp.Split}
			}
			res.Metrics = met
			printMetrics(cmd.OutOrStdout(), res)
			if bad := nonFiniteMetrics(met); bad != "" {
				return fmt.Errorf("the re-evaluation gives a non-finite %s; nothing was written (a model whose predictions overflow, or too few samples for the KDE)", bad)
			}
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

// nonFiniteMetrics names the metrics that are NaN or infinite ("" if none).
func nonFiniteMetrics(m eval.Metrics) string {
	var bad []string
	for _, x := range []struct {
		name string
		v    float64
	}{{"NLL", m.NLL}, {"standardised NLL", m.NLLStd}, {"RMSE", m.RMSE}} {
		if math.IsNaN(x.v) || math.IsInf(x.v, 0) {
			bad = append(bad, x.name)
		}
	}
	if m.ExactNLL != nil && (math.IsNaN(*m.ExactNLL) || math.IsInf(*m.ExactNLL, 0)) {
		bad = append(bad, "exact NLL")
	}
	return strings.Join(bad, ", ")
}
