package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/report"
	"github.com/spf13/cobra"
)

func newRunsCmd(_ *globalOpts) *cobra.Command {
	var o paper.RunsOptions
	var iterations int
	c := &cobra.Command{
		Use:   "runs DIR...",
		Short: "List every run under the directories: test NLL, selection, last iteration and diagnostics",
		Long:  helpText("runs"),
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.CheckDiags = cmd.Flags().Changed("diag")
			if cmd.Flags().Changed("iterations") {
				o.Iterations = &iterations
			}
			return runsErr(paperErr(paper.Runs(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, o)))
		},
	}
	c.Flags().StringSliceVar(&o.Diags, "diag", paper.RunsDefaultDiags, "diagnostics to show (comma-separated keys of result.json's diagnostics; last:KEY for the last iteration's); by default those of these the runs report")
	c.Flags().BoolVar(&o.PerCell, "per-cell", false, "one row per (data set, model, variant, protocol): means over its runs")
	c.Flags().StringSliceVar(&o.Compare, "compare", nil, "one row per data set with these columns side by side (model or model/variant, comma-separated; the first is the baseline)")
	c.Flags().IntVar(&iterations, "iterations", 0, "only the runs of this many iterations")
	return c
}

// runsErr words report's refusals of --diag, --iterations and --compare
// (nil stays nil).
func runsErr(err error) error {
	var (
		de *report.DiagError
		ie *report.IterationsError
		se *report.DuplicateSeedError
	)
	switch {
	case errors.As(err, &se):
		return inputErr(reword(err, se, se.Error()+": give --iterations or fewer directories"))
	case errors.As(err, &de) && len(de.Have) == 0:
		return inputErr(fmt.Errorf("--diag %s: none of the runs reports diagnostics; give --diag \"\"", de.Diag))
	case errors.As(err, &de):
		return inputErr(fmt.Errorf("--diag %s: no run reports %q; the runs report %s", de.Diag, de.Key, strings.Join(de.Have, ", ")))
	case errors.As(err, &ie) && ie.N <= 0:
		return inputErr(fmt.Errorf("--iterations %d: give a positive number of iterations", ie.N))
	case errors.As(err, &ie):
		return inputErr(fmt.Errorf("--iterations %d: no run has %d iterations; the runs have %v", ie.N, ie.N, ie.Have))
	}
	return inputErr(err)
}
