package fit_test

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"gonum.org/v1/gonum/mat"
)

// TestBadInputIsATypedError feeds New, Fit, Predict, Coverage, Save, Load
// and Rows what a caller can get wrong; each returns its typed error and
// nothing panics.
func TestBadInputIsATypedError(t *testing.T) {
	ctx := context.Background()
	var shape *fit.ShapeError
	var nonFinite *fit.NonFiniteError
	var opt *fit.OptionError
	var input *inputerr.Error
	var key *config.KeyError

	if _, err := fit.New("nosuch", fit.Options{}); !errors.As(err, &input) || !errors.As(err, &key) || key.Key != "model.name" {
		t.Errorf("unknown model: %v, want a inputerr.Error with a KeyError for model.name", err)
	}
	if _, err := fit.New("shgp", fit.Options{Model: map[string]any{"nosuch": 1}}); !errors.As(err, &key) {
		t.Errorf("unknown model key: %v, want a config.KeyError", err)
	}
	if _, err := fit.New("shgp", fit.Options{Iterations: -1}); !errors.As(err, &opt) || opt.Option != "Iterations" {
		t.Errorf("negative iterations: %v, want an OptionError", err)
	}
	if _, err := fit.New("shgp", fit.Options{LR: math.NaN()}); !errors.As(err, &opt) || opt.Option != "LR" {
		t.Errorf("NaN learning rate: %v, want an OptionError", err)
	}

	m, err := fit.New("sgp", fit.Options{Iterations: 5, Model: map[string]any{"m": 5}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Predict(ctx, mat.NewDense(1, 1, nil), fit.PredictOptions{}); !errors.Is(err, fit.ErrNotFitted) {
		t.Errorf("predict before fit: %v, want ErrNotFitted", err)
	}
	if err := m.Save(t.TempDir()); !errors.Is(err, fit.ErrNotFitted) {
		t.Errorf("save before fit: %v, want ErrNotFitted", err)
	}
	X, Y := heteroData(30, 1)
	nanY := mat.DenseCopyOf(Y)
	nanY.Set(4, 0, math.NaN())
	var nilX *mat.Dense
	for _, c := range []struct {
		what string
		X, Y mat.Matrix
		want any
	}{
		{"nil X", nilX, Y, &shape},
		{"nil Y", X, nil, &shape},
		{"empty X", &mat.Dense{}, Y, &shape},
		{"rows differ", X, Y.Slice(0, 20, 0, 1), &shape},
		{"NaN in Y", X, nanY, &nonFinite},
	} {
		if err := m.Fit(ctx, c.X, c.Y); err == nil || !errors.As(err, c.want) {
			t.Errorf("%s: %v, want a %T", c.what, err, c.want)
		}
	}
	if nonFinite != nil && (nonFinite.Arg != "Y" || nonFinite.Row != 4) {
		t.Errorf("NaN in Y reported at %s[%d, %d]", nonFinite.Arg, nonFinite.Row, nonFinite.Col)
	}
	if err := m.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Predict(ctx, mat.NewDense(3, 1, nil), fit.PredictOptions{}); !errors.As(err, &shape) {
		t.Errorf("one input column for two: %v, want a ShapeError", err)
	}
	if _, err := m.Predict(ctx, mat.NewDense(1, 2, []float64{1, math.Inf(1)}), fit.PredictOptions{}); !errors.As(err, &nonFinite) {
		t.Errorf("Inf input: %v, want a NonFiniteError", err)
	}
	if _, err := m.Predict(ctx, X, fit.PredictOptions{Samples: 1}); !errors.As(err, &opt) {
		t.Errorf("one sample: %v, want an OptionError", err)
	}
	if _, err := m.Predict(ctx, X, fit.PredictOptions{Quantiles: []float64{1.5}}); !errors.As(err, &opt) {
		t.Errorf("quantile 1.5: %v, want an OptionError", err)
	}
	if _, err := m.Coverage(ctx, X, Y, 1, fit.PredictOptions{}); !errors.As(err, &opt) || opt.Option != "level" {
		t.Errorf("coverage at level 1: %v, want an OptionError", err)
	}
	if _, err := m.Coverage(ctx, X, Y.Slice(0, 10, 0, 1), 0.9, fit.PredictOptions{}); !errors.As(err, &shape) {
		t.Errorf("coverage with 10 outputs for 30 inputs: %v, want a ShapeError", err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	if err := m.Save(dir); err != nil {
		t.Fatal(err)
	}
	if err := m.Save(dir); !errors.Is(err, fs.ErrExist) {
		t.Errorf("save over a run: %v, want fs.ErrExist", err)
	}
	if _, err := fit.Load(filepath.Join(t.TempDir(), "none")); !errors.As(err, &input) {
		t.Errorf("load of no run: %v, want a inputerr.Error", err)
	}
	if _, err := fit.Rows([][]float64{{1, 2}, {3}}); !errors.As(err, &shape) {
		t.Errorf("ragged rows: %v, want a ShapeError", err)
	}
	if _, err := fit.Rows(nil); !errors.As(err, &shape) {
		t.Errorf("no rows: %v, want a ShapeError", err)
	}
}

// TestFitIsDeterministic fits twice with the same seed (same draws) and
// once with another (other draws).
func TestFitIsDeterministic(t *testing.T) {
	ctx := context.Background()
	X, Y := heteroData(60, 2)
	mean := func(seed uint64) float64 {
		m, err := fit.New("shgp", fit.Options{Iterations: 20, Seed: seed, Model: map[string]any{"m": 8}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Fit(ctx, X, Y); err != nil {
			t.Fatal(err)
		}
		p, err := m.Predict(ctx, X.Slice(0, 5, 0, 2), fit.PredictOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return mat.Sum(p.Mean)
	}
	a, b, c := mean(1), mean(1), mean(2)
	if math.Float64bits(a) != math.Float64bits(b) || a == c {
		t.Errorf("seed 1 twice: %v, %v; seed 2: %v", a, b, c)
	}
}
