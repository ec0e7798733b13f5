package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"gonum.org/v1/gonum/mat"
)

// nanModel's objective turns NaN at a given iteration.
type nanModel struct {
	p     *ad.Param
	calls int
	at    int
}

func (m *nanModel) Name() string         { return "nan" }
func (m *nanModel) Params() *ad.ParamSet { return ad.NewParamSet(m.p) }
func (m *nanModel) Objective(t *ad.Tape, _ models.Step) *ad.Var {
	m.calls++
	v := t.Neg(t.Sum(t.Square(m.p.On(t))))
	if m.calls == m.at {
		return t.Mul(v, t.Scalar(math.NaN()))
	}
	return v
}
func (m *nanModel) Sample(X *mat.Dense, P int, _ *rand.Rand) (*mat.Dense, *mat.Dense) {
	return mat.NewDense(P, X.RawMatrix().Rows, nil), nil
}

func TestFitStopsOnNaNNamingIteration(t *testing.T) {
	m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: 7}
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	_, err := Fit(context.Background(), m, X, Y, runconfig.TrainConfig{Iterations: 20, LR: 0.01}, nil, nil)
	var ne *NaNError
	if !errors.As(err, &ne) || ne.Iter != 7 || !strings.Contains(err.Error(), "iteration 7") {
		t.Fatalf("err = %v", err)
	}
}

func TestFitStopsOnCancel(t *testing.T) {
	m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	if _, err := Fit(ctx, m, X, Y, runconfig.TrainConfig{Iterations: 1000, LR: 0.01}, nil, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestFitTraceAndPeriodicEval(t *testing.T) {
	m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	evals := 0
	tr, err := Fit(context.Background(), m, X, Y, runconfig.TrainConfig{Iterations: 30, LR: 0.01, TraceEvery: 10, EvalEvery: 15}, nil,
		func() float64 { evals++; return 1 })
	if err != nil {
		t.Fatal(err)
	}
	if evals != 2 || len(tr) != 5 { // iterations 1, 10, 15, 20, 30
		t.Fatalf("evals %d, trace %+v", evals, tr)
	}
}

// schedModel records the iteration each objective is built for.
type schedModel struct {
	nanModel
	seen []int
}

func (m *schedModel) Objective(t *ad.Tape, s models.Step) *ad.Var {
	m.seen = append(m.seen, s.Iter)
	return m.nanModel.Objective(t, s)
}

// TestFitPassesTheIteration: the trainer gives the objective of step it
// the iteration it = 1, 2, ... (schedules such as SLGP's β warm-up are
// computed from it).
func TestFitPassesTheIteration(t *testing.T) {
	m := &schedModel{nanModel: nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}}
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	if _, err := Fit(context.Background(), m, X, Y, runconfig.TrainConfig{Iterations: 5, LR: 0.01}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(m.seen) != "[1 2 3 4 5]" {
		t.Fatalf("iterations passed: %v, want [1 2 3 4 5]", m.seen)
	}
}
