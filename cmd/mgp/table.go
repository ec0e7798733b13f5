package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

func newTableCmd(_ *globalOpts) *cobra.Command {
	var asCSV bool
	c := &cobra.Command{
		Use:   "table DIR",
		Short: "Summarise a results directory: mean ± std over seeds, next to the paper's Table 3",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := eval.LoadResults(args[0])
			var le *eval.LoadError
			if err != nil && !errors.As(err, &le) {
				return inputErr(err)
			}
			if len(res) == 0 {
				return inputErr(fmt.Errorf("%s: no result files found", args[0]))
			}
			rows := eval.Summarise(res)
			if asCSV {
				fmt.Fprint(cmd.OutOrStdout(), eval.CSVTable(rows))
				return nil
			}
			fmt.Fprint(cmd.OutOrStdout(), eval.MarkdownTable(rows, eval.PaperTable3()))
			if le != nil {
				// Checkpoints sit beside results in every run directory.
				for _, f := range le.Files {
					if filepath.Base(f.Path) != train.CheckpointFile {
						fmt.Fprintf(cmd.ErrOrStderr(), "skipped %s: %v\n", f.Path, f.Err)
					}
				}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asCSV, "csv", false, "print CSV instead of Markdown")
	return c
}
