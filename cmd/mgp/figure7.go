package main

import (
	"errors"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// figure7Opts are the flags of mgp figure7.
type figure7Opts struct {
	sweepFile, runs, dataset, variant, title, out, seeds string
	models                                               []string
}

func newFigure7Cmd(_ *globalOpts) *cobra.Command {
	o := &figure7Opts{}
	c := &cobra.Command{
		Use:   "figure7 (--sweep SWEEP.yaml | --runs DIR) [-o FIG.png]",
		Short: "Draw the per-run test NLL of each model as violins (the paper's Fig. 7, nytaxi)",
		Long:  helpText("figure7"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runFigure7(cmd, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree, data set, models and seeds to draw")
	c.Flags().StringVar(&o.runs, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.dataset, "dataset", "", "data set (default: the sweep file's only one, else nytaxi)")
	c.Flags().StringSliceVar(&o.models, "models", nil, "models to draw, in the paper's order (default: the sweep file's, else all ten)")
	c.Flags().StringVar(&o.variant, "variant", "paper", "variant drawn for every model, and model=variant exceptions (comma-separated)")
	c.Flags().StringVar(&o.seeds, "seeds", "", "with --sweep, only the runs of these of the sweep's seeds, e.g. 0-5 or 0,3 (violins of one seed count while the sweep goes on; the title says so)")
	c.Flags().StringVar(&o.title, "title", "", "title (default: the data set, the number of runs and, with --seeds, the seeds)")
	c.Flags().StringVarP(&o.out, "out", "o", "results/figures/figure7.png", "PNG file to write")
	return c
}

// runFigure7 draws the figure the flags ask for.
func runFigure7(cmd *cobra.Command, o *figure7Opts) error {
	if o.runs == "" && o.sweepFile == "" {
		return inputErr(errors.New("--runs: give the sweep tree (or --sweep FILE)"))
	}
	if err := checkPictureOut(o.out); err != nil {
		return err
	}
	return paperErr(paper.Figure7(cmd.OutOrStdout(), cmd.ErrOrStderr(), paper.Figure7Options{
		Sweep: o.sweepFile, Runs: o.runs, Dataset: o.dataset, Models: o.models, Variant: o.variant, Seeds: o.seeds, Title: o.title, Out: o.out,
	}))
}
