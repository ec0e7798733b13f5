package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// DryRunOptions steer DryRun.
type DryRunOptions struct {
	// Measure times the (model, data set) pairs the cost model lacks;
	// MeasureAll times every pair anew.
	Measure, MeasureAll bool
	// SaveCosts, when set, is the file the cost model is written to.
	SaveCosts string
}

// SaveCostsError is a cost model that could not be written.
type SaveCostsError struct {
	// Path is the file.
	Path string
	// Err says why.
	Err error
}

// Error names the file and the reason.
func (e *SaveCostsError) Error() string {
	return "writing the cost model to " + e.Path + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *SaveCostsError) Unwrap() error { return e.Err }

// DryRun writes to w what executing ps with o would do, running nothing:
// every run with its state, what would happen to it and its estimated
// cost, the measured costs behind the estimates, and the totals with the
// wall time for o.Jobs. It first times the pairs d asks for (adding them
// to costs) and saves costs where d says (a *SaveCostsError when that
// fails).
func DryRun(ctx context.Context, w io.Writer, ps []Prepared, costs *CostModel, o Options, d DryRunOptions) error {
	if d.Measure || d.MeasureAll {
		if err := measureMissing(ctx, w, ps, costs, d.MeasureAll); err != nil {
			return err
		}
	}
	if d.SaveCosts != "" {
		if err := SaveCosts(d.SaveCosts, costs, ad.Backend()); err != nil {
			return &SaveCostsError{Path: d.SaveCosts, Err: err}
		}
		fmt.Fprintf(w, "cost model written to %s\n", d.SaveCosts)
	}
	t := writeRunTable(w, ps, costs, o)
	writeCostTable(w, ps, costs)
	t.write(w, len(ps), o.Jobs)
	return nil
}

// measureMissing times on this machine every (model, data set) pair of ps
// that costs lacks (all: every pair), once each.
func measureMissing(ctx context.Context, w io.Writer, ps []Prepared, costs *CostModel, all bool) error {
	timed := map[[2]string]bool{}
	for _, p := range ps {
		k := [2]string{p.Model, p.Dataset}
		if _, ok := costs.Get(p.Model, p.Dataset); timed[k] || (ok && !all) {
			continue
		}
		timed[k] = true
		fmt.Fprintf(w, "timing %s on %s ...\n", p.Model, p.Dataset)
		c, err := Measure(ctx, p.RunConfig, p.DataDir, 5, 20)
		if err != nil {
			return fmt.Errorf("timing %s: %w", p.ID(), err)
		}
		costs.Set(p.Model, p.Dataset, c)
	}
	return nil
}

// dryTotals are the counts and estimates behind a dry run's last lines.
type dryTotals struct {
	counts    map[State]int
	durations []float64
	unknown   map[string]int
	borrowed  int
	total     float64
	// elsewhere is the estimated work left of the nElsewhere runs other
	// processes hold, from their last checkpoints: not in total.
	elsewhere  float64
	nElsewhere int
	// nElsewhereUnknown counts the held runs without an estimate.
	nElsewhereUnknown int
	// own counts the estimates made at the run's own rate so far.
	own int
}

