package main

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// figure8Opts are the flags of mgp figure8.
type figure8Opts struct {
	sweepFile, tree, dataset, variant, out, title string
	runs                                          []string
	seed                                          int64
	samples                                       int
}

func newFigure8Cmd(g *globalOpts) *cobra.Command {
	o := &figure8Opts{}
	c := &cobra.Command{
		Use:   "figure8 (--sweep SWEEP.yaml [--seed S] | --run DIR ...) [-o FIG.png]",
		Short: "Draw maps of the test points' predictive densities at their pickup locations (the paper's Fig. 8, nytaxi)",
		Long:  helpText("figure8"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runFigure8(cmd, g, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree and seeds to draw from")
	c.Flags().StringVar(&o.tree, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.dataset, "dataset", "nytaxi", "data set in the sweep tree")
	c.Flags().StringVar(&o.variant, "variant", "paper", "variant drawn from the sweep tree")
	c.Flags().Int64Var(&o.seed, "seed", -1, "seed of the runs drawn from the sweep tree (default: the lowest whose four runs can all be drawn)")
	c.Flags().StringArrayVar(&o.runs, "run", nil, "run directory to draw (repeatable; instead of --sweep)")
	c.Flags().IntVar(&o.samples, "samples", 0, "predictive samples per test point (default: each run's eval.samples)")
	c.Flags().StringVar(&o.title, "title", "", "figure title (default: the data set and the seed)")
	c.Flags().StringVarP(&o.out, "out", "o", "results/figures/figure8.png", "PNG file to write")
	return c
}

// runFigure8 checks the flags and draws the figure.
func runFigure8(cmd *cobra.Command, g *globalOpts, o *figure8Opts) error {
	if cmd.Flags().Changed("samples") && o.samples < 2 {
		return inputErr(fmt.Errorf("--samples %d: the KDE needs at least 2 predictive samples per test point", o.samples))
	}
	switch {
	case len(o.runs) > 0 && (o.sweepFile != "" || o.tree != ""):
		return inputErr(errors.New("--run: give run directories or a sweep tree (--sweep/--runs), not both"))
	case len(o.runs) == 0 && o.sweepFile == "" && o.tree == "":
		return inputErr(errors.New("--sweep or --runs: give the sweep tree, or run directories with --run"))
	}
	if err := checkPictureOut(o.out); err != nil {
		return err
	}
	return paperErr(paper.Figure8(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), paper.Figure8Options{
		Sweep: o.sweepFile, Runs: o.tree, Dataset: o.dataset, Variant: o.variant, Seed: o.seed, RunDirs: o.runs,
		Samples: o.samples, Title: o.title, Out: o.out, Open: runOpener(cmd, g, false), Progress: progressTo(g, cmd),
	}))
}

// runOpener opens runs for the figures that evaluate them again: their
// data directory by the usual precedence, and an unfinished run refused,
// or drawn with a warning when partial (--partial).
func runOpener(cmd *cobra.Command, g *globalOpts, partial bool) paper.RunOpener {
	return paper.RunOpener{
		DataDir: func(dir string) string { return resolveDataDirForRun(g, dir) },
		CheckFinished: func(dir string, ck *checkpoint.Checkpoint) error {
			return checkFinished(cmd, dir, ck, partial, "draw")
		},
	}
}
