package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/spf13/cobra"
)

// defaultRunDiags are the diagnostics mgp runs shows unless told otherwise:
// whether the latent w carries information and what the noise terms did.
var defaultRunDiags = []string{"q_w_mean_spread", "noise_variance", "nu0", "kl_w_mean"}

func newRunsCmd(_ *globalOpts) *cobra.Command {
	var diags []string
	var perCell bool
	var compare []string
	var iterations int
	c := &cobra.Command{
		Use:   "runs DIR...",
		Short: "List every run under the directories: test NLL, selection, last iteration and diagnostics",
		Long: `List every result.json under the DIRs, one Markdown row per run, ordered by
data set, model, variant and seed: the iterations, the reported test NLL (the
selected one for runs with train.validation), the selected iteration and the
last iteration's test NLL, the RMSE, the diagnostics named by --diag ("–"
where a run has none; those of the selected parameters, or of the last
iteration when written last:NAME) and the number of warnings. Where mgp table pools the
seeds, this shows each of them. With --per-cell, one row per (data set, model,
variant, protocol) instead, grouped as mgp table groups them but keeping
repeated seeds (a protocol part other than the iterations is named beside
them, e.g. "20000 (fixed split)"): the seeds, the test NLL's mean ± sd
(population), the mean
last-iteration NLL and the mean of each diagnostic.

With --compare A,B,..., one row per data set and the named columns side by side
(model or model/variant; the first is the baseline): each column's mean test NLL
with every seed's value, the number of shared seeds on which it beats the baseline,
each seed's diagnostics, and the paper's means for the columns' models. A variant
written with the suffix @last (slgp/recommended@last) is scored at the last iteration
instead of the held-out selected one. E.g.

  mgp runs results/table3/runs --compare sgp/paper,slgp/recommended,gpcde/paper-selected \
    --diag q_w_mean_spread`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if perCell && len(compare) > 0 {
				return inputErr(fmt.Errorf("--compare and --per-cell are two layouts: give one of them"))
			}
			files, le, err := loadResultDirs(args)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("iterations") {
				if files, err = filterIterations(files, iterations); err != nil {
					return inputErr(err)
				}
			}
			if cmd.Flags().Changed("diag") {
				if err := checkDiagKeys(files, diags); err != nil {
					return inputErr(err)
				}
			} else {
				diags = reportedDiags(files, diags)
			}
			if slices.ContainsFunc(compare, func(c string) bool { return strings.HasSuffix(c, report.LastSuffix) }) {
				files = report.WithLastIterations(files)
			}
			rows := report.RunRows(files, diags)
			switch {
			case len(compare) > 0:
				cols, err := report.ParseCompareColumns(compare)
				if err != nil {
					return inputErr(fmt.Errorf("--compare: %w", err))
				}
				table, err := report.CompareRuns(rows, cols, diags, report.PaperTable3())
				if err != nil {
					return inputErr(fmt.Errorf("--compare: %w", err))
				}
				fmt.Fprint(cmd.OutOrStdout(), table)
			case perCell:
				cells := report.RunCells(rows)
				fmt.Fprint(cmd.OutOrStdout(), report.MarkdownRunCells(cells, diags))
				for _, n := range report.RunCellNotes(cells) {
					fmt.Fprintln(cmd.ErrOrStderr(), n)
				}
			default:
				fmt.Fprint(cmd.OutOrStdout(), report.MarkdownRuns(rows, diags))
			}
			if le != nil {
				for _, line := range fileErrors(le) {
					fmt.Fprintln(cmd.ErrOrStderr(), "skipped "+line)
				}
			}
			return nil
		},
	}
	c.Flags().StringSliceVar(&diags, "diag", defaultRunDiags, "diagnostics to show (comma-separated keys of result.json's diagnostics; last:KEY for the last iteration's); by default those of these the runs report")
	c.Flags().BoolVar(&perCell, "per-cell", false, "one row per (data set, model, variant, protocol): means over its runs")
	c.Flags().StringSliceVar(&compare, "compare", nil, "one row per data set with these columns side by side (model or model/variant, comma-separated; the first is the baseline)")
	c.Flags().IntVar(&iterations, "iterations", 0, "only the runs of this many iterations")
	return c
}

// diagKeys returns the diagnostics any of the runs reports (selected or
// last iteration's).
func diagKeys(files []results.ResultFile) map[string]bool {
	have := map[string]bool{}
	for _, f := range files {
		for k := range f.Result.Diagnostics {
			have[k] = true
		}
		if s := f.Result.Selection; s != nil {
			for k := range s.LastDiagnostics {
				have[k] = true
			}
		}
	}
	return have
}

// reportedDiags keeps the names in diags that some run reports: the default
// columns, left out for runs (e.g. SGP's) that have none of them.
func reportedDiags(files []results.ResultFile, diags []string) []string {
	have := diagKeys(files)
	var out []string
	for _, d := range diags {
		if have[strings.TrimPrefix(d, "last:")] {
			out = append(out, d)
		}
	}
	return out
}

// checkDiagKeys refuses a --diag key that no run reports (a typo would
// otherwise print a column of dashes), listing the keys the runs have.
func checkDiagKeys(files []results.ResultFile, diags []string) error {
	have := diagKeys(files)
	for _, d := range diags {
		key := strings.TrimPrefix(d, "last:")
		if !have[key] {
			keys := slices.Sorted(maps.Keys(have))
			if len(keys) == 0 {
				return fmt.Errorf("--diag %s: none of the runs reports diagnostics; give --diag \"\"", d)
			}
			return fmt.Errorf("--diag %s: no run reports %q; the runs report %s", d, key, strings.Join(keys, ", "))
		}
	}
	return nil
}

// filterIterations keeps the runs of n iterations; n must be positive and
// match some run.
func filterIterations(files []results.ResultFile, n int) ([]results.ResultFile, error) {
	if n <= 0 {
		return nil, fmt.Errorf("--iterations %d: give a positive number of iterations", n)
	}
	var out []results.ResultFile
	have := map[int]bool{}
	for _, f := range files {
		have[f.Result.Iterations] = true
		if f.Result.Iterations == n {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--iterations %d: no run has %d iterations; the runs have %v", n, n, slices.Sorted(maps.Keys(have)))
	}
	return out, nil
}
