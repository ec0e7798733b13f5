package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
	"github.com/spf13/cobra"
)

// defaultRunDiags are the diagnostics mgp runs shows unless told otherwise:
// whether the latent w carries information and what the noise terms did.
var defaultRunDiags = []string{"q_w_mean_spread", "noise_variance", "nu0", "kl_w_mean"}

type runsOpts struct {
	diags      []string
	perCell    bool
	compare    []string
	iterations int
}

func newRunsCmd(_ *globalOpts) *cobra.Command {
	o := &runsOpts{}
	c := &cobra.Command{
		Use:   "runs DIR...",
		Short: "List every run under the directories: test NLL, selection, last iteration and diagnostics",
		Long:  helpText("runs"),
		Args:  cobra.MinimumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runRuns(cmd, args, o) },
	}
	c.Flags().StringSliceVar(&o.diags, "diag", defaultRunDiags, "diagnostics to show (comma-separated keys of result.json's diagnostics; last:KEY for the last iteration's); by default those of these the runs report")
	c.Flags().BoolVar(&o.perCell, "per-cell", false, "one row per (data set, model, variant, protocol): means over its runs")
	c.Flags().StringSliceVar(&o.compare, "compare", nil, "one row per data set with these columns side by side (model or model/variant, comma-separated; the first is the baseline)")
	c.Flags().IntVar(&o.iterations, "iterations", 0, "only the runs of this many iterations")
	return c
}

// runRuns loads the result files under dirs, keeps the runs and
// diagnostics asked for and prints them in the layout asked for.
func runRuns(cmd *cobra.Command, dirs []string, o *runsOpts) error {
	if o.perCell && len(o.compare) > 0 {
		return inputErr(fmt.Errorf("--compare and --per-cell are two layouts: give one of them"))
	}
	files, le, err := paper.LoadResultDirs(dirs)
	if err != nil {
		return paperErr(err)
	}
	if cmd.Flags().Changed("iterations") {
		if files, err = report.FilterIterations(files, o.iterations); err != nil {
			return runsErr(err)
		}
	}
	diags := o.diags
	if cmd.Flags().Changed("diag") {
		if err := report.CheckDiags(files, diags); err != nil {
			return runsErr(err)
		}
	} else {
		diags = report.ReportedDiags(files, diags)
	}
	if slices.ContainsFunc(o.compare, func(c string) bool { return strings.HasSuffix(c, report.LastSuffix) }) {
		files = report.WithLastIterations(files)
	}
	rows := report.RunRows(files, diags)
	switch {
	case len(o.compare) > 0:
		cols, err := report.ParseCompareColumns(o.compare)
		table := ""
		if err == nil {
			table, err = report.CompareRuns(rows, cols, diags, values.Table3())
		}
		if err != nil {
			return runsErr(fmt.Errorf("--compare: %w", err))
		}
		fmt.Fprint(cmd.OutOrStdout(), table)
	case o.perCell:
		cells := report.RunCells(rows)
		fmt.Fprint(cmd.OutOrStdout(), report.MarkdownRunCells(cells, diags))
		for _, n := range report.RunCellNotes(cells) {
			fmt.Fprintln(cmd.ErrOrStderr(), n)
		}
	default:
		fmt.Fprint(cmd.OutOrStdout(), report.MarkdownRuns(rows, diags))
	}
	if le != nil {
		for _, line := range paper.FileErrors(le) {
			fmt.Fprintln(cmd.ErrOrStderr(), "skipped "+line)
		}
	}
	return nil
}

// runsErr words report's refusals of --diag, --iterations and --compare.
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
