package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/spf13/cobra"
)

// defaultRunDiags are the diagnostics mgp runs shows unless told otherwise:
// whether the latent w carries information and what the noise terms did.
var defaultRunDiags = []string{"q_w_mean_spread", "noise_variance", "nu0", "kl_w_mean"}

func newRunsCmd(_ *globalOpts) *cobra.Command {
	var diags []string
	var perCell bool
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
variant, iterations) instead: the seeds, the test NLL's mean ± sd (population), the mean
last-iteration NLL and the mean of each diagnostic.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, le, err := loadResultDirs(args)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("diag") {
				if err := checkDiagKeys(files, diags); err != nil {
					return inputErr(err)
				}
			} else {
				diags = reportedDiags(files, diags)
			}
			rows := eval.RunRows(files, diags)
			if perCell {
				fmt.Fprint(cmd.OutOrStdout(), eval.MarkdownRunCells(eval.RunCells(rows), diags))
			} else {
				fmt.Fprint(cmd.OutOrStdout(), eval.MarkdownRuns(rows, diags))
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
	c.Flags().BoolVar(&perCell, "per-cell", false, "one row per (data set, model, variant, iterations): means over its runs")
	return c
}

// diagKeys returns the diagnostics any of the runs reports (selected or
// last iteration's).
func diagKeys(files []eval.ResultFile) map[string]bool {
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
func reportedDiags(files []eval.ResultFile, diags []string) []string {
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
func checkDiagKeys(files []eval.ResultFile, diags []string) error {
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
