package autodiff

import "math"

// Reductions. Sum and Mean give 1 x 1; RowSum / RowMean / RowLogSumExp
// reduce each row to one number (m x n -> m x 1); ColSum / ColMean /
// ColSumSquares / ColLogSumExp reduce each column (m x n -> 1 x n).

const (
	redSum = iota
	redRowSum
	redColSum
	redColSumSq
	redRowLSE
	redColLSE
)

func (t *Tape) reduce(kind int, a *Var, scale float64) *Var {
	r, c := a.Val.Dims()
	x := data(a.Val)
	var out *Var
	switch kind {
	case redSum:
		out = t.newVar(1, 1)
		s := 0.0
		for _, v := range x {
			s += v
		}
		data(out.Val)[0] = s * scale
	case redRowSum:
		out = t.newVar(r, 1)
		y := data(out.Val)
		for i := 0; i < r; i++ {
			s := 0.0
			for _, v := range x[i*c : (i+1)*c] {
				s += v
			}
			y[i] = s * scale
		}
	case redColSum, redColSumSq:
		out = t.newVar(1, c)
		y := data(out.Val)
		clear(y)
		for i := 0; i < r; i++ {
			row := x[i*c : (i+1)*c]
			if kind == redColSum {
				for j, v := range row {
					y[j] += v
				}
			} else {
				for j, v := range row {
					y[j] += v * v
				}
			}
		}
		for j := range y {
			y[j] *= scale
		}
	case redRowLSE:
		out = t.newVar(r, 1)
		y := data(out.Val)
		for i := 0; i < r; i++ {
			y[i] = lse(x[i*c:(i+1)*c], 1)
		}
	case redColLSE:
		out = t.newVar(1, c)
		y := data(out.Val)
		for j := 0; j < c; j++ {
			y[j] = lse(x[j:], c)
		}
	}
	if rec := t.record(reduceBack, out, a); rec != nil {
		rec.i0 = kind
		rec.f0 = scale
	}
	return out
}

// lse is the max-shifted log-sum-exp of x[0], x[stride], ... (len(x)/stride
// rounded up elements).
func lse(x []float64, stride int) float64 {
	m := math.Inf(-1)
	for k := 0; k < len(x); k += stride {
		m = max(m, x[k])
	}
	if math.IsInf(m, 0) {
		return m
	}
	s := 0.0
	for k := 0; k < len(x); k += stride {
		s += expFast(x[k] - m)
	}
	return m + math.Log(s)
}

func reduceBack(_ *Tape, rec *record) {
	a, out := rec.a, rec.out
	r, c := a.Val.Dims()
	x, y := data(a.Val), data(out.Val)
	g, ga := data(out.Grad), data(a.Grad)
	s := rec.f0
	switch rec.i0 {
	case redSum:
		gs := g[0] * s
		for i := range ga {
			ga[i] += gs
		}
	case redRowSum:
		for i := 0; i < r; i++ {
			gi := g[i] * s
			for k := i * c; k < (i+1)*c; k++ {
				ga[k] += gi
			}
		}
	case redColSum:
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				ga[i*c+j] += g[j] * s
			}
		}
	case redColSumSq:
		// Row slices let the compiler drop the bounds checks; the product
		// is still ((2·s)·x)·g, as written element by element.
		s2, gc := 2*s, g[:c]
		for i := 0; i < r; i++ {
			xr, gr := x[i*c:(i+1)*c], ga[i*c:(i+1)*c]
			for j, v := range xr {
				gr[j] += s2 * v * gc[j]
			}
		}
	case redRowLSE:
		for i := 0; i < r; i++ {
			for k := i * c; k < (i+1)*c; k++ {
				ga[k] += g[i] * expFast(x[k]-y[i])
			}
		}
	case redColLSE:
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				ga[i*c+j] += g[j] * expFast(x[i*c+j]-y[j])
			}
		}
	}
}

// Sum returns the sum of all elements (1 x 1).
func (t *Tape) Sum(a *Var) *Var { return t.reduce(redSum, a, 1) }

// Mean returns the mean of all elements (1 x 1).
func (t *Tape) Mean(a *Var) *Var {
	r, c := a.Val.Dims()
	return t.reduce(redSum, a, 1/float64(r*c))
}

// RowSum sums each row: m x n -> m x 1.
func (t *Tape) RowSum(a *Var) *Var { return t.reduce(redRowSum, a, 1) }

// RowMean averages each row: m x n -> m x 1.
func (t *Tape) RowMean(a *Var) *Var { return t.reduce(redRowSum, a, 1/float64(a.Cols())) }

// ColSum sums each column: m x n -> 1 x n.
func (t *Tape) ColSum(a *Var) *Var { return t.reduce(redColSum, a, 1) }

// ColMean averages each column: m x n -> 1 x n.
func (t *Tape) ColMean(a *Var) *Var { return t.reduce(redColSum, a, 1/float64(a.Rows())) }

// ColSumSquares returns the sum of squares of each column: m x n -> 1 x n.
// It gives the Σ_k A_ki² terms of the sparse-GP marginal variance.
func (t *Tape) ColSumSquares(a *Var) *Var { return t.reduce(redColSumSq, a, 1) }

// SumSquares returns the sum of squares of all elements (1 x 1).
func (t *Tape) SumSquares(a *Var) *Var { return t.Sum(t.ColSumSquares(a)) }

// RowLogSumExp returns log Σ_j exp(a_ij) per row (m x n -> m x 1), max-shifted.
func (t *Tape) RowLogSumExp(a *Var) *Var { return t.reduce(redRowLSE, a, 1) }

// ColLogSumExp returns log Σ_i exp(a_ij) per column (m x n -> 1 x n), max-shifted.
func (t *Tape) ColLogSumExp(a *Var) *Var { return t.reduce(redColLSE, a, 1) }

// RowLogSoftmax returns a_ij - log Σ_k exp(a_ik) (m x n -> m x n).
func (t *Tape) RowLogSoftmax(a *Var) *Var { return t.Sub(a, t.RowLogSumExp(a)) }

// RowSoftmax returns exp(a_ij) / Σ_k exp(a_ik) per row (m x n -> m x n).
func (t *Tape) RowSoftmax(a *Var) *Var { return t.Exp(t.RowLogSoftmax(a)) }
