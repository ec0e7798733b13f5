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
		Short: "Plot the training traces of saved runs (test NLL or ELBO against iteration) to a PNG",
		Long: `trace draws one line per run from the trace of its result.json: the test NLL
recorded every train.eval_every iterations (--metric test_nll, the default) or
the training ELBO per data point (--metric elbo). A run directory may be given
instead of its result.json. Lines are labelled by the run directory's name.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return inputErr(fmt.Errorf("--out: give the PNG file to write"))
			}
			if metric != "test_nll" && metric != "elbo" {
				return inputErr(fmt.Errorf("--metric %q: use test_nll or elbo", metric))
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
				xs, ys := traceSeries(res.Trace, metric)
				if len(xs) == 0 {
					hint := "train with --set train.eval_every=N to record it"
					if metric == "elbo" {
						hint = "the run recorded no trace"
					}
					return inputErr(fmt.Errorf("%s: no %s in its trace (%s)", path, metric, hint))
				}
				name := filepath.Base(filepath.Dir(path))
				if _, dup := series[name]; dup {
					name = path
				}
				series[name] = [2][]float64{xs, ys}
			}
			ylabel := map[string]string{"test_nll": "test NLL (KDE)", "elbo": "ELBO per data point"}[metric]
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
	c.Flags().StringVar(&metric, "metric", "test_nll", "what to plot: test_nll or elbo")
	return c
}

// traceSeries returns the iterations and values of metric in a trace.
func traceSeries(tr []eval.TracePoint, metric string) (xs, ys []float64) {
	for _, p := range tr {
		switch {
		case metric == "elbo":
			xs, ys = append(xs, float64(p.Iter)), append(ys, p.ELBO)
		case p.TestNLL != nil:
			xs, ys = append(xs, float64(p.Iter)), append(ys, *p.TestNLL)
		}
	}
	return xs, ys
}
