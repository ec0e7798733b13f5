package eval

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// RMSE returns the root mean squared error sqrt(mean((pred - y)^2)). It
// panics if the lengths differ and returns NaN for empty input.
func RMSE(pred, y []float64) float64 {
	if len(pred) != len(y) {
		panic(fmt.Sprintf("eval: RMSE: %d predictions for %d targets", len(pred), len(y)))
	}
	if len(y) == 0 {
		return math.NaN()
	}
	var ss float64
	for i, p := range pred {
		d := p - y[i]
		ss += d * d
	}
	return math.Sqrt(ss / float64(len(y)))
}

// SampleMeanStd returns, for each column of the P x N sample matrix, the
// mean and the standard deviation of its P samples. The standard deviation
// uses ddof = 1 (two-pass), like the sample sd of the bandwidth rule; it is
// NaN when P < 2.
func SampleMeanStd(samples *mat.Dense) (mean, sd []float64) {
	p, n := samples.Dims()
	mean = make([]float64, n)
	sd = make([]float64, n)
	raw := samples.RawMatrix()
	for j := 0; j < n; j++ {
		mean[j], sd[j] = meanSDStrided(raw.Data, j, raw.Stride, p)
	}
	return mean, sd
}

// SampleQuantiles returns a len(probs) x N matrix whose entry (k, j) is the
// probs[k]-quantile of column j of the P x N sample matrix, by linear
// interpolation between order statistics (numpy.quantile's default method).
// A column that contains NaN yields NaN quantiles. It panics if probs is
// empty or a probability lies outside [0, 1].
func SampleQuantiles(samples *mat.Dense, probs []float64) *mat.Dense {
	if len(probs) == 0 {
		panic("eval: SampleQuantiles: no probabilities")
	}
	for _, q := range probs {
		if !(q >= 0 && q <= 1) {
			panic(fmt.Sprintf("eval: SampleQuantiles: probability %v outside [0, 1]", q))
		}
	}
	p, n := samples.Dims()
	out := mat.NewDense(len(probs), n, nil)
	col := make([]float64, p)
	buf := make([]float64, 0, p)
	for j := 0; j < n; j++ {
		mat.Col(col, j, samples)
		sorted, hasNaN := sortedCopy(buf, col)
		for k, q := range probs {
			v := math.NaN()
			if !hasNaN {
				v = quantileSorted(sorted, q)
			}
			out.Set(k, j, v)
		}
	}
	return out
}

// GaussianNLL returns the mean exact Gaussian negative log-likelihood
// -(1/N) sum_i log N(y_i | mu_i, v_i), with v the predictive variance (not
// the standard deviation). It is the analytic sanity check of models.md §8.4
// for models with a Gaussian predictive (SGP: v = nu + sigma^2). It panics if
// the lengths differ and returns NaN for empty input.
func GaussianNLL(y, mu, v []float64) float64 {
	if len(mu) != len(y) || len(v) != len(y) {
		panic(fmt.Sprintf("eval: GaussianNLL: lengths y %d, mu %d, v %d", len(y), len(mu), len(v)))
	}
	if len(y) == 0 {
		return math.NaN()
	}
	var sum float64
	for i, yi := range y {
		d := yi - mu[i]
		sum += halfLog2Pi + 0.5*math.Log(v[i]) + d*d/(2*v[i])
	}
	return sum / float64(len(y))
}

// Quantile returns the p-quantile of x by linear interpolation between
// order statistics (numpy.quantile's default method, as SampleQuantiles);
// Quantile(x, 0.5) is the median. It returns NaN when x is empty or holds
// NaN, and panics if p lies outside [0, 1].
func Quantile(x []float64, p float64) float64 {
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("eval: Quantile: probability %v outside [0, 1]", p))
	}
	sorted, hasNaN := sortedCopy(nil, x)
	if len(x) == 0 || hasNaN {
		return math.NaN()
	}
	return quantileSorted(sorted, p)
}
