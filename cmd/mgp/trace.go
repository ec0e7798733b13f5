package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

func newTraceCmd(_ *globalOpts) *cobra.Command {
	var out, metric, title string
	var ymax float64
	var table bool
	var columns []string
	c := &cobra.Command{
		Use:   "trace RESULT.json [RESULT.json ...]",
		Short: "Plot the training traces of saved or running runs (test NLL, validation NLL, ELBO or a diagnostic against iteration) to a PNG, or list them as a table",
		Long:  helpText("trace"),
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			fl := cmd.Flags()
			switch {
			case table && out != "":
				return inputErr(fmt.Errorf("--table prints to standard output: give it or --out, not both"))
			case table && (fl.Changed("metric") || fl.Changed("ymax") || fl.Changed("title")):
				return inputErr(fmt.Errorf("--metric, --ymax and --title are for the plot: with --table, --columns says what to list"))
			case table:
				return paperErr(paper.TraceTable(cmd.OutOrStdout(), args, columns))
			case fl.Changed("columns"):
				return inputErr(fmt.Errorf("--columns is for --table: the plot draws one --metric"))
			case out == "":
				return inputErr(fmt.Errorf("--out: give the PNG file to write (or --table for a Markdown table)"))
			case checkPictureOut(out) != nil:
				return checkPictureOut(out)
			case math.IsNaN(ymax) || ymax < 0 || math.IsInf(ymax, 0):
				return inputErr(fmt.Errorf("--ymax %v: give a finite number, 0 or more (0: no cut)", ymax))
			}
			err := paper.Trace(cmd.OutOrStdout(), args, paper.TraceOptions{Metric: metric, Title: title, YMax: ymax, Out: out})
			var nt *paper.NoTraceError
			if errors.As(err, &nt) {
				hint, ok := map[string]string{"test_nll": "train with --set train.eval_every=N to record it",
					"val_nll": "train with --set train.validation=0.1 to record it", "elbo": "the run recorded no trace"}[metric]
				if !ok {
					hint = "--metric: use test_nll, val_nll, elbo, or a diagnostic the model records every train.eval_every iterations, such as noise_variance"
				}
				return inputErr(fmt.Errorf("%v (%s)", nt, hint))
			}
			return paperErr(err)
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "PNG file to write (required)")
	c.Flags().StringVar(&metric, "metric", "test_nll", "what to plot: test_nll, val_nll, elbo or a traced diagnostic (noise_variance, kl_w_mean, dead_relu_post_layer1, ...)")
	c.Flags().StringVar(&title, "title", "", "title above the plot")
	c.Flags().Float64Var(&ymax, "ymax", 0, "upper end of the y axis (0: fit every value)")
	c.Flags().BoolVar(&table, "table", false, "print a Markdown table per run instead of a plot: one row per evaluated trace point, one column per --columns name")
	c.Flags().StringSliceVar(&columns, "columns", []string{"test_nll", "elbo"}, "with --table: the traced values to list, in order (test_nll, val_nll, elbo, diagnostics such as noise_variance), or all")
	return c
}
