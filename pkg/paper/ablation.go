package paper

import (
	"fmt"
	"io"
	"math"

	"github.com/mgpteam/mgp/pkg/plot"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// AblationOptions say which runs of a sweep tree Ablation draws (the
// paper's Figs. 4-6) and where.
type AblationOptions struct {
	// Sweep is a sweep file whose tree, model, data sets, variants and
	// seeds to draw; the fields below override it.
	Sweep string
	// Runs is the sweep tree (default: the sweep file's out).
	Runs string
	// Model is the model whose runs to draw (default: the sweep file's
	// only model).
	Model string
	// Datasets are the data sets, one panel each, in this order.
	Datasets []string
	// Variants are the variants, one line each, in this order (default:
	// the sweep file's, or every one in the tree).
	Variants []string
	// Labels name the variants in the legend, in the order of Variants.
	Labels []string
	// Title goes above the panels (default: the sweep file's description).
	Title string
	// YMin and YMax fix the test-NLL axis; NaN fits that end to the data.
	YMin, YMax float64
	// Out is the PNG file to write.
	Out string
}

// ablationPanelW and ablationPanelH are the size of one data set's panel.
const (
	ablationPanelW = 4.2 * vg.Inch
	ablationPanelH = 3.2 * vg.Inch
)

// ablationPlan is what to draw: runs of model in tree, per data set and
// variant, restricted to seeds when seeds is not nil.
type ablationPlan struct {
	tree, model, title string
	datasets, variants []string
	labels             []string
	seeds              []uint64
	ymin, ymax         float64 // the test-NLL axis; NaN: fitted
}

// Ablation draws test NLL against iteration for the variants of one model
// in a sweep tree, one panel per data set, into o.Out, writes what it left
// out to stderr as notes and prints a table of the lines to stdout.
func Ablation(stdout, stderr io.Writer, o AblationOptions) error {
	p, err := planAblation(o)
	if err != nil {
		return inputErr(err)
	}
	curves, sums, notes, err := loadAblation(p)
	if err != nil {
		return inputErr(err)
	}
	g, err := ablationGrid(p, curves, sums)
	if err != nil {
		return inputErr(err)
	}
	if err := plot.SaveGridPNG(g, o.Out); err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintf(stderr, "note: %s\n", n)
	}
	printAblation(stdout, p, curves, sums)
	fmt.Fprintf(stdout, "wrote %s (%d panels, %d lines each)\n", o.Out, len(p.datasets), len(p.variants))
	return nil
}

// printAblation prints one row per line drawn: its runs and points, the
// last iteration with its traced and result NLL, and the lowest NLL.
func printAblation(w io.Writer, p *ablationPlan, curves [][]plot.Envelope, sums [][]lineSummary) {
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
}

// ablationFinalLabel names the end marks in the legend: each line's final
// score, the mean of its runs' result.json test NLL.
const ablationFinalLabel = "final score"

// ablationGrid lays out one panel per data set with one envelope per
// variant, a dot at the end of each line for its runs' final score (their
// own evaluation, not the traced checks the line draws), and the legend to
// the right of the panels, the panels widened when the title needs it.
func ablationGrid(p *ablationPlan, curves [][]plot.Envelope, sums [][]lineSummary) (*plot.Grid, error) {
	panels := make([]*gplot.Plot, len(p.datasets))
	titles := make([]string, len(p.datasets))
	for d, ds := range p.datasets {
		pl, err := plot.Envelopes("", "iteration", "test NLL", p.labels, curves[d])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ds, err)
		}
		finals := make([]float64, len(sums[d]))
		for v, s := range sums[d] {
			finals[v] = s.final
		}
		if err := plot.AddEndMarks(pl, ablationFinalLabel, curves[d], finals); err != nil {
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
