package paper

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot/vg"
)

// Figure7Models is the paper's model order of Fig. 7: its ten models in
// Table 3's order (values.Models); the figure names each in capitals.
var Figure7Models = values.Models()

// figure7XLabel is Fig. 7's x axis title: one violin per model, the dots
// its runs.
const figure7XLabel = "model (dots: one run each)"

// Figure7Options say which runs Figure7 draws and where.
type Figure7Options struct {
	// Sweep is a sweep file whose tree, data set, models and seeds to
	// draw; the fields below override it.
	Sweep string
	// Runs is the sweep tree (default: the sweep file's out).
	Runs string
	// Dataset is the data set (default: the sweep file's only one, else
	// nytaxi).
	Dataset string
	// Models are the models to draw (default: the sweep file's, else all
	// ten); they are drawn in the paper's order.
	Models []string
	// Variant is the variant drawn for every model and model=variant
	// exceptions, comma-separated ("" or no default: paper).
	Variant string
	// Seeds, with Sweep, keeps only the runs of these of the sweep's
	// seeds (the sweep's syntax: "0-5" or "0,3"), so that every violin
	// counts the same seeds while the sweep goes on; "" draws them all.
	Seeds string
	// Title is the figure's title (default: the data set, the number of
	// runs and, with Seeds, the seeds).
	Title string
	// Out is the PNG file to write.
	Out string
}

// figure7Plan is what figure7 draws.
type figure7Plan struct {
	tree, dataset string
	models        []string
	variants      map[string]string // per model
	seeds         []uint64
}

// Figure7 draws the per-run test NLL of each model as violins (the
// paper's Fig. 7) into o.Out, printing one row per model to stdout and
// notes on the runs left out to stderr.
func Figure7(stdout, stderr io.Writer, o Figure7Options) error {
	p, err := planFigure7(o)
	if err != nil {
		return inputErr(err)
	}
	var names []string
	var values [][]float64
	fmt.Fprintf(stdout, "%-7s %-10s %4s %12s %10s %12s %12s\n", "model", "variant", "runs", "mean NLL", "sd", "min", "max")
	runs := 0
	for _, m := range p.models {
		v := p.variants[m]
		nll, unfinished, err := figure7Runs(p, m, v)
		if err != nil {
			return inputErr(err)
		}
		if unfinished > 0 {
			fmt.Fprintf(stderr, "note: %s %s: %d unfinished runs left out\n", m, v, unfinished)
		}
		if len(nll) == 0 {
			fmt.Fprintf(stderr, "note: %s %s on %s: no finished runs; left out of the figure\n", m, v, p.dataset)
			continue
		}
		names, values = append(names, models.Label(m)), append(values, nll)
		runs += len(nll)
		printFigure7Row(stdout, models.Label(m), v, nll)
	}
	if len(values) == 0 {
		return inputErr(fmt.Errorf("no finished runs of any model on %s under %s", p.dataset, p.tree))
	}
	title := o.Title
	if title == "" {
		title = fmt.Sprintf("%s: test NLL per run (%d runs)", p.dataset, runs)
		if o.Seeds != "" {
			which := "seeds"
			if len(p.seeds) == 1 {
				which = "seed"
			}
			title = fmt.Sprintf("%s: test NLL per run (%d runs, %s %s)", p.dataset, runs, which, seedRanges(p.seeds))
		}
	}
	fig, err := plot.ViolinPlot(title, figure7XLabel, "test NLL (original scale)", names, values)
	if err != nil {
		return err
	}
	if err := plot.SavePNG(fig, vg.Length(max(6, 0.8*float64(len(names))))*vg.Inch, 4*vg.Inch, o.Out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d models, %d runs)\n", o.Out, len(names), runs)
	return nil
}

// printFigure7Row prints a model's runs: their number, mean, population
// sd (as mgp table), minimum and maximum.
func printFigure7Row(w io.Writer, label, variant string, nll []float64) {
	sd := "–" // one run has no spread
	if len(nll) > 1 {
		sd = fmt.Sprintf("%.4f", stat.PopStdDev(nll, nil))
	}
	fmt.Fprintf(w, "%-7s %-10s %4d %12.4f %10s %12.4f %12.4f\n", label, variant, len(nll), stat.Mean(nll, nil), sd,
		slices.Min(nll), slices.Max(nll))
}

// figure7Runs returns the test NLL (original scale) of the finished runs
// of model's variant v in p's tree, in increasing seed order (only p.seeds
// when set), and the number of seed directories without a result.json. A
// run whose NLL is not finite, or whose result names another model or data
// set than its directory, is an error.
func figure7Runs(p *figure7Plan, model, v string) (nll []float64, unfinished int, err error) {
	dir := rundir.VariantDir(p.tree, p.dataset, model, v)
	unfinished, err = eachSeedResult(dir, p.seeds, p.dataset, model, func(_ uint64, file string, r *results.Result) error {
		if math.IsNaN(r.Metrics.NLL) || math.IsInf(r.Metrics.NLL, 0) {
			return fmt.Errorf("%s: test NLL %v is not finite", file, r.Metrics.NLL)
		}
		nll = append(nll, r.Metrics.NLL)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nll, unfinished, nil
}
