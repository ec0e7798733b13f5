package fit_test

import (
	"context"
	"math"
	"sync"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
	"gonum.org/v1/gonum/mat"
)

// TestPredictIsSafeForConcurrentUse: one fitted model of each default
// compare candidate predicts from 8 goroutines at once (twice each) and
// every answer is the sequential one, bit for bit (means, sds, quantiles).
// `go test -race ./pkg/fit` reports no data race in it.
func TestPredictIsSafeForConcurrentUse(t *testing.T) {
	ctx := context.Background()
	X, Y := heteroData(60, 1)
	for _, tc := range []struct {
		model string
		keys  map[string]any
	}{
		{"sgp", map[string]any{"m": 8}},
		{"shgp", map[string]any{"m": 8, "m_w": 8}},
		{"smgp", map[string]any{"m": 8, "t": 2, "s": 2}},
		{"slgp", map[string]any{"m": 8, "s": 2, "hidden": []int{8}}},
	} {
		m, err := fit.New(tc.model, fit.Options{Iterations: 5, Seed: 2, Model: tc.keys})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Fit(ctx, X, Y); err != nil {
			t.Fatal(err)
		}
		o := fit.PredictOptions{Seed: 7, Samples: 50, Quantiles: []float64{0.1, 0.9}}
		want, err := m.Predict(ctx, X, o)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		same := func(a, b *mat.Dense) bool {
			if a == nil || b == nil {
				return a == b
			}
			x, y := a.RawMatrix().Data, b.RawMatrix().Data
			if len(x) != len(y) {
				return false
			}
			for i := range x {
				if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
					return false
				}
			}
			return true
		}
		bad := make(chan string, 16)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 2 {
					got, err := m.Predict(ctx, X, o)
					if err != nil {
						errs <- err
						return
					}
					ok := same(got.Mean, want.Mean) && same(got.SD, want.SD) && len(got.Quantiles) == len(want.Quantiles)
					for q := range want.Quantiles {
						ok = ok && same(got.Quantiles[q], want.Quantiles[q])
					}
					if !ok {
						bad <- tc.model
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		close(bad)
		for err := range errs {
			t.Errorf("%s: concurrent Predict: %v", tc.model, err)
		}
		for name := range bad {
			t.Errorf("%s: a concurrent Predict differs from the sequential one", name)
		}
	}
}
