package sweep

import (
	"math"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// timedResult is a 1,000-iteration run of 100 s of training and 2 s of
// evaluation with 4 traced evaluations (20 s) and, when checks, 11 held-out
// checks every 100 iterations from 0 (33 s, 10 of them in training).
func timedResult(model, dataset string, checks bool) *results.Result {
	nll := 1.0
	r := &results.Result{Model: model, Dataset: dataset, Iterations: 1000, TrainSeconds: 100, EvalSeconds: 2,
		TraceEvalSeconds: 20, BLAS: "b"}
	for it := 250; it <= 1000; it += 250 {
		r.Trace = append(r.Trace, results.TracePoint{Iter: it, TestNLL: &nll})
	}
	if checks {
		r.Selection = &results.Selection{Every: 100}
		for it := 0; it <= 1000; it += 100 {
			r.Selection.Trace = append(r.Selection.Trace, results.ValPoint{Iter: it})
		}
		r.CheckSeconds = 33
	}
	return r
}

// TestCostChecksApart: a result that timed its held-out checks and traced
// evaluations has them taken out of its step time and counted per check
// and per evaluation, and Estimate puts back as many as the planned run
// has; results of earlier versions keep everything in the step; an
// early-stopped run's steps are the iterations it took.
func TestCostChecksApart(t *testing.T) {
	c := NewCostModel()
	c.AddResults([]*results.Result{timedResult("m", "d", true)}, "b", "test", false)
	got, _ := c.Get("m", "d")
	// 100 s less 20 s of traced evaluations and 10 checks of 3 s, over 1,000 steps.
	if !near(got.StepSeconds, 0.05) || !near(got.CheckSeconds, 3) || !near(got.TraceSeconds, 5) || got.EvalSeconds != 2 {
		t.Fatalf("cost %+v: want 0.05 s a step, 3 s a check, 5 s a traced evaluation, 2 s of evaluation", got)
	}
	// 2,000 steps, checks at 0, 500, ..., 2000 (5), traced evaluations at 1000 and 2000.
	sec, exact, err := c.Estimate("m", "d", Work{Iterations: 2000, SelectEvery: 500, EvalEvery: 1000})
	if err != nil || !exact || !near(sec, 2000*0.05+5*3+2*5+2) {
		t.Fatalf("estimate %v (exact %v, %v), want %v", sec, exact, err, 2000*0.05+5*3+2*5+2)
	}
	// Borrowed by another data set of the model: the same medians.
	if sec2, exact, _ := c.Estimate("m", "other", Work{Iterations: 2000, SelectEvery: 500, EvalEvery: 1000}); exact || !near(sec2, sec) {
		t.Fatalf("borrowed estimate %v (exact %v), want %v", sec2, exact, sec)
	}

	old := timedResult("m", "old", false)
	old.TraceEvalSeconds = 0 // before 2026-11-28
	c.AddResults([]*results.Result{old}, "b", "test", false)
	if got, _ := c.Get("m", "old"); !near(got.StepSeconds, 0.1) || got.CheckSeconds != 0 || got.TraceSeconds != 0 {
		t.Fatalf("untimed result: %+v, want 0.1 s a step and no check or evaluation time", got)
	}

	stopped := timedResult("m", "stopped", true)
	stopped.Selection.StoppedAt = 500
	stopped.Selection.Trace = stopped.Selection.Trace[:6] // 0..500
	stopped.CheckSeconds = 18
	stopped.TrainSeconds = 50
	c.AddResults([]*results.Result{stopped}, "b", "test", false)
	// 50 s less 20 s of traced evaluations and 5 checks of 3 s, over 500 steps.
	if got, _ := c.Get("m", "stopped"); !near(got.StepSeconds, 0.03) {
		t.Fatalf("early-stopped run: %+v, want 0.03 s a step", got)
	}
}

// TestWorkCounts: the held-out checks and traced evaluations a run has
// left from where it is.
func TestWorkCounts(t *testing.T) {
	for _, tc := range []struct {
		w              Work
		checks, traces int
	}{
		{Work{Iterations: 1000, SelectEvery: 100, EvalEvery: 250}, 11, 4},
		{Work{Iterations: 1000, Done: 450, SelectEvery: 100, EvalEvery: 250}, 6, 3},
		{Work{Iterations: 1050, SelectEvery: 100}, 12, 0},
		{Work{Iterations: 1050, Done: 1050, SelectEvery: 100, EvalEvery: 250}, 0, 0},
		{Work{Iterations: 1000}, 0, 0},
	} {
		if c, tr := tc.w.checks(), tc.w.traces(); c != tc.checks || tr != tc.traces {
			t.Errorf("%+v: %d checks, %d traced evaluations; want %d, %d", tc.w, c, tr, tc.checks, tc.traces)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestWorkOf: a planned run's checks follow train.select_every, or the
// default cadence when only train.validation is set, and none without a
// held-out part; its traced evaluations follow train.eval_every.
func TestWorkOf(t *testing.T) {
	p := Prepared{RunConfig: runconfig.DefaultRunConfig()}
	p.RunConfig.Train.Iterations, p.RunConfig.Train.EvalEvery = 5000, 2500
	if w := workOf(p, 100); w != (Work{Iterations: 5000, Done: 100, EvalEvery: 2500}) {
		t.Errorf("no held-out part: %+v", w)
	}
	p.RunConfig.Train.Validation = 0.1
	if w := workOf(p, 0); w.SelectEvery != runconfig.DefaultSelectEvery {
		t.Errorf("train.validation alone: select every %d, want the default %d", w.SelectEvery, runconfig.DefaultSelectEvery)
	}
	p.RunConfig.Train.SelectEvery = 500
	if w := workOf(p, 0); w.SelectEvery != 500 {
		t.Errorf("train.select_every 500: %+v", w)
	}
}
