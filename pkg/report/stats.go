package report

import "github.com/mgpteam/mgp/pkg/eval"

// PopMeanSD returns the mean and the population (ddof 0) standard deviation of
// x, the "±" of every table (decision A-33): eval.MeanSDPop.
func PopMeanSD(x []float64) (mean, sd float64) { return eval.MeanSDPop(x) }

// StdErr is the standard error of the mean, sd(ddof 1)/sqrt(n): eval.StdErr.
func StdErr(x []float64) float64 { return eval.StdErr(x) }

// Median returns the median of x (the mean of the middle two for even
// length) by eval's quantile rule; NaN when x is empty or holds NaN.
func Median(x []float64) float64 { return eval.Quantile(x, 0.5) }
