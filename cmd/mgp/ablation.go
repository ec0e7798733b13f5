package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/cobra"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// ablationOpts are the flags of mgp ablation.
type ablationOpts struct {
	runs, sweepFile, model, title, out string
	datasets, variants, labels         []string
	ymin, ymax                         float64
}

// ablationPanelW and ablationPanelH are the size of one data set's panel.
const (
	ablationPanelW = 4.2 * vg.Inch
	ablationPanelH = 3.2 * vg.Inch
)

func newAblationCmd(_ *globalOpts) *cobra.Command {
	o := &ablationOpts{}
	c := &cobra.Command{
		Use:   "ablation (--sweep SWEEP.yaml | --runs DIR --model M --datasets A,B) -o FIG.png",
		Short: "Draw test NLL against iteration for the variants of a sweep tree (the paper's Figs. 4-6)",
		Long: `ablation draws one panel per data set, side by side, and in each one line per
variant of one model: the mean over the runs (seeds) of the test NLL at each
evaluated iteration, with a shaded band from their minimum to their maximum. The
test NLL (original y scale) comes from the trace of each run's result.json, which
records it every train.eval_every iterations; a run trained without it is an error.
Only the iterations every run of a variant evaluated are drawn.

The table it prints gives, per line, the mean traced test NLL at the last drawn
iteration, the mean of the runs' result.json test NLL ("result NLL"), and the
mean of each run's lowest traced test NLL ("lowest") with the iterations where
the runs reached it ("at iter"; far below the last iteration's when runs overfit
late). The first two differ a little even at the same iteration: the final
evaluation draws its own samples, and a run with held-out selection scores its
selected iteration.

The runs are read from a sweep tree, <runs>/<dataset>/<model>/<variant>/s<seed>/.
--sweep takes the tree (out), the model, the data sets, the variants and the seeds
from a sweep file; --runs, --model, --datasets and --variants override it. Without
--sweep, --runs, --model and --datasets are needed and --variants defaults to every
variant found. --labels names the variants in the legend, in the same order.
--ymin and --ymax fix the test-NLL axis of every panel (the lines and bands are
clipped to it), e.g. to see the other lines beside one run that blew up.

  mgp ablation --sweep configs/sweeps/figure4.yaml --labels "T = 2,T = 4,T = 6" -o results/figures/figure4.png
  mgp ablation --runs results/ablations/runs --model smgp --datasets concrete,naval --variants t2,t4 -o fig.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runAblation(cmd, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree, model, data sets, variants and seeds to draw")
	c.Flags().StringVar(&o.runs, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.model, "model", "", "model whose runs to draw (default: the sweep file's only model)")
	c.Flags().StringSliceVar(&o.datasets, "datasets", nil, "data sets, one panel each, in this order (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "variants, one line each, in this order (default: the sweep file's, or every one in the tree)")
	c.Flags().StringSliceVar(&o.labels, "labels", nil, "legend names of the variants, in the order of --variants (comma-separated)")
	c.Flags().StringVar(&o.title, "title", "", "title above the panels (default: the sweep file's description)")
	c.Flags().StringVarP(&o.out, "out", "o", "", "PNG file to write (required)")
	c.Flags().Float64Var(&o.ymin, "ymin", math.NaN(), "lower end of the test-NLL axis (default: fitted to the data)")
	c.Flags().Float64Var(&o.ymax, "ymax", math.NaN(), "upper end of the test-NLL axis (default: fitted to the data)")
	return c
}

// ablationPlan is what to draw: runs of model in tree, per data set and
// variant, restricted to seeds when seeds is not nil.
type ablationPlan struct {
	tree, model, title string
	datasets, variants []string
	labels             []string
	seeds              []uint64
	ymin, ymax         float64 // the test-NLL axis; NaN: fitted
}

func runAblation(cmd *cobra.Command, o *ablationOpts) error {
	if o.out == "" {
		return inputErr(fmt.Errorf("--out: give the PNG file to write"))
	}
	for _, name := range []string{"ymin", "ymax"} {
		if f := cmd.Flags().Lookup(name); f.Changed && f.Value.String() == "NaN" {
			return inputErr(fmt.Errorf("--%s NaN: give a number, or leave the flag out to fit the axis to the data", name))
		}
	}
	p, err := planAblation(o)
	if err != nil {
		return inputErr(err)
	}
	curves, sums, notes, err := loadAblation(p)
	if err != nil {
		return inputErr(err)
	}
	g, err := ablationGrid(p, curves)
	if err != nil {
		return inputErr(err)
	}
	if err := plot.SaveGridPNG(g, o.out); err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintf(cmd.ErrOrStderr(), "note: %s\n", n)
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "%-12s %-16s %4s %7s %12s %12s %12s %12s %s\n", "dataset", "variant", "runs", "points", "last iter", "traced NLL", "result NLL", "lowest", "at iter")
	for d, ds := range p.datasets {
		for v, name := range p.variants {
			e, s := curves[d][v], sums[d][v]
			last := len(e.X) - 1
			at := fmt.Sprintf("%.0f", s.lowFrom)
			if s.lowTo != s.lowFrom {
				at += fmt.Sprintf("-%.0f", s.lowTo)
			}
			fmt.Fprintf(w, "%-12s %-16s %4d %7d %12.0f %12.4f %12.4f %12.4f %s\n", ds, name, e.N, len(e.X), e.X[last], e.Mean[last], s.final, s.lowest, at)
		}
	}
	fmt.Fprintf(w, "wrote %s (%d panels, %d lines each)\n", o.out, len(p.datasets), len(p.variants))
	return nil
}

// planAblation resolves the flags, and the sweep file when given, into
// what to draw.
func planAblation(o *ablationOpts) (*ablationPlan, error) {
	if err := checkYRange(o.ymin, o.ymax); err != nil {
		return nil, err
	}
	p := &ablationPlan{tree: o.runs, model: o.model, title: o.title, datasets: o.datasets, variants: o.variants, ymin: o.ymin, ymax: o.ymax}
	if o.sweepFile != "" {
		spec, err := sweep.ReadSpec(o.sweepFile)
		if err != nil {
			return nil, err
		}
		if p.tree == "" {
			p.tree = spec.Out
		}
		switch {
		case p.model == "" && len(spec.Models) == 1:
			p.model = spec.Models[0]
		case p.model == "":
			return nil, fmt.Errorf("--model: %s has models %s; name the one to draw", o.sweepFile, strings.Join(spec.Models, ", "))
		case !slices.Contains(spec.Models, p.model):
			return nil, fmt.Errorf("--model %s: %s has models %s", p.model, o.sweepFile, strings.Join(spec.Models, ", "))
		}
		if p.datasets == nil {
			p.datasets = spec.Datasets
		}
		if p.variants == nil {
			p.variants = specVariants(spec, p.model)
		}
		if p.title == "" {
			p.title = spec.Description
		}
		p.seeds = spec.Seeds
	}
	switch {
	case p.tree == "":
		return nil, fmt.Errorf("--runs: give the sweep tree (or --sweep FILE)")
	case p.model == "":
		return nil, fmt.Errorf("--model: name the model whose runs to draw")
	case len(p.datasets) == 0:
		return nil, fmt.Errorf("--datasets: name the data sets to draw, one panel each")
	}
	if err := distinctNames("--datasets", p.datasets); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(p.tree); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("--runs %s: no such directory (run the sweep first)", p.tree)
	}
	if p.variants == nil {
		vs, err := treeVariants(p.tree, p.model, p.datasets)
		if err != nil {
			return nil, err
		}
		p.variants = vs
	}
	if err := distinctNames("--variants", p.variants); err != nil {
		return nil, err
	}
	p.labels = p.variants
	if o.labels != nil {
		if len(o.labels) != len(p.variants) {
			return nil, fmt.Errorf("--labels: %d labels for %d variants (%s)", len(o.labels), len(p.variants), strings.Join(p.variants, ", "))
		}
		p.labels = o.labels
	}
	if p.title == "" {
		p.title = strings.ToUpper(p.model) + ": test NLL against iteration"
	}
	return p, nil
}

// specVariants returns the names of the variants spec runs for model, in
// the file's order ("default" when it lists none).
func specVariants(spec *sweep.Spec, model string) []string {
	var out []string
	for _, v := range spec.Variants {
		if len(v.Models) == 0 || slices.Contains(v.Models, model) {
			out = append(out, v.Name)
		}
	}
	if len(spec.Variants) == 0 {
		out = []string{sweep.DefaultVariant}
	}
	return out
}

// distinctNames refuses empty or repeated names in a list flag.
func distinctNames(flag string, xs []string) error {
	for i, x := range xs {
		if strings.TrimSpace(x) == "" {
			return fmt.Errorf("%s: empty name at position %d", flag, i+1)
		}
		if slices.Contains(xs[:i], x) {
			return fmt.Errorf("%s: %q appears twice", flag, x)
		}
	}
	return nil
}

// ablationGrid lays out one panel per data set with one envelope per
// variant and the legend to the right of the panels, the panels widened
// when the title needs it.
func ablationGrid(p *ablationPlan, curves [][]plot.Envelope) (*plot.Grid, error) {
	panels := make([]*gplot.Plot, len(p.datasets))
	titles := make([]string, len(p.datasets))
	for d, ds := range p.datasets {
		pl, err := plot.Envelopes("", "iteration", "test NLL", p.labels, curves[d])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ds, err)
		}
		if !math.IsNaN(p.ymin) {
			pl.Y.Min = p.ymin
		}
		if !math.IsNaN(p.ymax) {
			pl.Y.Max = p.ymax
		}
		panels[d] = pl
		titles[d] = ds + " (" + runCounts(curves[d]) + ")"
	}
	leg := panels[0].Legend
	g := &plot.Grid{
		Title:     p.title,
		ColTitles: titles,
		Panels:    [][]*gplot.Plot{panels},
		Legend:    &leg,
		PanelW:    ablationPanelW,
		PanelH:    ablationPanelH,
	}
	return g, g.FitTitle()
}

// checkYRange refuses an axis end that is infinite, or a --ymin not below
// --ymax; NaN (the flag's default) leaves that end to the data.
func checkYRange(lo, hi float64) error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"--ymin", lo}, {"--ymax", hi}} {
		if math.IsInf(f.v, 0) {
			return fmt.Errorf("%s %v: give a finite value, or leave it out to fit the axis to the data", f.name, f.v)
		}
	}
	if lo >= hi {
		return fmt.Errorf("--ymin %v, --ymax %v: the lower end must be below the upper", lo, hi)
	}
	return nil
}

// runCounts says how many runs each line of a panel averages: "n = 3", or
// "n = 2-3" when the lines differ.
func runCounts(es []plot.Envelope) string {
	lo, hi := es[0].N, es[0].N
	for _, e := range es[1:] {
		lo, hi = min(lo, e.N), max(hi, e.N)
	}
	if lo == hi {
		return fmt.Sprintf("n = %d", lo)
	}
	return fmt.Sprintf("n = %d-%d", lo, hi)
}
