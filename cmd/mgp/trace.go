package main

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
)

func newTraceCmd(_ *globalOpts) *cobra.Command {
	var out, metric, title string
	var ymax float64
	c := &cobra.Command{
		Use:   "trace RESULT.json [RESULT.json ...]",
		Short: "Plot the training traces of saved runs (test NLL, validation NLL or ELBO against iteration) to a PNG",
		Long: `trace draws one line per run from the trace of its result.json: the test NLL
recorded every train.eval_every iterations (--metric test_nll, the default), the
held-out validation NLL of runs with train.validation (--metric val_nll), or the
training ELBO per data point (--metric elbo). A run directory may be given
instead of its result.json. Lines are labelled by the run directory's name, or,
when names repeat (a sweep's s0, s1, ...), by the part of the path after the
directories all runs share. --ymax cuts the y axis, so that one run that
explodes does not flatten the others.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return inputErr(fmt.Errorf("--out: give the PNG file to write"))
			}
			if metric != "test_nll" && metric != "elbo" && metric != "val_nll" {
				return inputErr(fmt.Errorf("--metric %q: use test_nll, val_nll or elbo", metric))
			}
			if math.IsNaN(ymax) || ymax < 0 || math.IsInf(ymax, 0) {
				return inputErr(fmt.Errorf("--ymax %v: give a positive number (0: no cut)", ymax))
			}
			series := map[string][2][]float64{}
			paths := make([]string, len(args))
			for i, a := range args {
				paths[i] = a
				if !strings.HasSuffix(a, ".json") {
					paths[i] = filepath.Join(a, "result.json")
				}
			}
			labels := traceLabels(paths)
			for i, file := range paths {
				res, err := results.ReadResult(file)
				if err != nil {
					return inputErr(fmt.Errorf("%s: %w", file, err))
				}
				xs, ys := traceSeries(res, metric)
				if len(xs) == 0 {
					hint := map[string]string{"test_nll": "train with --set train.eval_every=N to record it",
						"val_nll": "train with --set train.validation=0.1 to record it", "elbo": "the run recorded no trace"}[metric]
					return inputErr(fmt.Errorf("%s: no %s in its trace (%s)", file, metric, hint))
				}
				series[labels[i]] = [2][]float64{xs, ys}
			}
			ylabel := map[string]string{"test_nll": "test NLL (KDE)", "val_nll": "validation NLL (KDE)", "elbo": "ELBO per data point"}[metric]
			p, err := plot.Lines(title, "iteration", ylabel, series)
			if err != nil {
				return inputErr(err)
			}
			if ymax != 0 {
				if ymax <= p.Y.Min {
					return inputErr(fmt.Errorf("--ymax %g: every value is above it (the lowest is %.4g)", ymax, p.Y.Min))
				}
				p.Y.Max = ymax
			}
			if err := plot.SavePNGLegendRight(p, 8*vg.Inch, 4.5*vg.Inch, out); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (%d runs)\n", out, len(series))
			return nil
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "PNG file to write (required)")
	c.Flags().StringVar(&metric, "metric", "test_nll", "what to plot: test_nll, val_nll or elbo")
	c.Flags().StringVar(&title, "title", "", "title above the plot")
	c.Flags().Float64Var(&ymax, "ymax", 0, "upper end of the y axis (0: fit every value)")
	return c
}

// traceLabels names each result file by its directory, or, when two
// directories share a name, by its path below the directories all share
// (without the trailing result.json).
func traceLabels(paths []string) []string {
	dirs := make([]string, len(paths))
	seen := map[string]bool{}
	unique := true
	for i, p := range paths {
		dirs[i] = filepath.ToSlash(filepath.Dir(filepath.Clean(p)))
		base := path.Base(dirs[i])
		unique = unique && !seen[base]
		seen[base] = true
	}
	out := make([]string, len(paths))
	if unique {
		for i, d := range dirs {
			out[i] = path.Base(d)
		}
		return out
	}
	common := strings.Split(dirs[0], "/")
	for _, d := range dirs[1:] {
		parts := strings.Split(d, "/")
		n := 0
		for n < len(common) && n < len(parts)-1 && common[n] == parts[n] {
			n++
		}
		common = common[:n]
	}
	for i, d := range dirs {
		parts := strings.Split(d, "/")
		k := min(len(common), len(parts)-1)
		out[i] = strings.Join(parts[k:], "/")
	}
	return out
}

// traceSeries returns the iterations and values of metric in a run's
// trace (val_nll: its held-out selection's trace).
func traceSeries(r *results.Result, metric string) (xs, ys []float64) {
	if metric == "val_nll" {
		if r.Selection != nil {
			for _, p := range r.Selection.Trace {
				xs, ys = append(xs, float64(p.Iter)), append(ys, p.NLL)
			}
		}
		return xs, ys
	}
	for _, p := range r.Trace {
		switch {
		case metric == "elbo":
			xs, ys = append(xs, float64(p.Iter)), append(ys, p.ELBO)
		case p.TestNLL != nil:
			xs, ys = append(xs, float64(p.Iter)), append(ys, *p.TestNLL)
		}
	}
	return xs, ys
}
