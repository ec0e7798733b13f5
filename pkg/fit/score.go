package fit

import (
	"context"
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// DefaultLevel is the central interval whose coverage Score reports when
// ScoreOptions.Level is 0.
const DefaultLevel = 0.9

// ScoreOptions set how Score predicts and which interval it checks.
type ScoreOptions struct {
	// PredictOptions set the predictive samples (Samples, Seed);
	// Quantiles and KeepSamples are Score's own.
	PredictOptions
	// Level is the central interval of Scores.Coverage, in (0, 1) (0:
	// DefaultLevel).
	Level float64
}

// Scores are held-out rows scored by the model's predictive samples, on
// the original y scale: the metrics mgp train reports for a test split.
type Scores struct {
	// NLL is the mean negative log predictive density per row (nats,
	// summed over the outputs): a Gaussian kernel density estimate of each
	// row's and output's samples with Silverman's bandwidth, as mgp's test
	// NLL (lower is better).
	NLL float64
	// CRPS is the mean continuous ranked probability score per row and
	// output, in y's units (lower is better).
	CRPS float64
	// Coverage is the fraction of the values inside their central
	// Level-interval, as Coverage computes it (near Level when calibrated).
	Coverage float64
	// Level is that interval's level.
	Level float64
	// N is the number of rows scored.
	N int
}

// Score predicts at the rows of X and scores the held-out outputs Y
// (n × Dy, original scale) by the predictive samples: NLL, CRPS and the
// coverage of the central o.Level interval, from one set of samples (o's
// Samples and Seed). X and Y are checked as Fit checks its data.
func (m *Model) Score(ctx context.Context, X, Y mat.Matrix, o ScoreOptions) (*Scores, error) {
	level := o.Level
	if level == 0 {
		level = DefaultLevel
	}
	if !(level > 0 && level < 1) {
		return nil, &OptionError{Option: "Level", Value: o.Level, Reason: "not in (0, 1)"}
	}
	if m.pred == nil {
		return nil, ErrNotFitted
	}
	y, err := dense("Y", Y)
	if err != nil {
		return nil, err
	}
	po := o.PredictOptions
	po.Quantiles, po.KeepSamples = CentralInterval(level), true
	p, err := m.Predict(ctx, X, po)
	if err != nil {
		return nil, err
	}
	n, dy := p.Mean.Dims()
	if r, c := y.Dims(); r != n || c != dy {
		return nil, &ShapeError{Arg: "Y", Rows: r, Cols: c, Reason: fmt.Sprintf("need %d × %d: a row per input row, a column per output", n, dy)}
	}
	ld, err := eval.KDELogDensities(p.Samples, y, nil)
	if err != nil {
		return nil, err
	}
	s := &Scores{Level: level, N: n}
	ps, _ := p.Samples.Dims()
	col := make([]float64, ps)
	in := 0
	for i := range n {
		for d := range dy {
			v := y.At(i, d)
			s.NLL -= ld.At(i, d)
			mat.Col(col, i*dy+d, p.Samples)
			s.CRPS += eval.CRPS(col, v)
			if p.Quantiles[0].At(i, d) <= v && v <= p.Quantiles[1].At(i, d) {
				in++
			}
		}
	}
	s.NLL /= float64(n)
	s.CRPS /= float64(n * dy)
	s.Coverage = float64(in) / float64(n*dy)
	if math.IsNaN(s.NLL) || math.IsNaN(s.CRPS) {
		return s, fmt.Errorf("fit: the predictive samples hold NaN: the model cannot be scored")
	}
	return s, nil
}
