package fit

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Rows returns the rows (each of the same length, at least one value) as an
// n × d matrix, for data kept as [][]float64; a column of outputs is
// Rows of one-value rows, or mat.NewDense(n, 1, y).
func Rows(rows [][]float64) (*mat.Dense, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		n := len(rows)
		return nil, &ShapeError{Arg: "rows", Rows: n, Cols: 0, Reason: "need at least one row and one column"}
	}
	d := len(rows[0])
	out := mat.NewDense(len(rows), d, nil)
	for i, r := range rows {
		if len(r) != d {
			return nil, &ShapeError{Arg: "rows", Rows: i, Cols: len(r), Reason: "row lengths differ: every row needs as many values as the first"}
		}
		out.SetRow(i, r)
	}
	return out, nil
}

// dense checks that A (the argument arg) is a non-empty matrix of finite
// values and returns a copy of it as a *mat.Dense.
func dense(arg string, A mat.Matrix) (*mat.Dense, error) {
	if isNil(A) {
		return nil, &ShapeError{Arg: arg, Reason: "nil: need at least one row and one column"}
	}
	r, c := A.Dims()
	if r == 0 || c == 0 {
		return nil, &ShapeError{Arg: arg, Rows: r, Cols: c, Reason: "need at least one row and one column"}
	}
	out := mat.DenseCopyOf(A)
	for i := range r {
		for j := range c {
			if v := out.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, &NonFiniteError{Arg: arg, Row: i, Col: j, Value: v}
			}
		}
	}
	return out, nil
}

// isNil reports whether A is nil or a nil pointer of gonum's own matrix
// types (whose Dims would panic).
func isNil(A mat.Matrix) bool {
	switch m := A.(type) {
	case nil:
		return true
	case *mat.Dense:
		return m == nil
	case *mat.VecDense:
		return m == nil
	case *mat.SymDense:
		return m == nil
	case *mat.TriDense:
		return m == nil
	}
	return false
}
