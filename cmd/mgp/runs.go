package main

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/spf13/cobra"
)

// defaultRunDiags are the diagnostics mgp runs shows unless told otherwise:
// whether the latent w carries information and what the noise terms did.
var defaultRunDiags = []string{"q_w_mean_spread", "noise_variance", "nu0", "kl_w_mean"}

func newRunsCmd(_ *globalOpts) *cobra.Command {
	var diags []string
	c := &cobra.Command{
		Use:   "runs DIR...",
		Short: "List every run under the directories: test NLL, selection, last iteration and diagnostics",
		Long: `List every result.json under the DIRs, one Markdown row per run, ordered by
data set, model, variant and seed: the iterations, the reported test NLL (the
selected one for runs with train.validation), the selected iteration and the
last iteration's test NLL, the RMSE, the diagnostics named by --diag ("–"
where a run has none; those of the selected parameters, or of the last
iteration when written last:NAME) and the number of warnings. Where mgp table pools the
seeds, this shows each of them.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, le, err := loadResultDirs(args)
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), eval.MarkdownRuns(eval.RunRows(files, diags), diags))
			if le != nil {
				for _, line := range fileErrors(le) {
					fmt.Fprintln(cmd.ErrOrStderr(), "skipped "+line)
				}
			}
			return nil
		},
	}
	c.Flags().StringSliceVar(&diags, "diag", defaultRunDiags, "diagnostics to show (comma-separated keys of result.json's diagnostics; last:KEY for the last iteration's)")
	return c
}
