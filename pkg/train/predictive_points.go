package train

import (
	"context"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// pointScores is score with each held-out point's NLL too (summed over
// its outputs, standardised scale: differences between two predictives
// are those on the original scale). The metrics are score's, bit for bit.
func (s *selector) pointScores(ctx context.Context, it int, pred models.Predictive) (results.Metrics, []float64, error) {
	m, seed, err := s.scoring(it, pred)
	if err != nil {
		return results.Metrics{}, nil, err
	}
	if s.perClass {
		ev, err := score.Evaluate(ctx, m, s.h.X, s.h.Y, s.ystd, s.samples, seed, score.Options{PerClass: true, Estimator: score.EstimatorKDE})
		return ev.Metrics, ev.PointNLL, err
	}
	n, dy := s.h.Y.Dims()
	ld := mat.NewDense(n, dy, nil)
	ev, err := score.Evaluate(ctx, m, s.h.X, s.h.Y, s.ystd, s.samples, seed, score.Options{LogDensities: ld})
	if err != nil {
		return results.Metrics{}, nil, err
	}
	nll := make([]float64, n)
	for i := range nll {
		for _, v := range ld.RawRowView(i) {
			nll[i] -= v
		}
	}
	return ev.Metrics, nll, nil
}