// writeRunTable writes one line per run (its state, iterations and
// estimated cost) and returns the totals.
func writeRunTable(w io.Writer, ps []Prepared, costs *CostModel, o Options) *dryTotals {
	t := &dryTotals{counts: map[State]int{}, unknown: map[string]int{}}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tstate\titerations\testimate")
	for _, p := range ps {
		st := RunStatus(p.Run, o.Stale)
		t.counts[st.State]++
		act, why := Decide(st, o)
		est := "–"
		if st.State == Locked { // another process's work, shown and totalled apart
			if sec, own, _, err := remaining(costs, p, st); err == nil {
				est = fmtDur(sec)
				if own {
					est += ", own rate"
				}
				est = "(" + est + ", elsewhere)"
				t.elsewhere += sec
				t.nElsewhere++
			} else {
				est = "(unknown, elsewhere)"
				t.nElsewhereUnknown++
			}
		}
		if act != Skip && act != Hold {
			switch {
			case act == Replace:
				st.Iter, st.Seconds = 0, 0
			case st.State == Failed && st.Retry != nil: // --retry-failed goes on from what the failure left
				st.Iter, st.Seconds = st.Retry.Iter, st.Retry.Seconds
			}
			sec, own, exact, err := remaining(costs, p, st)
			est = t.add(sec, exact, err)
			if est == "unknown" {
				t.unknown[p.Model]++
			}
			if own {
				est += " (own rate)"
				t.own++
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", p.ID(), stateText(st, act, why), p.RunConfig.Train.Iterations, est)
	}
	_ = tw.Flush()
	return t
}

// remaining estimates the seconds p has left from where st says it is: a
// run that has trained (a checkpoint recording its iterations' time) at
// its own rate so far, with the cost model's evaluation time; any other
// from the cost model (see CostModel.Estimate). own says which.
func remaining(costs *CostModel, p Prepared, st Status) (sec float64, own, exact bool, err error) {
	total := expectedIterations(p.RunConfig.Train)
	if st.Iter > 0 && st.Seconds > 0 {
		// the final evaluation as the cost model has it (≈ when borrowed;
		// none when the model was never measured)
		ev, exact := 0.0, true
		if e, ex, err := costs.Estimate(p.Model, p.Dataset, Work{}); err == nil {
			ev, exact = e, ex
		}
		return float64(max(total-st.Iter, 0))*st.Seconds/float64(st.Iter) + ev, true, exact, nil
	}
	sec, exact, err = costs.Estimate(p.Model, p.Dataset, workOf(p, st.Iter))
	return sec, false, exact, err
}

// LBFGSExpected is the iterations an L-BFGS run (train.optimizer: lbfgs)
// is estimated at when its cap is higher: it ends by itself on
// convergence or on its held-out checks (compare's SGP runs on the five
// committed CSVs stopped after 289-950), far below the 20,000 of a cap
// set for Adam.
const LBFGSExpected = 1000

// expectedIterations is the iterations a run of t is estimated at: its
// cap, or for L-BFGS at most LBFGSExpected.
func expectedIterations(t runconfig.TrainConfig) int {
	if t.Optimizer == runconfig.OptimizerLBFGS {
		return min(t.Iterations, LBFGSExpected)
	}
	return t.Iterations
}

// workOf is what p has left from iteration done: its steps, its held-out
// checks and its traced evaluations.
func workOf(p Prepared, done int) Work {
	t := p.RunConfig.Train
	w := Work{Iterations: expectedIterations(t), Done: done, EvalEvery: t.EvalEvery}
	if t.Validation > 0 {
		w.SelectEvery = t.SelectEvery
		if w.SelectEvery == 0 {
			w.SelectEvery = runconfig.DefaultSelectEvery
		}
	}
	return w
}

// add counts one run's estimate and returns it as the table shows it.
func (t *dryTotals) add(sec float64, exact bool, err error) string {
	if errors.Is(err, ErrNoCost) {
		return "unknown"
	}
	est := fmtDur(sec)
	if !exact {
		est = "≈" + est
		t.borrowed++
	}
	t.durations = append(t.durations, sec)
	t.total += sec
	return est
}

// stateText is a run's state column: the state, with the detail of a run
// left as it is or the reason for what would be done.
func stateText(st Status, act Action, why string) string {
	state := st.State.String()
	switch {
	case act == Skip:
		if st.Detail != "" {
			state += " (" + firstLine(st.Detail) + ")"
		}
	case strings.HasPrefix(why, state):
		state = firstLine(why)
	default:
		state += ": " + firstLine(why)
	}
	return state
}

// writeCostTable writes the measured cost of every (model, data set) pair
// of ps, in the runs' order.
func writeCostTable(w io.Writer, ps []Prepared, costs *CostModel) {
	fmt.Fprintln(w, "\nmeasured costs behind the estimate (≈: borrowed from the model's other data sets):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "model\tdata set\tms/step\teval+setup s\tcheck s\ttraced eval s\truns\tsource")
	var pairs [][2]string
	for _, p := range ps {
		if k := [2]string{p.Model, p.Dataset}; !slices.Contains(pairs, k) {
			pairs = append(pairs, k)
		}
	}
	for _, k := range pairs {
		if c, ok := costs.Get(k[0], k[1]); ok {
			fmt.Fprintf(tw, "%s\t%s\t%.2f\t%.1f\t%s\t%s\t%d\t%s\n", k[0], k[1], 1000*c.StepSeconds, c.EvalSeconds,
				secOrDash(c.CheckSeconds), secOrDash(c.TraceSeconds), c.Runs, c.Source)
		} else {
			fmt.Fprintf(tw, "%s\t%s\t–\t–\t–\t–\t0\tnot measured\n", k[0], k[1])
		}
	}
	_ = tw.Flush()
}

// write writes the states' counts and the work left, single-core and as
// wall time on jobs workers.
func (t *dryTotals) write(w io.Writer, runs, jobs int) {
	c := t.counts
	fmt.Fprintf(w, "\n%d runs: %d done, %d partial, %d todo, %d failed, %d running elsewhere, %d changed, %d refused\n",
		runs, c[Done], c[Partial], c[Todo], c[Failed], c[Locked], c[Changed], c[Refused])
	nUnknown := 0
	for _, n := range t.unknown {
		nUnknown += n
	}
	switch {
	case nUnknown > 0 && len(t.durations) == 0:
		fmt.Fprintf(w, "no estimate of the work left: none of its %d runs has a measured cost under this backend (%s); add --measure\n", nUnknown, ad.Backend())
	case nUnknown > 0:
		fmt.Fprintf(w, "estimated work left: at least %s of single-core time, and %d runs of unknown cost; with --jobs %d at least %s wall (runs in the sweep's order, backend %s)\n",
			fmtDur(t.total), nUnknown, jobs, fmtDur(schedule(t.durations, jobs)), ad.Backend())
	default:
		fmt.Fprintf(w, "estimated work left: %s of single-core time; with --jobs %d about %s wall (runs in the sweep's order, backend %s)\n",
			fmtDur(t.total), jobs, fmtDur(schedule(t.durations, jobs)), ad.Backend())
	}
	if t.own > 0 {
		fmt.Fprintf(w, "  %d estimates (own rate) continue a run at the rate its checkpoint records for the iterations it has done\n", t.own)
	}
	if t.nElsewhere > 0 {
		fmt.Fprintf(w, "  + %d runs running elsewhere, about %s of single-core time left by their last checkpoints (not counted above)\n", t.nElsewhere, fmtDur(t.elsewhere))
	}
	if t.nElsewhereUnknown > 0 {
		fmt.Fprintf(w, "  + %d runs running elsewhere of unknown cost (no checkpoint yet and no measured time)\n", t.nElsewhereUnknown)
	}
	for _, m := range slices.Sorted(maps.Keys(t.unknown)) {
		fmt.Fprintf(w, "  + %d %s runs of unknown cost (not measured under this backend, %s: add --measure)\n", t.unknown[m], m, ad.Backend())
	}
	if t.borrowed > 0 {
		fmt.Fprintf(w, "  %d estimates (≈) are borrowed from other data sets and ignore this run's batch, inducing points and network sizes: add --measure to time these pairs\n", t.borrowed)
	}
}

// secOrDash formats a per-check or per-evaluation time, "–" when it was
// not measured apart from the steps.
func secOrDash(s float64) string {
	if s <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", s)
}
