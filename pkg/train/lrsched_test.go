package train

import (
	"context"
	"math"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"gonum.org/v1/gonum/mat"
)

// TestLearningRateSchedule: constant without lr_final; with it, LR at the
// first iteration, LRFinal at the last, the geometric mean half-way.
func TestLearningRateSchedule(t *testing.T) {
	c := runconfig.TrainConfig{Iterations: 101, LR: 0.01}
	for _, it := range []int{1, 50, 101} {
		if got := LearningRate(c, it); got != 0.01 {
			t.Fatalf("no decay: lr(%d) = %g, want 0.01", it, got)
		}
	}
	c.LRFinal = 0.0001
	for _, tc := range []struct {
		it   int
		want float64
	}{{1, 0.01}, {51, 0.001}, {101, 0.0001}} {
		if got := LearningRate(c, tc.it); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("lr(%d) = %g, want %g", tc.it, got, tc.want)
		}
	}
	prev := math.Inf(1)
	for it := 1; it <= 101; it++ {
		lr := LearningRate(c, it)
		if !(lr < prev) {
			t.Fatalf("lr(%d) = %g does not fall below lr(%d) = %g", it, lr, it-1, prev)
		}
		prev = lr
	}
}

// TestTrainerFollowsSchedule: the optimiser's step size is the schedule's,
// so the last step of a decayed run uses lr_final and moves the parameter
// less than the constant-rate run's.
func TestTrainerFollowsSchedule(t *testing.T) {
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	run := func(final float64) (*Trainer, float64) {
		m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}
		tr := NewTrainer(m, X, Y, runconfig.TrainConfig{Iterations: 10, LR: 0.01, LRFinal: final})
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return tr, m.p.Value().At(0, 0)
	}
	tr, xDecay := run(0.001)
	if math.Abs(tr.opt.LR-0.001) > 1e-15 {
		t.Fatalf("last step's learning rate %g, want lr_final 0.001", tr.opt.LR)
	}
	_, xConst := run(0)
	// Each Adam step moves x towards 0 by about the learning rate.
	if !(xDecay > xConst) || math.Abs((1-xConst)-0.1) > 0.01 {
		t.Fatalf("x after 10 steps: decayed %g, constant %g; want the decayed run to move less (constant ≈ 0.9)", xDecay, xConst)
	}
}
