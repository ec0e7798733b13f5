package fit

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/predict"
)

// ErrNotFitted is returned by Predict and Save on a Model that has not
// been fitted (or whose Fit failed).
var ErrNotFitted = errors.New("fit: the model has not been fitted")

// OptionError reports an option out of its range: Option names the field
// of Options or PredictOptions, Value is the value refused, Reason the
// rule. It is pkg/predict's type, which PredictOptions are checked by.
type OptionError = predict.OptionError

// ShapeError reports data of the wrong shape: no rows, no columns, rows of
// different lengths, inputs and outputs with different row counts, or
// inputs with another column count than the model was fitted on.
type ShapeError struct {
	// Arg names the argument at fault: "X", "Y" or "rows".
	Arg string
	// Rows and Cols are its dimensions (for ragged rows, Row is the first
	// row whose length differs from the first row's, Cols that length).
	Rows, Cols int
	// Reason says what was expected.
	Reason string
}

// Error names the argument, its shape and what was expected.
func (e *ShapeError) Error() string {
	return fmt.Sprintf("fit: %s is %d × %d: %s", e.Arg, e.Rows, e.Cols, e.Reason)
}

// NonFiniteError reports a NaN or an infinity in the data.
type NonFiniteError struct {
	// Arg names the argument: "X" or "Y".
	Arg string
	// Row and Col locate the first such value (from 0).
	Row, Col int
	// Value is the value.
	Value float64
}

// Error names the argument, the position and the value.
func (e *NonFiniteError) Error() string {
	return fmt.Sprintf("fit: %s[%d, %d] = %v: every value must be finite", e.Arg, e.Row, e.Col, e.Value)
}
