package score

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// evaluateMetrics is Evaluate per point without options, metrics only.
func evaluateMetrics(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64) (results.Metrics, error) {
	ev, err := Evaluate(ctx, m, X, Y, sigmaY, P, seed, Options{})
	return ev.Metrics, err
}

// classMetrics is Evaluate once per class with the estimator est, metrics
// only.
func classMetrics(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64, est string) (results.Metrics, error) {
	ev, err := Evaluate(ctx, m, X, Y, sigmaY, P, seed, Options{PerClass: true, Estimator: est})
	return ev.Metrics, err
}

// twoOutputSGP returns an SGP with m inducing points, built (not trained)
// on n rows x, y1, y2 with y1 = sin(x) + 0.1ε and y2 = 0.5x + 0.3ε', x
// uniform on [-3, 3], and those rows as test data with unit scales:
// evaluation's tests need a model with two outputs and a density, not a
// good one.
func twoOutputSGP(t *testing.T, n, m int) (models.Model, *mat.Dense, *mat.Dense, []float64) {
	t.Helper()
	r := rand.New(rand.NewPCG(42, 1))
	X, Y := mat.NewDense(n, 1, nil), mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		x := -3 + 6*r.Float64()
		X.Set(i, 0, x)
		Y.Set(i, 0, math.Sin(x)+0.1*r.NormFloat64())
		Y.Set(i, 1, 0.5*x+0.3*r.NormFloat64())
	}
	model, err := models.New("sgp", func(cfg any) error {
		return config.DecodeValue(map[string]any{"m": m}, cfg, "model")
	}, models.Spec{X: X, Y: Y, Seed: 1, KMeans: data.KMeans})
	if err != nil {
		t.Fatal(err)
	}
	return model, X, Y, []float64{1, 1}
}
