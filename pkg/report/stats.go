package report

import "github.com/mgpteam/mgp/pkg/eval"

// meanSD is the mean and the population (divides by n) standard deviation
// of x, eval.MeanSDPop: the "±" of every table (decision A-33).
func meanSD(x []float64) (mean, sd float64) { return eval.MeanSDPop(x) }

// stdErr is the standard error of the mean, eval.StdErr.
func stdErr(x []float64) float64 { return eval.StdErr(x) }

// median returns the median of x (the mean of the middle two for even
// length) by eval's quantile rule; NaN when x is empty or holds NaN.
func median(x []float64) float64 { return eval.Quantile(x, 0.5) }
