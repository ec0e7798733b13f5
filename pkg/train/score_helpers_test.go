package train

import (
	"context"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// evaluateMetrics is score.Evaluate per point without options, metrics
// only.
func evaluateMetrics(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64) (results.Metrics, error) {
	ev, err := score.Evaluate(ctx, m, X, Y, sigmaY, P, seed, score.Options{})
	return ev.Metrics, err
}
