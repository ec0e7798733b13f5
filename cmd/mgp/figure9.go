package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/sweep"
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

// The kinds of image figure9 draws.
const (
	kindY    = "y"
	kindF    = "f"
	kindMean = "mean"
)

func newFigure9Cmd(g *globalOpts) *cobra.Command {
	o := &figure9Opts{}
	c := &cobra.Command{
		Use:   "figure9 (--run DIR [--run DIR ...] | --sweep SWEEP.yaml) -o FIG.png",
		Short: "Draw generated images per label from image runs (the paper's Fig. 9, mnist)",
		Long: `figure9 draws, for each run, one panel of generated images: one row per label
(the input with a 1 in that label's column and 0 elsewhere, the one-hot label of
mnist), one column per sample, each image the run's outputs reshaped row-major
into a square (784 outputs: 28 x 28) in grey levels, 0 black and 1 white, clipped
to [0, 1] (models.md §9.4, A-49). A run whose number of outputs is not a square
(or that has a single input) is not an image model and is refused.

--kind chooses what an image is:
  y     a predictive sample of y, noise included (the paper's Fig. 9; every model)
  f     a sample of the latent function f, without the noise (models with a
        latent f: SLGP, GPCDE, SGP, ...; not CVAE)
  mean  the mean of one mixture component of the predictive: the GP's mean at
        one draw of w for SLGP and GPCDE, the decoder's mean for CVAE; no noise
        and no GP variance

Samples are the model's own draws (w from p(w | x)), every panel's from a
generator seeded by --seed alone, so that a panel does not depend on the others
and the same command draws the same figure. Each panel is titled with the run's model, d_w
and iterations.

--sweep takes the panels from a sweep file: one per headline row (in its order;
every model and variant of the sweep when it declares none) at the sweep's first
seed (--run-seed another) on its data set, read from its tree; --models and
--variants keep only those.

  mgp figure9 --sweep configs/sweeps/mnist-short.yaml -o results/figures/figure9.png
  mgp figure9 --run runs/mnist/slgp/dw2/s0 --run runs/mnist/slgp/dw16/s0 --samples 10 -o fig9.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFigure9(cmd, g, o) },
	}
	c.Flags().StringArrayVar(&o.runs, "run", nil, "run directory, one panel each (repeatable)")
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose headline runs to draw, one panel each")
	c.Flags().StringSliceVar(&o.models, "models", nil, "with --sweep, only these models (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "with --sweep, only these variants (comma-separated)")
	c.Flags().Int64Var(&o.runSeed, "run-seed", -1, "with --sweep, the seed of the runs to draw (default: the sweep's first)")
	c.Flags().IntVar(&o.samples, "samples", 8, "samples per label (columns)")
	c.Flags().StringVar(&o.kind, "kind", kindY, "what each image is: y, f or mean (see above)")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "sampling seed")
	c.Flags().IntVar(&o.scale, "scale", 2, "image pixels per output (1-8)")
	c.Flags().StringVar(&o.title, "title", "", "title above the panels (default: what the images are and the seed)")
	c.Flags().BoolVar(&o.partial, "partial", false, "draw unfinished runs with their parameters as they are")
	c.Flags().StringVarP(&o.out, "out", "o", "", "PNG file to write (required)")
	return c
}

func runFigure9(cmd *cobra.Command, g *globalOpts, o *figure9Opts) error {
	l, lines, err := drawFigure9(cmd, g, o)
	if err != nil {
		return err
	}
	if l.NaN > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: %d generated levels are NaN, drawn mid-grey\n", l.NaN)
	}
	w := cmd.OutOrStdout()
	for _, line := range lines {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "wrote %s (%d panels, %d samples per label, %s)\n", o.out, len(l.Sheets), o.samples, kindWords(o.kind))
	return nil
}

// drawFigure9 draws the figure o asks for into o.out and returns where its
// images are and one line per panel.
func drawFigure9(cmd *cobra.Command, g *globalOpts, o *figure9Opts) (plot.DigitLayout, []string, error) {
	if err := checkFigure9Opts(o); err != nil {
		return plot.DigitLayout{}, nil, inputErr(err)
	}
	dirs, err := figure9Dirs(o)
	if err != nil {
		return plot.DigitLayout{}, nil, inputErr(err)
	}
	f := &plot.DigitFigure{Title: o.title, Scale: o.scale}
	var lines []string
	for _, dir := range dirs {
		p, err := figure9Panel(cmd, g, dir, o)
		if err != nil {
			return plot.DigitLayout{}, nil, err
		}
		if f.Side != 0 && p.side != f.Side {
			return plot.DigitLayout{}, nil, inputErr(fmt.Errorf("--run %s: %d x %d images, the first run's are %d x %d: draw runs of one data set", dir, p.side, p.side, f.Side, f.Side))
		}
		f.Side = p.side
		f.Panels = append(f.Panels, p.panel)
		lines = append(lines, p.line)
	}
	if f.Title == "" {
		f.Title = figure9Title(o)
	}
	l, err := plot.SaveDigitsPNG(f, o.out)
	if err != nil {
		return plot.DigitLayout{}, nil, fmt.Errorf("figure9: %w", err)
	}
	return l, lines, nil
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
	case !slices.Contains([]string{kindY, kindF, kindMean}, o.kind):
		return fmt.Errorf("--kind %q: use y, f or mean", o.kind)
	}
	if st, err := os.Stat(o.out); err == nil && st.IsDir() {
		return fmt.Errorf("--out %s is a directory: give the name of the PNG file to write", o.out)
	}
	return nil
}

// figure9Dirs lists the run directories to draw, one panel each: --run's,
// or the sweep's headline runs.
func figure9Dirs(o *figure9Opts) ([]string, error) {
	if o.sweepFile == "" {
		return o.runs, nil
	}
	spec, err := sweep.ReadSpec(o.sweepFile)
	if err != nil {
		return nil, err
	}
	if len(spec.Datasets) != 1 {
		return nil, fmt.Errorf("%s: %d data sets (%s); figure9 draws the runs of one", o.sweepFile, len(spec.Datasets), strings.Join(spec.Datasets, ", "))
	}
	seed := spec.Seeds[0]
	if o.runSeed >= 0 {
		if !slices.Contains(spec.Seeds, uint64(o.runSeed)) {
			return nil, fmt.Errorf("--run-seed %d: %s runs seeds %v", o.runSeed, o.sweepFile, []uint64(spec.Seeds))
		}
		seed = uint64(o.runSeed)
	}
	type mv struct{ model, variant string }
	var pairs []mv
	for _, h := range spec.Headline {
		pairs = append(pairs, mv{h.Model, h.Variant})
	}
	if len(pairs) == 0 {
		for _, m := range spec.Models {
			for _, v := range specVariants(spec, m) {
				pairs = append(pairs, mv{m, v})
			}
		}
	}
	for _, x := range []struct {
		flag      string
		want, all []string
	}{{"--models", o.models, spec.Models}, {"--variants", o.variants, allVariants(spec)}} {
		for _, w := range x.want {
			if !slices.Contains(x.all, w) {
				return nil, fmt.Errorf("%s %s: %s has %s", x.flag, w, o.sweepFile, strings.Join(x.all, ", "))
			}
		}
	}
	plan, err := sweep.Expand(spec, func(string) bool { return true })
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, p := range pairs {
		if (o.models != nil && !slices.Contains(o.models, p.model)) || (o.variants != nil && !slices.Contains(o.variants, p.variant)) {
			continue
		}
		i := slices.IndexFunc(plan.Runs, func(r sweep.Run) bool {
			return r.Model == p.model && r.Variant == p.variant && r.Seed == seed
		})
		if i < 0 {
			return nil, fmt.Errorf("%s: no run of %s, variant %s, seed %d", o.sweepFile, p.model, p.variant, seed)
		}
		dirs = append(dirs, plan.Runs[i].Dir)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%s: no run left to draw after --models and --variants", o.sweepFile)
	}
	return dirs, nil
}

// allVariants names every variant of spec ("default" when it lists none).
func allVariants(spec *sweep.Spec) []string {
	if len(spec.Variants) == 0 {
		return []string{sweep.DefaultVariant}
	}
	out := make([]string, len(spec.Variants))
	for i, v := range spec.Variants {
		out[i] = v.Name
	}
	return out
}

// kindWords says what the images are.
func kindWords(kind string) string {
	switch kind {
	case kindF:
		return "f-samples (no noise) clipped to [0, 1]"
	case kindMean:
		return "component means (no noise) clipped to [0, 1]"
	}
	return "y-samples clipped to [0, 1]"
}

// figure9Title is the default title: what the images are and the seed.
func figure9Title(o *figure9Opts) string {
	return fmt.Sprintf("Fig. 9: generated images per label, %s (sampling seed %d)", kindWords(o.kind), o.seed)
}
