package sweep

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/results"
)

// Cost is the measured time of one model on one data set: seconds per
// training step, per held-out check, per traced test evaluation and per
// final evaluation.
type Cost struct {
	StepSeconds float64
	EvalSeconds float64
	// CheckSeconds is one held-out check (train.validation) and
	// TraceSeconds one traced test evaluation (train.eval_every); 0 when
	// not measured apart (results before 2026-11-28 have them inside
	// their step time).
	CheckSeconds, TraceSeconds float64
	// Runs is how many measurements stand behind it.
	Runs int
	// Source says where it comes from (result files, a timing, ...).
	Source string
}

// CostModel estimates run times from measured per-step and per-evaluation
// times, by (model, data set), falling back to the model's median over
// other data sets when a pair was never measured.
type CostModel struct {
	pairs map[[2]string]Cost
}

// NewCostModel returns an empty cost model.
func NewCostModel() *CostModel { return &CostModel{pairs: map[[2]string]Cost{}} }

// Set records the cost of model on dataset, replacing what was there.
func (c *CostModel) Set(model, dataset string, cost Cost) {
	c.pairs[[2]string{model, dataset}] = cost
}

// Get returns the recorded cost of a pair.
func (c *CostModel) Get(model, dataset string) (Cost, bool) {
	v, ok := c.pairs[[2]string{model, dataset}]
	return v, ok
}

// AddResults records the medians of the given results' per-step,
// per-check, per-traced-evaluation and final evaluation times per (model,
// data set), for the given BLAS backend only (empty: any). A result that
// timed its held-out checks and traced evaluations apart (since
// 2026-11-28) has them taken out of its step time; an early-stopped one
// divides by the iterations it took. Pairs already set are left alone
// unless override is true.
func (c *CostModel) AddResults(results []*results.Result, blas, source string, override bool) {
	type acc struct{ step, ev, check, trace []float64 }
	by := map[[2]string]*acc{}
	for _, r := range results {
		if r == nil || r.Iterations <= 0 || r.TrainSeconds <= 0 || (blas != "" && r.BLAS != blas) {
			continue
		}
		k := [2]string{r.Model, r.Dataset}
		if by[k] == nil {
			by[k] = &acc{}
		}
		a := by[k]
		t := runTimes(r)
		a.step, a.ev = append(a.step, t.step), append(a.ev, r.EvalSeconds)
		if t.check > 0 {
			a.check = append(a.check, t.check)
		}
		if t.trace > 0 {
			a.trace = append(a.trace, t.trace)
		}
	}
	for k, a := range by {
		if _, ok := c.pairs[k]; ok && !override {
			continue
		}
		c.pairs[k] = Cost{StepSeconds: med(a.step), EvalSeconds: med(a.ev), CheckSeconds: medOr0(a.check),
			TraceSeconds: medOr0(a.trace), Runs: len(a.step), Source: source}
	}
}

// times are one result's seconds per step, per held-out check and per
// traced evaluation (0: not timed apart).
type times struct{ step, check, trace float64 }

// runTimes splits r's training time into its steps, its held-out checks
// made during training and its traced evaluations, when r timed them.
func runTimes(r *results.Result) times {
	iters := r.Iterations
	var t times
	inside := r.TraceEvalSeconds
	if n := tracedEvals(r); n > 0 && r.TraceEvalSeconds > 0 {
		t.trace = r.TraceEvalSeconds / float64(n)
	}
	if s := r.Selection; s != nil {
		if s.StoppedAt > 0 {
			iters = s.StoppedAt
		}
		if r.CheckSeconds > 0 && len(s.Trace) > 0 {
			t.check = r.CheckSeconds / float64(len(s.Trace))
			for _, p := range s.Trace {
				if p.Iter > 0 && s.Every > 0 && p.Iter%s.Every == 0 {
					inside += t.check // made by the training loop, inside TrainSeconds
				}
			}
		}
	}
	t.step = r.TrainSeconds / float64(iters)
	if left := r.TrainSeconds - inside; left > 0 {
		t.step = left / float64(iters)
	}
	return t
}

// tracedEvals counts r's trace points with a test NLL.
func tracedEvals(r *results.Result) int {
	n := 0
	for _, p := range r.Trace {
		if p.TestNLL != nil {
			n++
		}
	}
	return n
}

// med returns the median of x (eval.Quantile's rule; NaN when x is empty).
func med(x []float64) float64 { return eval.Quantile(x, 0.5) }

// medOr0 is med, 0 when x is empty (not measured).
func medOr0(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	return med(x)
}

// ErrNoCost marks a model never measured on any data set.
var ErrNoCost = errors.New("no measured time")

// Work is what a run has left to do: its steps from Done to Iterations,
// the held-out checks of a SelectEvery cadence (0: no held-out part; a
// check at iteration 0, at every multiple and at the last iteration) and
// the traced evaluations of an EvalEvery cadence (0: none).
type Work struct {
	Iterations, Done       int
	SelectEvery, EvalEvery int
}

// checks returns the number of held-out checks w has left.
func (w Work) checks() int {
	if w.SelectEvery <= 0 {
		return 0
	}
	n := w.Iterations/w.SelectEvery - w.Done/w.SelectEvery
	if w.Done == 0 {
		n++
	}
	if w.Iterations%w.SelectEvery != 0 && w.Done < w.Iterations {
		n++
	}
	return max(n, 0)
}

// traces returns the number of traced evaluations w has left.
func (w Work) traces() int {
	if w.EvalEvery <= 0 {
		return 0
	}
	return max(w.Iterations/w.EvalEvery-w.Done/w.EvalEvery, 0)
}

// Estimate returns the seconds the work w of a run needs, and whether the
// figure is measured on this pair (exact) or borrowed from the medians of
// the model's other data sets. Checks and traced evaluations count at
// their measured times; a pair measured only by results that had them
// inside their step time counts them there.
func (c *CostModel) Estimate(model, dataset string, w Work) (sec float64, exact bool, err error) {
	v, exact := c.Get(model, dataset)
	if !exact {
		var step, ev, check, trace []float64
		for k, p := range c.pairs {
			if k[0] != model {
				continue
			}
			step, ev = append(step, p.StepSeconds), append(ev, p.EvalSeconds)
			if p.CheckSeconds > 0 {
				check = append(check, p.CheckSeconds)
			}
			if p.TraceSeconds > 0 {
				trace = append(trace, p.TraceSeconds)
			}
		}
		if len(step) == 0 {
			return 0, false, fmt.Errorf("%s: %w", model, ErrNoCost)
		}
		v = Cost{StepSeconds: med(step), EvalSeconds: med(ev), CheckSeconds: medOr0(check), TraceSeconds: medOr0(trace)}
	}
	left := float64(max(w.Iterations-w.Done, 0))
	return left*v.StepSeconds + float64(w.checks())*v.CheckSeconds + float64(w.traces())*v.TraceSeconds + v.EvalSeconds, exact, nil
}
