package eval

import (
	"math"
	"sort"
)

// CentralLevels are the nominal levels of the central predictive intervals
// whose empirical coverage runs record: 50 %, 90 % and 95 %.
var CentralLevels = []float64{0.5, 0.9, 0.95}

// PITBins is the number of equal bins of the recorded PIT histogram
// (0.05 wide, so central intervals of level 0.1, 0.2, ..., 0.9 end on bin
// edges).
const PITBins = 20

// CRPSSorted returns the continuous ranked probability score of the
// empirical distribution of the samples (sorted ascending, no NaN) at the
// observation y:
//
//	CRPS = (1/S) Σ_i |x_i - y|  -  1/(2 S²) Σ_i Σ_j |x_i - x_j|,
//
// the CRPS of the step CDF the S samples make (the "energy" form, with the
// i = j terms in the double sum). The double sum is computed in O(S) from
// the order statistics, Σ_i Σ_j |x_i - x_j| = 2 Σ_i (2i - S + 1) x_(i)
// with 0-based i. Lower is better; it has the units of y. It returns NaN
// for no samples.
func CRPSSorted(sorted []float64, y float64) float64 {
	s := len(sorted)
	if s == 0 {
		return math.NaN()
	}
	var abs, pair float64
	for i, x := range sorted {
		abs += math.Abs(x - y)
		pair += float64(2*i-s+1) * x
	}
	n := float64(s)
	return abs/n - pair/(n*n)
}

// CRPS is CRPSSorted on unsorted samples (it sorts a copy: O(S log S)).
// It returns NaN when a sample is NaN.
func CRPS(samples []float64, y float64) float64 {
	sorted, hasNaN := sortedCopy(nil, samples)
	if hasNaN {
		return math.NaN()
	}
	return CRPSSorted(sorted, y)
}

// PITSorted returns the probability integral transform of y under the
// empirical distribution of the sorted samples: the fraction of samples
// below y, with samples equal to y counted half (so a predictor whose
// samples are draws of y's own distribution gives PIT values uniform on
// [0, 1] up to the 1/S grid).
func PITSorted(sorted []float64, y float64) float64 {
	if len(sorted) == 0 || math.IsNaN(y) {
		return math.NaN()
	}
	lo := sort.SearchFloat64s(sorted, y) // first index with x >= y
	hi := lo
	for hi < len(sorted) && sorted[hi] == y {
		hi++
	}
	return (float64(lo) + 0.5*float64(hi-lo)) / float64(len(sorted))
}

// CentralIntervalSorted returns the central predictive interval of
// nominal level (0 < level < 1) of the sorted samples: their
// (1-level)/2 and (1+level)/2 quantiles by linear interpolation between
// order statistics (as Quantile).
func CentralIntervalSorted(sorted []float64, level float64) (lo, hi float64) {
	if len(sorted) == 0 {
		return math.NaN(), math.NaN()
	}
	return quantileSorted(sorted, (1-level)/2), quantileSorted(sorted, (1+level)/2)
}

// KSUniform returns the Kolmogorov-Smirnov distance of the values u from
// the uniform distribution on [0, 1]: the largest absolute difference
// between their empirical CDF and the identity, sup_t |F_n(t) - t|. It is
// the PIT's distance from uniform that runs record (0 for a perfectly
// calibrated predictor as n grows; about 1.36/sqrt(n) is the 95 % point
// for n calibrated PIT values). NaN for no values or a NaN value.
func KSUniform(u []float64) float64 {
	sorted, hasNaN := sortedCopy(nil, u)
	if len(sorted) == 0 || hasNaN {
		return math.NaN()
	}
	n := float64(len(sorted))
	var d float64
	for i, v := range sorted {
		d = max(d, float64(i+1)/n-v, v-float64(i)/n)
	}
	return d
}

// PITHistogram counts the values u (in [0, 1]) in bins equal bins; a value
// of exactly 1 goes to the last bin, NaN values are left out.
func PITHistogram(u []float64, bins int) []int {
	h := make([]int, bins)
	for _, v := range u {
		if math.IsNaN(v) {
			continue
		}
		k := int(v * float64(bins))
		h[min(max(k, 0), bins-1)]++
	}
	return h
}

// CoverageFromPIT returns the fraction of the PIT values inside the central
// interval [(1-level)/2, (1+level)/2]: the coverage of the central
// interval of that level read off the PIT (the calibration curve's points
// between the recorded levels).
func CoverageFromPIT(u []float64, level float64) float64 {
	lo, hi := (1-level)/2, (1+level)/2
	var in, n int
	for _, v := range u {
		if math.IsNaN(v) {
			continue
		}
		n++
		if v >= lo && v <= hi {
			in++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(in) / float64(n)
}
