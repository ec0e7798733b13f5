package fit_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// TestFailedFitForgetsTheEarlierFit: after a Fit that fails (NaN in the
// data, a cancelled context), Predict and Save return ErrNotFitted
// instead of using the earlier fit.
func TestFailedFitForgetsTheEarlierFit(t *testing.T) {
	X, Y := heteroData(40, 1)
	m, err := fit.New("sgp", fit.Options{Iterations: 3, Model: map[string]any{"m": 4}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	Ynan := mat.DenseCopyOf(Y)
	Ynan.Set(3, 0, math.NaN())
	for _, c := range []struct {
		what string
		fail func() error
	}{
		{"NaN in Y", func() error { return m.Fit(ctx, X, Ynan) }},
		{"a cancelled context", func() error { return m.Fit(cancelled, X, Y) }},
	} {
		if err := m.Fit(ctx, X, Y); err != nil {
			t.Fatal(err)
		}
		if err := c.fail(); err == nil {
			t.Fatalf("%s: Fit succeeded", c.what)
		}
		if _, err := m.Predict(ctx, X, fit.PredictOptions{}); !errors.Is(err, fit.ErrNotFitted) {
			t.Errorf("%s: Predict after the failed Fit: %v, want ErrNotFitted", c.what, err)
		}
		if err := m.Save(filepath.Join(t.TempDir(), "s")); !errors.Is(err, fit.ErrNotFitted) {
			t.Errorf("%s: Save after the failed Fit: %v, want ErrNotFitted", c.what, err)
		}
	}
}

// TestLoadThenFitARunWithValidation: a run trained by mgp train with
// configs/csv/shgp.yaml (a held-out part and early stopping) is loaded and
// fitted again on new data with its own selection and stopping; before,
// Fit refused train.validation, a key a Go caller cannot set.
func TestLoadThenFitARunWithValidation(t *testing.T) {
	dir := t.TempDir()
	X, Y := heteroData(120, 3)
	csvPath := filepath.Join(dir, "data.csv")
	writeCSV(t, csvPath, X, Y)
	cfg := csvConfig(t, "shgp", "data.path="+csvPath, "model.m=10", "train.iterations=20", "train.select_every=5", "eval.density_draws=0", "train.select_by=kde", "eval.samples=20")
	run := filepath.Join(dir, "run")
	if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: run, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	m, err := fit.Load(run)
	if err != nil {
		t.Fatal(err)
	}
	X2, Y2 := heteroData(80, 8)
	if err := m.Fit(context.Background(), X2, Y2); err != nil {
		t.Fatalf("Fit of a loaded configs/csv run: %v", err)
	}
	if got := m.Config().Train.Validation; got != 0.1 {
		t.Errorf("the refit holds out %g, want the run's 0.1", got)
	}
	if _, err := m.Predict(context.Background(), X2, fit.PredictOptions{}); err != nil {
		t.Error(err)
	}
}

// TestFitStopsEarly: Options.Validation and Options.Stop reach
// train.validation and train.stop: with a patience of 1 check and an
// improvement no check can reach, training stops at an early check.
func TestFitStopsEarly(t *testing.T) {
	X, Y := heteroData(80, 2)
	m, err := fit.New("sgp", fit.Options{Iterations: 200, Model: map[string]any{"m": 5},
		Validation: 0.2, SelectEvery: 5, Stop: runconfig.StopConfig{Patience: 1, MinDelta: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Fit(context.Background(), X, Y); err != nil {
		t.Fatal(err)
	}
	if it := m.Predictor().Checkpoint.State.Iter; it >= 200 || it%5 != 0 {
		t.Errorf("stopped at iteration %d, want an early check's (a multiple of 5 below 200)", it)
	}
	if _, err := fit.New("sgp", fit.Options{Stop: runconfig.StopConfig{Patience: 3}}); err == nil {
		t.Error("Stop without Validation was accepted")
	}
}

// TestModelNameKeyIsChecked: a "name" in Options.Model naming another
// model than New's is refused (it was silently ignored); the same name is
// accepted.
func TestModelNameKeyIsChecked(t *testing.T) {
	var ke *config.KeyError
	if _, err := fit.New("sgp", fit.Options{Model: map[string]any{"name": "shgp"}}); !errors.As(err, &ke) || ke.Key != "model.name" {
		t.Errorf("name shgp for New(sgp): %v", err)
	}
	if _, err := fit.New("sgp", fit.Options{Model: map[string]any{"name": "SGP", "m": 5}}); err != nil {
		t.Errorf("name SGP for New(sgp): %v", err)
	}
}

// TestColumnNamesAreChecked: XNames and YNames that no CSV header could
// match (repeated, space-padded, empty, with a comma) are refused with an
// *OptionError naming the option.
func TestColumnNamesAreChecked(t *testing.T) {
	X, Y := heteroData(20, 1)
	for _, c := range []struct {
		x, y   []string
		option string
	}{
		{[]string{"a", "a"}, nil, "XNames"},
		{[]string{"a", " b"}, nil, "XNames"},
		{[]string{"a", ""}, nil, "XNames"},
		{[]string{"a", "b,c"}, nil, "XNames"},
		{[]string{"a", "b"}, []string{"a"}, "XNames and YNames"},
	} {
		m, err := fit.New("sgp", fit.Options{Iterations: 1, Model: map[string]any{"m": 3}, XNames: c.x, YNames: c.y})
		if err != nil {
			t.Fatal(err)
		}
		var oe *fit.OptionError
		if err := m.Fit(context.Background(), X, Y); !errors.As(err, &oe) || oe.Option != c.option {
			t.Errorf("%q %q: %v, want an *OptionError for %s", c.x, c.y, err, c.option)
		}
	}
	m, _ := fit.New("sgp", fit.Options{Iterations: 1, Model: map[string]any{"m": 3}, XNames: []string{"age", "dose"}, YNames: []string{"response"}})
	if err := m.Fit(context.Background(), X, Y); err != nil {
		t.Error(fmt.Errorf("good names: %w", err))
	}
}
