package fit

import (
	"context"
	"fmt"

	"github.com/mgpteam/mgp/pkg/predict"
	"gonum.org/v1/gonum/mat"
)

// Prediction is the summary of the predictive samples at n inputs, on the
// original y scale: Mean and SD (n × Dy), one n × Dy matrix per quantile
// level, and with KeepSamples every sample (P × n·Dy, sample p of output d
// at input i in column i·Dy+d). It is pkg/predict's type.
type Prediction = predict.Prediction

// Predict draws o.Samples predictive samples at each row of X (n × Dx, on
// the original scale, columns as in Fit) and summarises them: the same
// model, inputs and options give the same numbers as pkg/predict and mgp
// predict on the saved run. X is checked as Fit checks its data.
func (m *Model) Predict(ctx context.Context, X mat.Matrix, o PredictOptions) (*Prediction, error) {
	if m.pred == nil {
		return nil, ErrNotFitted
	}
	po, err := o.options()
	if err != nil {
		return nil, err
	}
	x, err := dense("X", X)
	if err != nil {
		return nil, err
	}
	if n, dx := x.Dims(); dx != m.pred.Dx() {
		return nil, &ShapeError{Arg: "X", Rows: n, Cols: dx, Reason: fmt.Sprintf("the model was fitted on %d input columns", m.pred.Dx())}
	}
	return m.pred.Predict(ctx, x, po)
}

// Predictor is the fitted model as pkg/predict's Predictor (nil before Fit
// or Load): for streaming predictions block by block (Stream) or writing
// them as CSV (WriteCSV).
func (m *Model) Predictor() *predict.Predictor { return m.pred }
