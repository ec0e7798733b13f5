package eval

import (
	"math"
	"sort"
)

// meanSDStrided returns the mean and the ddof-1 standard deviation of the n
// values x[off], x[off+stride], ..., x[off+(n-1)*stride].
//
// It uses the corrected two-pass formula: the mean first, then the sum of
// squared deviations minus the (tiny) square of their sum over n, which
// cancels the rounding error of the mean. The sd is NaN when n < 2.
func meanSDStrided(x []float64, off, stride, n int) (mean, sd float64) {
	if n <= 0 {
		return math.NaN(), math.NaN()
	}
	var sum float64
	for i, k := 0, off; i < n; i, k = i+1, k+stride {
		sum += x[k]
	}
	mean = sum / float64(n)
	if n < 2 {
		return mean, math.NaN()
	}
	var ss, s1 float64
	for i, k := 0, off; i < n; i, k = i+1, k+stride {
		d := x[k] - mean
		ss += d * d
		s1 += d
	}
	v := (ss - s1*s1/float64(n)) / float64(n-1)
	if v < 0 {
		v = 0
	}
	return mean, math.Sqrt(v)
}

// sampleSD is the ddof-1 standard deviation of x (two-pass), NaN if len(x) < 2.
func sampleSD(x []float64) float64 {
	_, sd := meanSDStrided(x, 0, 1, len(x))
	return sd
}

// quantileSorted returns the p-quantile of the ascending values in sorted by
// linear interpolation between order statistics at the virtual index
// p*(n-1), NumPy's default ("linear") method. It uses NumPy's two-sided
// lerp, so results agree with numpy.quantile to the last bit in ordinary
// cases. p must lie in [0, 1]; sorted must be non-empty.
func quantileSorted(sorted []float64, p float64) float64 {
	n := len(sorted)
	pos := p * float64(n-1)
	lo := int(math.Floor(pos))
	if lo >= n-1 {
		return sorted[n-1]
	}
	if lo < 0 {
		return sorted[0]
	}
	t := pos - float64(lo)
	a, b := sorted[lo], sorted[lo+1]
	diff := b - a
	if t >= 0.5 {
		return b - diff*(1-t)
	}
	return a + diff*t
}

// sortedCopy copies x into buf (grown if needed), sorts it ascending and
// reports whether any value is NaN (the order is then meaningless).
func sortedCopy(buf, x []float64) (sorted []float64, hasNaN bool) {
	buf = append(buf[:0], x...)
	for _, v := range buf {
		if math.IsNaN(v) {
			return buf, true
		}
	}
	sort.Float64s(buf)
	return buf, false
}
