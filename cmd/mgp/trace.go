package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/eval/plot"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
)

func newTraceCmd(_ *globalOpts) *cobra.Command {
	var out, metric string
	c := &cobra.Command{
		Use:   "trace RESULT.json [RESULT.json ...]",
		Short: "Plot the training traces of saved runs (test NLL, validation NLL or ELBO against iteration) to a PNG",
		Long: `trace draws one line per run from the trace of its result.json: the test NLL
recorded every train.eval_every iterations (--metric test_nll, the default), the
held-out validation NLL of runs with train.validation (--metric val_nll), or the
training ELBO per data point (--metric elbo). A run directory may be given
instead of its result.json. Lines are labelled by the run directory's name.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return inputErr(fmt.Errorf("--out: give the PNG file to write"))
			}
			if metric != "test_nll" && metric != "elbo" && metric != "val_nll" {
				return inputErr(fmt.Errorf("--metric %q: use test_nll, val_nll or elbo", metric))
			}
			series := map[string][2][]float64{}
			for _, a := range args {
				path := a
				if !strings.HasSuffix(path, ".json") {
					path = filepath.Join(path, "result.json")
				}
				res, err := eval.ReadResult(path)
				if err != nil {
					return inputErr(fmt.Errorf("%s: %w", path, err))
				}
				xs, ys := traceSeries(res, metric)
				if len(xs) == 0 {
					hint := map[string]string{"test_nll": "train with --set train.eval_every=N to record it",
						"val_nll": "train with --set train.validation=0.1 to record it", "elbo": "the run recorded no trace"}[metric]
					return inputErr(fmt.Errorf("%s: no %s in its trace (%s)", path, metric, hint))
				}
				name := filepath.Base(filepath.Dir(path))
				if _, dup := series[name]; dup {
					name = path
				}
				series[name] = [2][]float64{xs, ys}
			}
			ylabel := map[string]string{"test_nll": "test NLL (KDE)", "val_nll": "validation NLL (KDE)", "elbo": "ELBO per data point"}[metric]
			p, err := plot.Lines("", "iteration", ylabel, series)
			if err != nil {
				return inputErr(err)
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
	return c
}

// traceSeries returns the iterations and values of metric in a run's
// trace (val_nll: its held-out selection's trace).
func traceSeries(r *eval.Result, metric string) (xs, ys []float64) {
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
