package data

import "gonum.org/v1/gonum/mat"

// Dataset is a regression data set: X is N×Dx, Y is N×Dy (Dy = 1 for all the
// regression sets of the paper). Row i of X goes with row i of Y.
type Dataset struct {
	// Name is the short name, e.g. "boston" or "hetero".
	Name string
	// X holds the inputs, one row per data point.
	X *mat.Dense
	// Y holds the outputs, one row per data point.
	Y *mat.Dense
	// XNames names the columns of X (len Dx).
	XNames []string
	// YName names the output; with several output columns the names are
	// joined with commas.
	YName string
	// Source says where the data came from (a file path or a generator).
	Source string
}

// N returns the number of data points (rows), 0 for an empty data set.
func (d *Dataset) N() int { return rows(d.X) }

// Dx returns the input dimension (columns of X).
func (d *Dataset) Dx() int { return cols(d.X) }

// Dy returns the output dimension (columns of Y).
func (d *Dataset) Dy() int { return cols(d.Y) }

// rows returns the number of rows of m, 0 when m is nil or empty.
func rows(m *mat.Dense) int {
	if m == nil || m.IsEmpty() {
		return 0
	}
	r, _ := m.Dims()
	return r
}

// cols returns the number of columns of m, 0 when m is nil or empty.
func cols(m *mat.Dense) int {
	if m == nil || m.IsEmpty() {
		return 0
	}
	_, c := m.Dims()
	return c
}
