package train

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
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
func (m *nanModel) Objective(t *ad.Tape, X, Y *mat.Dense, n int, _ *rand.Rand) *ad.Var {
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
	_, err := Fit(context.Background(), m, X, Y, TrainConfig{Iterations: 20, LR: 0.01}, nil, nil)
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
	if _, err := Fit(ctx, m, X, Y, TrainConfig{Iterations: 1000, LR: 0.01}, nil, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestFitTraceAndPeriodicEval(t *testing.T) {
	m := &nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	evals := 0
	tr, err := Fit(context.Background(), m, X, Y, TrainConfig{Iterations: 30, LR: 0.01, TraceEvery: 10, EvalEvery: 15}, nil,
		func() float64 { evals++; return 1 })
	if err != nil {
		t.Fatal(err)
	}
	if evals != 2 || len(tr) != 5 { // iterations 1, 10, 15, 20, 30
		t.Fatalf("evals %d, trace %+v", evals, tr)
	}
}

// schedModel records the iterations the trainer announces, and checks that
// each comes before the objective of its step.
type schedModel struct {
	nanModel
	seen  []int
	calls int
}

func (m *schedModel) SetIteration(it int) { m.seen = append(m.seen, it) }
func (m *schedModel) Objective(t *ad.Tape, X, Y *mat.Dense, n int, r *rand.Rand) *ad.Var {
	m.calls++
	if len(m.seen) != m.calls {
		panic("objective built before SetIteration")
	}
	return m.nanModel.Objective(t, X, Y, n, r)
}

func TestFitTellsScheduledModelsTheIteration(t *testing.T) {
	m := &schedModel{nanModel: nanModel{p: ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{1})), at: -1}}
	X, Y := mat.NewDense(4, 1, nil), mat.NewDense(4, 1, nil)
	if _, err := Fit(context.Background(), m, X, Y, TrainConfig{Iterations: 5, LR: 0.01}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(m.seen) != 5 || m.seen[0] != 1 || m.seen[4] != 5 {
		t.Fatalf("iterations announced: %v, want 1..5", m.seen)
	}
}
