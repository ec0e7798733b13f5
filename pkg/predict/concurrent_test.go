package predict

import (
	"context"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPredictorIsSafeForConcurrentUse: one Predictor predicts from 8
// goroutines at once (twice each) and every answer equals the sequential
// one bit for bit; make test-race runs it under -race.
func TestPredictorIsSafeForConcurrentUse(t *testing.T) {
	p, err := Load(trainedRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	X := grid(50)
	o := Options{Samples: 40, Quantiles: []float64{0.05, 0.95}, Seed: 3}
	want, err := p.Predict(context.Background(), X, o)
	if err != nil {
		t.Fatal(err)
	}
	const G = 8
	got := make([]*Prediction, 2*G)
	errs := make([]error, 2*G)
	var wg sync.WaitGroup
	for g := range 2 * G {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g], errs[g] = p.Predict(context.Background(), X, o)
		}()
	}
	wg.Wait()
	for g := range 2 * G {
		if errs[g] != nil {
			t.Fatalf("goroutine %d: %v", g, errs[g])
		}
		for k, pair := range [][2]*mat.Dense{{got[g].Mean, want.Mean}, {got[g].SD, want.SD}, {got[g].Quantiles[0], want.Quantiles[0]}, {got[g].Quantiles[1], want.Quantiles[1]}} {
			if !mat.Equal(pair[0], pair[1]) {
				t.Fatalf("goroutine %d: summary %d differs from the sequential prediction", g, k)
			}
		}
	}
}
