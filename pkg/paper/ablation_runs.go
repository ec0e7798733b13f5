package paper

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// lineSummary is what mgp ablation prints of one line besides its curve.
type lineSummary struct {
	// final is the mean of the runs' result.json test NLL: their final
	// evaluation, which draws other samples than the trace and, under
	// held-out selection, scores the selected iteration.
	final float64
	// lowest is the mean over the runs of each run's lowest traced test
	// NLL, reached between iterations lowFrom and lowTo: far below the
	// last iteration's mean when the runs overfit late.
	lowest, lowFrom, lowTo float64
}

// summarise returns the lineSummary of a variant's runs from their traces
// and the mean of their result.json test NLL.
func summarise(series []plot.Series, final float64) lineSummary {
	ls := lineSummary{final: final, lowFrom: math.Inf(1), lowTo: math.Inf(-1)}
	for _, s := range series {
		best := 0
		for i, y := range s.Y {
			if y < s.Y[best] || math.IsNaN(s.Y[best]) {
				best = i
			}
		}
		ls.lowest += s.Y[best]
		ls.lowFrom, ls.lowTo = min(ls.lowFrom, s.X[best]), max(ls.lowTo, s.X[best])
	}
	ls.lowest /= float64(len(series))
	return ls
}

// loadAblation reads the runs of every (data set, variant) of p and
// summarises each as an envelope, curves[d][v] for p.datasets[d] and
// p.variants[v], and a lineSummary, sums[d][v]. The notes say what was
// left out (unfinished runs, seeds of the sweep not yet run, iterations
// not all runs evaluated). It fails when a (data set, variant) has no
// finished run or a run has no test NLL in its trace.
func loadAblation(p *ablationPlan) (curves [][]plot.Envelope, sums [][]lineSummary, notes []string, err error) {
	curves = make([][]plot.Envelope, len(p.datasets))
	sums = make([][]lineSummary, len(p.datasets))
	for d, ds := range p.datasets {
		for _, v := range p.variants {
			dir := rundir.VariantDir(p.tree, ds, p.model, v)
			series, final, seeds, unfinished, err := variantRuns(dir, p.seeds, ds, p.model)
			if err != nil {
				return nil, nil, nil, err
			}
			what := fmt.Sprintf("%s %s on %s", p.model, v, ds)
			if len(series) == 0 {
				if unfinished > 0 {
					return nil, nil, nil, fmt.Errorf("no finished runs of %s: %d run directories under %s, none with a result.json yet", what, unfinished, dir)
				}
				return nil, nil, nil, fmt.Errorf("no runs of %s: nothing in %s%s", what, dir, otherVariants(p.tree, ds, p.model))
			}
			if unfinished > 0 {
				notes = append(notes, fmt.Sprintf("%s: %d unfinished runs left out", what, unfinished))
			}
			if missing := missingSeeds(p.seeds, seeds); len(missing) > 0 {
				notes = append(notes, fmt.Sprintf("%s: no run for seeds %s", what, joinUints(missing)))
			}
			e, err := plot.NewEnvelope(series)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("%s (%s): %w", what, dir, err)
			}
			if len(e.Dropped) > 0 {
				notes = append(notes, fmt.Sprintf("%s: iterations %s left out: not every run has a finite test NLL there", what, joinFloats(e.Dropped)))
			}
			curves[d] = append(curves[d], e)
			sums[d] = append(sums[d], summarise(series, final))
		}
	}
	return curves, sums, notes, nil
}

// variantRuns reads the test-NLL traces of the finished runs in dir's seed
// directories (s<seed>, in increasing seed order), keeping only the given
// seeds when seeds is not nil, and the mean of their result.json test NLL
// (NaN without runs); it counts the seed directories without a
// result.json. A missing dir has no runs; a result of another data set or
// model than the tree says (ds, model) is an error.
func variantRuns(dir string, seeds []uint64, ds, model string) (series []plot.Series, final float64, found []uint64, unfinished int, err error) {
	unfinished, err = eachSeedResult(dir, seeds, ds, model, func(seed uint64, file string, r *results.Result) error {
		var s plot.Series
		for _, tp := range r.Trace {
			if tp.TestNLL != nil {
				s.X, s.Y = append(s.X, float64(tp.Iter)), append(s.Y, *tp.TestNLL)
			}
		}
		if len(s.X) == 0 {
			return &NoTraceError{File: file, Metric: "test NLL"}
		}
		series, found = append(series, s), append(found, seed)
		final += r.Metrics.NLL
		return nil
	})
	if err != nil {
		return nil, 0, nil, 0, err
	}
	if len(series) == 0 {
		return nil, math.NaN(), found, unfinished, nil
	}
	return series, final / float64(len(series)), found, unfinished, nil
}

// treeVariants returns every variant directory of model under the data
// sets of tree, in natural order (t2 before t10).
func treeVariants(tree, model string, datasets []string) ([]string, error) {
	var out []string
	for _, ds := range datasets {
		vs, err := rundir.Variants(tree, ds, model)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no runs of %s under %s for %s (looked for %s)", model, tree, strings.Join(datasets, ", "),
			filepath.Join(rundir.VariantDir(tree, "<dataset>", model, "<variant>"), "s<seed>", "result.json"))
	}
	slices.SortFunc(out, naturalCompare)
	return out, nil
}

// otherVariants lists, for an error message, the variants the tree does
// hold for model on ds.
func otherVariants(tree, ds, model string) string {
	vs, err := treeVariants(tree, model, []string{ds})
	if err != nil {
		return fmt.Sprintf(" (no runs of %s on %s at all under %s)", model, ds, tree)
	}
	return fmt.Sprintf(" (variants there: %s)", strings.Join(vs, ", "))
}

// missingSeeds returns the seeds of want not in got (nil want: none).
func missingSeeds(want, got []uint64) []uint64 {
	var out []uint64
	for _, s := range want {
		if !slices.Contains(got, s) {
			out = append(out, s)
		}
	}
	return out
}
