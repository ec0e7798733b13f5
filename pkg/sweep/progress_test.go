package sweep

import (
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestETAUsesRunsMeasuredHere checks that runs of a model the cost model
// does not know get an estimate once one run of that model has completed in
// this session, and that without one they are reported as unknown; a
// shared sweep's ETA says it is this task's alone.
func TestETAUsesRunsMeasuredHere(t *testing.T) {
	runs := []Run{{Model: "new", Dataset: "a"}, {Model: "new", Dataset: "b"}, {Model: "other", Dataset: "c"}}
	p := &progress{jobs: 1, pending: append([]Run(nil), runs...)}
	if eta := p.eta(); !strings.Contains(eta, "+3 runs of unknown cost") {
		t.Fatalf("before any run: %q", eta)
	}
	p.begin(runs[0], Status{})
	p.finish(runs[0], func(s *Summary) { s.Completed++ }, "")
	if eta := p.eta(); !strings.Contains(eta, "ETA") || !strings.Contains(eta, "+1 runs of unknown cost") {
		t.Fatalf("after one run of model new: %q (its other run must be estimated, model other's not)", eta)
	}
	if eta := p.eta(); strings.Contains(eta, "other task") {
		t.Fatalf("an unshared sweep's ETA: %q", eta)
	}
	p.shared = true
	if eta := p.eta(); !strings.HasSuffix(eta, "if no other task helps") {
		t.Fatalf("a shared sweep's ETA does not say it is this task's alone: %q", eta)
	}
}

// TestETACalibratesOnAwakeTime: a run that took its estimate's time while
// awake keeps the ETA at the estimate, however long it was stopped; the
// wall-clock calibration made the next runs' estimates as long as the pause.
func TestETACalibratesOnAwakeTime(t *testing.T) {
	runs := []Run{{Model: "m", Dataset: "a"}, {Model: "m", Dataset: "b"}}
	var clock time.Duration
	p := &progress{jobs: 1, pending: append([]Run(nil), runs...), clock: func() time.Duration { return clock },
		est: func(Run, Status) (float64, bool) { return 100, true }}
	p.begin(runs[0], Status{})
	clock += 100 * time.Second // awake time only: a stop of hours in between is not in it
	p.finish(runs[0], func(s *Summary) { s.Completed++ }, "")
	if eta := p.eta(); eta != "; ETA 1m40s" {
		t.Fatalf("ETA %q, want the second run's 100 s", eta)
	}
}

// TestEstimatorOwnRate: the ETA's estimator continues a resumed run at the
// rate its checkpoint records (4 s for 10 of 20 iterations: 4 s more, and
// the cost model's evaluation time), and one from the start at the cost
// model's step time.
func TestEstimatorOwnRate(t *testing.T) {
	p := Prepared{Run: Run{Model: "m", Dataset: "d", Variant: "v"}}
	p.RunConfig.Train.Iterations = 20
	costs := NewCostModel()
	costs.Set("m", "d", Cost{StepSeconds: 2, EvalSeconds: 1})
	est := Estimator([]Prepared{p}, costs)
	if sec, ok := est(p.Run, Status{State: Partial, Iter: 10, Seconds: 4}); !ok || sec != 5 {
		t.Fatalf("resumed at 10 after 4 s: %v %v, want 5 s", sec, ok)
	}
	if sec, ok := est(p.Run, Status{}); !ok || sec != 41 {
		t.Fatalf("from the start: %v %v, want 41 s", sec, ok)
	}
}

// TestETACountsDownRunningRuns: a running run estimated by the runs of its
// model measured here counts only what is left of their median, so the
// ETA falls while it runs instead of holding still and then dropping.
func TestETACountsDownRunningRuns(t *testing.T) {
	runs := []Run{{Model: "m", Dataset: "a"}, {Model: "m", Dataset: "b"}}
	var clock time.Duration
	p := &progress{jobs: 1, pending: append([]Run(nil), runs...), clock: func() time.Duration { return clock }}
	p.begin(runs[0], Status{})
	clock += 100 * time.Second
	p.finish(runs[0], func(s *Summary) { s.Completed++ }, "")
	p.begin(runs[1], Status{})
	clock += 30 * time.Second
	if eta := p.eta(); eta != "; ETA 1m10s" {
		t.Fatalf("30 s into a run of a model measured at 100 s: ETA %q, want 1m10s", eta)
	}
	clock += 200 * time.Second
	if eta := p.eta(); eta != "; ETA 0s" {
		t.Fatalf("past the median: ETA %q, want 0s", eta)
	}
}

// TestETACalibratesPerModel: a model whose runs stop at half their
// estimate scales its own pending runs by a half, while a model whose run
// took its estimate keeps its own (the one ratio of all runs would have
// given it three quarters); a model with no run completed takes the ratio
// of all.
func TestETACalibratesPerModel(t *testing.T) {
	runs := []Run{{Model: "a", Dataset: "1"}, {Model: "a", Dataset: "2"}, {Model: "b", Dataset: "1"}, {Model: "b", Dataset: "2"}, {Model: "c", Dataset: "1"}}
	est := map[string]float64{runs[0].ID(): 100, runs[1].ID(): 100, runs[2].ID(): 100, runs[3].ID(): 300, runs[4].ID(): 40}
	var clock time.Duration
	p := &progress{jobs: 1, pending: append([]Run(nil), runs...), clock: func() time.Duration { return clock },
		est: func(r Run, _ Status) (float64, bool) { return est[r.ID()], true }}
	p.begin(runs[0], Status{})
	clock += 50 * time.Second
	p.finish(runs[0], func(s *Summary) { s.Completed++ }, "")
	p.begin(runs[2], Status{})
	clock += 100 * time.Second
	p.finish(runs[2], func(s *Summary) { s.Completed++ }, "")
	// a: 100·0.5; b: 300·1; c: 40·(150/200)
	if eta := p.eta(); eta != "; ETA 6m20s" {
		t.Fatalf("ETA %q, want 6m20s (50 + 300 + 30 s)", eta)
	}
}

// TestLBFGSRunsAreEstimatedBelowTheirCap: an L-BFGS run with compare's
// 20,000-iteration cap is estimated at LBFGSExpected iterations (it ends
// on convergence or its held-out checks long before); an Adam run at its
// cap.
func TestLBFGSRunsAreEstimatedBelowTheirCap(t *testing.T) {
	p := Prepared{Run: Run{Model: "m", Dataset: "d"}}
	p.RunConfig.Train.Iterations = 20000
	costs := NewCostModel()
	costs.Set("m", "d", Cost{StepSeconds: 0.01})
	est := Estimator([]Prepared{p}, costs)
	if sec, _ := est(p.Run, Status{}); sec != 200 {
		t.Fatalf("Adam, 20000 steps of 10 ms: %v s, want 200", sec)
	}
	p.RunConfig.Train.Optimizer = runconfig.OptimizerLBFGS
	est = Estimator([]Prepared{p}, costs)
	if sec, _ := est(p.Run, Status{}); sec != float64(LBFGSExpected)*0.01 {
		t.Fatalf("L-BFGS with a cap of 20000: %v s, want %v", sec, float64(LBFGSExpected)*0.01)
	}
}
