package main

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/train"
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
		Long: `figure8 draws one map per run (SGP, SHGP, SMGP and SLGP from a sweep tree, or
the runs given with --run): every test point at its pickup (longitude, latitude)
in degrees, coloured by the log KDE predictive density, log p̂(y*), of its observed
duration y* in seconds (A-48), on one colour scale shared by the maps (the 1st to
99th percentile of all values; points beyond get the end colours).

The densities come from evaluating each run again exactly as training did (its
seed, its predictive, its eval.samples unless --samples): the mean of -log p̂(y*)
over the points is the run's test NLL, which is printed beside result.json's.
When it is, figure8 keeps the points in the run's figure8-points.csv, and a run
whose checkpoint is gone (checkpoints are not committed) is drawn from that file.

--sweep takes the tree (out) and the seeds from a sweep file, and draws
<out>/<dataset>/<model>/<variant>/s<seed> of each of the four models for the
lowest seed whose four runs can all be drawn (else the one with the most);
--runs, --seed and --variant (default paper) override it.

  mgp figure8 --sweep configs/sweeps/nytaxi-sample.yaml -o results/figures/figure8.png
  mgp figure8 --run runs/sgp-nytaxi-s0-ab12 --run runs/slgp-nytaxi-s0-cd34 -o fig8.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFigure8(cmd, g, o) },
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
		CheckFinished: func(dir string, ck *train.Checkpoint) error {
			return checkFinished(cmd, dir, ck, partial, "draw")
		},
	}
}
