package data

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Standardizer maps each column to zero mean and unit variance:
// x' = (x - mean) / std. The statistics are the column means and the
// population standard deviations (ddof 0, models.md §9.2, A-32). A constant
// column (all values equal) gets std 1, so it maps to exactly 0.
// XStd and YStd therefore hold the divisors actually used.
type Standardizer struct {
	// XMean and XStd are the per-column mean and divisor of the inputs.
	XMean, XStd []float64
	// YMean and YStd are the per-column mean and divisor of the outputs.
	YMean, YStd []float64
}

// FitStandardizer computes the statistics of the given rows of X (N×Dx) and
// Y (N×Dy). Either may be nil, leaving the matching fields nil.
func FitStandardizer(X, Y *mat.Dense) *Standardizer {
	s := &Standardizer{}
	s.XMean, s.XStd = columnStats(X)
	s.YMean, s.YStd = columnStats(Y)
	return s
}

// IdentityStandardizer leaves dx inputs and dy outputs as they are: means 0,
// divisors 1.
func IdentityStandardizer(dx, dy int) *Standardizer {
	ones := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	return &Standardizer{XMean: make([]float64, dx), XStd: ones(dx), YMean: make([]float64, dy), YStd: ones(dy)}
}

// TransformX returns a new matrix (X - XMean) / XStd, column by column.
// It returns nil for a nil X and panics if X has the wrong number of columns.
func (s *Standardizer) TransformX(X *mat.Dense) *mat.Dense {
	return affine(X, s.XMean, s.XStd, false, "TransformX")
}

// TransformY returns a new matrix (Y - YMean) / YStd, column by column.
// It returns nil for a nil Y and panics if Y has the wrong number of columns.
func (s *Standardizer) TransformY(Y *mat.Dense) *mat.Dense {
	return affine(Y, s.YMean, s.YStd, false, "TransformY")
}

// InverseY returns a new matrix Y·YStd + YMean, which undoes TransformY.
// It returns nil for a nil Y and panics if Y has the wrong number of columns.
func (s *Standardizer) InverseY(Y *mat.Dense) *mat.Dense {
	return affine(Y, s.YMean, s.YStd, true, "InverseY")
}

// InverseX maps standardised inputs back to the original scale (a copy).
func (s *Standardizer) InverseX(X *mat.Dense) *mat.Dense {
	return affine(X, s.XMean, s.XStd, true, "InverseX")
}

// columnStats returns per-column means and divisors (population sd, or 1
// for a constant column). A constant column's mean is its value exactly.
func columnStats(A *mat.Dense) (mean, std []float64) {
	if A == nil || A.IsEmpty() {
		return nil, nil
	}
	mean, variance, constant := columnMoments(A)
	std = make([]float64, len(mean))
	for j := range std {
		if constant[j] {
			mean[j], std[j] = A.At(0, j), 1
			continue
		}
		std[j] = math.Sqrt(variance[j])
		if std[j] == 0 {
			std[j] = 1
		}
	}
	return mean, std
}

// columnMoments returns the per-column means and population variances of
// A (two passes, the second with the compensated correction; variances
// clamped at 0) and which columns hold one value only.
func columnMoments(A *mat.Dense) (mean, variance []float64, constant []bool) {
	r, c := A.Dims()
	mean = make([]float64, c)
	lo := make([]float64, c)
	hi := make([]float64, c)
	copy(lo, A.RawRowView(0))
	copy(hi, A.RawRowView(0))
	for i := range r {
		for j, v := range A.RawRowView(i) {
			mean[j] += v
			lo[j] = math.Min(lo[j], v)
			hi[j] = math.Max(hi[j], v)
		}
	}
	for j := range mean {
		mean[j] /= float64(r)
	}
	ss := make([]float64, c)
	comp := make([]float64, c)
	for i := range r {
		for j, v := range A.RawRowView(i) {
			d := v - mean[j]
			ss[j] += d * d
			comp[j] += d
		}
	}
	variance = make([]float64, c)
	constant = make([]bool, c)
	for j := range variance {
		variance[j] = math.Max((ss[j]-comp[j]*comp[j]/float64(r))/float64(r), 0)
		constant[j] = lo[j] == hi[j]
	}
	return mean, variance, constant
}

// affine returns (A - mean)/std, or A·std + mean when inverse is set.
func affine(A *mat.Dense, mean, std []float64, inverse bool, op string) *mat.Dense {
	if A == nil {
		return nil
	}
	if A.IsEmpty() {
		return &mat.Dense{}
	}
	r, c := A.Dims()
	if c != len(mean) {
		panic(fmt.Sprintf("data: %s: matrix has %d columns, the standardizer was fit on %d", op, c, len(mean)))
	}
	out := mat.NewDense(r, c, nil)
	for i := range r {
		src, dst := A.RawRowView(i), out.RawRowView(i)
		for j, v := range src {
			if inverse {
				dst[j] = v*std[j] + mean[j]
			} else {
				dst[j] = (v - mean[j]) / std[j]
			}
		}
	}
	return out
}
