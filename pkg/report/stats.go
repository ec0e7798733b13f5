package report

import (
	"math"

	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/stat"
)

// PopMeanSD returns the mean and the population (ddof 0) standard deviation of
// x, the "±" of every table (decision A-33), by gonum/stat's corrected
// two-pass formula; NaN, NaN when x is empty and sd 0 for a single value.
// It is the one mean/sd of this package.
func PopMeanSD(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	return stat.PopMeanStdDev(x, nil)
}

// StdErr is the standard error of the mean, sd(ddof 1)/sqrt(n); NaN when
// x has fewer than two values.
func StdErr(x []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	return stat.StdDev(x, nil) / math.Sqrt(float64(len(x)))
}

// Median returns the median of x (the mean of the middle two for even
// length) by eval's quantile rule; NaN when x is empty or holds NaN.
func Median(x []float64) float64 { return eval.Quantile(x, 0.5) }
