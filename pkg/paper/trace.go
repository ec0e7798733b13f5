package paper

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/plot/vg"
)

// The metrics Trace draws.
const (
	// MetricTestNLL is the test NLL recorded every train.eval_every
	// iterations.
	MetricTestNLL = "test_nll"
	// MetricValNLL is the held-out validation NLL of runs with
	// train.validation.
	MetricValNLL = "val_nll"
	// MetricELBO is the training ELBO per data point.
	MetricELBO = "elbo"
)

// TraceOptions say what Trace draws and where.
type TraceOptions struct {
	// Metric is MetricTestNLL, MetricValNLL, MetricELBO or the name of a
	// diagnostic traced with the test NLL (results.TracePoint.Diagnostics,
	// e.g. noise_variance).
	Metric string
	// Title goes above the plot.
	Title string
	// YMax cuts the y axis (0: fit every value).
	YMax float64
	// Out is the PNG file to write.
	Out string
}

// Trace draws one line per run from the trace of its result.json (a run
// directory stands for its result.json, or for its checkpoint's trace so
// far while it is unfinished: readTraceRun) into o.Out and prints what it
// wrote. A run without the metric is a *NoTraceError naming the metric.
func Trace(stdout io.Writer, runs []string, o TraceOptions) error {
	series := map[string][2][]float64{}
	rs, err := readTraceRuns(runs)
	if err != nil {
		return err
	}
	labels := traceLabels(runPaths(rs))
	for i, r := range rs {
		xs, ys := traceSeries(r.Res, o.Metric)
		if len(xs) == 0 {
			return inputErr(&NoTraceError{File: r.File, Metric: o.Metric})
		}
		if r.Unfinished {
			labels[i] += fmt.Sprintf(" (at %d of %d)", r.At, r.Of)
		}
		series[labels[i]] = [2][]float64{xs, ys}
	}
	ylabel, ok := map[string]string{MetricTestNLL: "test NLL (KDE)", MetricValNLL: "validation NLL (KDE)", MetricELBO: "ELBO per data point"}[o.Metric]
	if !ok {
		ylabel = strings.ReplaceAll(o.Metric, "_", " ")
	}
	p, err := plot.Lines(o.Title, "iteration", ylabel, series)
	if err != nil {
		return inputErr(err)
	}
	if o.YMax != 0 {
		if o.YMax <= p.Y.Min {
			return optErr("ymax", fmt.Sprintf(" %g: every value is above it (the lowest is %.4g)", o.YMax, p.Y.Min))
		}
		p.Y.Max = o.YMax
	}
	if err := plot.SavePNGLegendRight(p, 8*vg.Inch, 4.5*vg.Inch, o.Out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d runs)\n", o.Out, len(series))
	return nil
}

// traceLabels names each result file by its directory, or, when two
// directories share a name, by its path below the directories all share
// (without the trailing result.json); a sweep's seed directory always
// comes with its data set, model and variant.
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
			out[i] = sweepRunLabel(d)
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
		if seedDir.MatchString(parts[len(parts)-1]) { // a sweep run: at least DATASET/MODEL/VARIANT/sN
			k = min(k, max(len(parts)-4, 0))
		}
		out[i] = strings.Join(parts[k:], "/")
	}
	return out
}

// traceSeries returns the iterations and values of metric in a run's
// trace (val_nll: its held-out selection's trace; any name but the three
// metrics: the diagnostic of that name at the evaluated points).
func traceSeries(r *results.Result, metric string) (xs, ys []float64) {
	if metric == MetricValNLL {
		if r.Selection != nil {
			for _, p := range r.Selection.Trace {
				xs, ys = append(xs, float64(p.Iter)), append(ys, p.NLL)
			}
		}
		return xs, ys
	}
	for _, p := range r.Trace {
		v, ok := p.Diagnostics[metric]
		switch {
		case metric == MetricELBO:
			xs, ys = append(xs, float64(p.Iter)), append(ys, p.ELBO)
		case metric == MetricTestNLL && p.TestNLL != nil:
			xs, ys = append(xs, float64(p.Iter)), append(ys, *p.TestNLL)
		case ok:
			xs, ys = append(xs, float64(p.Iter)), append(ys, v)
		}
	}
	return xs, ys
}

// seedDir matches the seed directory of a sweep's run (s0, s12, ...).
var seedDir = regexp.MustCompile(`^s[0-9]+$`)

// sweepRunLabel is dir's last element, or, for a sweep's seed directory
// (DATASET/MODEL/VARIANT/sN), those four: "s0" alone names no run.
func sweepRunLabel(dir string) string {
	parts := strings.Split(dir, "/")
	if len(parts) >= 4 && seedDir.MatchString(parts[len(parts)-1]) {
		return strings.Join(parts[len(parts)-4:], "/")
	}
	return path.Base(dir)
}
