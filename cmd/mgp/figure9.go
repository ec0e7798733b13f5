package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// figure9Opts are the flags of mgp figure9.
type figure9Opts struct {
	runs             []string
	sweepFile        string
	models, variants []string
	runSeed          int64
	samples, scale   int
	kind, title, out string
	seed             uint64
	partial          bool
}

func newFigure9Cmd(g *globalOpts) *cobra.Command {
	o := &figure9Opts{}
	c := &cobra.Command{
		Use:   "figure9 (--run DIR [--run DIR ...] | --sweep SWEEP.yaml) -o FIG.png",
		Short: "Draw generated images per label from image runs (the paper's Fig. 9, mnist)",
		Long:  helpText("figure9"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runFigure9(cmd, g, o) },
	}
	c.Flags().StringArrayVar(&o.runs, "run", nil, "run directory, one panel each (repeatable)")
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose headline runs to draw, one panel each")
	c.Flags().StringSliceVar(&o.models, "models", nil, "with --sweep, only these models (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "with --sweep, only these variants (comma-separated)")
	c.Flags().Int64Var(&o.runSeed, "run-seed", -1, "with --sweep, the seed of the runs to draw (default: the sweep's first)")
	c.Flags().IntVar(&o.samples, "samples", 8, "samples per label (columns)")
	c.Flags().StringVar(&o.kind, "kind", paper.KindY, "what each image is: y, f or mean (see above)")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "sampling seed")
	c.Flags().IntVar(&o.scale, "scale", 2, "image pixels per output (1-8)")
	c.Flags().StringVar(&o.title, "title", "", "title above the panels (default: what the images are and the seed)")
	c.Flags().BoolVar(&o.partial, "partial", false, "draw unfinished runs with their parameters as they are")
	c.Flags().StringVarP(&o.out, "out", "o", "", "PNG file to write (required)")
	return c
}

// runFigure9 checks the flags and draws the figure.
func runFigure9(cmd *cobra.Command, g *globalOpts, o *figure9Opts) error {
	if err := checkFigure9Opts(o); err != nil {
		return inputErr(err)
	}
	return paperErr(paper.Figure9(cmd.OutOrStdout(), cmd.ErrOrStderr(), paper.Figure9Options{
		RunDirs: o.runs, Sweep: o.sweepFile, Models: o.models, Variants: o.variants, RunSeed: o.runSeed,
		Samples: o.samples, Scale: o.scale, Kind: o.kind, Seed: o.seed, Title: o.title, Out: o.out,
		Open: runOpener(cmd, g, o.partial),
	}))
}

// checkFigure9Opts refuses bad flags before any run is read.
func checkFigure9Opts(o *figure9Opts) error {
	switch {
	case o.out == "":
		return fmt.Errorf("--out: give the PNG file to write")
	case len(o.runs) == 0 && o.sweepFile == "":
		return fmt.Errorf("give the runs to draw: --run DIR (repeatable) or --sweep FILE")
	case len(o.runs) > 0 && o.sweepFile != "":
		return fmt.Errorf("--run and --sweep: give one of them")
	case o.sweepFile == "" && (o.models != nil || o.variants != nil || o.runSeed >= 0):
		return fmt.Errorf("--models, --variants and --run-seed choose runs of a sweep: give --sweep FILE")
	case o.samples < 1 || o.samples > 100:
		return fmt.Errorf("--samples %d: want 1 to 100 samples per label", o.samples)
	case o.scale < 1 || o.scale > 8:
		return fmt.Errorf("--scale %d: want 1 to 8 image pixels per output", o.scale)
	case !slices.Contains([]string{paper.KindY, paper.KindF, paper.KindMean}, o.kind):
		return fmt.Errorf("--kind %q: use y, f or mean", o.kind)
	}
	if st, err := os.Stat(o.out); err == nil && st.IsDir() {
		return fmt.Errorf("--out %s is a directory: give the name of the PNG file to write", o.out)
	}
	return checkPictureOut(o.out)
}
