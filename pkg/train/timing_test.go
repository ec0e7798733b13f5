package train

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/mat"
)

// TestRunTimesChecksAndTracedEvaluations: a run with a held-out part and
// a traced test NLL records the time of its checks (check_seconds) and of
// its traced evaluations (trace_eval_seconds) apart, the latter inside
// train_seconds; an interrupted run keeps both in its checkpoint and the
// resumed one adds to them. Without either, both are 0 (left out of
// result.json).
func TestRunTimesChecksAndTracedEvaluations(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	cfg.Train.EvalEvery, cfg.Train.CheckpointEvery = 8, 4
	ref, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.Result
	if !(r.CheckSeconds > 0) || !(r.TraceEvalSeconds > 0) || !(r.TraceEvalSeconds < r.TrainSeconds) {
		t.Fatalf("check_seconds %v, trace_eval_seconds %v, train_seconds %v: want both > 0, the second inside the third",
			r.CheckSeconds, r.TraceEvalSeconds, r.TrainSeconds)
	}

	out := filepath.Join(dir, "cut")
	ctx, cancel := context.WithCancel(context.Background())
	opts := Options{OutDir: out, AfterStep: func(it int) {
		if it == 17 {
			cancel()
		}
	}}
	var ie *InterruptedError
	if _, err := Run(ctx, cfg, opts); !errors.As(err, &ie) {
		t.Fatalf("interrupted run: %v", err)
	}
	ck, err := checkpoint.Load(filepath.Join(out, rundir.CheckpointFile))
	if err != nil {
		t.Fatal(err)
	}
	if ck.Selection == nil || !(ck.Selection.Seconds > 0) || !(ck.State.EvalSeconds > 0) {
		t.Fatalf("checkpoint at 17: selection %+v, traced evaluations %v s", ck.Selection, ck.State.EvalSeconds)
	}
	got, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Result; !(g.CheckSeconds > ck.Selection.Seconds) || !(g.TraceEvalSeconds > ck.State.EvalSeconds) {
		t.Fatalf("resumed: check_seconds %v (%v at the cut), trace_eval_seconds %v (%v at the cut): want both to grow",
			g.CheckSeconds, ck.Selection.Seconds, g.TraceEvalSeconds, ck.State.EvalSeconds)
	}

	cfg.Train.EvalEvery, cfg.Train.Validation, cfg.Train.SelectEvery = 0, 0, 0
	plain, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := plain.Result; p.CheckSeconds != 0 || p.TraceEvalSeconds != 0 {
		t.Fatalf("neither checks nor traced evaluations: check_seconds %v, trace_eval_seconds %v", p.CheckSeconds, p.TraceEvalSeconds)
	}
}

// TestTrainerStateKeepsEvalSeconds: the traced evaluations' time goes
// into the trainer's state and comes back with it, as the training time
// does.
func TestTrainerStateKeepsEvalSeconds(t *testing.T) {
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	trainer := func() *Trainer {
		m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}
		return NewTrainer(m, X, Y, runconfig.TrainConfig{Iterations: 10, LR: 0.01})
	}
	a := trainer()
	a.elapsed, a.evalSec = 7.5, 2.25
	st, err := a.State()
	if err != nil {
		t.Fatal(err)
	}
	b := trainer()
	if err := b.Restore(st); err != nil {
		t.Fatal(err)
	}
	if b.EvalSeconds() != 2.25 || b.Seconds() != 7.5 {
		t.Fatalf("restored: %v s of traced evaluations, %v s of training; want 2.25 and 7.5", b.EvalSeconds(), b.Seconds())
	}
}
