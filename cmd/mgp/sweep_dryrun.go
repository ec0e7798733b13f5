package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// defaultCostFile is the cost file make bench writes, read by default.
const defaultCostFile = "results/bench/costs.json"

// sweepCosts builds the cost model (same BLAS backend only) from, in order
// of precedence, the sweep's own finished runs, the result files under the
// directories of sources, and the cost files (*.json) of sources, or
// defaultCostFile when sources name none and it exists.
func sweepCosts(out string, sources []string) (*sweep.CostModel, error) {
	c := sweep.NewCostModel()
	own, _ := results.LoadResults(out)
	c.AddResults(own, ad.Backend(), "this sweep's finished runs", true)
	var files []string
	for _, d := range sources {
		if strings.HasSuffix(d, ".json") {
			files = append(files, d)
			continue
		}
		res, _ := results.LoadResults(d)
		c.AddResults(res, ad.Backend(), "result files under "+d, false)
	}
	if len(files) == 0 {
		if _, err := os.Stat(defaultCostFile); err == nil {
			files = []string{defaultCostFile}
		}
	}
	for _, f := range files {
		cf, err := sweep.LoadCosts(f)
		if err != nil {
			return nil, fmt.Errorf("--costs %s: %w", f, err)
		}
		c.AddFile(cf, ad.Backend(), f, false)
	}
	return c, nil
}

// dryRun lists the runs with their state and estimated cost, the per-pair
// costs behind the estimate, and the totals for the given --jobs.
func dryRun(ctx context.Context, w io.Writer, runs []plannedRun, costs *sweep.CostModel, o *sweepOpts, dataDir string) error {
	if o.measure || o.measureAll {
		timed := map[[2]string]bool{}
		for _, p := range runs {
			k := [2]string{p.Model, p.Dataset}
			if _, ok := costs.Get(p.Model, p.Dataset); timed[k] || (ok && !o.measureAll) {
				continue
			}
			timed[k] = true
			fmt.Fprintf(w, "timing %s on %s ...\n", p.Model, p.Dataset)
			c, err := sweep.Measure(ctx, p.cfg, resolveDataDir(dataDir, p.cfg.Data.Dir), 5, 20)
			if err != nil {
				return fmt.Errorf("timing %s: %w", p.ID(), err)
			}
			costs.Set(p.Model, p.Dataset, c)
		}
	}
	if o.saveCosts != "" {
		if err := sweep.SaveCosts(o.saveCosts, costs, ad.Backend()); err != nil {
			return fmt.Errorf("--save-costs: %w", err)
		}
		fmt.Fprintf(w, "cost model written to %s\n", o.saveCosts)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tstate\titerations\testimate")
	counts := map[sweep.State]int{}
	var durations []float64
	unknown := map[string]int{}
	borrowed := 0
	total := 0.0
	eo := o.execOptions()
	for _, p := range runs {
		st := sweep.RunStatus(p.Run, o.stale)
		counts[st.State]++
		act, why := sweep.Decide(st, eo)
		est := "–"
		if act != sweep.Skip && act != sweep.Hold {
			if act == sweep.Replace {
				st.Iter = 0
			}
			sec, exact, err := costs.Estimate(p.Model, p.Dataset, p.cfg.Train.Iterations, st.Iter)
			switch {
			case errors.Is(err, sweep.ErrNoCost):
				unknown[p.Model]++
				est = "unknown"
			default:
				est = fmtDur(sec)
				if !exact {
					est = "≈" + est
					borrowed++
				}
				durations = append(durations, sec)
				total += sec
			}
		}
		state := st.State.String()
		switch {
		case act == sweep.Skip:
			if st.Detail != "" {
				state += " (" + firstLine(st.Detail) + ")"
			}
		case strings.HasPrefix(why, state):
			state = firstLine(why)
		default:
			state += ": " + firstLine(why)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", p.ID(), state, p.cfg.Train.Iterations, est)
	}
	_ = tw.Flush()

	fmt.Fprintln(w, "\nmeasured costs behind the estimate (≈: borrowed from the model's other data sets):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "model\tdata set\tms/step\teval+setup s\truns\tsource")
	var pairs [][2]string
	for _, p := range runs {
		k := [2]string{p.Model, p.Dataset}
		if !slices.Contains(pairs, k) {
			pairs = append(pairs, k)
		}
	}
	for _, k := range pairs {
		if c, ok := costs.Get(k[0], k[1]); ok {
			fmt.Fprintf(tw, "%s\t%s\t%.2f\t%.1f\t%d\t%s\n", k[0], k[1], 1000*c.StepSeconds, c.EvalSeconds, c.Runs, c.Source)
		} else {
			fmt.Fprintf(tw, "%s\t%s\t–\t–\t0\tnot measured\n", k[0], k[1])
		}
	}
	_ = tw.Flush()

	fmt.Fprintf(w, "\n%d runs: %d done, %d partial, %d todo, %d failed, %d running elsewhere, %d changed, %d refused\n",
		len(runs), counts[sweep.Done], counts[sweep.Partial], counts[sweep.Todo], counts[sweep.Failed], counts[sweep.Locked], counts[sweep.Changed], counts[sweep.Refused])
	nUnknown := 0
	for _, n := range unknown {
		nUnknown += n
	}
	switch {
	case nUnknown > 0 && len(durations) == 0:
		fmt.Fprintf(w, "no estimate of the work left: none of its %d runs has a measured cost under this backend (%s); add --measure\n", nUnknown, ad.Backend())
	case nUnknown > 0:
		fmt.Fprintf(w, "estimated work left: at least %s of single-core time, and %d runs of unknown cost; with --jobs %d at least %s wall (runs in the sweep's order, backend %s)\n",
			fmtDur(total), nUnknown, o.jobs, fmtDur(schedule(durations, o.jobs)), ad.Backend())
	default:
		fmt.Fprintf(w, "estimated work left: %s of single-core time; with --jobs %d about %s wall (runs in the sweep's order, backend %s)\n",
			fmtDur(total), o.jobs, fmtDur(schedule(durations, o.jobs)), ad.Backend())
	}
	for _, m := range slices.Sorted(maps.Keys(unknown)) {
		fmt.Fprintf(w, "  + %d %s runs of unknown cost (not measured under this backend, %s: add --measure)\n", unknown[m], m, ad.Backend())
	}
	if borrowed > 0 {
		fmt.Fprintf(w, "  %d estimates (≈) are borrowed from other data sets and ignore this run's batch, inducing points and network sizes: add --measure to time these pairs\n", borrowed)
	}
	return nil
}

// schedule returns the makespan of running durations in order on jobs
// workers, each run going to the first worker free.
func schedule(durations []float64, jobs int) float64 {
	free := make([]float64, max(jobs, 1))
	for _, d := range durations {
		i := 0
		for k := range free {
			if free[k] < free[i] {
				i = k
			}
		}
		free[i] += d
	}
	return slices.Max(free)
}

// fmtDur formats seconds as a rounded duration.
func fmtDur(sec float64) string {
	d := time.Duration(sec * float64(time.Second))
	switch {
	case d >= time.Hour:
		return d.Round(time.Minute).String()
	case d >= time.Minute:
		return d.Round(time.Second).String()
	}
	return d.Round(100 * time.Millisecond).String()
}
