package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot/vg"
)

// figure7Models is the paper's model order of Fig. 7.
var figure7Models = []string{"sgp", "hnn", "svhgp", "shgp", "mdn", "dagp", "smgp", "cvae", "gpcde", "slgp"}

// figure7Labels are the models' names on the figure.
var figure7Labels = map[string]string{"sgp": "SGP", "hnn": "HNN", "svhgp": "SVHGP", "shgp": "SHGP", "mdn": "MDN",
	"dagp": "DAGP", "smgp": "SMGP", "cvae": "CVAE", "gpcde": "GPCDE", "slgp": "SLGP"}

// figure7Opts are the flags of mgp figure7.
type figure7Opts struct {
	sweepFile, runs, dataset, variant, title, out string
	models                                        []string
}

func newFigure7Cmd(_ *globalOpts) *cobra.Command {
	o := &figure7Opts{}
	c := &cobra.Command{
		Use:   "figure7 (--sweep SWEEP.yaml | --runs DIR) [-o FIG.png]",
		Short: "Draw the per-run test NLL of each model as violins (the paper's Fig. 7, nytaxi)",
		Long: `figure7 draws, for each model in the paper's order (SGP, HNN, SVHGP, SHGP, MDN,
DAGP, SMGP, CVAE, GPCDE, SLGP), a violin of the test NLL (original scale) of its
runs: a Gaussian KDE of the per-run NLLs (Silverman's bandwidth) mirrored about
the model's position, with each run drawn as a point. A model with a single run
is drawn as its point alone (a density of one value would only show the
bandwidth).

The runs are read from a sweep tree, <runs>/<dataset>/<model>/<variant>/s<seed>/
result.json. --sweep takes the tree (out), the data set, the models and the seeds
from a sweep file; --runs, --dataset and --models override it. --variant picks the
variant drawn for every model (default paper); model=variant entries (e.g.
--variant paper,slgp=selected) give one model another. A model without finished
runs is left out with a note on stderr.

  mgp figure7 --sweep configs/sweeps/nytaxi-sample.yaml -o results/figures/figure7.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFigure7(cmd, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree, data set, models and seeds to draw")
	c.Flags().StringVar(&o.runs, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.dataset, "dataset", "", "data set (default: the sweep file's only one, else nytaxi)")
	c.Flags().StringSliceVar(&o.models, "models", nil, "models to draw, in the paper's order (default: the sweep file's, else all ten)")
	c.Flags().StringVar(&o.variant, "variant", "paper", "variant drawn for every model, and model=variant exceptions (comma-separated)")
	c.Flags().StringVar(&o.title, "title", "", "title (default: the data set and the number of runs)")
	c.Flags().StringVarP(&o.out, "out", "o", "results/figures/figure7.png", "PNG file to write")
	return c
}

// figure7Plan is what figure7 draws.
type figure7Plan struct {
	tree, dataset string
	models        []string
	variants      map[string]string // per model
	seeds         []uint64
}

func runFigure7(cmd *cobra.Command, o *figure7Opts) error {
	p, err := planFigure7(o)
	if err != nil {
		return inputErr(err)
	}
	var names []string
	var values [][]float64
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "%-7s %-10s %4s %12s %10s %12s %12s\n", "model", "variant", "runs", "mean NLL", "sd", "min", "max")
	runs := 0
	for _, m := range p.models {
		v := p.variants[m]
		nll, unfinished, err := figure7Runs(p, m, v)
		if err != nil {
			return inputErr(err)
		}
		if unfinished > 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: %s %s: %d unfinished runs left out\n", m, v, unfinished)
		}
		if len(nll) == 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: %s %s on %s: no finished runs; left out of the figure\n", m, v, p.dataset)
			continue
		}
		names, values = append(names, figure7Labels[m]), append(values, nll)
		runs += len(nll)
		sd := "–" // one run has no spread
		if len(nll) > 1 {
			sd = fmt.Sprintf("%.4f", stat.PopStdDev(nll, nil)) // population sd, as mgp table
		}
		fmt.Fprintf(w, "%-7s %-10s %4d %12.4f %10s %12.4f %12.4f\n", figure7Labels[m], v, len(nll), stat.Mean(nll, nil), sd,
			slices.Min(nll), slices.Max(nll))
	}
	if len(values) == 0 {
		return inputErr(fmt.Errorf("no finished runs of any model on %s under %s", p.dataset, p.tree))
	}
	title := o.title
	if title == "" {
		title = fmt.Sprintf("%s: test NLL per run (%d runs)", p.dataset, runs)
	}
	fig, err := plot.ViolinPlot(title, "test NLL (original scale)", names, values)
	if err != nil {
		return err
	}
	if err := plot.SavePNG(fig, vg.Length(max(6, 0.8*float64(len(names))))*vg.Inch, 4*vg.Inch, o.out); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s (%d models, %d runs)\n", o.out, len(names), runs)
	return nil
}

// planFigure7 resolves the flags and the sweep file into what to draw.
func planFigure7(o *figure7Opts) (*figure7Plan, error) {
	p := &figure7Plan{tree: o.runs, dataset: o.dataset, models: o.models}
	if o.sweepFile != "" {
		spec, err := sweep.ReadSpec(o.sweepFile)
		if err != nil {
			return nil, err
		}
		if p.tree == "" {
			p.tree = spec.Out
		}
		if p.dataset == "" && len(spec.Datasets) == 1 {
			p.dataset = spec.Datasets[0]
		}
		if p.models == nil {
			for _, m := range figure7Models {
				if slices.Contains(spec.Models, m) {
					p.models = append(p.models, m)
				}
			}
		}
		p.seeds = spec.Seeds
	}
	if p.tree == "" {
		return nil, fmt.Errorf("--runs: give the sweep tree (or --sweep FILE)")
	}
	if fi, err := os.Stat(p.tree); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("--runs %s: no such directory (run the sweep first)", p.tree)
	}
	if p.dataset == "" {
		p.dataset = "nytaxi"
	}
	if p.models == nil {
		p.models = figure7Models
	}
	if err := distinctNames("--models", p.models); err != nil {
		return nil, err
	}
	var order []string
	for _, m := range figure7Models {
		if slices.Contains(p.models, m) {
			order = append(order, m)
		}
	}
	for _, m := range p.models {
		if !slices.Contains(figure7Models, m) {
			return nil, fmt.Errorf("--models: %q is not one of Fig. 7's models (%s)", m, strings.Join(figure7Models, ", "))
		}
	}
	p.models = order
	vars, err := parseFigureVariants(o.variant, p.models)
	if err != nil {
		return nil, err
	}
	p.variants = vars
	return p, nil
}

// parseFigureVariants reads --variant: a default variant and model=variant
// exceptions, comma-separated; it returns every model's variant.
func parseFigureVariants(s string, models []string) (map[string]string, error) {
	def := ""
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		m, v, isPair := strings.Cut(part, "=")
		switch {
		case part == "":
			return nil, fmt.Errorf("--variant %q: empty entry", s)
		case !isPair && def != "":
			return nil, fmt.Errorf("--variant %q: two default variants (%s and %s)", s, def, part)
		case !isPair:
			def = part
		case !slices.Contains(models, m) || v == "":
			return nil, fmt.Errorf("--variant %q: %q names no model drawn (%s) or no variant", s, part, strings.Join(models, ", "))
		default:
			out[m] = v
		}
	}
	if def == "" {
		def = "paper"
	}
	for _, m := range models {
		if _, ok := out[m]; !ok {
			out[m] = def
		}
	}
	return out, nil
}
