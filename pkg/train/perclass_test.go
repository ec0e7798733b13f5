package train

import (
	"context"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// classStub is a model whose predictive depends on the one-hot input's
// class c (a copy of package score's test stub): output d is N(0.1c + 0.01d, (0.1 + 0.05d)²). It keeps what each
// Sample call returned.
type classStub struct {
	dy    int
	calls []*mat.Dense
	class []int
}

func (s *classStub) Name() string                            { return "stub" }
func (s *classStub) Params() *ad.ParamSet                    { return ad.NewParamSet() }
func (s *classStub) Objective(*ad.Tape, models.Step) *ad.Var { return nil }
func (s *classStub) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, dx := X.Dims()
	Y = mat.NewDense(P, n*s.dy, nil)
	for i := 0; i < n; i++ {
		c := 0
		for k := 0; k < dx; k++ {
			if X.At(i, k) == 1 {
				c = k
			}
		}
		if n == 1 {
			s.class = append(s.class, c)
		}
		for p := 0; p < P; p++ {
			for d := 0; d < s.dy; d++ {
				Y.Set(p, i*s.dy+d, 0.1*float64(c)+0.01*float64(d)+(0.1+0.05*float64(d))*rng.NormFloat64())
			}
		}
	}
	s.calls = append(s.calls, Y)
	return Y, nil
}

// estimatorCase is 8 test points of 2 classes and 3 outputs in [0, 1]
// (the first pixel of every point 0, like mnist's background).
func estimatorCase() (X, Y *mat.Dense) {
	const n, dx, dy = 8, 2, 3
	rng := rand.New(rand.NewPCG(7, 8))
	X, Y = mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		X.Set(i, i%2, 1)
		for d := 1; d < dy; d++ {
			Y.Set(i, d, rng.Float64())
		}
	}
	return X, Y
}

// classEvaluate is score.Evaluate once per class with the paper's KDE.
func classEvaluate(m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64) (results.Metrics, error) {
	ev, err := score.Evaluate(context.Background(), m, X, Y, sigmaY, P, seed, score.Options{PerClass: true})
	return ev.Metrics, err
}

// TestReevaluateMNISTPerClass: re-scoring an mnist run draws once per
// class, as training scored it (score.Evaluate per class with the run's
// evaluation seed), not once per test point; another data set refuses the mnist
// estimators.
func TestReevaluateMNISTPerClass(t *testing.T) {
	const P = 30
	X, Y := estimatorCase()
	_, dy := Y.Dims()
	exp := &Experiment{Name: "digits", Scoring: data.ScorePerInputRow, XTest: X, YTest: Y, Std: &data.Standardizer{YStd: []float64{1, 1, 1}, YMean: make([]float64, dy)}}
	m := &classStub{dy: dy}
	ev, err := Reevaluate(context.Background(), &checkpoint.Checkpoint{}, exp, m, "", P, 11, score.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.calls) != 2 {
		t.Fatalf("%d Sample calls for 8 points of 2 classes, want 2", len(m.calls))
	}
	want, err := classEvaluate(&classStub{dy: dy}, X, Y, exp.Std.YStd, P, score.DeriveSeed(11, streamEval))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Metrics != want {
		t.Errorf("re-evaluation %+v, training's evaluation %+v", ev.Metrics, want)
	}
	exp.Name, exp.Scoring = "boston", data.ScorePerPoint
	if _, err := Reevaluate(context.Background(), &checkpoint.Checkpoint{}, exp, m, "", P, 11, score.Options{Estimator: score.EstimatorJoint}); err == nil {
		t.Error("no error for the joint estimator on boston")
	}
}

// TestSelectorScoresMNISTPerClass: held-out selection (and ValidationNLL,
// which builds the same selector) scores an mnist run once per class, as
// its test evaluation does, and another data set as before (one block of
// draws for all points).
func TestSelectorScoresMNISTPerClass(t *testing.T) {
	X, Y := estimatorCase()
	_, dy := Y.Dims()
	var cfg runconfig.RunConfig
	cfg.Eval.Samples, cfg.Train.Seed = 30, 4
	std := &data.Standardizer{YStd: []float64{1, 1, 1}, YMean: make([]float64, dy)}
	for _, c := range []struct {
		name    string
		scoring data.Scoring
		calls   int
	}{{"per label", data.ScorePerInputRow, 2}, {"per point", data.ScorePerPoint, 1}} {
		m := &classStub{dy: dy}
		sel := newSelector(m, &Holdout{X: X, Y: Y}, &Experiment{Name: c.name, Scoring: c.scoring, Std: std}, cfg)
		met, err := sel.score(context.Background(), 100, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(m.calls) != c.calls {
			t.Errorf("%s: %d Sample calls for 8 points of 2 classes, want %d", c.name, len(m.calls), c.calls)
		}
		if c.scoring == data.ScorePerInputRow {
			want, _ := classEvaluate(&classStub{dy: dy}, X, Y, std.YStd, 30, score.DeriveSeed(4, streamSelect+1600))
			if met != want {
				t.Errorf("mnist held-out metrics %+v, want the per-class evaluation's %+v", met, want)
			}
		}
	}
}
