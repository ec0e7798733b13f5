package main

import (
	"github.com/mgpteam/mgp/pkg/verify"
	"github.com/spf13/cobra"
)

func newVerifyCmd(g *globalOpts) *cobra.Command {
	o := &verify.Options{}
	c := &cobra.Command{
		Use:   "verify RUN|DIR... --out DIR",
		Short: "Re-train committed runs from their result.json with this binary and compare the numbers",
		Long:  helpText("verify"),
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Paths, o.Version, o.Command, o.Progress = args, version(), commandLine(), progressTo(g, cmd)
			o.DataDir = func(dir string) string { return resolveDataDir(g.dataDir, dir) }
			_, err := verify.Run(cmd.Context(), cmd.OutOrStdout(), *o)
			return sweepFlagError(err)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Out, "out", "", "scratch directory for the re-runs and the reports (required; never inside results/)")
	f.IntVar(&o.PerCell, "per-cell", 0, "re-run this many runs of each data set/model/variant, the oldest binary (recorded date) first (0: all)")
	f.StringVar(&o.Headline, "headline", "", "only the runs of the headline rows of this sweep file, e.g. configs/sweeps/table3.yaml")
	f.DurationVar(&o.Budget, "budget", 0, "keep the sample within this single-core time by the sweep's cost model, e.g. 2h (0: no limit)")
	f.IntVar(&o.Iterations, "iterations", 0, "re-train only the first N iterations and compare the trace up to N (0: the whole run)")
	f.Float64Var(&o.Tolerance, "tolerance", verify.DefaultTolerance, "within tolerance: |new - old| <= this · max(1, |old|) for every number")
	f.BoolVar(&o.DryRun, "dry-run", false, "list the runs with their plan and estimated cost; run nothing")
	f.IntVarP(&o.Jobs, "jobs", "j", 1, "re-runs at once, one BLAS thread each")
	f.StringArrayVar(&o.Costs, "costs", []string{"results"}, "directories of result files, or cost files (*.json), for the cost estimate (as mgp sweep)")
	staleFlag(f, &o.Stale)
	markRequired(c, "out")
	return c
}
