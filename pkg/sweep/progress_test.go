package sweep

import (
	"strings"
	"testing"
	"time"
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
