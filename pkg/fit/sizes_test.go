package fit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/fit"
)

// TestHugeSizesAreRefusedByKey: the sizes that crashed the process (issue
// 71: model.s 1e12, hidden [1e12], t 1e9, quadrature 1e9, and 1e12
// predictive samples) are refused with the key and its limit, before any
// allocation: New returns a *config.KeyError, Predict an *OptionError.
func TestHugeSizesAreRefusedByKey(t *testing.T) {
	for _, c := range []struct {
		model string
		keys  map[string]any
		key   string
	}{
		{"slgp", map[string]any{"s": int(1e12)}, "model.s"},
		{"slgp", map[string]any{"hidden": []int{int(1e12)}}, "model.hidden"},
		{"smgp", map[string]any{"t": int(1e9)}, "model.t"},
		{"shgp", map[string]any{"quadrature": int(1e9)}, "model.quadrature"},
		{"sgp", map[string]any{"m": int(1e9)}, "model.m"},
		{"cvae", map[string]any{"d_w": int(1e6)}, "model.d_w"},
	} {
		_, err := fit.New(c.model, fit.Options{Model: c.keys})
		var ke *config.KeyError
		if !errors.As(err, &ke) || ke.Key != c.key || !strings.Contains(err.Error(), "at most") {
			t.Errorf("%s %v: err = %v, want a *config.KeyError naming %s and its limit", c.model, c.keys, err, c.key)
		}
	}
	X, Y := heteroData(30, 1)
	m, err := fit.New("sgp", fit.Options{Iterations: 2, Model: map[string]any{"m": 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Fit(context.Background(), X, Y); err != nil {
		t.Fatal(err)
	}
	var oe *fit.OptionError
	if _, err := m.Predict(context.Background(), X, fit.PredictOptions{Samples: int(1e12)}); err == nil || (!errors.As(err, &oe) && !strings.Contains(err.Error(), "at most")) {
		t.Errorf("Predict with 1e12 samples: err = %v", err)
	}
}

// TestHugeTrainingSizesAreRefusedByKey: Iterations and BatchSize above
// their limits are refused by New with the key and its maximum (by the
// validator mgp train uses), before anything is allocated.
func TestHugeTrainingSizesAreRefusedByKey(t *testing.T) {
	for _, c := range []struct {
		o   fit.Options
		key string
	}{
		{fit.Options{Iterations: int(1e12)}, "train.iterations"},
		{fit.Options{BatchSize: int(1e12)}, "train.batch_size"},
	} {
		_, err := fit.New("sgp", c.o)
		var ke *config.KeyError
		if !errors.As(err, &ke) || ke.Key != c.key || !strings.Contains(err.Error(), "at most") {
			t.Errorf("%+v: err = %v, want a *config.KeyError naming %s and its limit", c.o, err, c.key)
		}
	}
}
