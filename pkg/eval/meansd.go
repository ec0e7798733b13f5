package eval

import (
	"math"

	"gonum.org/v1/gonum/stat"
)

// MeanSDPop returns the mean and the population standard deviation of x,
// whose variance divides by n (ddof 0), by gonum/stat's corrected two-pass
// formula: the "±" of mgp's tables (decision A-33). It returns NaN, NaN
// when x is empty and sd 0 for a single value.
func MeanSDPop(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	return stat.PopMeanStdDev(x, nil)
}

// MeanSDSample returns the mean and the sample standard deviation of x,
// whose variance divides by n-1 (ddof 1), by the plain two-pass formula
// (the mean, then the squared deviations from it, each summed in order):
// the spread of compare's paired differences. It returns NaN, NaN when x
// is empty and sd NaN for a single value.
func MeanSDSample(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, math.NaN()
	}
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(ss / float64(len(x)-1))
}

// StdErr returns the standard error of the mean of x: its sample standard
// deviation (divides by n-1, gonum/stat's corrected two-pass formula) over
// √n; NaN when x has fewer than two values.
func StdErr(x []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	return stat.StdDev(x, nil) / math.Sqrt(float64(len(x)))
}

// Finite reports whether v is a number other than ±Inf (not NaN, not
// infinite).
func Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
