package fit

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Coverage predicts at the rows of X (as Predict, with o's samples and
// seed; o.Quantiles is ignored) and returns the fraction of the values of
// Y (n × Dy, held-out outputs on the original scale) that lie within
// their central level-interval: between the sample quantiles (1-level)/2
// and (1+level)/2. A well-calibrated model covers about level of them.
// level must be in (0, 1) (an *OptionError otherwise); Y is checked as
// Fit checks its data and must have X's rows and the model's outputs.
func (m *Model) Coverage(ctx context.Context, X, Y mat.Matrix, level float64, o PredictOptions) (float64, error) {
	if !(level > 0 && level < 1) {
		return 0, &OptionError{Option: "level", Value: level, Reason: "not in (0, 1)"}
	}
	if m.pred == nil {
		return 0, ErrNotFitted
	}
	y, err := dense("Y", Y)
	if err != nil {
		return 0, err
	}
	o.Quantiles = CentralInterval(level)
	p, err := m.Predict(ctx, X, o)
	if err != nil {
		return 0, err
	}
	n, dy := p.Mean.Dims()
	if r, c := y.Dims(); r != n || c != dy {
		return 0, &ShapeError{Arg: "Y", Rows: r, Cols: c, Reason: fmt.Sprintf("need %d × %d: a row per input row, a column per output", n, dy)}
	}
	in := 0
	for i := range n {
		for d := range dy {
			if v := y.At(i, d); p.Quantiles[0].At(i, d) <= v && v <= p.Quantiles[1].At(i, d) {
				in++
			}
		}
	}
	return float64(in) / float64(n*dy), nil
}

// CentralInterval returns the quantile levels that bound the central
// level-interval, (1-level)/2 and 1-(1-level)/2, as Coverage uses them.
func CentralInterval(level float64) []float64 {
	lo := (1 - level) / 2
	return []float64{lo, math.Min(1, 1-lo)}
}
